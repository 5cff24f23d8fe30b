"""A signature with a positional-only parameter, defaults, *args and keyword-only options; calls
pass them positionally, by keyword, or leave them out. features: kwargs, varargs, recompile"""

import torch


def program(x, /, y=None, *extra, scale=1.0, flip=False, **named):
    out = x if y is None else x + y
    for t in extra:
        out = out * t
    out = out * scale
    if flip:
        out = out.flip(0)
    return out, y is None, len(extra), sorted(named.items())


def calls():
    g = torch.Generator().manual_seed(1121)
    yield (torch.randn(4, generator=g),), {}
    yield (torch.randn(4, generator=g),), {"y": torch.randn(4, generator=g)}
    yield (torch.randn(4, generator=g), torch.randn(4, generator=g),
           torch.randn(4, generator=g)), {"flip": True}
    yield (torch.randn(4, generator=g),), {"scale": 2.0, "x": 3}
