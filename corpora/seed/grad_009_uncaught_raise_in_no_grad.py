"""An index out of range on real data inside a no_grad block escapes the program on one call;
the next call runs with grad mode restored. features: exceptions, requires_grad, indexing"""

import torch


def program(x, w, idx):
    with torch.no_grad():
        picked = x[idx]
    return picked @ w, (picked @ w).requires_grad, torch.is_grad_enabled()


def calls():
    g = torch.Generator().manual_seed(540)
    w = torch.randn(3, 2, generator=g).requires_grad_()
    yield (torch.randn(4, 3, generator=g), w, torch.tensor([0, 3])), {}
    yield (torch.randn(4, 3, generator=g), w, torch.tensor([1, 2])), {}
    yield (torch.randn(4, 3, generator=g), w, torch.tensor([1, 5])), {}
    yield (torch.randn(4, 3, generator=g), w, torch.tensor([2, 2])), {}
