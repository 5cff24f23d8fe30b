"""Guard hunt over classes and instances: class attributes and methods monkeypatched,
instance dict entries added and removed, properties, `__class__` and `__bases__` reassigned,
objects of other classes with the same attributes (tests/guards/hunt_steps.py)."""

import types

import torch

from tests.guards.hunt_steps import BOTH_MODES, call, run, step

pytestmark = BOTH_MODES
X = torch.arange(4.0)


class Box:
    k = 2

    def __init__(self, v=1.0):
        self.v = v

    def apply(self, x):
        return x * self.k + self.v

    @property
    def twice(self):
        return self.v * 2


class Other:
    k = 2

    def __init__(self, v=1.0):
        self.v = v

    def apply(self, x):
        return x - self.k - self.v

    @property
    def twice(self):
        return -self.v


def test_class_attribute_changed(fullgraph, monkeypatch):
    monkeypatch.setattr(Box, "k", 2)
    box = Box()

    def fn(x):
        return box.apply(x)

    run(
        fn,
        [call(X), step(lambda: setattr(Box, "k", 5), X), step(lambda: setattr(Box, "k", 2), X)],
        fullgraph=fullgraph,
        compiles=2,
    )


def test_method_monkeypatched_on_the_class(fullgraph, monkeypatch):
    monkeypatch.setattr(Box, "apply", Box.apply)
    box = Box()

    def fn(x):
        return box.apply(x)

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(Box, "apply", lambda self, x: x * 100), X),
            step(lambda: setattr(Box, "apply", Other.apply), X),
        ],
        fullgraph=fullgraph,
    )


def test_method_set_on_the_instance_then_removed(fullgraph):
    box = Box()

    def fn(x):
        return box.apply(x)

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(box, "apply", lambda x: x * 0), X),
            step(lambda: delattr(box, "apply"), X),
        ],
        fullgraph=fullgraph,
    )


def test_instance_entry_shadows_class_attribute(fullgraph):
    box = Box()

    def fn(x):
        return x * box.k

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(box, "k", 7), X),
            step(lambda: delattr(box, "k"), X),
            step(lambda: setattr(box, "k", 7), X),
        ],
        fullgraph=fullgraph,
        compiles=2,
    )


def test_instance_dict_entry_added_and_removed(fullgraph):
    box = Box()

    def fn(x):
        return x * getattr(box, "extra", -1.0), sorted(vars(box))

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(box, "extra", 4.0), X),
            step(lambda: box.__dict__.pop("extra"), X),
        ],
        fullgraph=fullgraph,
    )


def test_property_reads_instance_state(fullgraph):
    box = Box(1.0)

    def fn(x):
        return x * box.twice

    run(fn, [call(X), step(lambda: setattr(box, "v", 3.0), X)], fullgraph=fullgraph)


def test_property_replaced_on_the_class(fullgraph, monkeypatch):
    monkeypatch.setattr(Box, "twice", Box.twice)
    box = Box(1.0)

    def fn(x):
        return x * box.twice

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(Box, "twice", property(lambda s: 10.0)), X),
            step(lambda: setattr(Box, "twice", 3.0), X),
        ],
        fullgraph=fullgraph,
    )


def test_instance_class_reassigned(fullgraph):
    box = Box(1.0)

    def fn(x):
        return box.apply(x), type(box).__name__, box.twice

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(box, "__class__", Other), X),
            step(lambda: setattr(box, "__class__", Box), X),
        ],
        fullgraph=fullgraph,
    )


def test_base_class_attribute_seen_through_subclass(fullgraph, monkeypatch):
    class Child(Box):
        pass

    monkeypatch.setattr(Box, "k", 2)
    child = Child()

    def fn(x):
        return child.apply(x)

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(Box, "k", 9), X),
            step(lambda: setattr(Child, "k", 1), X),
            step(lambda: delattr(Child, "k"), X),
        ],
        fullgraph=fullgraph,
    )


def test_objects_of_other_classes_with_the_same_attributes(fullgraph):
    def fn(x, obj):
        return obj.apply(x), obj.twice, isinstance(obj, Box)

    run(
        fn,
        [
            call(X, Box(2.0)),
            call(X, Other(2.0)),
            call(X, Box(2.0)),
            call(X, types.SimpleNamespace(apply=lambda x: x, twice=0, k=2, v=2.0)),
        ],
        fullgraph=fullgraph,
    )


def test_slots_instance_attribute(fullgraph):
    class Slotted:
        __slots__ = ("v",)

        def __init__(self):
            self.v = 1.0

    obj = Slotted()

    def fn(x):
        return x * obj.v if hasattr(obj, "v") else x

    run(
        fn,
        [call(X), step(lambda: setattr(obj, "v", 5.0), X), step(lambda: delattr(obj, "v"), X)],
        fullgraph=fullgraph,
    )


def test_getattr_fallback_then_real_attribute(fullgraph):
    class Lazy:
        def __getattr__(self, name):
            return 1.5

    obj = Lazy()

    def fn(x):
        return x * obj.scale

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(obj, "scale", 4.0), X),
            step(lambda: delattr(obj, "scale"), X),
        ],
        fullgraph=fullgraph,
    )


def test_classmethod_and_staticmethod_replaced(fullgraph, monkeypatch):
    class Maker:
        base = 1.0

        @classmethod
        def make(cls, x):
            return x + cls.base

        @staticmethod
        def fixed(x):
            return x * 2

    def fn(x):
        return Maker.make(x) + Maker.fixed(x)

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(Maker, "base", 3.0), X),
            step(lambda: setattr(Maker, "fixed", staticmethod(lambda x: x * 0)), X),
            step(lambda: setattr(Maker, "make", classmethod(lambda cls, x: x - cls.base)), X),
        ],
        fullgraph=fullgraph,
    )


def test_class_bases_reassigned(fullgraph):
    class A:
        k = 1.0

    class B:
        k = 2.0

    class C(A):
        pass

    obj = C()

    def fn(x):
        return x * obj.k

    run(fn, [call(X), step(lambda: setattr(C, "__bases__", (B,)), X)], fullgraph=fullgraph)
