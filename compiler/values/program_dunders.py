"""A builtin folded on real constants (`constant.call_pure`) must run only code that the trace
may run once at trace time: a constant that is an instance of a program's class with dunders
written in Python (an Enum member with its own `__str__`, a named tuple subclass with its own
`__add__` or `__repr__`) would have them run outside the trace, their side effects lost and
their reads of mutable state unguarded. Such a fold is refused. The library's own (enum's,
namedtuple's generated `__repr__`) are pure and stay folded.
"""

from __future__ import annotations

import types
from typing import Any

from compiler.errors import BreakReason, Unsupported

# Dunders no fold of an existing value calls: how instances are made, copied or pickled.
_NOT_ASKED = frozenset(
    {
        "__init__",
        "__new__",
        "__init_subclass__",
        "__class_getitem__",
        "__set_name__",
        "__post_init__",
        "__getnewargs__",
        "__getnewargs_ex__",
        "__reduce__",
        "__reduce_ex__",
        "__getstate__",
        "__setstate__",
        "__copy__",
        "__deepcopy__",
        "__dir__",
        "__del__",
        "__new_member__",
    }
)
# The dunders a fold by these builtins may call (any, for another function).
_ASKED = {
    str: ("__str__", "__repr__"),
    repr: ("__repr__",),
    ascii: ("__repr__",),
    format: ("__format__", "__str__", "__repr__"),
    hash: ("__hash__",),
}
_LIBRARY_MODULES = frozenset(
    {
        "enum",
        "collections",
        "typing",
        "dataclasses",
        "functools",
        "abc",
        "types",
        "torch",
        "numbers",
        "builtins",
    }
)
_CONTAINERS = (tuple, list, frozenset, set)


def program_dunder_of(cls: type, only: tuple | None = None) -> str | None:
    """The first dunder of `cls`'s MRO written in Python by the program, or None (asked
    anew each time: a class may be given a dunder later). A function is the library's by the
    module it was written in (enum and namedtuple copy theirs into the program's class)."""
    for klass in cls.__mro__:
        if not klass.__flags__ & (1 << 9):  # a builtin type: its slots are C
            continue
        for name, raw in vars(klass).items():
            function = getattr(raw, "__func__", raw)
            if (
                name.startswith("__")
                and name.endswith("__")
                and name not in _NOT_ASKED
                and isinstance(function, types.FunctionType)
                and str(function.__module__).split(".")[0] not in _LIBRARY_MODULES
            ):
                return f"{klass.__qualname__}.{name}"
    return None


def refuse_program_dunders(fn: Any, args: Any, kwargs: dict) -> None:
    if isinstance(fn, types.FunctionType):  # the compiler's own (a lambda): it asks what it
        return  # means to ask
    only = _ASKED.get(fn) if fn in (str, repr, ascii, format, hash) else None
    for value in (*args, *kwargs.values()):
        _check(value, 0, only)


def _check(value: Any, depth: int, only: tuple | None) -> None:
    kind = type(value)
    if kind.__flags__ & (1 << 9):  # instances of builtin types: nothing to ask
        found = program_dunder_of(kind, only)
        if found is not None:
            raise Unsupported(
                f"a builtin folded on a constant whose class has {found} written in Python",
                BreakReason.UNSUPPORTED_VALUE,
            )
    if depth < 4 and isinstance(value, _CONTAINERS):
        for item in value:
            _check(item, depth + 1, only)
    elif depth < 4 and isinstance(value, dict):
        for key, item in value.items():
            _check(key, depth + 1, only)
            _check(item, depth + 1, only)


def program_text(value) -> bool:
    """A constant tracker whose object's class has a `__str__`, `__repr__` or `__format__` of
    the program's: its text is made by tracing them (user_hash_repr.py), never by a fold."""
    if not value.is_constant():
        return False
    kind = type(value.as_constant())
    return bool(kind.__flags__ & (1 << 9)) and program_dunder_of(
        kind, ("__str__", "__repr__", "__format__")) is not None
