"""Descriptor objects of Python classes read as values: `type(obj).__dict__["prop"]`,
`C.prop.fget`, `C.meth.__get__(obj)`, a staticmethod's `__func__`, a classmethod's
`__get__(None, C)`; each compared with eager, fullgraph, and the object's state after."""

import pytest
import torch

import compiler


class Box:
    factor = 3

    def __init__(self):
        self.v = 2.0

    @property
    def doubled(self):
        return self.v * 2

    @doubled.setter
    def doubled(self, value):
        self.v = value / 2

    @doubled.deleter
    def doubled(self):
        self.v = 0.0

    def add(self, k):
        return self.v + k

    @staticmethod
    def inc(a):
        return a + 1

    @classmethod
    def scaled(cls, a):
        return a * cls.factor


class SubBox(Box):
    factor = 5


def _property_from_class_dict(x, o):
    return x + Box.__dict__["doubled"].__get__(o)


def _property_fget_fset(x, o):
    prop = Box.doubled
    prop.fset(o, 10.0)
    return x + prop.fget(o), prop.__get__(None, Box) is prop, isinstance(prop, property)


def _property_set_delete(x, o):
    Box.__dict__["doubled"].__set__(o, 8.0)
    first = o.v
    Box.doubled.__delete__(o)
    return x + first + o.v


def _function_get(x, o):
    bound = Box.add.__get__(o, Box)
    same = Box.add.__get__(None, Box) is Box.add
    return x + bound(1) + Box.__dict__["add"].__get__(o)(2), same


def _staticmethod_object(x, o):
    sm = Box.__dict__["inc"]
    return x + sm.__func__(1) + sm(2) + sm.__get__(o)(3), type(sm) is staticmethod


def _classmethod_object(x, o):
    cm = Box.__dict__["scaled"]
    return x + cm.__get__(None, SubBox)(2) + cm.__get__(o)(1) + cm.__func__(Box, 1)


def _object_slots_called_by_name(x, o):
    o.__setattr__("w", 4.0)
    read = o.__getattribute__("w") + o.__getattribute__("doubled")
    o.__delattr__("v")
    view = o.__dict__
    return x + read, view.__len__(), view.__contains__("w"), hasattr(o, "v")


CASES = [_object_slots_called_by_name, _property_from_class_dict, _property_fget_fset,
         _property_set_delete, _function_get, _staticmethod_object, _classmethod_object]


def _same(actual, expected):
    assert type(actual) is type(expected)
    if isinstance(expected, tuple):
        for a, e in zip(actual, expected, strict=True):
            _same(a, e)
    elif isinstance(expected, torch.Tensor):
        torch.testing.assert_close(actual, expected)
    else:
        assert actual == expected


@pytest.mark.parametrize("make", [Box, SubBox], ids=["Box", "SubBox"])
@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_matches_eager(fn, make):
    x = torch.arange(3.0)
    eager_obj, ours = make(), make()
    expected = fn(x, eager_obj)
    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    _same(compiled(x, ours), expected)
    assert vars(ours) == vars(eager_obj)
    assert compiler.stats(compiled).graphs == 1


class Base:
    def __init__(self, v):
        self.v = v

    def kind(self):
        return "base"


class Derived(Base):
    def kind(self):
        return "derived"


class Slotted:
    __slots__ = ("v",)


def test_class_assignment_on_an_object_made_in_the_frame():
    def fn(x):
        obj = Base(2.0)
        obj.__class__ = Derived
        return x * obj.v, obj.kind(), isinstance(obj, Derived), type(obj).__name__, obj

    x = torch.arange(3.0)
    expected = fn(x)
    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    actual = compiled(x)
    _same(actual[:4], expected[:4])
    assert type(actual[4]) is Derived and vars(actual[4]) == vars(expected[4])


def test_class_assignment_between_incompatible_layouts_raises_as_eager():
    def fn(x):
        obj = Base(1.0)
        try:
            obj.__class__ = Slotted
        except TypeError as error:
            return x + 1, str(error)
        return x - 1, ""

    x = torch.arange(3.0)
    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    _same(compiled(x), fn(x))
