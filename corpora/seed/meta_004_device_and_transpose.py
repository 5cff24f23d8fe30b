"""x.device used to create a new tensor; x.T and x.mT transposes. features: metadata, views"""

import torch


def program(x):
    eye = torch.eye(x.shape[-1], device=x.device, dtype=x.dtype)
    return x.T + 1, x @ eye, x.mT.shape, str(x.device)


def calls():
    g = torch.Generator().manual_seed(143)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(4, 6, generator=g, dtype=torch.float64),), {}
