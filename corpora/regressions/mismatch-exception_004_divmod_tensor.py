"""divmod(tensor, 2.0): eager raises TypeError (unsupported operand type(s) for divmod(): 'Tensor'
and 'float'; a tensor has no __divmod__/__rdivmod__); ours returned (x // 2.0, x % 2.0).
signature: mismatch-exception:ours:out
subject: ours
found: by hand
shrunk: 13 -> 13 lines (written small)
status: fixed in 93149eb
features: builtins, arithmetic
"""

import torch


def program(x):
    return divmod(x * 7, 2.0)


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, generator=g),), {}
