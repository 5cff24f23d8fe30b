"""A tensor method that raises at trace time (view to a wrong size) caught in the program, the
.grad of a leaf that has one, truth of a function object. features: metadata, exceptions"""

import torch


def program(x, w):
    try:
        x.view(7)
        msg = "viewed"
    except RuntimeError as e:
        msg = type(e).__name__

    def helper():
        return 1

    truth = bool(helper), bool(lambda: 0)
    g = w.grad
    return msg, truth, g * 2 if g is not None else None, x.sum()


def calls():
    gen = torch.Generator().manual_seed(567)
    w = torch.randn(3, generator=gen).requires_grad_()
    w.grad = torch.ones(3)
    yield (torch.randn(2, 3, generator=gen), w), {}
    yield (torch.randn(2, 3, generator=gen), w), {}
    yield (torch.randn(7, generator=gen), torch.randn(3, generator=gen).requires_grad_()), {}
