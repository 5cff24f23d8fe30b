"""Tuple comparisons (lexicographic <, ==), tuple repetition, shape tuples compared, and the
TypeError of list + tuple caught. features: tuples, exceptions, metadata"""

# A torch limitation, not a program error (the --subject torch:eager mismatch):
# torch.compile quotes the type in list + tuple's TypeError message differently.

import torch


def program(x, version):
    newer = version >= (1, 2)
    same = tuple(x.shape) == (2, 3)
    shape_lt = x.shape < (3, 0)
    pad = (0,) * (2 * x.dim())
    try:
        [1] + (2,)  # noqa: B018 - raises TypeError
        msg = None
    except TypeError as e:
        msg = str(e)
    y = x * 2 if newer else x
    return y, same, shape_lt, pad, msg, max((1, "b"), (1, "a")), sorted([(2, 1), (1, 5), (1, 2)])


def calls():
    g = torch.Generator().manual_seed(463)
    yield (torch.randn(2, 3, generator=g), (1, 2)), {}
    yield (torch.randn(2, 3, generator=g), (1, 3)), {}
    yield (torch.randn(2, 3, generator=g), (0, 9)), {}
    yield (torch.randn(4, 3, generator=g), (2, 0)), {}
