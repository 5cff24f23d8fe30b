"""try/except/else/finally all run around tensor work. features: exceptions, control_flow, lists"""

import torch


def program(x, key):
    log = []
    table = {"a": 1.0, "b": 2.0}
    try:
        s = table[key]
    except KeyError as e:
        log.append(type(e).__name__)
        s = 0.0
    else:
        log.append("ok")
    finally:
        log.append("done")
    return x * s, log


def calls():
    g = torch.Generator().manual_seed(211)
    yield (torch.randn(10, 10, generator=g), "a"), {}
    yield (torch.randn(10, 10, generator=g), "b"), {}
    yield (torch.randn(10, 10, generator=g), "zz"), {}
