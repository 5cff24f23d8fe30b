"""Sets: truth, iteration, <, ==, a frozenset as a dict key, and the TypeError of an unhashable
member or key. features: sets, dicts, exceptions"""

import torch


def program(x, items):
    s = set(items)
    truth = bool(s), bool(set())
    ordered = sorted(v for v in s)
    sub = {1} < s, s == {1, 2}, s <= s
    table = {frozenset(items): x * 2}
    got = table[frozenset(reversed(items))]
    errors = []
    try:
        {[1, 2]}
    except TypeError as e:
        errors.append(str(e))
    try:
        {{"a": 1}: 2}
    except TypeError as e:
        errors.append(str(e))
    return got, truth, ordered, sub, errors


def calls():
    g = torch.Generator().manual_seed(515)
    yield (torch.randn(3, generator=g), [1, 2]), {}
    yield (torch.randn(3, generator=g), [1, 2]), {}
    yield (torch.randn(3, generator=g), [3, 1, 4]), {}
