"""F.mse_loss with each reduction named by a string argument.
features: nn_functional, strings, reductions"""

import torch
import torch.nn.functional as F


def program(pred, target, reduction):
    return F.mse_loss(pred, target, reduction=reduction), F.l1_loss(pred, target)


def calls():
    g = torch.Generator().manual_seed(265)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), "mean"), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), "mean"), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), "sum"), {}
    yield (torch.randn(3, generator=g), torch.randn(3, generator=g), "none"), {}
