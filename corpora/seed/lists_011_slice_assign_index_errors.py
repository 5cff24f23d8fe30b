"""List slice assignment, an out-of-range item assignment and index() misses on lists and
tuples, with their error texts. features: lists, tuples, slicing, exceptions"""

import torch


def program(x, n):
    xs = [x, x + 1, x + 2, x + 3]
    xs[1:3] = [x * 10, x * 20, x * 30]
    errors = []
    try:
        xs[n] = x
    except IndexError as e:
        errors.append(str(e))
    try:
        [1, 2, 3].index(n)
    except ValueError as e:
        errors.append(str(e))
    try:
        (1, 2, 3).index(n)
    except ValueError as e:
        errors.append(str(e))
    return xs, len(xs), errors


def calls():
    g = torch.Generator().manual_seed(511)
    yield (torch.randn(2, generator=g), 9), {}
    yield (torch.randn(2, generator=g), 9), {}
    yield (torch.randn(2, generator=g), 2), {}
