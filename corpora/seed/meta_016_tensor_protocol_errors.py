"""Tensor protocol edges: len() of a 0-d tensor, a missing attribute, a negative slice step,
.grad, a tensor as a dict key, legacy Tensor.new. features: metadata, exceptions, dicts, slicing"""

import torch


def program(x):
    errors = []
    s = x.sum()
    try:
        len(s)
    except TypeError as e:
        errors.append(str(e))
    try:
        x.no_such_attribute
    except AttributeError as e:
        errors.append(str(e))
    try:
        x[::-1]
    except ValueError as e:
        errors.append(str(e))
    table = {x: "first", s: "second"}
    made = x.new((1.0, 2.0))
    return errors, table[x], len(table), x.grad, made, hasattr(x, "grad")


def calls():
    g = torch.Generator().manual_seed(526)
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(2, 2, generator=g),), {}
