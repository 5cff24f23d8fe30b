"""A dict of tensors as input; sum its values() and count keys(). features: dicts, builtins"""

import torch


def program(inputs):
    total = sum(inputs.values())
    return total / len(inputs.keys()), "bias" in inputs


def calls():
    g = torch.Generator().manual_seed(62)

    def tensors(*names):
        return {name: torch.randn(4, 4, generator=g) for name in names}

    yield (tensors("a", "b"),), {}
    yield (tensors("a", "b"),), {}
    yield (tensors("a", "bias", "c"),), {}
