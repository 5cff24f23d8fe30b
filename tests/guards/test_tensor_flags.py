"""Flags of an input tensor that its guard does not hold are read from the input and guarded:
`is_leaf` (an input an op made is no leaf) and `is_inference()` (one made under inference
mode). A call with an input that differs in them recompiles instead of reusing the answer."""

import torch

import compiler
from tests.differential import assert_same


def _flags(x):
    return x * 2, x.is_leaf, x.is_inference()


def _check(inputs):
    compiler.reset()
    compiled = compiler.compile(_flags, backend="eager")
    for x in inputs:
        assert_same(compiled(x), _flags(x))
    return compiled


def test_a_leaf_then_a_non_leaf_input():
    leaf = torch.ones(3, requires_grad=True)
    compiled = _check([leaf, leaf * 1, leaf])
    assert compiler.stats(compiled).compiles == 2


def test_an_inference_tensor_then_an_ordinary_one():
    with torch.inference_mode():
        made_inside = torch.ones(3)
    compiled = _check([made_inside, torch.ones(3), made_inside])
    assert compiler.stats(compiled).compiles == 2
