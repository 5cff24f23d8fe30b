"""The `dataclasses` module's functions on traced dataclass instances."""

from __future__ import annotations

import dataclasses

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.constant import ConstantValue


def _field_names(value: Value) -> list[str]:
    cls = value.python_type()
    if not dataclasses.is_dataclass(cls):
        raise Unsupported(f"dataclasses function on {cls.__qualname__}",
                          BreakReason.UNSUPPORTED_CALL)
    return [f.name for f in dataclasses.fields(cls)]


def _deep_copy(tx, value: Value) -> Value:
    """asdict() copies what it returns: tensors are cloned, containers rebuilt."""
    from compiler.values.containers import DictValue, ListValue, TupleValue
    from compiler.values.tensor import TensorValue
    if isinstance(value, TensorValue):
        return value.call_method(tx, "clone", [], {})
    if dataclasses.is_dataclass(value.python_type()) and not isinstance(value, ConstantValue):
        return as_dict(tx, value)
    if isinstance(value, ListValue):
        return ListValue([_deep_copy(tx, v) for v in value.items])
    if type(value) is TupleValue:
        return TupleValue([_deep_copy(tx, v) for v in value.items])
    if isinstance(value, DictValue):
        return DictValue.from_pairs([(k, _deep_copy(tx, v)) for k, v in value.entries.values()])
    if value.is_constant():
        return value
    raise Unsupported(f"dataclasses.asdict copying {value}", BreakReason.UNSUPPORTED_CALL)


def as_dict(tx, value: Value) -> Value:
    from compiler.values.containers import DictValue
    return DictValue.from_pairs([(ConstantValue(name), _deep_copy(tx, value.getattr(tx, name)))
                                 for name in _field_names(value)])


def as_tuple(tx, value: Value) -> Value:
    from compiler.values.containers import TupleValue
    return TupleValue([_deep_copy(tx, value.getattr(tx, name)) for name in _field_names(value)])


def replace(tx, value: Value, **changes: Value) -> Value:
    from compiler.values.objects import ClassValue
    fields = {name: changes.get(name) or value.getattr(tx, name) for name in _field_names(value)}
    return ClassValue(value.python_type()).call(tx, [], fields)


def is_dataclass(tx, value: Value) -> Value:
    kind = value.as_constant() if value.is_constant() and isinstance(
        value.as_constant(), type) else value.python_type()
    return ConstantValue(dataclasses.is_dataclass(kind))


def fields(tx, value: Value) -> Value:
    from compiler.values.containers import TupleValue
    cls = value.as_constant() if value.is_constant() else value.python_type()
    return TupleValue([ConstantValue(f) for f in dataclasses.fields(cls)])


HANDLERS = {dataclasses.asdict: as_dict, dataclasses.astuple: as_tuple,
            dataclasses.replace: replace, dataclasses.is_dataclass: is_dataclass,
            dataclasses.fields: fields}

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
