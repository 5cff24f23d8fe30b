"""A custom autograd Function (ctx constant attributes, once_differentiable backward) in a module's
forward; the weight's gradient comes from torch.autograd.grad. features: requires_grad, modules"""

import torch
from torch import nn
from torch.autograd.function import once_differentiable


class ClampGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w, limit):
        ctx.limit = limit
        ctx.save_for_backward(x, w)
        return x @ w

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        x, w = ctx.saved_tensors
        gx = (grad @ w.t()).clamp(-ctx.limit, ctx.limit)
        gw = (x.t() @ grad).clamp(-ctx.limit, ctx.limit)
        return gx, gw, None


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4, 3))

    def forward(self, x, limit):
        y = ClampGrad.apply(x, self.w, limit)
        (gw,) = torch.autograd.grad(y.pow(2).sum(), self.w)
        return y, gw, y.requires_grad, gw.abs().max() <= limit


def build():
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return Net()


program = build()


def calls():
    g = torch.Generator().manual_seed(1120)
    yield (torch.randn(5, 4, generator=g), 0.5), {}
    yield (torch.randn(5, 4, generator=g), 0.5), {}
    yield (torch.randn(5, 4, generator=g), 2.0), {}
