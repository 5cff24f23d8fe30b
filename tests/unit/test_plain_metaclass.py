"""A class whose metaclass only customises class creation (__new__/__init__/__prepare__)
behaves as a plain class once made: its instances are built and used in one graph. A metaclass
that changes how the class is called or read (__call__, __getattr__, methods of its own) is
still refused, so the frame equals eager."""

import pytest
import torch

import compiler
from tests.differential import assert_same


class Counting(type):
    def __new__(mcs, name, bases, namespace):
        cls = super().__new__(mcs, name, bases, namespace)
        cls.hooks = sorted(k for k in namespace if k.startswith("hook_"))
        return cls


class Layer(metaclass=Counting):
    def __init__(self, k):
        self.k = k

    def hook_a(self, x):
        return x * self.k


class Calling(type):
    def __call__(cls, *args):
        return 42


class Odd(metaclass=Calling):
    pass


class Helpful(type):
    def describe(cls):
        return cls.__name__.lower()


class Described(metaclass=Helpful):
    pass


def _plain(x):
    layer = Layer(3)
    return layer.hook_a(x), Layer.hooks, type(Layer).__name__, isinstance(Layer, Counting)


def _calling(x):
    return x + Odd()


def _meta_method(x):
    return x, Described.describe()


def test_creation_only_metaclass_compiles_fullgraph():
    x = torch.randn(3)
    assert_same(compiler.compile(_plain, fullgraph=True)(x), _plain(x))


@pytest.mark.parametrize("fn", [_calling, _meta_method])
@pytest.mark.parametrize("fullgraph", [True, False])
def test_metaclass_with_behaviour_is_refused_or_exact(fn, fullgraph):
    x = torch.randn(3)
    try:
        actual = compiler.compile(fn, fullgraph=fullgraph)(x)
    except compiler.Unsupported:
        assert fullgraph
        return
    assert_same(actual, fn(x))
