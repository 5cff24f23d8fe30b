"""`super()` in a trace: the lookup along the MRO past the class that called it (guarded as any
class lookup), and object's own slots it reaches (`__init__`, `__getattribute__`,
`__setattr__`), which do what object's do.
"""

from __future__ import annotations

import collections

from compiler.errors import BreakReason, Unsupported
from compiler.values.attributes import guarded_find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.constant import ConstantValue
from compiler.values.objects import ClassValue, ObjectValue, bind_class_attribute


class NoOpValue(Value):
    """`object.__init__` reached through super(): does nothing."""

    def call(self, tx, args, kwargs) -> Value:
        return ConstantValue(None)


class SuperValue(Value):
    def __init__(self, cls: type, obj: Value):
        super().__init__(None)
        self.cls, self.obj = cls, obj

    def python_type(self) -> type:
        return super

    def _start(self) -> type:
        held = self.obj.held_object()
        bound_to_class = isinstance(held, type) and issubclass(held, self.cls)
        return held if bound_to_class else self.obj.python_type()

    def has_attribute(self, tx, name: str) -> bool:
        """`hasattr(super(), name)`: whether the MRO past the class has it (guarded)."""
        return guarded_find_in_mro(tx, self._start(), name, start_after=self.cls)[0] is not None

    def getattr(self, tx, name: str) -> Value:
        held = self.obj.held_object()
        bound_to_class = isinstance(held, type) and issubclass(held, self.cls)
        start = held if bound_to_class else self.obj.python_type()  # super() in a classmethod
        owner, raw = guarded_find_in_mro(tx, start, name, start_after=self.cls)
        if owner is None:
            raise RaisedByProgram(AttributeError(f"'super' object has no attribute {name!r}"))
        if bound_to_class:
            return bind_class_attribute(tx, owner, raw, None, self.obj, None)
        if owner is type and name == "__call__" and isinstance(self.obj, ClassValue):
            from compiler.values.construct import TypeCallValue  # in a metaclass's __call__
            return TypeCallValue(self.obj)
        if owner is object and name == "__init__":
            return NoOpValue()
        if owner is object and name in ("__getattribute__", "__setattr__") and isinstance(
                self.obj, ObjectValue):
            return GenericSlotValue(self.obj, name)
        if owner in (dict, collections.OrderedDict):
            from compiler.values.dict_storage import dict_storage_method
            method = dict_storage_method(self.obj, name, owner)
            if method is not None:
                return method
        storage_method = getattr(self.obj, "storage_method", None)  # container_objects.py
        if storage_method is not None and (found := storage_method(tx, name, owner)) is not None:
            return found
        return bind_class_attribute(tx, owner, raw, self.obj, None, None)


class GenericSlotValue(Value):
    """`super().__getattribute__` / `super().__setattr__` reaching object's: the generic
    lookup or assignment of the instance, past the class's own hook."""

    def __init__(self, obj: ObjectValue, name: str):
        super().__init__(None)
        self.obj, self.name = obj, name

    def call(self, tx, args, kwargs) -> Value:
        if kwargs or len(args) != (1 if self.name == "__getattribute__" else 2) or (
                not isinstance(args[0].as_constant(), str)):
            raise Unsupported(f"object.{self.name} with these arguments",
                              BreakReason.UNSUPPORTED_CALL)
        if self.name == "__getattribute__":
            return self.obj.generic_getattr(tx, args[0].as_constant())
        self.obj.generic_setattr(tx, args[0].as_constant(), args[1])
        return ConstantValue(None)


def _object_getattribute(tx, obj, name, *rest, **kwargs):
    """`object.__getattribute__(obj, name)` called directly (in a class's own hook): the
    generic lookup of a user instance."""
    if rest or kwargs or not isinstance(obj, ObjectValue) or not isinstance(
            name.as_constant() if name.is_constant() else None, str):
        return NotImplemented
    return obj.generic_getattr(tx, name.as_constant())


def _object_delattr(tx, obj, name, *rest, **kwargs):
    """`object.__delattr__(obj, name)`: the instance entry (or a property's deleter), past
    the class's own `__delattr__`."""
    if rest or kwargs or not isinstance(obj, ObjectValue) or not isinstance(
            name.as_constant() if name.is_constant() else None, str):
        return NotImplemented
    obj.generic_delattr(tx, name.as_constant())
    return ConstantValue(None)


HANDLERS = {object.__getattribute__: _object_getattribute, object.__delattr__: _object_delattr}

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
