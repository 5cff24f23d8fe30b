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
    yield ({"w": torch.randn(4, 4, generator=g), "bias": torch.randn(4, generator=g)}, 0.1), {}
    yield ({"w": torch.randn(4, 4, generator=g), "bias": torch.randn(4, generator=g)}, 0.1), {}
    yield (
        (
            {
                "a.w": torch.randn(2, generator=g),
                "b.w": torch.randn(3, generator=g),
                "b.bias": torch.randn(3, generator=g),
            },
            0.01,
        ),
        {},
    )
