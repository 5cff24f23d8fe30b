"""What `compiler.compile` takes, as torch.compile: a function, a bound method, an nn.Module
(whatever its `forward` is: a function or a staticmethod), and any object whose class defines
`__call__` in Python. Each compiled call equals eager's, in one graph."""

from __future__ import annotations

import pytest
import torch
from torch import nn

import compiler
from tests.differential import assert_same, one_graph


class StaticForward(nn.Module):
    @staticmethod
    def forward(x):
        return x * torch.sigmoid(x)


class Scale:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, x, *, shift=0.0):
        return x * self.factor + shift


def test_a_module_whose_forward_is_a_staticmethod():
    module, x = StaticForward(), torch.randn(3)
    compiled = compiler.compile(module, fullgraph=True)
    assert_same(compiled(x), module(x))
    one_graph(compiler.stats(compiled))


def test_a_callable_object_is_compiled_through_its_class_call():
    scale, x = Scale(3.0), torch.randn(3)
    compiled = compiler.compile(scale, fullgraph=True)
    assert_same(compiled(x, shift=1.0), scale(x, shift=1.0))
    scale.factor = 4.0  # its state is read through the object, guarded
    assert_same(compiled(x), scale(x))
    stats = compiler.stats(compiled)
    assert stats.graphs == 2 and len(stats.recompiles) == 1, stats


def test_an_object_without_a_python_call_is_rejected():
    with pytest.raises(TypeError, match="compiler.compile expects"):
        compiler.compile(object())
