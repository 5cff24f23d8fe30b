"""C-level descriptors read as values (a getset or member descriptor, its bound `__get__`,
`C.__weakref__`, a slot's member), an object's `__weakref__`, and the int slots of `type` a
class reads from its metaclass (`__flags__`): each compared with eager, fullgraph, with one
graph; what CPython answers differently from `obj.<name>` is refused, never guessed."""

import collections
import weakref

import pytest
import torch

import compiler
from compiler.errors import Unsupported

TPFLAGS_MAPPING = 1 << 6
TPFLAGS_SEQUENCE = 1 << 5


class Slots:
    __slots__ = ("a", "b")

    def __init__(self):
        self.a = 3


class Plain:
    pass


class Mapped(collections.abc.Mapping):
    def __getitem__(self, k):
        return k

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0


_shape_get = torch.Tensor.shape.__get__
_dict_of_type = type.__dict__["__dict__"].__get__


def _getset_arg(x, g):
    torch.sin(x)
    return g.__get__(x)


def _method_wrapper_arg(x, g):
    return x + g(x)[0]


def _global_method_wrapper(x):
    return x * len(_dict_of_type(Plain)), _shape_get(x)


def _slot_member_get(x, obj):
    member = type(obj).__dict__["a"]
    return x + member.__get__(obj), Slots.a.__name__


def _dunder_weakref_fresh(x):
    obj = Plain()
    if obj.__weakref__ is None:
        return torch.cos(x)
    return torch.sin(x)


def _dunder_weakref_arg(x, obj):
    return x + 1, obj.__weakref__ is None


def _class_weakref_descriptor(x):
    d = Plain.__weakref__
    return x + 1, d.__name__, d is Plain.__dict__["__weakref__"]


def _flags_of_class(x, cls):
    if cls.__flags__ & TPFLAGS_MAPPING:
        return x + 1
    return x - 1


def _flags_of_type(x, obj):
    flags = type(obj).__flags__
    return x + bool(flags & TPFLAGS_SEQUENCE), bool(flags & TPFLAGS_MAPPING)


CASES = [
    (_getset_arg, lambda: (torch.ones(2, 3), torch.Tensor.shape)),
    (_getset_arg, lambda: (torch.ones(2, 3), torch.Tensor.ndim)),
    (_method_wrapper_arg, lambda: (torch.ones(2, 3), torch.Tensor.shape.__get__)),
    (_global_method_wrapper, lambda: (torch.ones(4),)),
    (_slot_member_get, lambda: (torch.ones(2), Slots())),
    (_dunder_weakref_fresh, lambda: (torch.ones(2),)),
    (_dunder_weakref_arg, lambda: (torch.ones(2), Plain())),
    (_class_weakref_descriptor, lambda: (torch.ones(2),)),
    (_flags_of_class, lambda: (torch.ones(2), Mapped)),
    (_flags_of_class, lambda: (torch.ones(2), Plain)),
    (_flags_of_type, lambda: (torch.ones(2), [1])),
    (_flags_of_type, lambda: (torch.ones(2), Mapped())),
]


def _same(actual, expected):
    assert type(actual) is type(expected)
    if isinstance(expected, tuple):
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            _same(a, e)
    elif isinstance(expected, torch.Tensor):
        torch.testing.assert_close(actual, expected)
    else:
        assert actual == expected


@pytest.mark.parametrize("index", range(len(CASES)))
def test_matches_eager(index):
    fn, make = CASES[index]
    expected = fn(*make())
    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    _same(compiled(*make()), expected)
    _same(compiled(*make()), expected)
    assert compiler.stats(compiled).graphs == 1


def test_weakref_of_an_argument_follows_the_object():
    obj = Plain()
    compiled = compiler.compile(_dunder_weakref_arg, backend="eager", fullgraph=True)
    x = torch.ones(2)
    _same(compiled(x, obj), _dunder_weakref_arg(x, obj))
    ref = weakref.ref(obj)
    _same(compiled(x, obj), _dunder_weakref_arg(x, obj))
    assert ref() is obj


def test_descriptor_of_another_type_is_refused():
    def fn(x, obj):
        return x + torch.Tensor.shape.__get__(obj)[0]

    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    with pytest.raises(Unsupported):
        compiled(torch.ones(2), Plain())
