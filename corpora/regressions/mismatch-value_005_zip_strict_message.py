"""zip(strict=True) with a shorter second argument: CPython says 'zip() argument 2 is shorter than
argument 1'; ours said 'zip() arguments have different lengths'.
signature: mismatch-value:ours:out[1]
subject: ours
found: by hand
shrunk: 17 -> 17 lines (written small)
status: fixed in 93149eb
features: builtins, exceptions
"""

import torch


def program(x, ys):
    try:
        list(zip(ys, range(2), strict=True))
    except ValueError as e:
        return x, str(e)
    return x, None


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, generator=g), [1, 2, 3]), {}
