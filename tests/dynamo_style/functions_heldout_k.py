"""Held-out-style cases written from real code's idioms: the Python object model.

Writes through an object's instance dict (`obj.__dict__[k] = v`, setdefault, pop, update) past
descriptors and properties; descriptors without `__get__`; C descriptors read as values
(`torch.Tensor.shape.__get__`, a slot's member, `C.__weakref__`); `__flags__` read from the
metaclass; `obj.__weakref__`; threading.local attributes; a functools.partial's attributes.
Objects come in as arguments, from globals and from closures, and are made in the frame.
"""

from __future__ import annotations

import collections
import functools
import inspect
import threading

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case

TPFLAGS_SEQUENCE = 1 << 5
TPFLAGS_MAPPING = 1 << 6


class Accum:
    """A data descriptor with only __set__: reads find the instance dict."""

    def __set__(self, obj, value):
        obj.__dict__["total"] = obj.__dict__.get("total", 0) + value


class Tagged:
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get("_tag", "untagged")

    def __set__(self, obj, value):
        obj.__dict__["_tag"] = f"tag:{value}"


class Cached:
    """A non-data descriptor: an entry in the instance dict shadows it."""

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return 5


class Record:
    total = Accum()
    tag = Tagged()
    cached = Cached()
    kind = "record"

    def __init__(self, scale=2):
        self.scale = scale

    @property
    def level(self):
        return self.__dict__.get("_level", 0)

    @level.setter
    def level(self, v):
        self.__dict__["_level"] = v * 10


class Slotted:
    __slots__ = ("w", "__dict__", "__weakref__")

    def __init__(self):
        self.w = 1.5


class Registry(collections.OrderedDict):
    pass


class Table(dict):
    pass


class Seq(collections.abc.Sequence):
    def __getitem__(self, i):
        return i

    def __len__(self):
        return 0


_GLOBAL_RECORD = Record(3)
_LOCAL = threading.local()


def _scaled(x, factor=1.0, shift=0.0):
    return x * factor + shift


_PARTIAL = functools.partial(_scaled, factor=2.0)
_RENAMED = functools.partial(_scaled, shift=1.0)
_RENAMED.__name__ = "renamed"
_SHAPE_GET = torch.Tensor.shape.__get__
_CLASS_DICT = type.__dict__["__dict__"].__get__


def _record():
    return randn(1, (3, 4)), randn(2, (3, 4)), Record()


def _table():
    return randn(3, (3,)), Table(a=1)


# -- writes through the instance dict -----------------------------------------------------------

@case(_record)
def dict_entry_then_attribute_read(a, b, r):
    r.__dict__["bias"] = 2.0
    return a * r.scale + r.bias


@case(_record)
def set_only_descriptor_accumulates(a, b, r):
    r.total = 3
    r.total = 4
    return a + r.total


@case(_record)
def dict_write_under_data_descriptor(a, b, r):
    r.__dict__["tag"] = "raw"
    r.tag = "x"
    return a + 1, r.tag, r.__dict__["tag"]


@case(_record)
def property_setter_then_dict_edit(a, b, r):
    r.level = 2
    r.__dict__["_level"] += 1
    return a * r.level


@case(_record)
def non_data_descriptor_shadowed_by_dict(a, b, r):
    before = r.cached
    r.__dict__["cached"] = 7
    return a * before + r.cached


@case(_record)
def class_attribute_shadowed_by_dict(a, b, r):
    r.__dict__["kind"] = "instance"
    return a + len(r.kind), type(r).kind


@case(_record)
def setdefault_lazy_list(a, b, r):
    log = r.__dict__.setdefault("log", [])
    log.append(1)
    r.__dict__.setdefault("log", None).append(2)
    return a + len(r.log), r.log


@case(_record)
def update_with_kwargs_and_dict(a, b, r):
    r.__dict__.update({"p": 1.0}, q=2.0)
    return a * r.p + b * r.q, sorted(r.__dict__)


@case(_record)
def pop_attribute_through_dict(a, b, r):
    scale = r.__dict__.pop("scale")
    missing = r.__dict__.pop("nothing", -1)
    return a * scale, missing, hasattr(r, "scale")


@case(_record)
def del_dict_entry(a, b, r):
    r.__dict__["tmp"] = 1
    del r.__dict__["tmp"]
    return a + 1, "tmp" in r.__dict__, list(r.__dict__)


@case(_record)
def dict_entries_chain(a, b, r):
    d = r.__dict__
    d["a1"] = 1
    d["a2"] = d["a1"] + 1
    d["a1"] = d["a2"] * 3
    return a * r.a1 + r.a2, list(d.items())


@case(_record)
def dict_contains_then_write(a, b, r):
    if "memo" not in r.__dict__:
        r.__dict__["memo"] = {}
    r.__dict__["memo"]["k"] = a.sum()
    return r.memo["k"] + 1


@case()
def global_object_dict_write(a, b):
    _GLOBAL_RECORD.__dict__["seen"] = _GLOBAL_RECORD.__dict__.get("scale", 0) + 1
    return a + _GLOBAL_RECORD.seen


@case()
def closure_object_dict_write(a, b):
    r = Record(4)

    def bump():
        r.__dict__["n"] = r.__dict__.get("n", 0) + 1
        return r.n

    bump()
    return a * bump() + r.scale


@case(lambda: (torch.ones(3), Slotted()))
def slots_with_dict_write(a, s):
    s.__dict__["extra"] = 2.0
    return a * s.w + s.extra, "w" in s.__dict__


@case(lambda: (torch.ones(3), Registry()))
def ordered_dict_subclass_attribute_dict(a, reg):
    reg["item"] = 1
    reg.__dict__["version"] = 3
    return a + reg.__dict__["version"] + reg["item"], list(reg.__dict__)


@case(_table)
def dict_subclass_lazy_cache(a, t):
    if not hasattr(t, "_cache"):
        t.__dict__["_cache"] = {}
    t.__dict__["_cache"]["n"] = len(t)
    return a * t._cache["n"], dict(t)


@case(_record)
def made_object_dict_writes_then_returned(a, b, r):
    fresh = Record(1)
    fresh.__dict__["bias"] = 4
    fresh.total = 2
    return a + fresh.bias + fresh.total, fresh


# -- C descriptors as values -------------------------------------------------------------------

_NDIM = torch.Tensor.ndim


@case()
def getset_descriptor_global(a, b):
    desc = torch.Tensor.shape
    return a.sum() + desc.__get__(a)[1] + _NDIM.__get__(b)


@case()
def getset_get_method_local(a, b):
    get = torch.Tensor.shape.__get__
    return a * get(b)[0]


@case()
def getset_get_from_global(a, b):
    return a + _SHAPE_GET(b)[0], torch.Tensor.shape.__name__


@case()
def type_dict_getter_on_class(a, b):
    class_dict = _CLASS_DICT(Record)
    return a * len([k for k in class_dict if not k.startswith("__")])


@case(lambda: (torch.ones(3), Slotted()))
def slot_member_descriptor_get(a, s):
    member = Slotted.__dict__["w"]
    return a * member.__get__(s), member.__name__


@case()
def weakref_descriptor_of_class(a, b):
    d = Record.__weakref__
    return a + 1, d.__name__, d is Record.__dict__["__weakref__"]


@case()
def fresh_object_weakref_is_none(a, b):
    r = Record()
    if r.__weakref__ is None:
        return a + b
    return a - b


@case(lambda: (torch.ones(3), Slotted()))
def argument_weakref(a, s):
    return a + 1, s.__weakref__ is None


# -- __flags__ and other layout slots from the metaclass -----------------------------------------

@case(lambda: (torch.ones(3), Registry))
def flags_of_mapping_class(a, cls):
    return a + 1 if cls.__flags__ & TPFLAGS_MAPPING else a - 1


@case(lambda: (torch.ones(3), Seq()))
def flags_of_type_of_sequence(a, s):
    flags = type(s).__flags__
    return a * 2 if flags & TPFLAGS_SEQUENCE else a, bool(flags & TPFLAGS_MAPPING)


@case()
def flags_of_builtin_types(a, b):
    return a + bool(list.__flags__ & TPFLAGS_SEQUENCE) + bool(dict.__flags__ & TPFLAGS_MAPPING)


# -- threading.local and partial attributes ----------------------------------------------------

@case()
def thread_local_set_and_read(a, b):
    loc = _LOCAL
    loc.x = a * 2
    loc.n = getattr(loc, "width", 0) + 1
    return loc.x + loc.n, hasattr(loc, "missing")


@case()
def global_thread_local_counter(a, b):
    _LOCAL.calls = 1
    return a + b, getattr(_LOCAL, "calls", 0), hasattr(_LOCAL, "nothing")


@case()
def partial_name_absent(a, b):
    return _PARTIAL(a), hasattr(_PARTIAL, "__name__"), getattr(_PARTIAL, "__name__", "anon")


@case()
def partial_name_set(a, b):
    return _RENAMED(a), getattr(_RENAMED, "__name__", "anon")


@case()
def partial_made_in_frame_has_no_name(a, b):
    p = functools.partial(_scaled, shift=3.0)
    return p(a), hasattr(p, "__name__"), getattr(p, "__module__", None)


# -- descriptor objects of Python classes as values, inspect's BoundArguments ------------------

@case(_record)
def property_object_from_class_dict(a, b, r):
    prop = type(r).__dict__["level"]
    prop.__set__(r, 3)
    return a * prop.__get__(r), prop.fget is Record.level.fget


@case(_record)
def property_fget_called_directly(a, b, r):
    r.level = 1
    return a + Record.level.fget(r), isinstance(Record.level, property)


@case(_record)
def function_get_binds_method(a, b, r):
    init = Record.__init__.__get__(r)
    init(7)
    return a * r.scale, Record.__init__.__get__(None, Record) is Record.__init__


def _helper_static(v):
    return v * 3


class WithStatic:
    helper = staticmethod(_helper_static)
    make = classmethod(lambda cls, v: (cls.__name__, v))


@case()
def staticmethod_object_func(a, b):
    sm = WithStatic.__dict__["helper"]
    return sm.__func__(a) + sm(b), sm.__get__(None, WithStatic) is _helper_static


@case()
def classmethod_object_get(a, b):
    cm = WithStatic.__dict__["make"]
    name, v = cm.__get__(None, WithStatic)(a)
    return v + 1, name, cm.__func__ is WithStatic.make.__func__


def _target(a, b=2, *rest, scale=1.0, **extra):
    return a


@case()
def signature_bind_args_kwargs(a, b):
    bound = inspect.signature(_target).bind(a, b, 5, scale=2.0, tag="t")
    return bound.args[0] * bound.arguments["scale"], bound.args[1:], bound.kwargs


@case()
def signature_bind_apply_defaults(a, b):
    bound = inspect.signature(_target).bind(a)
    bound.apply_defaults()
    return bound.arguments["a"] + bound.arguments["b"], list(bound.arguments), bound.args[1:]


@case()
def signature_bind_error_message(a, b):
    try:
        inspect.signature(_target).bind(a, x=b)
    except TypeError as e:
        return a + 1, str(e)
    return a - 1, ""


@case()
def signature_bind_partial(a, b):
    bound = inspect.signature(_target).bind_partial(scale=3.0)
    bound.arguments["a"] = a
    return bound.args[0] * bound.kwargs["scale"], "b" in bound.arguments
