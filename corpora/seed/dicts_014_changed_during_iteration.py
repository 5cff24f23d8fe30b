"""A dict that changes size while it is iterated raises RuntimeError; keys deleted and re-added
after the loop are fine. features: dicts, loops, exceptions"""

import torch


def program(x, d):
    d = dict(d)
    try:
        for k in d:
            d[k + "_copy"] = x
        msg = "no error"
    except RuntimeError as e:
        msg = str(e)
    keys = sorted(d)
    for k in list(d):
        if k.endswith("_copy"):
            del d[k]
    return msg, keys, sorted(d), x * len(d)


def calls():
    g = torch.Generator().manual_seed(549)
    yield (torch.randn(3, generator=g), {"a": 1}), {}
    yield (torch.randn(3, generator=g), {"a": 1}), {}
    yield (torch.randn(3, generator=g), {"a": 1, "b": 2}), {}
