"""Attribute protocol corners computed as CPython does: a classmethod reached through an
instance binds to the instance's class (a subclass's, not the defining class), `del obj.name`
runs a property's deleter or the class's __delattr__, and deleting a missing attribute raises
AttributeError."""

import pytest
import torch

import compiler
from tests.differential import assert_same


class Base:
    scale = 1

    @classmethod
    def make(cls):
        return cls.scale


class Child(Base):
    scale = 3


class WithDeleter:
    def __init__(self):
        self._v = 1

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, x):
        self._v = x * 2

    @v.deleter
    def v(self):
        self._v = 0


class Logged:
    def __init__(self):
        self.log = []
        self.x = 1

    def __delattr__(self, name):
        self.log.append(name)
        object.__delattr__(self, name)


def _classmethod_through_instances(a):
    return a * Child().make() + Base().make(), Child().make(), Child.make(), Base.make()


def _property_deleter(a):
    c = WithDeleter()
    c.v = 3
    first = c.v
    del c.v
    return a * first, c.v


def _delattr_hook(a):
    obj = Logged()
    del obj.x
    return a + 1, obj.log, hasattr(obj, "x")


def _delete_missing(a):
    obj = Logged()
    try:
        object.__delattr__(obj, "x")
        del obj.__dict__["log"]
        caught = False
    except (AttributeError, KeyError):
        caught = True
    plain = Base()
    try:
        del plain.nothing
    except AttributeError:
        caught = caught or "missing"
    return a + 1, caught


@pytest.mark.parametrize("fn", [_classmethod_through_instances, _property_deleter,
                                _delattr_hook, _delete_missing])
@pytest.mark.parametrize("fullgraph", [True, False])
def test_attribute_protocol_equals_eager(fn, fullgraph):
    a = torch.randn(3)
    try:
        actual = compiler.compile(fn, fullgraph=fullgraph)(a)
    except compiler.Unsupported:
        assert fullgraph, "outside fullgraph the frame must run"
        return
    assert_same(actual, fn(a))


def test_classmethod_through_instance_in_one_graph():
    a = torch.randn(3)
    compiled = compiler.compile(_classmethod_through_instances, fullgraph=True)
    assert_same(compiled(a), _classmethod_through_instances(a))
