"""List errors and edges: remove of a missing item, pop of an empty list, index with a start,
insert past the end, a list as a dict key, sort with key and reverse. features: lists, exceptions"""

import torch


def program(x, items):
    xs = list(items)
    errors = []
    try:
        xs.remove(99)
    except ValueError as e:
        errors.append(str(e))
    try:
        [].pop()
    except IndexError as e:
        errors.append(str(e))
    try:
        {xs: 1}
    except TypeError as e:
        errors.append(str(e))
    xs.insert(100, 7)
    at = xs.index(7, 1)
    xs.sort(key=lambda v: -v, reverse=True)
    return x * len(xs), xs, at, errors


def calls():
    g = torch.Generator().manual_seed(564)
    yield (torch.randn(3, generator=g), [3, 1, 2]), {}
    yield (torch.randn(3, generator=g), [3, 1, 2]), {}
    yield (torch.randn(3, generator=g), [5, 4]), {}
