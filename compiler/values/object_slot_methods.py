"""Bound methods of object's own implementation that copy.deepcopy asks an instance for."""

from __future__ import annotations

import types
from typing import TYPE_CHECKING

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value

if TYPE_CHECKING:
    from compiler.values.objects import ObjectValue


class ObjectSlotMethodValue(Value):
    """`obj.__reduce_ex__` (and `__reduce__`, `__getstate__`) found on object itself: the bound
    method of object's own implementation, known by which object and name it is; only
    copy.deepcopy (stdlib_copy.py) looks at it, anything else done with it is refused."""

    NAMES = ("__reduce__", "__reduce_ex__", "__getstate__")

    def __init__(self, obj: ObjectValue, name: str):
        super().__init__(None)
        self.obj, self.name = obj, name

    def python_type(self) -> type:
        return types.BuiltinMethodType

    def hash_key(self):
        raise Unsupported(f"object.{self.name} bound method as a key",
                          BreakReason.UNSUPPORTED_VALUE)
