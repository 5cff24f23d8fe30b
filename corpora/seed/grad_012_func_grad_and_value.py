"""torch.func.grad (argnums, has_aux) and grad_and_value of a loss written in the program.
features: requires_grad, reductions, closures, tuples"""

import torch


def loss(w, x):
    return ((x @ w).tanh() ** 2).sum()


def loss_aux(w, x):
    y = x @ w
    return y.pow(2).mean(), y.detach()


def program(w, x):
    gw = torch.func.grad(loss)(w, x)
    gw2, gx = torch.func.grad(loss, argnums=(0, 1))(w, x)
    ga, aux = torch.func.grad(loss_aux, has_aux=True)(w, x)
    g3, value = torch.func.grad_and_value(loss)(w, x)
    return gw, gw2, gx, ga, aux, g3, value, gw.requires_grad, value.requires_grad


def calls():
    g = torch.Generator().manual_seed(1103)
    yield (torch.randn(4, 2, generator=g), torch.randn(3, 4, generator=g)), {}
    yield (torch.randn(4, 2, generator=g), torch.randn(3, 4, generator=g)), {}
    yield (torch.randn(4, 3, generator=g), torch.randn(6, 4, generator=g)), {}
