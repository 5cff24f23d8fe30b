"""A dict of tensors as input; sum its values() and count keys(). features: dicts, builtins"""

import torch


def program(inputs):
    total = sum(inputs.values())
    return total / len(inputs.keys()), "bias" in inputs


def calls():
    g = torch.Generator().manual_seed(62)
    yield ({"a": torch.randn(4, 4, generator=g), "b": torch.randn(4, 4, generator=g)},), {}
    yield ({"a": torch.randn(4, 4, generator=g), "b": torch.randn(4, 4, generator=g)},), {}
    yield (
        (
            {
                "a": torch.randn(4, 4, generator=g),
                "bias": torch.randn(4, 4, generator=g),
                "c": torch.randn(4, 4, generator=g),
            },
        ),
        {},
    )
