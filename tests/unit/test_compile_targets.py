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


class Decorated:
    def __init__(self, scale):
        self.scale = scale

    @compiler.compile
    def run(self, x, shift=1.0):
        return x * self.scale + shift

    @staticmethod
    @compiler.compile
    def doubled(x):
        return x * 2

    @classmethod
    @compiler.compile
    def named(cls, x):
        return x + len(cls.__name__)


def test_a_function_compiled_in_a_class_body_binds_as_a_method():
    """`@compiler.compile` on a method, as `@torch.compile` is used: reading it from an
    instance binds the instance, from the class gives the compiled function itself."""
    a, b, x = Decorated(2.0), Decorated(3.0), torch.randn(3)
    assert_same(a.run(x), x * 2.0 + 1.0)
    assert_same(b.run(x, shift=0.5), x * 3.0 + 0.5)
    assert_same(Decorated.run(a, x), x * 2.0 + 1.0)
    assert_same(Decorated.doubled(x), x * 2)
    assert_same(a.named(x), x + len("Decorated"))
    assert a.run.__self__ is a and Decorated.__dict__["run"] is Decorated.run


class Holder:
    scaled = compiler.compile(Scale(4.0))
    block = compiler.compile(nn.Identity())


def test_a_compiled_module_or_callable_object_as_a_class_attribute_binds_nothing():
    holder, x = Holder(), torch.randn(3)
    assert_same(holder.scaled(x), x * 4.0)
    assert_same(holder.block(x), x)
