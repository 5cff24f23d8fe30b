"""type(obj).counter += 1 on an input object: ours lost the class-attribute write from the second
call on (the class reached through type(m) had no source, so the read was folded unguarded).
signature: mismatch-value:ours:out[1]
subject: ours
found: by hand
shrunk: 19 -> 19 lines (written small)
status: fixed in 3c04fd1
features: classes, mutation
"""

import torch


class Meter:
    created = 0


def program(x, m):
    type(m).created += 1
    return x + 1, Meter.created


def calls():
    yield (torch.ones(2), Meter()), {}
    yield (torch.ones(2), Meter()), {}
    yield (torch.ones(2), Meter()), {}
