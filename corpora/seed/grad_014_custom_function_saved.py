"""A custom autograd Function: save_for_backward, ctx attributes, needs_input_grad; autograd.grad.
features: requires_grad, classes, tuples"""

import torch


class ScaledMul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, k):
        ctx.save_for_backward(a, b)
        ctx.k = k
        extra = 1.0 if ctx.needs_input_grad[1] else 0.0
        return a * b * k + extra

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        ga = grad * b * ctx.k if ctx.needs_input_grad[0] else None
        gb = grad * a * ctx.k if ctx.needs_input_grad[1] else None
        return ga, gb, None


def program(a, b, k):
    y = ScaledMul.apply(a, b, k)
    if not y.requires_grad:
        return y, y.requires_grad, None
    wrt = [t for t in (a, b) if t.requires_grad]
    grads = torch.autograd.grad(y.sum(), wrt)
    return y, y.requires_grad, grads


def calls():
    g = torch.Generator().manual_seed(1105)
    yield (torch.randn(3, 4, generator=g).requires_grad_(),
           torch.randn(3, 4, generator=g).requires_grad_(), 2.0), {}
    yield (torch.randn(3, 4, generator=g).requires_grad_(),
           torch.randn(3, 4, generator=g).requires_grad_(), 2.0), {}
    yield (torch.randn(3, 4, generator=g).requires_grad_(), torch.randn(3, 4, generator=g),
           3.0), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(3, 4, generator=g), 3.0), {}
