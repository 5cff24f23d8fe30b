"""A sequence-length sweep with dim 1 marked dynamic: one compile covers every length."""
import torch

DYNAMIC = {"x": [1], "mask": [(1, 2, 64)]}


def program(x, mask):
    scores = x.softmax(-1) * mask
    return scores.sum(1), x.shape[1]


def calls():
    g = torch.Generator().manual_seed(0)
    for n in (2, 5, 3, 8):
        yield (torch.randn(2, n, 4, generator=g), torch.ones(2, n, 1)), {}
