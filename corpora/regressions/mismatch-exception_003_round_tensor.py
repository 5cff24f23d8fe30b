"""round() of a tensor: eager raises TypeError (type Tensor doesn't define __round__ method, with or
without ndigits); ours called Tensor.round and returned a tensor.
signature: mismatch-exception:ours:out
subject: ours
found: by hand
shrunk: 13 -> 13 lines (written small)
status: fixed in 93149eb
features: builtins
"""

import torch


def program(x):
    return round(x * 10, 1)


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, generator=g),), {}
