"""`match` statements: the structural checks of sequence, mapping and class patterns.

Each answer is CPython's (`Python/ceval.c`, 3.11): the subject's exact type decides whether it
is a sequence or a mapping (a class that is not immutable is guarded on its flags), keys
are looked up as `dict.get` does on the dict kinds the tracer models, and a class pattern is
`isinstance` plus attribute reads that fail the match exactly on AttributeError.
"""

from __future__ import annotations

import collections

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, ConstantSource
from compiler.symbolic.registry import handles
from compiler.values.base import RaisedByProgram
from compiler.values.constant import ConstantValue
from compiler.values.containers import DictValue, TupleValue

_SEQUENCE, _MAPPING, _IMMUTABLE, _MATCH_SELF = 1 << 5, 1 << 6, 1 << 8, 1 << 22
_PLAIN_MAPPINGS = (dict, collections.OrderedDict, collections.defaultdict)


def _type_flag(tx, value, flag: int) -> bool:
    """The flag of the subject's exact type; a class that can still be registered with an
    ABC (any but an immutable type) is guarded on its flags."""
    kind = value.python_type()
    if not kind.__flags__ & _IMMUTABLE:
        source = ConstantSource(tx.ctx.label_for(kind, "cls"), kind)
        tx.ctx.guard(AttrSource(source, "__flags__"), GuardKind.EQUALS, kind.__flags__)
    return bool(kind.__flags__ & flag)


@handles("MATCH_SEQUENCE")
def match_sequence(tx, inst):
    """(subject -- subject, is_sequence)"""
    tx.push(ConstantValue(_type_flag(tx, tx.stack[-1], _SEQUENCE)))


@handles("MATCH_MAPPING")
def match_mapping(tx, inst):
    """(subject -- subject, is_mapping)"""
    tx.push(ConstantValue(_type_flag(tx, tx.stack[-1], _MAPPING)))


@handles("GET_LEN")
def get_len(tx, inst):
    """(subject -- subject, len(subject))"""
    tx.push(ConstantValue(tx.stack[-1].len(tx)))


@handles("MATCH_KEYS")
def match_keys(tx, inst):
    """(subject, keys -- subject, keys, values or None)"""
    subject, keys = tx.stack[-2], tx.stack[-1].unpack(tx)
    if not (isinstance(subject, DictValue) and subject.cls in _PLAIN_MAPPINGS):
        raise Unsupported("mapping pattern on a mapping with its own get()",
                          BreakReason.UNSUPPORTED_VALUE)
    seen, values = set(), []
    for key in keys:
        hashed = key.hash_key()
        if hashed in seen:
            raise RaisedByProgram(ValueError(f"mapping pattern checks duplicate key ({key!r})"))
        seen.add(hashed)
        found = subject.entries.get(hashed)
        if found is None:
            tx.push(ConstantValue(None))
            return
        values.append(found[1])
    tx.push(TupleValue(values))


@handles("MATCH_CLASS")
def match_class(tx, inst):
    """(subject, cls, names -- attributes or None)"""
    names = tx.pop().as_constant()
    cls_value, subject = tx.pop(), tx.pop()
    tx.push(_match_class(tx, subject, cls_value, inst.arg, names))


def _match_class(tx, subject, cls_value, count: int, names: tuple):
    from compiler.values.builtins import call_builtin
    cls = cls_value.as_constant() if cls_value.is_constant() else None
    if not isinstance(cls, type):
        if cls_value.is_constant():
            raise RaisedByProgram(TypeError("called match pattern must be a class"))
        raise Unsupported("class pattern on a class the tracer does not know",
                          BreakReason.UNSUPPORTED_VALUE)
    if not call_builtin(tx, isinstance, [subject, cls_value], {}).as_constant():
        return ConstantValue(None)
    wanted = list(_positional_names(tx, cls, cls_value, count)) + list(names)
    if count and wanted[0] is None:
        attrs = [subject]
        wanted = wanted[1:]
    else:
        attrs = []
    repeated = next((n for i, n in enumerate(wanted) if n in wanted[:i]), None)
    if repeated is not None:
        raise RaisedByProgram(TypeError(f"{cls.__name__}() got multiple sub-patterns for "
                                        f"attribute {repeated!r}"))
    for name in wanted:
        try:
            attrs.append(subject.getattr(tx, name))
        except RaisedByProgram as raised:
            if isinstance(raised.exc, AttributeError):
                return ConstantValue(None)
            raise
    return TupleValue(attrs)


def _positional_names(tx, cls: type, cls_value, count: int):
    """The attribute names of `count` positional sub-patterns; [None] for a class that
    matches itself (int(x), str(x), ...)."""
    if not count:
        return []
    try:
        match_args = cls_value.getattr(tx, "__match_args__")
    except RaisedByProgram as raised:
        if not isinstance(raised.exc, AttributeError):
            raise
        if not cls.__flags__ & _MATCH_SELF:
            raise RaisedByProgram(TypeError(f"{cls.__name__}() accepts 0 positional "
                                            f"sub-patterns ({count} given)")) from None
        if count > 1:
            raise RaisedByProgram(TypeError(f"{cls.__name__}() accepts 1 positional "
                                            f"sub-pattern ({count} given)")) from None
        return [None]
    real = match_args.as_constant()
    if type(real) is not tuple:
        raise RaisedByProgram(TypeError(f"{cls.__name__}.__match_args__ must be a tuple "
                                        f"(got {type(real).__name__})"))
    if count > len(real):
        plural = "" if len(real) == 1 else "s"
        raise RaisedByProgram(TypeError(f"{cls.__name__}() accepts {len(real)} positional "
                                        f"sub-pattern{plural} ({count} given)"))
    odd = next((name for name in real[:count] if type(name) is not str), None)
    if odd is not None:
        raise RaisedByProgram(TypeError(f"__match_args__ elements must be strings "
                                        f"(got {type(odd).__name__})"))
    return real[:count]
