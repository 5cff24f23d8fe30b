"""A custom autograd Function with mark_non_differentiable indices; .backward() then x.grad.
features: requires_grad, classes, mutation"""

import torch


class MaxWithIndex(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values, idx = x.max(dim=1)
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(idx)
        ctx.width = x.shape[1]
        return values, idx

    @staticmethod
    def backward(ctx, grad_values, grad_idx):
        (idx,) = ctx.saved_tensors
        out = torch.zeros(grad_values.shape[0], ctx.width, dtype=grad_values.dtype)
        return out.scatter(1, idx.unsqueeze(1), grad_values.unsqueeze(1))


def program(x):
    values, idx = MaxWithIndex.apply(x)
    (values * 2).sum().backward()
    return values, idx, values.requires_grad, idx.requires_grad, idx.dtype, x.grad


def calls():
    g = torch.Generator().manual_seed(1106)
    yield (torch.randn(3, 5, generator=g).requires_grad_(),), {}
    yield (torch.randn(3, 5, generator=g).requires_grad_(),), {}
    yield (torch.randn(4, 2, generator=g).requires_grad_(),), {}
