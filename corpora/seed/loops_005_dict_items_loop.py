"""Loop over dict items of tensor parameters and accumulate a penalty.
features: loops, dicts, reductions"""

import torch


def program(params, weight_decay):
    penalty = 0.0
    names = []
    for name, p in params.items():
        if name.endswith("bias"):
            continue
        penalty = penalty + weight_decay * (p * p).sum()
        names.append(name)
    return penalty, names


def calls():
    g = torch.Generator().manual_seed(207)

    def params(**shapes):
        return {name: torch.randn(*shape, generator=g) for name, shape in shapes.items()}

    yield (params(w=(4, 4), bias=(4,)), 0.1), {}
    yield (params(w=(4, 4), bias=(4,)), 0.1), {}
    yield ({"a.w": torch.randn(2, generator=g), **params(b_w=(3,), b_bias=(3,))}, 0.01), {}
