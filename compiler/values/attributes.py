"""`hasattr`, `getattr` with a default and `callable`, answered exactly (docs/soundness.md).

Presence is computed from the real type (its MRO, whether its instances have a `__dict__` or
a `__getattr__`) and, where the answer depends on the instance, from the tracker's own exact
lookup. A tracker that knows the real object outright answers through `has_attribute(tx,
name)`; anything that cannot be decided raises Unsupported. Never a default that "usually"
holds: the tracker's `getattr` is trusted only where the type says the name may be there.
"""

from __future__ import annotations

import _thread
import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, CallSource, ConstantSource, ItemSource
from compiler.values import registry
from compiler.values.base import RaisedByProgram, Value
from compiler.values.native import BoundContainerMethodValue, NativeFunctionValue

# Descriptors that always produce a value when read from an instance.
_ALWAYS_BIND = (types.FunctionType, staticmethod, classmethod, types.MethodDescriptorType,
                types.WrapperDescriptorType, types.BuiltinFunctionType,
                types.ClassMethodDescriptorType)
# Types whose attribute lookup is not the generic one and that no tracker models here.
_SPECIAL_GETATTRIBUTE = (types.MethodType, super)


def find_in_mro(cls: type, name: str,
                start_after: type | None = None) -> tuple[type | None, Any]:
    """Where `name` is defined along `cls.__mro__` (never the metaclass), past `start_after`
    when given (as super() looks): (owner, raw)."""
    mro = cls.__mro__
    if start_after is not None:
        mro = mro[mro.index(start_after) + 1:]
    for klass in mro:
        if name in klass.__dict__:
            return klass, klass.__dict__[name]
    return None, None


def refuse(value: Value, question: str) -> Unsupported:
    return Unsupported(f"{question} of {value}", BreakReason.UNSUPPORTED_ATTRIBUTE)


def missing(cls: type, name: str) -> RaisedByProgram:
    return RaisedByProgram(AttributeError(f"{type_name(cls)!r} object has no attribute "
                                          f"{name!r}"))


def type_name(cls: type) -> str:
    """CPython's tp_name, which its messages show: a static type outside builtins has its
    module in it ('collections.OrderedDict', 'collections.deque')."""
    if cls.__flags__ & (1 << 9) or cls.__module__ == "builtins":  # Py_TPFLAGS_HEAPTYPE
        return cls.__name__
    return f"{cls.__module__}.{cls.__name__}"


# -- guards on a lookup along a class's MRO ----------------------------------------------------
# A program may replace a method on its class, override it on a subclass nearer the instance,
# or delete it, between two calls. The trace used what the lookup found, so each class the
# lookup passed is guarded to still lack the name, and the class that had it to still hold the
# same object. Types CPython does not let a program change (builtins, C types) need no guard.

_IMMUTABLE_TYPE = 1 << 8  # Py_TPFLAGS_IMMUTABLETYPE: its attributes cannot be set


def guard_lookup(tx, cls: type, name: str, owner: type | None,
                 start_after: type | None = None) -> None:
    """Guard the lookup of `name` along `cls.__mro__` (past `start_after`, as super() looks)
    that found it on `owner` (None: on no class). The MRO itself is guarded too: a program
    may assign a class's `__bases__`."""
    mro = cls.__mro__
    if not cls.__flags__ & _IMMUTABLE_TYPE:
        source = ConstantSource(tx.ctx.label_for(cls, "cls"), cls)
        tx.ctx.guard(AttrSource(source, "__mro__"), GuardKind.EQUALS, mro)
    if start_after is not None:
        mro = mro[mro.index(start_after) + 1:]
    for klass in mro:
        if not klass.__flags__ & _IMMUTABLE_TYPE:
            source = ConstantSource(tx.ctx.label_for(klass, "cls"), klass)
            if klass is owner:
                tx.ctx.guard(ItemSource(AttrSource(source, "__dict__"), name), GuardKind.ID,
                             klass.__dict__[name])
            else:
                tx.ctx.guard(source, GuardKind.INSTANCE_ATTR, (name, False))
        if klass is owner:
            return


def guard_subclass_answer(tx, kind: type, classes: Any) -> None:
    """`issubclass(kind, classes)`, answered at trace time, is guarded by asking it again
    where the answer can change: `kind` is a program's class (its `__bases__` may be
    assigned) or a class asked about checks subclasses its own way (an ABC's `register`)."""
    targets = classes if isinstance(classes, tuple) else (classes,)
    own_check = any(isinstance(c, type) and type(c).__subclasscheck__ is not type.__subclasscheck__
                    for c in targets)
    if not own_check and (kind.__flags__ & _IMMUTABLE_TYPE or kind.__module__.startswith("torch")):
        return
    ctx = tx.ctx
    query = CallSource(ConstantSource(ctx.label_for(issubclass, "fn"), issubclass),
                       (ConstantSource(ctx.label_for(kind, "cls"), kind),
                        ConstantSource(ctx.label_for(classes, "classes"), classes)))
    ctx.guard(query, GuardKind.EQUALS, issubclass(kind, classes))


def guarded_find_in_mro(tx, cls: type, name: str,
                        start_after: type | None = None) -> tuple[type | None, Any]:
    """`find_in_mro`, with its answer guarded (`guard_lookup`)."""
    owner, raw = find_in_mro(cls, name, start_after)
    guard_lookup(tx, cls, name, owner, start_after)
    return owner, raw


def bound_method(value: Value, name: str) -> Value:
    """`container.name` for a builtin container type (no instance dict, no `__getattr__`):
    a method bound to the tracker, AttributeError when the type has no such name, and
    refused for anything else the type defines (`deque.maxlen`, `dict.__class__`...)."""
    cls = value.python_type()
    owner, raw = find_in_mro(cls, name)
    if owner is None:
        raise missing(cls, name)
    if name == "__class__":
        return registry.class_value(cls)
    if not isinstance(raw, _ALWAYS_BIND):
        raise refuse(value, f"attribute {name!r}")
    return BoundContainerMethodValue(value, name)


def type_has(cls: type, name: str) -> bool:
    """Whether instances of a type with no instance dict and no `__getattr__` (lists, dicts,
    tuples, sets, ints, ...) have `name`: exactly whether the type defines it."""
    return find_in_mro(cls, name)[0] is not None


def _always_present(owner: type, raw: Any, name: str) -> bool:
    if not hasattr(type(raw), "__get__"):
        return True  # a plain class attribute
    if isinstance(raw, _ALWAYS_BIND) or owner is object:
        return True  # methods, and object's own `__class__`, `__doc__`, ...
    return name in ("__dict__", "__weakref__") and isinstance(raw, types.GetSetDescriptorType)


def _has_instance_dict(cls: type) -> bool:
    return getattr(cls, "__dictoffset__", 0) != 0 or find_in_mro(cls, "__dict__")[0] not in (
        None, type) or issubclass(cls, _thread._local)  # (the calling thread's dict)


def lookup(tx, value: Value, name: str) -> tuple[bool, Value | None]:
    """(present, value read) — the value when presence needed a real lookup, else None."""
    own = getattr(value, "has_attribute", None)
    if own is not None:
        known = own(tx, name)
        if known is not None:
            return known, None
    if isinstance(value, NativeFunctionValue):  # builtins and torch functions are immutable
        return hasattr(value.fn, name), None
    find = guarded_find_in_mro  # the class may change between calls
    cls = value.python_type()
    getattribute_owner, raw = find(tx, cls, "__getattribute__")
    if isinstance(raw, types.FunctionType) and getattr(value, "runs_getattribute", False):
        return _by_reading(tx, value, name)  # the tracker traces the class's hook
    if isinstance(raw, types.FunctionType) or getattribute_owner in _SPECIAL_GETATTRIBUTE:
        raise refuse(value, f"hasattr({name!r}) with a custom __getattribute__")
    owner, raw = find(tx, cls, name)
    if owner is not None and _always_present(owner, raw, name):
        return True, None
    if owner is None and find(tx, cls, "__getattr__")[0] is None and (
            not _has_instance_dict(cls)):
        return False, None
    return _by_reading(tx, value, name)


def _by_reading(tx, value: Value, name: str) -> tuple[bool, Value | None]:
    """The instance decides (its dict, a property, `__getattr__`): read it, as hasattr does."""
    try:
        return True, value.getattr(tx, name)
    except RaisedByProgram as raised:
        if isinstance(raised.exc, AttributeError):
            return False, None
        raise


def instance_dict_attribute(tx, value: Value, real: Any, name: str) -> Value:
    """`obj.name` of an object of a C type with an instance dict (a functools.partial), for a
    name its type has no descriptor for: its instance dict's (a dict made in the trace is
    empty; an existing object's is read, its presence guarded), else the type's plain class
    attribute (`__module__`), else AttributeError."""
    cls = value.python_type()
    owner, raw = find_in_mro(cls, name)
    if owner is not None and hasattr(type(raw), "__get__"):
        raise refuse(value, f"attribute {name!r}")
    if real is not None:
        if value.source is None or type(real) is not cls:  # (a subclass's own attributes)
            raise refuse(value, f"attribute {name!r}")
        present = name in real.__dict__
        tx.ctx.guard(value.source, GuardKind.INSTANCE_ATTR, (name, present))
        if present:
            return registry.wrap(tx.ctx, real.__dict__[name], AttrSource(value.source, name))
    if owner is not None and isinstance(raw, (str, int, type(None))):
        return registry.wrap_constant(raw)
    if owner is not None:
        raise refuse(value, f"attribute {name!r}")
    raise missing(cls, name)


def has_attribute(tx, value: Value, name: str) -> bool:
    return lookup(tx, value, name)[0]


def getattr_or_default(tx, value: Value, name: str, default: Value) -> Value:
    present, found = lookup(tx, value, name)
    if not present:
        return default
    if found is not None:
        return found
    try:
        return value.getattr(tx, name)
    except RaisedByProgram as raised:
        if isinstance(raised.exc, AttributeError):
            return default
        raise


def is_callable(value: Value) -> bool:
    """`callable(x)`: whether the exact type defines `__call__` (CPython's tp_call)."""
    return find_in_mro(value.python_type(), "__call__")[0] is not None


def is_none(value: Value) -> bool:
    return value.is_constant() and value.as_constant() is None


def assign_class(tx, obj, value: Value) -> None:
    """`obj.__class__ = C` on an object made in the trace: CPython's own check decides whether
    the two classes' layouts allow it (asked on a bare instance of the old class), then the
    tracker's class is C. An existing object's is refused (its guards name its class)."""
    target = value.fixed_object()  # a class tracker's class
    if obj.real is not None or not isinstance(target, type) or any(
            find_in_mro(k, "__del__")[0] is not None for k in (obj.cls, target)):
        raise refuse(obj, "assignment of __class__")  # (a probe's __del__ would run)
    try:
        probe = object.__new__(obj.cls)
    except TypeError:
        raise refuse(obj, "assignment of __class__") from None
    try:
        object.__setattr__(probe, "__class__", target)
    except TypeError as error:
        raise RaisedByProgram(error) from None
    tx.ctx.side_effects.touch(obj)
    obj.cls = target


def check_instance_assignment(cls: type, name: str, descriptor: Any) -> None:
    """`obj.name = v` stored in the instance, as object.__setattr__ would store it: a slot,
    or the instance dict; a class without one raises AttributeError, and a user data
    descriptor (its `__set__` decides) is refused. Properties are handled by the caller."""
    slot = isinstance(descriptor, types.MemberDescriptorType)
    if not slot and hasattr(type(descriptor), "__set__"):
        raise Unsupported(f"assigning {name!r} through a {type(descriptor).__name__} "
                          "descriptor", BreakReason.UNSUPPORTED_ATTRIBUTE)
    if not slot and not cls.__dictoffset__ and not issubclass(cls, _thread._local):
        # __slots__ and no instance dict (a thread-local's is the calling thread's)
        raise RaisedByProgram(AttributeError(f"{cls.__name__!r} object has no attribute "
                                             f"{name!r}"))


def delete_through_class(tx, obj, name: str) -> bool:
    """object.__delattr__ on a user instance: a property's deleter runs (True: done), a user
    descriptor's __delete__ is refused, and a name not in the instance dict raises
    AttributeError; False: the instance dict entry is to be deleted."""
    from compiler.guards.guard import GuardKind
    from compiler.values.user_descriptors import data_descriptor
    user_descriptor = data_descriptor(tx, obj.cls, name)
    if user_descriptor is not None:  # its __delete__, traced
        user_descriptor.delete(tx, obj)
        return True
    _, descriptor = find_in_mro(obj.cls, name)
    if isinstance(descriptor, property):
        if descriptor.fdel is None:
            raise RaisedByProgram(AttributeError(
                f"property {name!r} of {obj.cls.__name__!r} object has no deleter"))
        registry.wrap(tx.ctx, descriptor.fdel, None).call(tx, [obj], {})
        return True
    if isinstance(descriptor, types.MemberDescriptorType) and "__slots__" in vars(
            find_in_mro(obj.cls, name)[0]):
        if name not in obj.attrs:
            obj.slot_value(tx, name, descriptor)  # an unset slot raises AttributeError
        return False
    if descriptor is not None and hasattr(type(descriptor), "__delete__"):
        raise Unsupported(f"deleting {name!r} through a {type(descriptor).__name__}",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)
    if name in obj.attrs:
        return False
    present = False
    if name not in obj.deleted and obj.real is not None:
        if obj.source is None:
            raise Unsupported("deleting an attribute of an object reached without a source",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        present = name in getattr(obj.real, "__dict__", {})
        tx.ctx.guard(obj.source, GuardKind.INSTANCE_ATTR, (name, present))
    if not present:
        raise RaisedByProgram(AttributeError(name))
    return False
