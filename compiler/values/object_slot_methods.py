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
    copy.deepcopy (stdlib_copy.py) looks at it. `obj.__getattribute__(name)`,
    `obj.__setattr__(name, v)` and `obj.__delattr__(name)` of object's are called as the
    generic lookup, store and delete (no `__getattr__` fallback: the slot's, not the type's
    getattro); anything else done with them is refused."""

    NAMES = ("__reduce__", "__reduce_ex__", "__getstate__")
    GENERIC = {"__getattribute__": 1, "__setattr__": 2, "__delattr__": 1}  # name: arguments

    def __init__(self, obj: ObjectValue, name: str):
        super().__init__(None)
        self.obj, self.name = obj, name

    def python_type(self) -> type:
        return types.BuiltinMethodType

    def hash_key(self):
        raise Unsupported(f"object.{self.name} bound method as a key",
                          BreakReason.UNSUPPORTED_VALUE)

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.constant import ConstantValue
        count = self.GENERIC.get(self.name)
        if count is None or kwargs or len(args) != count or not (
                args[0].is_constant() and type(args[0].as_constant()) is str):
            raise Unsupported(f"object.{self.name} called with these arguments",
                              BreakReason.UNSUPPORTED_CALL)
        name = args[0].as_constant()
        if self.name == "__getattribute__":
            return self.obj.generic_getattr(tx, name)
        if self.name == "__setattr__":
            self.obj.generic_setattr(tx, name, args[1])
        else:
            self.obj.generic_delattr(tx, name)
        return ConstantValue(None)
