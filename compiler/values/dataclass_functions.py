"""The `dataclasses` module's functions on traced dataclass instances."""

from __future__ import annotations

import dataclasses

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.body_tensors import BodyTensor
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.constant import ConstantValue, call_pure


def _field_names(value: Value) -> list[str]:
    cls = value.python_type()
    if not dataclasses.is_dataclass(cls):
        raise Unsupported(f"dataclasses function on {cls.__qualname__}",
                          BreakReason.UNSUPPORTED_CALL)
    return [f.name for f in dataclasses.fields(cls)]


def _deep_copy(tx, value: Value, outer) -> Value:
    """asdict()/astuple() copy what they return: a nested dataclass the same way (`outer`),
    containers rebuilt, tensors deep-copied (a clone, for one that needs no grad)."""
    from compiler.values.containers import DictValue, ListValue, TupleValue
    from compiler.values.tensor import TensorValue
    if isinstance(value, TensorValue):
        if value.example.requires_grad:  # deepcopy keeps a leaf, refuses a non-leaf
            raise Unsupported("dataclasses.asdict copying a tensor that requires grad",
                              BreakReason.UNSUPPORTED_CALL)
        return value.call_method(tx, "clone", [], {})
    if dataclasses.is_dataclass(value.python_type()) and not isinstance(value, ConstantValue):
        return outer(tx, value)
    if isinstance(value, ListValue) and value.python_type() is list:
        return ListValue([_deep_copy(tx, v, outer) for v in value.items])
    if type(value) is TupleValue and value.python_type() is tuple:
        return TupleValue([_deep_copy(tx, v, outer) for v in value.items])
    if isinstance(value, DictValue) and value.cls is dict:
        return DictValue.from_pairs([(k, _deep_copy(tx, v, outer))
                                     for k, v in value.entries.values()])
    if value.is_constant():
        return value
    raise Unsupported(f"dataclasses.asdict copying {value}", BreakReason.UNSUPPORTED_CALL)


def _factory(what: str, factories: dict[str, Value], name: str) -> Value | None:
    unknown = set(factories) - {name}
    if unknown:
        raise RaisedByProgram(TypeError(f"{what}() got an unexpected keyword argument "
                                        f"{sorted(unknown)[0]!r}"))
    return factories.get(name)


def as_dict(tx, value: Value, **factories: Value) -> Value:
    """`dataclasses.asdict(obj)`: the fields' (name, value) pairs, values copied, given to
    `dict_factory` (a list of pairs) when there is one, at each dataclass level."""
    from compiler.values.containers import DictValue, ListValue, TupleValue
    factory = _factory("asdict", factories, "dict_factory")
    pairs = [(ConstantValue(name), _deep_copy(tx, value.getattr(tx, name),
                                              lambda t, v: as_dict(t, v, **factories)))
             for name in _field_names(value)]
    if factory is None:
        return DictValue.from_pairs(pairs, tx=tx)
    return factory.call(tx, [ListValue([TupleValue([k, v]) for k, v in pairs])], {})


def as_tuple(tx, value: Value, **factories: Value) -> Value:
    from compiler.values.containers import ListValue, TupleValue
    factory = _factory("astuple", factories, "tuple_factory")
    items = [_deep_copy(tx, value.getattr(tx, name), lambda t, v: as_tuple(t, v, **factories))
             for name in _field_names(value)]
    return TupleValue(items) if factory is None else factory.call(tx, [ListValue(items)], {})


def replace(tx, value: Value, **changes: Value) -> Value:
    """`dataclasses.replace(obj, **changes)`: the class called again with every init field
    (an InitVar too, which must then be given unless it has a default) taken from `changes`,
    else read from the object; an `init=False` field may not be changed."""
    from compiler.values.objects import ClassValue
    _field_names(value)  # a dataclass instance, or refused
    arguments = dict(changes)
    for f in value.python_type().__dataclass_fields__.values():
        kind = f._field_type  # (ClassVar pseudo-fields are skipped, as CPython does)
        if kind is dataclasses._FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise RaisedByProgram(ValueError(f"field {f.name} is declared with init=False, "
                                                 f"it cannot be specified with replace()"))
            continue
        if f.name not in changes:
            if kind is dataclasses._FIELD_INITVAR:
                if f.default is dataclasses.MISSING:
                    raise RaisedByProgram(ValueError(f"InitVar {f.name!r} must be specified "
                                                     f"with replace()"))
                continue
            arguments[f.name] = value.getattr(tx, f.name)
    return ClassValue(value.python_type()).call(tx, [], arguments)


def is_dataclass(tx, value: Value) -> Value:
    kind = value.as_constant() if value.is_constant() and isinstance(
        value.as_constant(), type) else value.python_type()
    return ConstantValue(dataclasses.is_dataclass(kind))


def fields(tx, value: Value) -> Value:
    from compiler.values.containers import TupleValue
    cls = value.as_constant() if value.is_constant() else value.python_type()
    return TupleValue([ConstantValue(f) for f in dataclasses.fields(cls)])


def _process_made_class(tx, cls: Value, *options: Value, **named: Value) -> Value:
    """`@dataclass` applied to a class the trace made (`dataclasses._process_class`): run for
    real on it, as making the class was. It only adds methods made from the class's own
    namespace (no program code runs: the body was checked, its defaults are inert), and the
    class, made per call, never leaves the frame; the objects dataclass adds are per call too.
    A class the trace already wrote to would not show those writes: refused."""
    from compiler.values.containers import is_plain, plain
    from compiler.values.objects import ClassValue
    real = cls.fixed_object() if isinstance(cls, ClassValue) else None
    arguments = [*options, *named.values()]
    if real is None or not tx.ctx.is_made_per_call(real) or not all(
            is_plain(a) for a in arguments) or any(
            key[0] == id(real) for key in tx.ctx.module_attribute_writes):
        raise Unsupported("@dataclass of a class not made in the trace",
                          BreakReason.UNSUPPORTED_CALL)
    if any(isinstance(v, BodyTensor) for v in vars(real).values()):  # a default: one tensor
        raise Unsupported("@dataclass of a class whose body made a tensor",
                          BreakReason.UNSUPPORTED_CALL)
    before = set(vars(real))
    made = call_pure(dataclasses._process_class, [real, *(plain(a) for a in options)],
                     {k: plain(v) for k, v in named.items()})
    if made is not real:  # slots=True makes a second class, from the first one's namespace
        raise Unsupported("@dataclass(slots=True) in the compiled code",
                          BreakReason.UNSUPPORTED_CALL)
    recipe = tx.ctx.class_recipes.get(id(real))
    if recipe is not None:  # made anew: the class statement, then this decorator
        recipe.then(dataclasses._process_class, [plain(a) for a in options],
                    {k: plain(v) for k, v in named.items()})
    tx.ctx.note_made_class(made, set(vars(made)) - before)
    return ClassValue(made)


HANDLERS = {dataclasses._process_class: _process_made_class,
            dataclasses.asdict: as_dict, dataclasses.astuple: as_tuple,
            dataclasses.replace: replace, dataclasses.is_dataclass: is_dataclass,
            dataclasses.fields: fields}

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
