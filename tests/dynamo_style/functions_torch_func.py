"""Custom torch.autograd.Functions and torch.func transforms in the forms Dynamo's own tests
use them: ctx attributes, saved intermediates and outputs, non-differentiable outputs,
needs_input_grad, once_differentiable, Functions inside a module; vmap with in_dims/out_dims,
nested, over torch functions and modules; grad with argnums and aux, grad_and_value, jacrev,
jacfwd, hessian, per-sample gradients.
"""

from __future__ import annotations

import torch
from torch import nn
from torch.autograd.function import once_differentiable
from torch.func import grad, grad_and_value, hessian, jacfwd, jacrev, vmap

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _leaves():
    return randn(0, (3, 4)).requires_grad_(), randn(1, (3, 4)).requires_grad_()


class CubeWithIndex(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, power):
        cube = x ** power
        ctx.save_for_backward(x, cube)
        ctx.power = power
        ctx.wanted = ctx.needs_input_grad
        top = cube.argmax(dim=-1)
        ctx.mark_non_differentiable(top)
        return cube, top

    @staticmethod
    def backward(ctx, grad_cube, grad_top):
        x, cube = ctx.saved_tensors
        return grad_cube * ctx.power * cube / x if ctx.wanted[0] else None, None


class ClampedExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = x.clamp(max=2).exp()
        ctx.save_for_backward(out)
        ctx.total = out.sum()
        return out

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        (out,) = ctx.saved_tensors
        return grad_out * out + ctx.total * 0


class Swap(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return b.clone(), a.clone()

    @staticmethod
    def backward(ctx, grad_a, grad_b):
        return grad_b, grad_a


@case(_leaves)
def autograd_function_ctx_non_differentiable(a, b):
    cube, top = CubeWithIndex.apply(a + 2, 3)
    return cube.sum(1), top, cube.requires_grad, top.requires_grad


@case(_leaves)
def autograd_function_saved_output_once_differentiable(a, b):
    y = ClampedExp.apply(a * b)
    first, second = Swap.apply(y, b)
    return first * second, y.requires_grad, first.is_leaf


@case()
def autograd_function_without_grad(a, b):
    cube, top = CubeWithIndex.apply(a, 2)
    return cube + ClampedExp.apply(b), top


class _Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)

    def forward(self, x):
        return ClampedExp.apply(self.linear(x)) * 0.5


_BLOCK = _Block()


@case(_leaves)
def autograd_function_inside_module(a, b):
    return _BLOCK(a) + b


@case()
def vmap_in_dims_out_dims(a, b):
    def pair(r, s):
        return r * s, (r + s).sum()

    cols = vmap(pair, in_dims=(1, -1), out_dims=(1, 0))(a, b)
    shifted = vmap(lambda r, k: r + k, in_dims=(0, None))(a, 2.5)
    return cols, shifted


@case()
def vmap_nested_and_torch_functions(a, b):
    outer = vmap(vmap(torch.mul))(a, b)
    dots = vmap(torch.dot)(a, b)
    return outer, dots, vmap(torch.trace)(torch.stack([a[:, :3], b[:, :3]]))


_HEAD = nn.Linear(4, 2)


@case()
def vmap_of_module_and_closure(a, b):
    scale = b.mean()
    return vmap(lambda row: _HEAD(row) * scale)(a)


@case()
def grad_argnums_and_aux(a, b):
    def loss(w, x):
        y = (x @ w).tanh()
        return y.sum(), y

    (g_w, g_x), aux = grad(loss, argnums=(0, 1), has_aux=True)(b[0], a)
    value_grad = grad_and_value(lambda w: (w ** 2).sum())(a[0])
    return g_w, g_x, aux, value_grad


@case()
def jacobians_and_hessian(a, b):
    def f(x):
        return x.sin() * b[0]

    return jacrev(f)(a[0]), jacfwd(f)(a[0]), hessian(lambda x: (x ** 3).sum())(a[1])


@case()
def per_sample_gradients(a, b):
    weight = b[0]

    def sample_loss(w, x, target):
        return ((x * w).sum() - target) ** 2

    return vmap(grad(sample_loss), in_dims=(None, 0, 0))(weight, a, b[:, 0])
