"""Classes whose metaclass, written by the program, answers protocols itself: `repr(K)`,
`K == J`, `K + 1`, `hash(K)`, `bool(K)`, `sorted([K, J])` run the metaclass's Python methods.

Such a class is no constant of the trace (objects.ClassValue): a fold on the real class would
run those methods outside the trace (their side effects lost, their reads unguarded). Its
operators run the metaclass's methods, traced (`dunder_class()`); the other questions are
refused. The library's metaclasses (enum's, abc's, typing's, torch's) keep their own models.
"""

from __future__ import annotations

import types

from compiler.errors import BreakReason, Unsupported

# A metaclass's methods that answer nothing a fold of the class asks (creation, instance and
# subclass checks, attribute hooks): they leave the class a constant.
_META_HOOKS = frozenset(
    {
        "__init__",
        "__new__",
        "__call__",
        "__prepare__",
        "__instancecheck__",
        "__subclasscheck__",
        "__init_subclass__",
        "__getattr__",
        "__getattribute__",
        "__setattr__",
        "__delattr__",
        "__dir__",
        "__set_name__",
        "__mro_entries__",
        "__class_getitem__",
        "__subclasses__",
        "mro",
    }
)
_LIBRARY_METACLASS_MODULES = ("abc", "enum", "typing", "torch", "dataclasses", "functools")


def meta_protocols(cls: type, name: str | None = None) -> bool:
    """The metaclass of `cls`, written by the program, defines the protocol method `name` (any
    dunder beyond `_META_HOOKS`, when None) as a Python function."""
    meta = type(cls)
    if meta is type or not isinstance(cls, type):
        return False
    for klass in meta.__mro__:
        if klass is type or klass is object:
            break
        if str(getattr(klass, "__module__", "")).split(".")[0] in _LIBRARY_METACLASS_MODULES:
            continue
        for key, raw in vars(klass).items():
            if (
                key == name
                if name is not None
                else key.startswith("__") and key.endswith("__") and key not in _META_HOOKS
            ) and isinstance(raw, types.FunctionType):
                return True
    return False


def refuse_meta_hash(cls: type) -> None:
    """A class as a dict key or set member: refused when its metaclass hashes or compares."""
    if any(meta_protocols(cls, name) for name in ("__hash__", "__eq__")):
        raise Unsupported(f"{cls.__qualname__} as a dict key or set member (its metaclass's "
                          f"__hash__/__eq__)", BreakReason.UNSUPPORTED_VALUE)
