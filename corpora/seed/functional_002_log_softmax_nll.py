"""F.log_softmax then F.nll_loss equals F.cross_entropy; both are returned.
features: nn_functional, reductions"""

import torch
import torch.nn.functional as F


def program(logits, target):
    lp = F.log_softmax(logits, dim=1)
    return F.nll_loss(lp, target), F.cross_entropy(logits, target, reduction="none")


def calls():
    g = torch.Generator().manual_seed(261)
    yield (torch.randn(8, 5, generator=g), torch.randint(0, 5, (8,), generator=g)), {}
    yield (torch.randn(8, 5, generator=g), torch.randint(0, 5, (8,), generator=g)), {}
    yield (torch.randn(3, 2, generator=g), torch.randint(0, 2, (3,), generator=g)), {}
