"""User-defined descriptors (a class attribute whose type defines `__get__`, `__set__`,
`__delete__` in Python) follow CPython's lookup order: a data descriptor on the type, then the
instance dict, then a non-data descriptor, then a plain class attribute. Their methods are
traced; reading through the class calls `__get__(None, cls)`. Each case is compared with
eager, fullgraph or not, with its graph and recompile counts."""

import pytest
import torch

import compiler


class Scaled:
    """A data descriptor storing `value + 1` under `_<name>` and reading it doubled."""

    def __set_name__(self, owner, name):
        self.slot = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.slot) * 2

    def __set__(self, obj, value):
        setattr(obj, self.slot, value + 1)

    def __delete__(self, obj):
        delattr(obj, self.slot)


class Lazy:
    """A non-data descriptor: the instance dict shadows it once set."""

    def __get__(self, obj, objtype=None):
        if obj is None:
            return objtype.__name__
        return obj.base * 10


class Holder:
    weight = Scaled()
    lazy = Lazy()
    doubled_base = property(lambda self: self.base * 2)

    def __init__(self, w, base=1):
        self.weight = w
        self.base = base


def _made_in_frame(x):
    obj = Holder(3)
    first = obj.weight
    obj.weight = 5
    return x * first + obj.weight, obj._weight, isinstance(Holder.weight, Scaled)


def _outside_object(x, obj):
    before = obj.weight
    obj.weight = before + 1
    return x * obj.weight + before


def _instance_dict_does_not_shadow_data_descriptor(x):
    obj = Holder(2)
    obj.__dict__["weight"] = 100
    return x * obj.weight, obj.__dict__["weight"]


def _instance_dict_does_not_shadow_property(x):
    obj = Holder(2, base=3)
    obj.__dict__["doubled_base"] = 100
    return x * obj.doubled_base, obj.__dict__["doubled_base"]


def _non_data_shadowed_by_instance_dict(x, obj):
    first = obj.lazy
    obj.lazy = 7
    return x * first + obj.lazy, Holder.lazy


def _delete_through_descriptor(x, obj):
    del obj.weight
    return x + 1, hasattr(obj, "_weight"), hasattr(obj, "weight")


def _read_after_delete_raises(x, obj):
    del obj.weight
    try:
        obj.weight
    except AttributeError:
        return x - 1
    return x + 1


CASES = [_made_in_frame, _outside_object, _instance_dict_does_not_shadow_data_descriptor,
         _instance_dict_does_not_shadow_property,
         _non_data_shadowed_by_instance_dict, _delete_through_descriptor,
         _read_after_delete_raises]


def _assert_same(actual, expected):
    assert type(actual) is type(expected)
    if isinstance(expected, tuple):
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            _assert_same(a, e)
    elif isinstance(expected, torch.Tensor):
        torch.testing.assert_close(actual, expected)
    else:
        assert actual == expected


@pytest.mark.parametrize("fullgraph", [False, True])
@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_matches_eager(fn, fullgraph):
    x = torch.arange(3.0)
    takes_obj = fn.__code__.co_argcount == 2
    eager_obj, compiled_obj = Holder(2, base=4), Holder(2, base=4)
    args = (x, eager_obj) if takes_obj else (x,)
    expected = fn(*args)
    compiled = compiler.compile(fn, backend="eager", fullgraph=fullgraph)
    actual = compiled(x, compiled_obj) if takes_obj else compiled(x)
    _assert_same(actual, expected)
    assert vars(compiled_obj) == vars(eager_obj)
    stats = compiler.stats(compiled)
    assert (stats.graphs, stats.recompiles) == (1, []), stats


def test_descriptor_state_change_recompiles():
    """The descriptor's own attribute (its slot name) is read, so it is guarded."""
    def fn(x, obj):
        return x * obj.weight

    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    x = torch.arange(3.0)
    obj = Holder(2)
    torch.testing.assert_close(compiled(x, obj), fn(x, obj))
    obj.__dict__["_other"] = 10
    Holder.__dict__["weight"].slot = "_other"
    try:
        torch.testing.assert_close(compiled(x, obj), fn(x, obj))
    finally:
        Holder.__dict__["weight"].slot = "_weight"
    assert len(compiler.stats(compiled).recompiles) == 1


def test_replaced_descriptor_recompiles():
    class Box:
        value = Scaled()

    Box.__dict__["value"].__set_name__(Box, "value")

    def fn(x, obj):
        return x * obj.value

    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    x = torch.arange(3.0)
    obj = Box()
    obj.value = 1
    torch.testing.assert_close(compiled(x, obj), fn(x, obj))
    Box.value = Lazy()
    obj.base = 5
    torch.testing.assert_close(compiled(x, obj), fn(x, obj))
