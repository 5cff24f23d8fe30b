"""`types.MappingProxyType(d)` made in the trace: a read-only view that forwards every read to
the mapping it wraps, as CPython's does (`p[k]`, `iter(p)`, `len(p)`, `k in p` and its methods
`get`/`keys`/`values`/`items`/`copy` run the mapping's own, overrides of a dict subclass
included), so later writes to the mapping show through; writes to the view raise TypeError.
The mapping is a dict tracker or a dict subclass instance whose storage is modelled
(dict_storage.py). Registered in builtins.HANDLERS by dict_unbound.py."""

from __future__ import annotations

import types

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue
from compiler.values.mapping_proxy import ReadOnlyMapping

_METHODS = ("get", "keys", "values", "items", "copy")


class MadeMappingProxyValue(ReadOnlyMapping):
    def __init__(self, mapping: Value):
        super().__init__(None)
        self.mapping = mapping

    def __repr__(self) -> str:
        return f"MadeMappingProxyValue({self.mapping})"

    def python_type(self) -> type:
        return types.MappingProxyType

    def proxied_mapping(self, tx) -> Value:
        """What its `|` and `==` act on (proxy_operands.py): the mapping it wraps."""
        return self.mapping

    def is_fresh_object(self) -> bool:
        return True

    def reconstruct(self, plan) -> str:
        return plan.temp(f"{plan.bind(types.MappingProxyType)}({plan.expr(self.mapping)})")

    def len(self, tx) -> int:
        return self.mapping.len(tx)

    def bool(self, tx) -> bool:
        return self.mapping.len(tx) != 0

    def iter(self, tx) -> Value:
        return self.mapping.iter(tx)

    def unpack(self, tx) -> list[Value]:
        return self.mapping.unpack(tx)

    def contains(self, tx, item: Value) -> bool:
        return self.mapping.contains(tx, item)

    def getitem(self, tx, key: Value) -> Value:
        return self.mapping.getitem(tx, key)

    def call_method(self, tx, name, args, kwargs) -> Value:
        if name not in _METHODS:
            raise Unsupported(f"mappingproxy.{name}", BreakReason.UNSUPPORTED_CALL)
        if kwargs or len(args) > (2 if name == "get" else 0) or name == "get" and not args:
            raise RaisedByProgram(TypeError(f"mappingproxy.{name}() got bad arguments"))
        return self.mapping.getattr(tx, name).call(tx, args, {})


def make_proxy(tx, *args, **kwargs):
    """`types.MappingProxyType(mapping)`: a dict tracker or a modelled dict subclass."""
    from compiler.values.containers import DictValue
    from compiler.values.dict_storage import modelled
    if kwargs or len(args) != 1:
        return NotImplemented
    mapping = args[0]
    if not isinstance(mapping, DictValue) and not modelled(mapping):
        if isinstance(mapping, ConstantValue) or mapping.python_type() in (list, tuple):
            raise RaisedByProgram(TypeError(f"mappingproxy() argument must be a mapping, not "
                                            f"{mapping.python_type().__name__}"))
        return NotImplemented
    return MadeMappingProxyValue(mapping)

