"""Python modules, classes, instances of user classes (existing or made in the trace),
super(), and exception objects.
"""

from __future__ import annotations

import enum
import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue

# Modules whose contents are fixed for the life of the process: attributes read from them are
# treated as constants, with no guard.
TRUSTED_MODULES = ("torch", "math", "operator", "itertools", "functools", "builtins",
                   "collections", "typing", "dataclasses", "enum", "numbers", "cmath")


class PythonModuleValue(Value):
    def __init__(self, module: types.ModuleType, source=None):
        super().__init__(source)
        self.module = module

    def __repr__(self) -> str:
        return f"PythonModuleValue({self.module.__name__})"

    def python_type(self) -> type:
        return types.ModuleType

    def as_constant(self) -> Any:
        return self.module

    def has_attribute(self, tx, name: str) -> bool:
        present = hasattr(self.module, name)
        if self.source is not None and self.module.__name__.split(".")[0] not in TRUSTED_MODULES:
            tx.ctx.guard(self.source, GuardKind.HASATTR, (name, present))
        return present

    def getattr(self, tx, name: str) -> Value:
        from compiler.values.wrap import wrap
        try:
            real = getattr(self.module, name)
        except AttributeError as exc:
            raise RaisedByProgram(exc) from None
        trusted = self.module.__name__.split(".")[0] in TRUSTED_MODULES
        source = AttrSource(self.source, name) if self.source is not None and not trusted else None
        return wrap(tx.ctx, real, source)


def _find_in_mro(cls: type, name: str, start_after: type | None = None):
    mro = cls.__mro__
    if start_after is not None:
        mro = mro[mro.index(start_after) + 1:]
    for klass in mro:
        if name in klass.__dict__:
            return klass, klass.__dict__[name]
    return None, None


def bind_class_attribute(tx, owner_cls: type, raw: Any, self_value: Value | None,
                         cls_value: Value | None, source) -> Value:
    """Apply the descriptor protocol for functions, static/class methods and properties."""
    from compiler.values.callables import UserFunctionValue, UserMethodValue
    from compiler.values.wrap import wrap
    if isinstance(raw, staticmethod):
        return wrap(tx.ctx, raw.__func__, None)
    if isinstance(raw, classmethod):
        return UserMethodValue(wrap(tx.ctx, raw.__func__, None), cls_value or ClassValue(owner_cls))
    if isinstance(raw, property):
        if self_value is None:
            return wrap(tx.ctx, raw, None)
        return wrap(tx.ctx, raw.fget, None).call(tx, [self_value], {})
    if isinstance(raw, types.FunctionType):
        function = UserFunctionValue(raw) if self_value is not None else wrap(tx.ctx, raw, None)
        return UserMethodValue(function, self_value) if self_value is not None else function
    if hasattr(type(raw), "__get__") and not isinstance(raw, (int, float, str, tuple)):
        raise Unsupported(f"descriptor {type(raw).__qualname__}", BreakReason.UNSUPPORTED_ATTRIBUTE)
    return wrap(tx.ctx, raw, source)


def class_attribute(tx, cls: type, name: str, self_value: Value | None) -> Value | None:
    for klass in cls.__mro__:  # a class attribute assigned earlier in this trace
        written = tx.ctx.module_attribute_writes.get((id(klass), name))
        if written is not None:
            return written
    owner, raw = _find_in_mro(cls, name)
    if owner is None or owner in (object, tuple):
        return None
    source = AttrSource(self_value.source, name) if self_value and self_value.source else None
    return bind_class_attribute(tx, owner, raw, self_value, None, source)


class ClassValue(Value):
    def __init__(self, cls: type, source=None):
        super().__init__(source)
        self.cls = cls

    def __repr__(self) -> str:
        return f"ClassValue({self.cls.__qualname__})"

    def python_type(self) -> type:
        return type(self.cls)

    def as_constant(self) -> Any:
        return self.cls

    def is_constant(self) -> bool:
        return True

    def hash_key(self) -> Any:
        return self.cls

    def has_attribute(self, tx, name: str) -> bool:
        """The class itself (guarded by identity, or made in the trace), with the attributes
        written to it in this trace."""
        writes = tx.ctx.module_attribute_writes
        return any((id(k), name) in writes for k in self.cls.__mro__) or hasattr(self.cls, name)

    def getattr(self, tx, name: str) -> Value:
        from compiler.values.wrap import wrap
        if name in ("__name__", "__qualname__", "__module__"):
            return ConstantValue(getattr(self.cls, name))
        written = class_attribute(tx, self.cls, name, None) if any(
            (id(k), name) in tx.ctx.module_attribute_writes for k in self.cls.__mro__) else None
        if written is not None:
            return written
        owner, raw = _find_in_mro(self.cls, name)
        if owner is None and name in ("__mro__", "__bases__", "__base__"):
            return wrap(tx.ctx, getattr(self.cls, name), None)  # fixed by the ID guard
        if owner is None:
            raise RaisedByProgram(AttributeError(f"type object {self.cls.__name__!r} has no "
                                                 f"attribute {name!r}"))
        source = AttrSource(self.source, name) if self.source is not None else None
        if isinstance(raw, types.FunctionType):
            return wrap(tx.ctx, raw, None)
        if str(getattr(owner, "__module__", "")).startswith(
                ("builtins", "itertools", "collections", "functools", "torch")):
            return wrap(tx.ctx, getattr(self.cls, name), None)  # C descriptors bind themselves
        return bind_class_attribute(tx, owner, raw, None, self, source)

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.construct import construct
        return construct(tx, self, args, kwargs)

    def iter(self, tx) -> Value:
        if issubclass(self.cls, enum.Enum):  # the members, in definition order
            from compiler.values.iterators import SequenceIteratorValue
            return SequenceIteratorValue([ConstantValue(member) for member in self.cls])
        return super().iter(tx)

    def len(self, tx) -> int:
        if issubclass(self.cls, enum.Enum):
            return len(self.cls)
        return super().len(tx)

    def getitem(self, tx, key: Value) -> Value:
        if issubclass(self.cls, enum.Enum):  # a member by name
            from compiler.values.constant import call_pure
            return ConstantValue(call_pure(lambda k: self.cls[k], [key.as_constant()], {}))
        return super().getitem(tx, key)

    def setattr(self, tx, name: str, value: Value) -> None:
        if type(self.cls) is not type or self.cls.__module__ in ("builtins",) or (
                self.cls.__module__.startswith("torch")):
            super().setattr(tx, name, value)
        tx.ctx.module_attribute_writes[(id(self.cls), name)] = value
        tx.ctx.side_effects.write_attribute(self, name, value)


class ObjectValue(Value):
    """An instance of a user class: existing (`real`, with a source) or made during the trace."""

    def __init__(self, cls: type, real: Any = None, source=None):
        super().__init__(source)
        self.cls = cls
        self.real = real
        self.attrs: dict[str, Value] = {}
        self.deleted: set[str] = set()

    def __repr__(self) -> str:
        where = f", {self.source}" if self.source else ""
        return f"ObjectValue({self.cls.__qualname__}{where})"

    def python_type(self) -> type:
        return self.cls

    def getattr(self, tx, name: str) -> Value:
        from compiler.values.wrap import wrap
        if name in self.attrs:
            return self.attrs[name]
        owner, raw = _find_in_mro(self.cls, name)
        if isinstance(raw, property) or (owner not in (None, object) and hasattr(
                type(raw), "__set__")):
            return class_attribute(tx, self.cls, name, self)
        if name not in self.deleted and self.real is not None:
            instance_dict = getattr(self.real, "__dict__", {})
            if name in instance_dict:
                value = wrap(tx.ctx, instance_dict[name], AttrSource(self.source, name))
                self.attrs[name] = value
                return value
        if name == "__class__":
            return ClassValue(self.cls)
        if name == "__dict__":
            raise Unsupported("an object's __dict__", BreakReason.UNSUPPORTED_ATTRIBUTE)
        if self.source is not None and hasattr(self.real, "__dict__"):
            tx.ctx.guard(self.source, GuardKind.INSTANCE_ATTR, (name, False))
        found = class_attribute(tx, self.cls, name, self)
        if found is not None:
            return found
        if _find_in_mro(self.cls, "__getattr__")[0] not in (None, object):
            getattr_fn = class_attribute(tx, self.cls, "__getattr__", self)
            return getattr_fn.call(tx, [ConstantValue(name)], {})
        if self.source is not None:
            tx.ctx.guard(self.source, GuardKind.HASATTR, (name, False))
        raise RaisedByProgram(AttributeError(f"{self.cls.__name__!r} object has no attribute "
                                             f"{name!r}"))

    def setattr(self, tx, name: str, value: Value) -> None:
        owner, raw = _find_in_mro(self.cls, "__setattr__")
        if owner is not object:
            raise Unsupported(f"custom __setattr__ of {self.cls.__qualname__}",
                              BreakReason.SIDE_EFFECT)
        _, descriptor = _find_in_mro(self.cls, name)
        if isinstance(descriptor, property):
            if descriptor.fset is None:
                raise RaisedByProgram(AttributeError(f"can't set attribute {name!r}"))
            from compiler.values.wrap import wrap
            wrap(tx.ctx, descriptor.fset, None).call(tx, [self, value], {})
            return
        self.attrs[name] = value
        self.deleted.discard(name)
        if self.real is not None:
            tx.ctx.side_effects.write_attribute(self, name, value)

    def delattr(self, tx, name: str) -> None:
        self.attrs.pop(name, None)
        self.deleted.add(name)
        if self.real is not None:
            tx.ctx.side_effects.write_attribute(self, name, None)

    def hash_key(self):
        """Identity, as `object.__hash__` gives; a class with its own `__eq__` or `__hash__`
        decides membership by running them, which the tracer does not model."""
        if self.cls.__hash__ is not object.__hash__ or self.cls.__eq__ is not object.__eq__:
            raise Unsupported(f"{self.cls.__qualname__} objects as dict keys or set members "
                              f"(custom __hash__/__eq__)", BreakReason.UNSUPPORTED_VALUE)
        return super().hash_key()

    def call(self, tx, args, kwargs) -> Value:
        method = class_attribute(tx, self.cls, "__call__", self)
        if method is None:
            raise RaisedByProgram(TypeError(f"{self.cls.__name__!r} object is not callable"))
        return method.call(tx, args, kwargs)

    def bool(self, tx) -> bool:
        for hook in ("__bool__", "__len__"):
            method = class_attribute(tx, self.cls, hook, self)
            if method is not None:
                result = method.call(tx, [], {})
                return bool(result.as_constant())
        return True

    def len(self, tx) -> int:
        method = class_attribute(tx, self.cls, "__len__", self)
        if method is None:
            raise RaisedByProgram(TypeError(f"object of type {self.cls.__name__!r} has no len()"))
        return method.call(tx, [], {}).as_constant()

    def iter(self, tx) -> Value:
        method = class_attribute(tx, self.cls, "__iter__", self)
        if method is None:
            raise RaisedByProgram(TypeError(f"{self.cls.__name__!r} object is not iterable"))
        return method.call(tx, [], {}).iter(tx)

    def getitem(self, tx, key: Value) -> Value:
        method = class_attribute(tx, self.cls, "__getitem__", self)
        if method is None:
            raise RaisedByProgram(TypeError(f"{self.cls.__name__!r} object is not subscriptable"))
        return method.call(tx, [key], {})

    def setitem(self, tx, key: Value, value: Value) -> None:
        method = class_attribute(tx, self.cls, "__setitem__", self)
        if method is None:
            raise RaisedByProgram(TypeError(f"{self.cls.__name__!r} does not support item "
                                            f"assignment"))
        method.call(tx, [key, value], {})

    def contains(self, tx, item: Value) -> bool:
        method = class_attribute(tx, self.cls, "__contains__", self)
        if method is not None:
            return method.call(tx, [item], {}).bool(tx)
        return super().contains(tx, item)


class InstanceDictValue(Value):
    """`vars(obj)` of an object made in the trace: a live view of its attributes."""

    def __init__(self, owner: ObjectValue):
        super().__init__(None)
        self.owner = owner

    def python_type(self) -> type:
        return dict

    def _pairs(self) -> list[tuple[Value, Value]]:
        return [(ConstantValue(k), v) for k, v in self.owner.attrs.items()]

    def len(self, tx) -> int:
        return len(self.owner.attrs)

    def iter(self, tx) -> Value:
        from compiler.values.iterators import SequenceIteratorValue
        return SequenceIteratorValue([k for k, _ in self._pairs()])

    def contains(self, tx, item: Value) -> bool:
        return item.as_constant() in self.owner.attrs

    def getitem(self, tx, key: Value) -> Value:
        name = key.as_constant()
        if name not in self.owner.attrs:
            raise RaisedByProgram(KeyError(name))
        return self.owner.attrs[name]

    def setitem(self, tx, key: Value, value: Value) -> None:
        self.owner.setattr(tx, key.as_constant(), value)

    def getattr(self, tx, name: str) -> Value:
        from compiler.values.callables import BoundContainerMethodValue
        return BoundContainerMethodValue(self, name)

    def call_method(self, tx, name, args, kwargs) -> Value:
        from compiler.values.containers import DictValue
        return DictValue.from_pairs(self._pairs()).call_method(tx, name, args, kwargs) \
            if name in ("keys", "values", "items", "get", "copy") else _no_method(name)


def _no_method(name: str):
    raise Unsupported(f"vars(obj).{name}", BreakReason.UNSUPPORTED_CALL)


def UserObjectValue(real: Any, source) -> ObjectValue:  # noqa: N802 - a factory named as a kind
    return ObjectValue(type(real), real, source)


class SuperValue(Value):
    def __init__(self, cls: type, obj: Value):
        super().__init__(None)
        self.cls, self.obj = cls, obj

    def getattr(self, tx, name: str) -> Value:
        start = self.obj.python_type()
        owner, raw = _find_in_mro(start, name, start_after=self.cls)
        if owner is None:
            raise RaisedByProgram(AttributeError(f"'super' object has no attribute {name!r}"))
        if owner is object and name == "__init__":
            from compiler.values.builtins import NoOpValue
            return NoOpValue()
        return bind_class_attribute(tx, owner, raw, self.obj, None, None)


class ExceptionValue(Value):
    """An exception object created in the trace (its arguments are constants)."""

    def __init__(self, exc: BaseException):
        super().__init__(None)
        self.exc = exc

    def python_type(self) -> type:
        return type(self.exc)

    def as_constant(self) -> Any:
        return self.exc

    def getattr(self, tx, name: str) -> Value:
        from compiler.values.wrap import wrap_constant
        if name == "args":
            return wrap_constant(self.exc.args)
        if name in getattr(self.exc, "__dict__", {}):  # set by a user exception's __init__
            return wrap_constant(self.exc.__dict__[name])
        raise Unsupported(f"attribute {name!r} of an exception", BreakReason.UNSUPPORTED_ATTRIBUTE)
