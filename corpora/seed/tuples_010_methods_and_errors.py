"""Tuple and str methods with their errors: count, index past a start, a missing tuple
attribute, str.index miss, reversed of a string and of a range. features: tuples, strings"""

import torch


def program(x, t):
    errors = []
    try:
        t.append(1)
    except AttributeError as e:
        errors.append(str(e))
    try:
        "abc".index("z")
    except ValueError as e:
        errors.append(str(e))
    facts = (t.count(1), t.index(1, 1) if t.count(1) > 1 else -1, "".join(reversed("abc")),
             list(reversed(range(len(t)))))
    return x * len(t), facts, errors


def calls():
    g = torch.Generator().manual_seed(569)
    yield (torch.randn(3, generator=g), (1, 2, 1)), {}
    yield (torch.randn(3, generator=g), (1, 2, 1)), {}
    yield (torch.randn(3, generator=g), (3, 1)), {}
