"""Writes through the instance dict of an object passed in (`obj.__dict__[k] = v`,
`obj.__dict__.update(...)`, `setdefault`, `pop`, `del`): they store past every descriptor, so the
write after the graph must too; reads then follow CPython's order (a data descriptor with
`__get__` before the instance dict, one with only `__set__` after it, a non-data one after
it). Each case runs eagerly and compiled on equal fresh objects; results and the objects'
dicts after the call must agree, with one graph and no recompile."""

import collections

import pytest
import torch

import compiler


class SetOnly:
    """A data descriptor without __get__: the instance dict answers reads."""

    def __set__(self, obj, value):
        obj.__dict__["field"] += value * 2


class Stored:
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get("_stored", -1)

    def __set__(self, obj, value):
        obj.__dict__["_stored"] = value + 1


class Plain:
    field = SetOnly()
    stored = Stored()
    label = "cls"

    def __init__(self):
        self.__dict__["field"] = 1
        self.base = 3

    @property
    def doubled(self):
        return self.__dict__.get("_d", 0) * 2

    @doubled.setter
    def doubled(self, v):
        self.__dict__["_d"] = v


class Slotted:
    __slots__ = ("x", "__dict__")

    def __init__(self):
        self.x = 4


class Mapping(collections.OrderedDict):
    pass


class Guarded:
    """A class whose own __getattribute__ hides `secret` from attribute reads."""

    def __init__(self):
        self.secret = 1

    def __getattribute__(self, name):
        if name == "secret":
            return -5
        return super().__getattribute__(name)


def _set_only_descriptor(x, obj):
    obj.field = 10
    return x + obj.field


def _dict_write_past_data_descriptor(x, obj):
    obj.__dict__["stored"] = 99
    obj.stored = 5
    return x * obj.stored, obj.__dict__["stored"]


def _dict_write_then_property(x, obj):
    obj.doubled = 4
    obj.__dict__["_d"] = obj.__dict__["_d"] + 1
    return x + obj.doubled


def _new_key_and_read(x, obj):
    obj.__dict__["extra"] = 7
    return x + obj.extra + obj.__dict__["extra"], "extra" in obj.__dict__, len(obj.__dict__)


def _shadow_class_attribute(x, obj):
    obj.__dict__["label"] = "inst"
    return x + 1, obj.label, type(obj).label


def _update_and_setdefault(x, obj):
    obj.__dict__.update(a=1, b=2)
    obj.__dict__.update({"c": 3})
    first = obj.__dict__.setdefault("a", 50)
    second = obj.__dict__.setdefault("d", [])
    second.append(8)
    return x + first + obj.b + obj.c, obj.d, list(obj.__dict__)


def _pop_and_del(x, obj):
    base = obj.__dict__.pop("base")
    missing = obj.__dict__.pop("nope", None)
    obj.__dict__["later"] = 2
    return x + base, missing, hasattr(obj, "base"), list(obj.__dict__)


def _lazy_cache(x, obj):
    if "cache" not in obj.__dict__:
        obj.__dict__["cache"] = {}
    obj.__dict__["cache"]["k"] = x.shape[0]
    return x * obj.__dict__["cache"]["k"]


def _chained_writes(x, obj):
    obj.__dict__["a"] = 1
    obj.__dict__["b"] = obj.__dict__["a"] + 1
    obj.__dict__["a"] = obj.__dict__["b"] * 10
    return x + obj.a + obj.b, list(obj.__dict__)


def _clear_and_identity(x, obj):
    view = obj.__dict__
    same = view is obj.__dict__
    obj.__dict__.clear()
    obj.__dict__["fresh"] = 1
    return x + obj.fresh, same, list(obj.__dict__)


CASES = [_clear_and_identity, _set_only_descriptor, _dict_write_past_data_descriptor,
         _dict_write_then_property,
         _new_key_and_read, _shadow_class_attribute, _update_and_setdefault, _pop_and_del,
         _lazy_cache, _chained_writes]
MAKERS = [Plain, Slotted, Mapping]


def _state(obj):
    state = dict(vars(obj))
    if isinstance(obj, Slotted):
        state["<slot x>"] = obj.x
    if isinstance(obj, dict):
        state["<items>"] = list(obj.items())
    return state


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


def _applicable(fn, make):
    uses_plain_class = fn in (_set_only_descriptor, _dict_write_past_data_descriptor,
                              _dict_write_then_property, _shadow_class_attribute, _pop_and_del)
    return make is Plain or not uses_plain_class


@pytest.mark.parametrize("fullgraph", [False, True])
@pytest.mark.parametrize("make", MAKERS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_matches_eager(fn, make, fullgraph):
    if not _applicable(fn, make):
        pytest.skip("the case needs the descriptors of Plain")
    x = torch.arange(3.0)
    eager_obj, compiled_obj = make(), make()
    expected = fn(x, eager_obj)
    compiled = compiler.compile(fn, backend="eager", fullgraph=fullgraph)
    _assert_same(compiled(x, compiled_obj), expected)
    assert _state(compiled_obj) == _state(eager_obj)
    stats = compiler.stats(compiled)
    assert (stats.graphs, stats.recompiles) == (1, []), stats


def test_second_call_sees_the_written_state():
    """The second call reads what the first wrote: the guard on the dict's keys fails
    (a new key) or the value guard does, and the answer follows the real object."""
    def fn(x, obj):
        obj.__dict__["n"] = obj.__dict__.get("n", 0) + 1
        return x + obj.n

    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    x = torch.arange(3.0)
    eager_obj, compiled_obj = Plain(), Plain()
    for _ in range(3):
        _assert_same(compiled(x, compiled_obj), fn(x, eager_obj))
    assert vars(compiled_obj) == vars(eager_obj)


def test_getattribute_class_write_is_stored_in_the_dict():
    def fn(x, obj):
        obj.__dict__["secret"] = 8
        return x + obj.secret + obj.__dict__["secret"]

    x = torch.arange(3.0)
    eager_obj, compiled_obj = Guarded(), Guarded()
    expected = fn(x, eager_obj)
    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    _assert_same(compiled(x, compiled_obj), expected)
    assert object.__getattribute__(compiled_obj, "__dict__") == \
        object.__getattribute__(eager_obj, "__dict__")


class Three:
    def __init__(self):
        self.a, self.b, self.c = 1, 2, 3


def test_keys_after_deletions_follow_cpython_order():
    """A key deleted and set again moves to the end, after keys added before it."""
    def fn(x, obj):
        first = obj.a
        obj.n1 = 10
        del obj.__dict__["b"]
        obj.b = 20
        obj.__dict__["n2"] = 30
        del obj.a
        obj.__dict__["a"] = first + 1
        obj.c = 4  # set in place: keeps its position
        return x + obj.a, list(obj.__dict__), list(obj.__dict__.items())

    x = torch.arange(3.0)
    eager_obj, compiled_obj = Three(), Three()
    expected = fn(x, eager_obj)
    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    _assert_same(compiled(x, compiled_obj), expected)
    assert list(vars(compiled_obj).items()) == list(vars(eager_obj).items())
