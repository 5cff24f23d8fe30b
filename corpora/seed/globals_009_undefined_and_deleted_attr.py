"""A global read before it exists raises NameError; attributes set then deleted on an input
object and on an object made in the function. features: globals, classes, exceptions"""

import torch


class Holder:
    pass


def program(x, h):
    try:
        value = NOT_YET_DEFINED  # noqa: F821 - read on purpose before it exists
    except NameError as e:
        value = str(e)
    h.tmp = x * 2
    kept = h.tmp
    del h.tmp
    h.kept = kept.sum()
    local = Holder()
    local.a = 1
    del local.a
    return kept, value, hasattr(h, "tmp"), hasattr(local, "a")


def calls():
    g = torch.Generator().manual_seed(530)
    yield (torch.randn(3, generator=g), Holder()), {}
    yield (torch.randn(3, generator=g), Holder()), {}
    yield (torch.randn(2, generator=g), Holder()), {}
