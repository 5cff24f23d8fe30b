"""A method, classmethod, staticmethod or property found on a class is guarded as the lookup
along the class's MRO that found it: replacing it on the owner, overriding it on a subclass
nearer the instance, or shadowing a module's method on the instance makes the next call
recompile instead of running the stale trace."""

import pytest
import torch

import compiler
from tests.differential import assert_same


def _classes():
    class Base:
        def f(self, x):
            return x + 1

        @classmethod
        def g(cls, x):
            return x + 2

        @staticmethod
        def h(x):
            return x + 3

        @property
        def p(self):
            return 4

    class Child(Base):
        pass

    return Base, Child


CHANGES = {
    "owner function": lambda base, child: setattr(base, "f", lambda self, x: x * 19),
    "subclass override": lambda base, child: setattr(child, "f", lambda self, x: x * 7),
    "classmethod": lambda base, child: setattr(base, "g", classmethod(lambda cls, x: x * 11)),
    "staticmethod": lambda base, child: setattr(base, "h", staticmethod(lambda x: x * 13)),
    "property": lambda base, child: setattr(base, "p", property(lambda self: 17)),
    "deleted from the subclass": lambda base, child: (setattr(child, "f", lambda s, x: x * 5),
                                                      delattr(child, "f")),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_class_attribute_changed_between_calls_is_seen(change):
    base, child = _classes()
    obj = child()

    def fn(x):
        return obj.f(x), obj.g(x), obj.h(x), obj.p, child.g(x), base.f(obj, x), child.h(x)

    compiler.reset()
    compiled = compiler.compile(fn, backend="eager")
    x = torch.ones(2)
    assert_same(compiled(x), fn(x))
    CHANGES[change](base, child)
    assert_same(compiled(x), fn(x))
    unchanged = change == "deleted from the subclass"  # the lookup finds what it found
    assert len(compiler.stats(compiled).recompiles) == (0 if unchanged else 1)


def test_an_unchanged_class_compiles_once():
    base, child = _classes()
    obj = child()

    def fn(x):
        return obj.f(x) + obj.g(x) + obj.h(x) + obj.p

    compiler.reset()
    compiled = compiler.compile(fn, backend="eager")
    for _ in range(3):
        assert_same(compiled(torch.ones(2)), fn(torch.ones(2)))
    assert compiler.stats(compiled).compiles == 1


def test_a_module_forward_shadowed_on_the_instance_is_seen():
    torch.manual_seed(0)
    outer = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU())

    def fn(x):
        return outer(x)

    compiler.reset()
    compiled = compiler.compile(fn, backend="eager")
    x = torch.ones(2, 3)
    assert_same(compiled(x), fn(x))
    outer[0].forward = lambda inp: inp * 100
    assert_same(compiled(x), fn(x))
    del outer[0].forward
    assert_same(compiled(x), fn(x))


def test_hasattr_and_the_name_of_a_changed_class_are_seen():
    base, child = _classes()
    base.k = 1
    obj = child()

    def fn(x):
        return x + 1, hasattr(obj, "k"), getattr(obj, "k", 9), type(obj).__name__

    compiler.reset()
    compiled = compiler.compile(fn, backend="eager")
    x = torch.ones(2)
    assert_same(compiled(x), fn(x))
    del base.k
    assert_same(compiled(x), fn(x))
    child.__name__ = "Renamed"
    assert_same(compiled(x), fn(x))
    assert len(compiler.stats(compiled).recompiles) == 2


def _twice(fn, change):
    """fn compiled, called, `change()`d, called again: both calls equal eager's."""
    compiler.reset()
    compiled = compiler.compile(fn, backend="eager")
    x = torch.ones(2)
    assert_same(compiled(x), fn(x))
    change()
    assert_same(compiled(x), fn(x))
    return compiled


def test_a_base_method_reached_through_super_replaced():
    class Base:
        def apply(self, u):
            return u * 2

    class Derived(Base):
        def apply(self, u):
            return super().apply(u) + 1

    obj = Derived()
    _twice(lambda x: obj.apply(x), lambda: setattr(Base, "apply", lambda self, u: u * 5))


def test_bases_assigned_change_lookups_and_isinstance():
    class A:
        def f(self, u):
            return u + 1

    class B:
        def f(self, u):
            return u * 7

    class C(A):
        pass

    obj = C()
    _twice(lambda x: (obj.f(x), isinstance(obj, B)), lambda: setattr(C, "__bases__", (B,)))


def test_an_abc_registering_a_class_changes_isinstance():
    import collections.abc

    class Bag:
        pass

    obj = Bag()
    _twice(lambda x: x * 2 if isinstance(obj, collections.abc.Sized) else x,
           lambda: collections.abc.Sized.register(Bag))


def test_a_module_class_given_its_own_call():
    class Scale(torch.nn.Module):
        def forward(self, u):
            return u * 2

    module = Scale()
    _twice(lambda x: module(x), lambda: setattr(Scale, "__call__", lambda self, u: u * 5))


def test_hasattr_on_a_class_given_the_attribute_later():
    class Plugin:
        pass

    _twice(lambda x: x * (2.0 if hasattr(Plugin, "extra") else 0.5),
           lambda: setattr(Plugin, "extra", 4.0))
