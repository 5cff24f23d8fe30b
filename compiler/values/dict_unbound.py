"""dict's and OrderedDict's methods called unbound (`dict.__getitem__(d, k)`,
`collections.OrderedDict.__setitem__(d, k, v)`, `dict.keys(d)`) on a dict subclass instance
(dict_subclasses.py) or on a dict tracker; and the storage CPython's dict merge reads from a
dict subclass instance. Both join their tables (builtins.HANDLERS, stdlib_dict_init's
STORAGE_READERS) when this module is imported, from compiler/values/__init__.py, as
`types.MappingProxyType(d)` (mapping_proxy_made.py) does."""

from __future__ import annotations

import collections
import types

from compiler.errors import BreakReason, Unsupported
from compiler.values.attributes import find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS
from compiler.values.constant import ConstantValue
from compiler.values.containers import DictValue
from compiler.values.dict_storage import modelled
from compiler.values.dict_subclasses import (
    DICT_METHODS,
    MODELLED,
    ODICT_METHODS,
    ORDER_FREE,
    _arity,
    _none,
    base_method,
    storage_of,
)
from compiler.values.mapping_proxy_made import make_proxy
from compiler.values.objects import ObjectValue
from compiler.values.stdlib_dict_init import STORAGE_READERS

ODICT = collections.OrderedDict


def storage_pairs(tx, value: Value) -> list[tuple[Value, Value]] | None:
    """What CPython's dict merge (`dict(x)`, `d.update(x)`, `{**x}`, `f(**x)`) reads from a
    dict subclass instance whose class keeps dict's `__iter__`: its storage, past any override
    of `keys`/`__getitem__`; None for anything else (read by `keys()` and `__getitem__`)."""
    if not isinstance(value, ObjectValue) or not issubclass(value.cls, dict) or (
            find_in_mro(value.cls, "__iter__")[1] is not vars(dict)["__iter__"]):
        return None
    if not modelled(value):
        raise Unsupported(f"the storage of a {value.cls.__qualname__} (a dict subclass)",
                          BreakReason.UNSUPPORTED_VALUE)
    return list(storage_of(tx, value).entries.values())


_ON_TRACKER = {"__getitem__": lambda tx, d, k: d.getitem(tx, k),
               "__setitem__": lambda tx, d, k, v: d.setitem(tx, k, v) or _none(),
               "__delitem__": lambda tx, d, k: d.delitem(tx, k) or _none(),
               "__contains__": lambda tx, d, k: ConstantValue(d.contains(tx, k)),
               "__len__": lambda tx, d: ConstantValue(d.len(tx)),
               "__iter__": lambda tx, d: d.iter(tx)}
_ARITY = {"__getitem__": (1, 1), "__setitem__": (2, 2), "__delitem__": (1, 1),
          "__contains__": (1, 1), "__len__": (0, 0), "__iter__": (0, 0)}
_WRITERS = frozenset({"__setitem__", "__delitem__", "pop", "popitem", "setdefault", "update",
                      "clear"})


def _unbound(owner: type, name: str):
    """`dict.<name>(d, ...)` / `OrderedDict.<name>(d, ...)` called unbound."""
    def handler(tx, *args, **kwargs):
        if not args:
            raise RaisedByProgram(TypeError(f"unbound method {owner.__name__}.{name}() needs an "
                                            f"argument"))
        target, rest = args[0], list(args[1:])
        kind = target.python_type()
        if not issubclass(kind, owner):
            raise RaisedByProgram(TypeError(f"descriptor {name!r} for {owner.__name__!r} objects "
                                            f"doesn't apply to a {kind.__name__!r} object"))
        if isinstance(target, ObjectValue) and modelled(target):
            return base_method(tx, target, name, owner, rest, kwargs)
        if owner is dict and name not in ORDER_FREE and issubclass(kind, ODICT):
            return NotImplemented  # (dict's own order, or a write past the OrderedDict's links)
        if not isinstance(target, DictValue) or kind is not owner and owner is dict and (
                name in _WRITERS or name == "copy") or name not in ODICT_METHODS or name in (
                "__or__", "__ror__", "__ior__", "__init__", "__reversed__"):
            return NotImplemented
        if name in _ON_TRACKER:
            _arity(name, rest, kwargs, *_ARITY[name])
            return _ON_TRACKER[name](tx, target, *rest)
        return target.call_method(tx, name, rest, kwargs)
    return handler


def _install() -> None:
    for owner, names in ((dict, DICT_METHODS), (ODICT, ODICT_METHODS)):
        for name in names:
            if name in vars(owner):
                HANDLERS.setdefault(vars(owner)[name], _unbound(owner, name))


_install()
HANDLERS.setdefault(types.MappingProxyType, make_proxy)
STORAGE_READERS.append(storage_pairs)
MODELLED.append(modelled)
