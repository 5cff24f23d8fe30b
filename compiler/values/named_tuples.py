"""Named tuples and torch's structseqs (`torch.return_types.max`, ...): tuples whose class
gives names to the items and may add methods of its own.
"""

from __future__ import annotations

from typing import Any

from compiler.values import registry
from compiler.values.base import Value
from compiler.values.containers import DictValue, TupleValue
from compiler.values.native import BoundContainerMethodValue


def is_namedtuple_class(cls: type) -> bool:
    return isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")


def is_structseq_class(cls: type) -> bool:
    return (isinstance(cls, type) and issubclass(cls, tuple)
            and cls.__module__ == "torch.return_types")


class NamedTupleValue(TupleValue):
    def __init__(self, cls: type, items: list[Value], source=None):
        super().__init__(items, source)
        self.cls = cls

    def reconstruct(self, plan) -> str:
        cls = plan.bind(self.cls)
        if hasattr(self.cls, "_fields"):
            return plan.temp(f"{cls}({plan.items(self.items)})")
        return plan.temp(f"{cls}(({plan.items(self.items)}))")  # a structseq takes one tuple

    def python_type(self) -> type:
        return self.cls

    def as_constant(self) -> Any:
        return self.cls(*(item.as_constant() for item in self.items))

    def rebuilt(self, items):
        return TupleValue(items)

    def getitem(self, tx, key: Value) -> Value:
        """`p[i]` calls the class's own `__getitem__` when it has one (its fields, unpacking
        and iteration still read the stored items, as the tuple's C code does)."""
        if self.cls.__getitem__ is not tuple.__getitem__:
            method = registry.class_attribute(tx, self.cls, "__getitem__", self)
            if method is not None:
                return method.call(tx, [key], {})
        return super().getitem(tx, key)

    def getattr(self, tx, name: str) -> Value:
        fields = getattr(self.cls, "_fields", None) or self.cls.__match_args__
        if name in fields:
            return self.items[fields.index(name)]
        found = registry.class_attribute(tx, self.cls, name, self)
        if found is not None:
            return found
        if name in ("_asdict", "_replace"):
            return BoundContainerMethodValue(self, name)
        return super().getattr(tx, name)

    def call_method(self, tx, name, args, kwargs):
        if name == "_asdict":
            return DictValue.from_pairs([(tx.const(f), v) for f, v in zip(self.cls._fields,
                                                                              self.items)])
        if name == "_replace":
            items = list(self.items)
            for key, value in kwargs.items():
                items[self.cls._fields.index(key)] = value
            return NamedTupleValue(self.cls, items)
        return super().call_method(tx, name, args, kwargs)
