"""A strict zip consumed step by step with next(): the pairs come out until the shorter input
ends, then ValueError names the argument. features: builtins, exceptions, loops"""

import torch


def program(x, a, b):
    z = zip(a, b, strict=True)
    out = [next(z)]
    try:
        while True:
            out.append(next(z))
    except StopIteration:
        out.append("stop")
    except ValueError as e:
        out.append(str(e))
    return x * len(out), out


def calls():
    g = torch.Generator().manual_seed(566)
    yield (torch.randn(3, generator=g), [1, 2], [3, 4]), {}
    yield (torch.randn(3, generator=g), [1, 2], [3, 4]), {}
    yield (torch.randn(3, generator=g), [1, 2, 5], [3]), {}
    yield (torch.randn(3, generator=g), [1], [3, 4, 6]), {}
