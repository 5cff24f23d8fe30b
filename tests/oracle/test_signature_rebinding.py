"""Rebinding what compiled code read (generators/constructs_rebinding.py) changes the R1 call
signature: a compiler that recompiles after a method, a function's code or name, a class's
name or a partial changed is entitled to (no R1 breach), and an unchanged program keeps its
signature (so a recompile without a change still is one)."""

from __future__ import annotations

import functools

import torch

from oracle.judge.signature import call_signature


def sig(namespace):
    return call_signature(len, (torch.ones(1),), {}, {"torch": torch, **namespace}, "m")


def _classes():
    class Base:
        __module__ = "m"
        scale = 2.0

        def apply(self, u):
            return u

        @staticmethod
        def shift(u):
            return u

    class Child(Base):
        __module__ = "m"

    return Base, Child


CLASS_CHANGES = {
    "method replaced": lambda base, child: setattr(base, "apply", lambda self, u: u * 2),
    "override on the subclass": lambda base, child: setattr(child, "apply", lambda s, u: u),
    "staticmethod replaced": lambda base, child: setattr(base, "shift", staticmethod(abs)),
    "dunder added": lambda base, child: setattr(base, "__len__", lambda self: 1),
    "renamed": lambda base, child: setattr(child, "__name__", "Renamed"),
    "qualname": lambda base, child: setattr(child, "__qualname__", "Outer.Child"),
    "bases": lambda base, child: setattr(child, "__bases__", (type("Mixin", (base,), {}),)),
}


def test_each_change_to_a_program_class_changes_the_signature():
    for name, change in CLASS_CHANGES.items():
        base, child = _classes()
        namespace = {"Base": base, "Child": child, "OBJ": child()}
        before = sig(namespace)
        assert sig(namespace) == before, name
        change(base, child)
        assert sig(namespace) != before, name


def test_a_functions_code_and_name_change_the_signature():
    def helper(u):
        return u

    def other(u):
        return -u

    namespace = {"helper": helper}
    before = sig(namespace)
    helper.__code__ = other.__code__
    after_code = sig(namespace)
    assert after_code != before
    helper.__name__ = "renamed"
    assert sig(namespace) not in (before, after_code)


def test_a_partials_target_and_keywords_change_the_signature():
    def act(u, k=1.0):
        return u * k

    part = functools.partial(act, k=2.0)
    before = sig({"P": part})
    assert sig({"P": functools.partial(act, k=2.0)}) == before
    assert sig({"P": functools.partial(act, k=3.0)}) != before
    assert sig({"P": functools.partial(abs)}) != before
    part.keywords["k"] = -0.5
    assert sig({"P": part}) != before


def test_a_module_forward_shadowed_by_a_partial_changes_the_signature():
    module = torch.nn.Identity()
    before = sig({"M": module})
    module.forward = functools.partial(lambda m, u: u, module)
    assert sig({"M": module}) != before
    del module.forward
    assert sig({"M": module}) == before


class _Node:
    __module__ = "m"


def test_two_globals_becoming_one_object_change_the_signature():
    """`B = A` between calls: the program may now see one object where it saw two (a dict
    keyed by one and asked for the other), so a compiler that guards on that is entitled to
    recompile; the same two objects again keep the signature."""
    a, b = _Node(), _Node()
    first = sig({"A": a, "B": b})
    assert sig({"A": a, "B": b}) == first
    assert sig({"A": a, "B": a}) != first
    shared = [1]
    assert sig({"L": shared, "M": shared}) != sig({"L": [1], "M": [1]})
