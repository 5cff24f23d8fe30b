"""A dataclass constructed without a required field: CPython says "Pair.__init__() missing 1
required positional argument: 'a'"; ours said "Pair.__init__() missing required argument 'a'".
signature: mismatch-value:ours:out[1]
subject: ours
found: by hand
shrunk: 24 -> 24 lines (written small)
status: fixed in a75d043
features: dataclasses, exceptions
"""

import dataclasses

import torch


@dataclasses.dataclass
class Pair:
    a: int
    b: int = 0


def program(x):
    try:
        Pair()
    except TypeError as e:
        return x, str(e)
    return x, None


def calls():
    yield (torch.ones(2),), {}
