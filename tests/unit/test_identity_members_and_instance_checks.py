"""Answers that depend on how CPython itself looks things up, compared with eager under
fullgraph=True and without:
- a function in a set or frozenset is found by identity, whichever tracker holds it (an
  argument, a global set's member);
- isinstance asks the metaclass: torch's legacy tensor types (torch.FloatTensor) compare the
  tensor's dtype and device, and a program's metaclass `__instancecheck__` runs;
- a named tuple class with its own `__getitem__`: `p[i]` calls it, while its fields,
  unpacking and iteration read the stored items (the argument's items are read as such)."""

import math
import operator
import typing

import pytest
import torch

import compiler
from tests.differential import assert_same


def _same(fn, *args):
    for fullgraph in (True, False):
        compiler.reset()
        assert_same(compiler.compile(fn, fullgraph=fullgraph)(*args), fn(*args))


def _user_function(x):
    return x


FUNCTIONS = frozenset([torch.add, _user_function, math.sin, operator.add])


@pytest.mark.parametrize("probe", [torch.add, _user_function, math.sin, operator.add,
                                   torch.mul, len])
def test_a_function_is_found_in_a_set_by_identity(probe):
    def f(x, func):
        in_global = func in FUNCTIONS
        in_local = func in {torch.add, _user_function}
        return (x + 1 if in_global else x - 1), in_local, func not in FUNCTIONS

    _same(f, torch.zeros(2), probe)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.int64])
def test_isinstance_of_legacy_tensor_types(dtype):
    def f(x):
        y = torch.ones(3, dtype=torch.float64)
        return (isinstance(x, torch.FloatTensor), isinstance(x, (torch.LongTensor, int)),
                isinstance(y, torch.DoubleTensor), isinstance(3, torch.FloatTensor))

    _same(f, torch.zeros(2, dtype=dtype))


class _AcceptsAll(type):
    def __instancecheck__(cls, instance):
        return hasattr(instance, "tag")


class Tagged(metaclass=_AcceptsAll):
    pass


class Plain:
    def __init__(self, tag=None):
        if tag is not None:
            self.tag = tag


@pytest.mark.parametrize("obj", [Plain(), Plain("t"), Tagged()])
def test_isinstance_runs_a_metaclass_instancecheck(obj):
    def f(x, o):
        return x + 1 if isinstance(o, Tagged) else x - 1, isinstance(o, (int, Tagged))

    _same(f, torch.zeros(2), obj)


class Pair(typing.NamedTuple):
    a: torch.Tensor
    b: torch.Tensor

    def __getitem__(self, index):
        return torch.zeros(2) + index


def test_a_named_tuple_with_its_own_getitem():
    def f(p):
        first, second = p
        return p.a + 1, p[1], first + second, [t * 2 for t in p]

    def g(x):
        p = Pair(x, x + 1)
        return p.b, p[0]

    _same(f, Pair(torch.ones(2), torch.full((2,), 3.0)))
    _same(g, torch.ones(2))
