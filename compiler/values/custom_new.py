"""Calling a class whose `__new__` is not object's, as CPython's `type.__call__` does it:
`obj = cls.__new__(cls, *args, **kwargs)` (a Python `__new__` is traced: named tuples, a class
that caches its instances, one that returns another class's object), then `obj.__init__(*args,
**kwargs)` only when `type(obj)` is `cls` or a subclass of it by its MRO (a metaclass's
`__instancecheck__` plays no part). torch's structseqs (`torch.return_types.max((v, i))`) are
built from their one sequence argument.
"""

from __future__ import annotations

import types

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value

_HEAP_TYPE = 1 << 9


def construct_with_new(tx, cls_value, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`cls(*args, **kwargs)` for a class with a `__new__` of its own (a named tuple's is)."""
    from compiler.values.attributes import guarded_find_in_mro
    from compiler.values.callables import UserFunctionValue
    cls = cls_value.cls
    if any((id(klass), "__new__") in tx.ctx.module_attribute_writes for klass in cls.__mro__):
        raise Unsupported(f"class {cls.__qualname__} whose __new__ the compiled code assigned",
                          BreakReason.UNSUPPORTED_CALL)
    if issubclass(cls, torch.Tensor) or not _layout_is_plain(cls):
        raise Unsupported(f"class {cls.__qualname__} with a custom __new__ and a builtin base",
                          BreakReason.UNSUPPORTED_CALL)
    owner, raw = guarded_find_in_mro(tx, cls, "__new__")
    if not (isinstance(raw, staticmethod) and isinstance(raw.__func__, types.FunctionType)):
        raise Unsupported(f"class {cls.__qualname__} with __new__ {raw!r}",
                          BreakReason.UNSUPPORTED_CALL)
    made = UserFunctionValue(raw.__func__).call(tx, [cls_value, *args], kwargs)
    made_type = made.python_type()
    if cls not in made_type.__mro__:
        return made  # another class's object (or a non-instance): `__init__` is not run
    return initialise_made(tx, made, made_type, args, kwargs)


def initialise_made(tx, made: Value, made_type: type, args, kwargs) -> Value:
    """`type(made).__init__(made, *args, **kwargs)` after a custom `__new__`, with
    `object.__init__`'s check of extra arguments."""
    from compiler.values.attributes import find_in_mro, guarded_find_in_mro
    owner = find_in_mro(made_type, "__init__")[0]
    if owner is object or owner is None:
        guarded_find_in_mro(tx, made_type, "__init__")
        if (args or kwargs) and guarded_find_in_mro(tx, made_type, "__new__")[0] is object:
            raise RaisedByProgram(TypeError(f"{made_type.__name__}() takes no arguments"))
        return made
    return run_init(tx, made, made_type, args, kwargs)


def run_init(tx, made: Value, made_type: type, args, kwargs) -> Value:
    """The class's `__init__` traced on `made`; it must return None, as `type.__call__` asks."""
    from compiler.values import registry
    init = registry.class_attribute(tx, made_type, "__init__", made)
    if init is None:
        raise Unsupported(f"__init__ of {made_type.__qualname__}", BreakReason.UNSUPPORTED_CALL)
    returned = init.call(tx, args, kwargs)
    if not (returned.is_constant() and returned.as_constant() is None):
        raise RaisedByProgram(TypeError(f"__init__() should return None, not "
                                        f"'{returned.python_type().__name__}'"))
    return made


def _layout_is_plain(cls: type) -> bool:
    """Every class of the MRO written in Python, or object, or tuple under a named tuple: the
    instance is then made by object's or tuple's `__new__`, which the trace models."""
    return all(k.__flags__ & _HEAP_TYPE or k is object or (k is tuple and hasattr(cls, "_fields"))
               for k in cls.__mro__)


def construct_structseq(tx, cls: type, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`torch.return_types.max((values, indices))`: one sequence of n_sequence_fields to
    n_fields items (CPython's own TypeError otherwise, found by building one of Nones)."""
    from compiler.values.constant import call_pure
    from compiler.values.named_tuples import NamedTupleValue
    sequence = kwargs.get("sequence") if not args else args[0]
    if len(args) + len(kwargs) != 1 or sequence is None:
        raise Unsupported(f"constructing {cls.__qualname__} with these arguments",
                          BreakReason.UNSUPPORTED_CALL)
    items = list(sequence.unpack(tx))
    call_pure(cls, [(None,) * len(items)], {})  # CPython's length check, raised as its own
    if len(items) != cls.n_fields or cls.n_fields != cls.n_sequence_fields:
        raise Unsupported(f"constructing {cls.__qualname__} with fields past the sequence",
                          BreakReason.UNSUPPORTED_CALL)
    return NamedTupleValue(cls, items)
