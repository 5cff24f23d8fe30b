"""The argument check CPython makes before a builtin type's method or a builtin function runs.

The trackers model `list.append`, `dict.update`, `set.add`, `len`, `getattr`, ... by reading
the arguments they need; a call with too many or too few positional arguments, or a keyword
the C function does not take, must raise the TypeError CPython raises (a program may catch it),
never run on the arguments it happens to read. `check_method` and `check_builtin` make that one
check before the dispatch: a signature per name (inspect's where the C function publishes one,
else the table below, which says the same), and on a mismatch the TypeError raised by the real
callable called on a fresh empty instance with placeholders of the same count and keyword
names (CPython's own text; the real call fails on the count before it reads anything).
"""

from __future__ import annotations

import builtins
import collections
import inspect
import keyword
from typing import Any

from compiler.values.base import RaisedByProgram, Value

_P = inspect.Parameter
_MANY = -1
_ANY_KEYWORD = "**"

# name -> (least, most positional (_MANY: no bound), keyword names) for methods with no
# published signature; a keyword set holding _ANY_KEYWORD takes any keyword.
_SET_COMMON = {
    "copy": (0, 0, ()), "difference": (0, _MANY, ()), "intersection": (0, _MANY, ()),
    "union": (0, _MANY, ()), "symmetric_difference": (1, 1, ()), "isdisjoint": (1, 1, ()),
    "issubset": (1, 1, ()), "issuperset": (1, 1, ())}
_SET = {**_SET_COMMON, "add": (1, 1, ()), "discard": (1, 1, ()), "remove": (1, 1, ()),
        "pop": (0, 0, ()), "clear": (0, 0, ()), "update": (0, _MANY, ()),
        "difference_update": (0, _MANY, ()), "intersection_update": (0, _MANY, ()),
        "symmetric_difference_update": (1, 1, ())}
_DICT = {"pop": (1, 2, ()), "keys": (0, 0, ()), "items": (0, 0, ()), "values": (0, 0, ()),
         "clear": (0, 0, ()), "copy": (0, 0, ()), "update": (0, 1, (_ANY_KEYWORD,))}
_DEQUE = {"append": (1, 1, ()), "appendleft": (1, 1, ()), "extend": (1, 1, ()),
          "extendleft": (1, 1, ()), "count": (1, 1, ()), "remove": (1, 1, ()),
          "clear": (0, 0, ()), "copy": (0, 0, ()), "pop": (0, 0, ()), "popleft": (0, 0, ()),
          "reverse": (0, 0, ()), "index": (1, 3, ()), "insert": (2, 2, ()),
          "rotate": (0, 1, ())}
_STR = {name: (1, 3, ()) for name in (
    "count", "find", "rfind", "index", "rindex", "startswith", "endswith")}
METHOD_TABLES: dict[type, dict[str, tuple]] = {
    list: {}, tuple: {}, str: _STR, dict: _DICT, set: _SET, frozenset: _SET_COMMON,
    collections.deque: _DEQUE,
    collections.OrderedDict: {"keys": (0, 0, ()), "items": (0, 0, ()), "values": (0, 0, ()),
                              "clear": (0, 0, ()), "copy": (0, 0, ()),
                              "pop": (1, 2, ("key", "default")), "update": (0, 1, (_ANY_KEYWORD,))},
    collections.defaultdict: {"copy": (0, 0, ())},
}
BUILTIN_TABLE: dict[Any, tuple] = {
    getattr: (2, 3, ()), dict: (0, 1, (_ANY_KEYWORD,)), set: (0, 1, ()),
    frozenset: (0, 1, ()), range: (1, 3, ()), min: (1, _MANY, ("key", "default")),
    max: (1, _MANY, ("key", "default")), iter: (1, 2, ()), next: (1, 2, ()),
    zip: (0, _MANY, ("strict",)), filter: (2, 2, ()), bool: (0, 1, ()),
}
# Builtins whose published signature is checked (the others are left to their handlers).
_SIGNED_BUILTINS = (len, list, tuple, abs, sorted, enumerate, isinstance, issubclass, sum,
                    divmod, hasattr, setattr, delattr, reversed, callable, id, hash, repr,
                    any, all, round, pow, chr, ord, format, float)
_SIGNATURES: dict[Any, inspect.Signature | None] = {}
# `container.__or__(other)` and other binary dunders of a builtin type, called bound: tried
# before the tracker's call_method (builtins_unbound.py joins it: it answers or gives None).
BOUND_DUNDERS: list = []


def _from_table(least: int, most: int, keywords: tuple) -> inspect.Signature:
    params = [_P(f"a{i}", _P.POSITIONAL_ONLY) for i in range(least)]
    if most == _MANY:
        params.append(_P("rest", _P.VAR_POSITIONAL))
    else:
        params += [_P(f"a{i}", _P.POSITIONAL_ONLY, default=None) for i in range(least, most)]
    params += [_P(k, _P.KEYWORD_ONLY, default=None) for k in keywords if k != _ANY_KEYWORD]
    if _ANY_KEYWORD in keywords:
        params.append(_P("kwargs", _P.VAR_KEYWORD))
    return inspect.Signature(params)


def _signature(key: Any, shape: tuple | None, real: Any, bound: bool) -> inspect.Signature | None:
    if key in _SIGNATURES:
        return _SIGNATURES[key]
    sig = _from_table(*shape) if shape is not None else None
    if sig is None:
        try:
            sig = inspect.signature(real)
        except (TypeError, ValueError):
            sig = None
        if sig is not None and bound:  # an unbound method's signature names `self` first
            params = list(sig.parameters.values())
            sig = sig.replace(parameters=params[1:]) if params else None
    _SIGNATURES[key] = sig
    return sig


def _fits(sig: inspect.Signature, nargs: int, names) -> bool:
    try:
        sig.bind(*[None] * nargs, **dict.fromkeys(names))
    except TypeError:
        return False
    return True


_CALLERS: dict[tuple, Any] = {}


def _caller(nargs: int, names: tuple[str, ...]):
    """`lambda f, *first: f(*first, None, ..., k=None, ...)`: a call written out, as a program
    writes it (CPython words some argument errors differently for a call through `**kwargs`,
    and for a bound builtin method than for `instance.method(...)`, which calls the type's
    method descriptor with the instance first)."""
    key = (nargs, names)
    if key not in _CALLERS:
        if not all(n.isidentifier() and not keyword.iskeyword(n) for n in names):
            return lambda f, *first: f(*first, *[None] * nargs, **dict.fromkeys(names))
        text = ", ".join(["*first"] + ["None"] * nargs + [f"{n}=None" for n in names])
        _CALLERS[key] = eval(f"lambda f, *first: f({text})")  # noqa: S307 - names checked
    return _CALLERS[key]


def _raise_real(call, nargs: int, names, *first) -> None:
    """Raise what the real callable raises for that argument shape, when it is a TypeError."""
    try:
        _caller(nargs, tuple(names))(call, *first)
    except TypeError as error:
        raise RaisedByProgram(error) from None
    except Exception:  # noqa: BLE001 - not an argument error: the table was wrong, let it run
        return


def builtin_owner(cls: type, name: str) -> type | None:
    """The builtin type of METHOD_TABLES whose own method `name` instances of `cls` run, or
    None (a Python override, an unknown type, or a name no builtin type defines)."""
    for klass in cls.__mro__:
        if name in vars(klass):
            return klass if klass in METHOD_TABLES else None
    return None


def check_method(cls: type, name: str, args: list[Value], kwargs: dict[str, Value],
                 owner: type | None = None) -> None:
    """Before `instance.name(*args, **kwargs)` runs a builtin type's method: CPython's
    TypeError when the arguments do not fit its signature."""
    if owner is None or name not in vars(owner):  # (OrderedDict.get is dict's)
        owner = builtin_owner(owner or cls, name)
    if owner is None or name.startswith("__"):
        return
    real = vars(owner)[name]
    if isinstance(real, (classmethod, staticmethod)) or not callable(real) or type(
            real).__name__ == "classmethod_descriptor":
        return
    sig = _signature((owner, name), METHOD_TABLES[owner].get(name), real, bound=True)
    if sig is None:
        return
    if _fits(sig, len(args), kwargs):
        return
    try:
        fresh = owner()
    except Exception:  # noqa: BLE001 - no empty instance to ask: leave the call as it was
        return
    _raise_real(real, len(args), kwargs, fresh)


def check_builtin(fn: Any, args: list[Value], kwargs: dict[str, Value]) -> None:
    """Before a builtin function's handler runs: CPython's TypeError for a wrong shape. A
    builtin type's method called unbound (`dict.get(d, k)`) is checked as the bound call."""
    owner = getattr(fn, "__objclass__", None)
    if owner in METHOD_TABLES and args and type(fn).__name__ == "method_descriptor":
        if issubclass(args[0].python_type(), owner) and vars(owner).get(fn.__name__) is fn:
            check_method(args[0].python_type(), fn.__name__, args[1:], kwargs, owner=owner)
        return
    try:
        shape = BUILTIN_TABLE.get(fn)
        signed = shape is not None or fn in _SIGNED_BUILTINS
    except TypeError:  # an unhashable callable
        return
    if not signed:
        return
    sig = _signature(fn, shape, fn, bound=False)
    if sig is None or _fits(sig, len(args), kwargs):
        return
    if getattr(builtins, getattr(fn, "__name__", ""), None) is fn:
        _raise_real(fn, len(args), kwargs)
