"""Python modules, classes, instances of user classes (existing or made in the trace),
super(), and exception objects.
"""

from __future__ import annotations

import _thread
import collections
import enum
import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, ConstantSource, ItemSource
from compiler.values import registry
from compiler.values.attributes import (
    assign_class,
    check_instance_assignment,
    delete_through_class,
    find_in_mro,
    guarded_find_in_mro,
    is_none,
)
from compiler.values.base import RaisedByProgram, Value, next_until_stop
from compiler.values.cached_attributes import computed_on_first_read, is_computed_on_first_read
from compiler.values.callables import (
    UserFunctionValue,
    UserMethodValue,
    bind_written,
    without_bookkeeping,
)
from compiler.values.constant import ConstantValue
from compiler.values.instance_dict import InstanceDictValue, dict_writers, new_slotted_object
from compiler.values.metaclass_protocols import meta_protocols, refuse_meta_hash
from compiler.values.object_slot_methods import ObjectSlotMethodValue
from compiler.values.stdlib_enum import ClassProtocols
from compiler.values.user_descriptors import UserDescriptor, data_descriptor
from compiler.values.weakrefs import instance_weakref

# Modules whose contents are fixed for the life of the process: attributes read from them are
# treated as constants, with no guard.
# Mutable containers held by a module (registries, hook tables): never fixed, even torch's.
MUTABLE_STATE = (dict, list, set)
TRUSTED_MODULES = ("torch", "math", "operator", "itertools", "functools", "builtins",
                   "collections", "typing", "dataclasses", "enum", "numbers", "cmath")


class PythonModuleValue(Value):
    # module_namespace.py installs these: the namespace tracker, and the globals the trace wrote
    namespace_hooks: Any = None

    def __init__(self, module: types.ModuleType, source=None):
        super().__init__(source)
        self.module = module

    def held_object(self) -> Any:
        return self.module

    def fixed_object(self) -> Any:
        return self.module

    def __repr__(self) -> str:
        return f"PythonModuleValue({self.module.__name__})"

    def python_type(self) -> type:
        return types.ModuleType

    def as_constant(self) -> Any:
        return self.module

    def has_attribute(self, tx, name: str) -> bool:
        if (present := self.namespace_hooks.presence(tx, self, name)) is not None:
            return present  # a global the trace assigned or deleted
        present = hasattr(self.module, name)
        if self.source is not None and self.module.__name__.split(".")[0] not in TRUSTED_MODULES:
            tx.ctx.guard(self.source, GuardKind.HASATTR, (name, present))
        return present

    def getattr(self, tx, name: str) -> Value:
        if name == "__dict__" and type(self.module) is types.ModuleType:  # the namespace itself
            return self.namespace_hooks.namespace(self)
        if (written := self.namespace_hooks.assigned(tx, self, name)) is not None:
            return written  # a global the trace assigned
        try:
            real = getattr(self.module, name)
        except AttributeError as exc:
            raise RaisedByProgram(exc) from None
        trusted = self.module.__name__.split(".")[0] in TRUSTED_MODULES
        source = AttrSource(self.source, name) if self.source is not None and not trusted else None
        if trusted and isinstance(real, MUTABLE_STATE):  # a table of torch's: state, guarded
            namespace = vars(self.module)
            label = tx.ctx.label_for(namespace, "globals")
            source = ItemSource(ConstantSource(label, namespace), name)
        return registry.wrap(tx.ctx, real, source)


def bind_class_attribute(tx, owner_cls: type, raw: Any, self_value: Value | None,
                         cls_value: Value | None, source) -> Value:
    """Apply the descriptor protocol for functions, static/class methods and properties."""
    if isinstance(raw, staticmethod):
        return registry.wrap(tx.ctx, raw.__func__, None)
    if isinstance(raw, classmethod):
        return UserMethodValue(registry.wrap(tx.ctx, raw.__func__, None),
                               cls_value or ClassValue(owner_cls))
    if isinstance(raw, property):
        if self_value is None:
            return registry.wrap(tx.ctx, raw, None)
        if isinstance(raw.fget, types.FunctionType):  # traced, even one of torch's classes
            return UserFunctionValue(raw.fget).call(tx, [self_value], {})
        return registry.wrap(tx.ctx, raw.fget, None).call(tx, [self_value], {})
    computed = computed_on_first_read(tx, raw, self_value)
    if computed is not None:
        return computed
    if isinstance(raw, types.FunctionType):
        function = (UserFunctionValue(without_bookkeeping(raw)) if self_value is not None
                    else registry.wrap(tx.ctx, raw, None))
        return UserMethodValue(function, self_value) if self_value is not None else function
    if self_value is None and isinstance(raw, (types.GetSetDescriptorType,
                                              types.MemberDescriptorType)):
        return registry.wrap(tx.ctx, raw, source)  # read through the class: itself
    if self_value is not None and type(raw).__name__ == "_lru_cache_wrapper":  # a method
        return UserMethodValue(registry.wrap(tx.ctx, raw, None), self_value)  # (MethodType)
    if hasattr(type(raw), "__get__") and not isinstance(raw, (int, float, str, tuple)):
        raise Unsupported(f"descriptor {type(raw).__qualname__}", BreakReason.UNSUPPORTED_ATTRIBUTE)
    return registry.wrap(tx.ctx, raw, source)


def class_attribute(tx, cls: type, name: str, self_value: Value | None) -> Value | None:
    for klass in cls.__mro__:  # a class attribute assigned earlier in this trace
        written = tx.ctx.module_attribute_writes.get((id(klass), name))
        if written is not None:
            return bind_written(written, self_value)
    owner, raw = guarded_find_in_mro(tx, cls, name)
    if owner is None or owner in (object, tuple):
        return None
    descriptor = UserDescriptor.find(tx, cls, name)  # one written in Python: traced, unless
    if descriptor is not None and not is_computed_on_first_read(raw):  # a cached_property
        return descriptor.get(tx, self_value, ClassValue(cls))
    if owner in (dict, collections.OrderedDict) and self_value is not None:
        from compiler.values.dict_storage import dict_storage_method  # a subclass's storage
        method = dict_storage_method(self_value, name, owner)
        if method is not None:
            return method
    storage_method = getattr(self_value, "storage_method", None)  # container_objects.py
    if storage_method is not None and (found := storage_method(tx, name, owner)) is not None:
        return found
    source = AttrSource(self_value.source, name) if self_value and self_value.source else None
    if source is None and self_value is not None:  # an object made in the trace: the class
        from compiler.guards.sources import ConstantSource  # attribute is read live, guarded
        source = AttrSource(ConstantSource(tx.ctx.label_for(cls, "cls"), cls), name)
    cls_value = ClassValue(cls) if isinstance(raw, classmethod) else None  # the instance's
    return bind_class_attribute(tx, owner, raw, self_value, cls_value, source)


class ClassValue(ClassProtocols):
    def __init__(self, cls: type, source=None):
        super().__init__(source)
        self.cls = cls

    def held_object(self) -> Any:
        return self.cls

    def fixed_object(self) -> Any:
        return self.cls

    def __repr__(self) -> str:
        return f"ClassValue({self.cls.__qualname__})"

    def python_type(self) -> type:
        return type(self.cls)

    def as_constant(self) -> Any:
        return self.cls

    def is_constant(self) -> bool:  # not when its metaclass answers protocols itself
        return not meta_protocols(self.cls)  # (metaclass_protocols.py)

    def dunder_class(self) -> type | None:
        return type(self.cls) if meta_protocols(self.cls) else None  # its operators traced

    def hash_key(self) -> Any:
        refuse_meta_hash(self.cls)
        return self.cls

    def has_attribute(self, tx, name: str) -> bool:
        """The class itself (guarded by identity, or made in the trace), with the attributes
        written to it in this trace."""
        writes = tx.ctx.module_attribute_writes
        if any((id(k), name) in writes for k in self.cls.__mro__):
            return True
        if guarded_find_in_mro(tx, self.cls, name)[0] is not None:  # the class may change
            return True
        return guarded_find_in_mro(tx, type(self.cls), name)[0] is not None  # its metaclass

    def getattr(self, tx, name: str) -> Value:
        if name in ("__dict__", "__members__"):
            found = self._mapping_view(tx, name)
            if found is not None:
                return found
        if name in _TYPE_LAYOUT and find_in_mro(type(self.cls), name)[0] is type:
            tx.ctx.guard(self.attribute_source(tx, name), GuardKind.EQUALS, getattr(self.cls, name))
            return ConstantValue(getattr(self.cls, name))  # type's own getset, read now
        if name in ("__name__", "__qualname__", "__module__"):  # a program may rename it
            tx.ctx.guard(self.attribute_source(tx, name), GuardKind.EQUALS, getattr(self.cls, name))
            return ConstantValue(getattr(self.cls, name))
        written = class_attribute(tx, self.cls, name, None) if any(
            (id(k), name) in tx.ctx.module_attribute_writes for k in self.cls.__mro__) else None
        if written is not None:
            return written
        if type(self.cls) is not type and any(  # a metaclass's data descriptor comes first
                hasattr(type(find_in_mro(type(self.cls), name)[1]), m) for m in _DATA):
            found = self._metaclass_attribute(tx, name)
            if found is not None:
                return found
        owner, raw = guarded_find_in_mro(tx, self.cls, name)
        if owner is None and name in ("__mro__", "__bases__", "__base__"):
            return registry.wrap(tx.ctx, getattr(self.cls, name), None)  # fixed by the ID guard
        if owner is None and type(self.cls) is not type:
            found = self._metaclass_attribute(tx, name)
            if found is not None:
                return found
        if owner is None and find_in_mro(type(self.cls), name)[0] is not None:
            raise Unsupported(f"attribute {name!r} of {self.cls.__qualname__} from its metaclass",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)  # type's own (`__call__`...)
        if owner is None:
            raise RaisedByProgram(AttributeError(f"type object {self.cls.__name__!r} has no "
                                                 f"attribute {name!r}"))
        if isinstance(raw, types.FunctionType):
            return registry.wrap(tx.ctx, raw, None)
        descriptor = UserDescriptor.find(tx, self.cls, name)  # `__get__(None, cls)`
        if descriptor is not None:
            return descriptor.get(tx, None, self)
        if str(getattr(owner, "__module__", "")).startswith(
                ("builtins", "itertools", "collections", "functools", "torch")):
            # C descriptors bind themselves
            return registry.wrap(tx.ctx, getattr(self.cls, name), None)
        return bind_class_attribute(tx, owner, raw, None, self, self.attribute_source(tx, name))

    def _mapping_view(self, tx, name: str) -> Value | None:
        """An Enum's `__members__`, a class's `__dict__` (keys guarded), else refused."""
        from compiler.values.mapping_proxy import MappingProxyValue
        cls = self.cls
        if name == "__members__":
            return None if not issubclass(cls, enum.Enum) else MappingProxyValue(
                list(cls.__members__), lambda k: ConstantValue(cls.__members__[k]),
                f"{cls.__qualname__}.__members__")
        if cls.__flags__ & (1 << 8) or {find_in_mro(type(cls), n)[0] for n in _LOOKUP} != {type}:
            raise Unsupported(f"{cls.__qualname__}.__dict__", BreakReason.UNSUPPORTED_ATTRIBUTE)
        if any(key[0] == id(cls) for key in tx.ctx.module_attribute_writes):
            raise Unsupported(f"{cls.__qualname__}.__dict__ after the trace wrote to the class",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        source = self.attribute_source(tx, "__dict__")
        tx.ctx.guard(source, GuardKind.DICT_KEYS, list(vars(cls)))

        def read(key: str) -> Value:
            raw = vars(cls)[key]
            if isinstance(raw, (types.GetSetDescriptorType, types.MemberDescriptorType)):
                return registry.wrap(tx.ctx, raw, None)  # `__dict__`, `__weakref__`, slots
            return registry.wrap(tx.ctx, raw, ItemSource(source, key))

        return MappingProxyValue(list(vars(cls)), read, f"{cls.__qualname__}.__dict__")

    def _metaclass_attribute(self, tx, name: str) -> Value | None:
        """A name the class's MRO lacks, on a program's metaclass, bound to the class as
        `type.__getattribute__` does; a metaclass with its own attribute hooks is refused."""
        meta = type(self.cls)
        if meta.__module__ in ("builtins", "abc", "enum") or meta.__module__.startswith("torch"):
            return None
        for hook in ("__getattribute__", "__getattr__"):
            if find_in_mro(meta, hook)[0] not in (None, type, object):
                raise Unsupported(f"{hook} of metaclass {meta.__qualname__}",
                                  BreakReason.UNSUPPORTED_ATTRIBUTE)
        owner, raw = guarded_find_in_mro(tx, meta, name)
        if owner in (None, type, object):
            return None
        source = AttrSource(ConstantSource(tx.ctx.label_for(meta, "cls"), meta), name)
        return bind_class_attribute(tx, owner, raw, self, ClassValue(meta), source)

    def attribute_source(self, tx, name: str) -> AttrSource:
        """A class reached without a source (`type(obj)`, `obj.__class__`, made in the trace)
        is held as a constant: its attributes are still read live and guarded."""
        if self.source is not None:
            return AttrSource(self.source, name)
        return AttrSource(ConstantSource(tx.ctx.label_for(self.cls, "cls"), self.cls), name)

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.construct import construct
        return construct(tx, self, args, kwargs)

    def setattr(self, tx, name: str, value: Value) -> None:
        if type(self.cls) is not type or self.cls.__module__ in ("builtins",) or (
                self.cls.__module__.startswith("torch")):
            super().setattr(tx, name, value)
        tx.ctx.module_attribute_writes[(id(self.cls), name)] = value
        tx.ctx.side_effects.write_attribute(self, name, value)


# Ints of the type object's layout that `type`'s own getsets and members give a class.
_TYPE_LAYOUT = ("__flags__", "__basicsize__", "__itemsize__", "__dictoffset__",
                "__weakrefoffset__")
_DATA = ("__set__", "__delete__")  # what makes a descriptor a data descriptor
_LOOKUP = ("__dict__", "__getattribute__")  # the metaclass's both type's: `__dict__` is type's
# Builtin bases whose `__getattribute__` slot is the generic one (PyObject_GenericGetAttr).
_GENERIC_BASES = (dict, list, tuple, set, frozenset, int, float, str, bytes)


class ObjectValue(Value):
    """An instance of a user class: existing (`real`, with a source) or made during the trace."""
    steps_run_code = True  # its iteration runs __next__ or __getitem__

    def __init__(self, cls: type, real: Any = None, source=None):
        super().__init__(source)
        self.cls = cls
        self.real = real
        self.attrs: dict[str, Value] = {}
        self.deleted: set[str] = set()
        self.dict_stores: set[str] = set()  # descriptors' names written in the dict itself

    def attribute_writers(self) -> tuple[str, str]:
        # its writes were traced through its class's hooks: store them as they did
        return dict_writers(self.cls, self.dict_stores)

    def fixed_object(self) -> Any:
        # an existing object reached through constants of the trace
        return self.real if self.source is None else None

    def current_object(self) -> Any:
        return self.real

    def is_fresh_object(self) -> bool:
        return True

    def dunder_class(self) -> type:
        return self.cls

    def reconstruct(self, plan) -> str:
        if self.source is not None:
            return plan.source_expr(self.source)
        if self.real is not None:
            return plan.bind(self.real)
        attrs = ", ".join(f"{name!r}: {plan.expr(v)}" for name, v in self.attrs.items())
        storage = getattr(self, "storage", None)  # a dict subclass's (dict_storage.py)
        if storage is not None:
            pairs = ", ".join(f"({plan.expr(k)}, {plan.expr(v)})"
                              for k, v in storage.entries.values())
            return plan.temp(f"___new_mapping({plan.bind(self.cls)}, "
                             f"{plan.bind(self.base)}, {{{attrs}}}, [{pairs}])")
        if self.cls is types.SimpleNamespace:  # (object.__new__ refuses it)
            return plan.temp(f"{plan.bind(self.cls)}(**{{{attrs}}})")
        if any("__slots__" in vars(k) for k in self.cls.__mro__):
            return plan.temp(f"{plan.bind(new_slotted_object)}({plan.bind(self.cls)}, "
                             f"{{{attrs}}})")
        return plan.temp(f"___new_object({plan.bind(self.cls)}, {{{attrs}}})")

    def __repr__(self) -> str:
        where = f", {self.source}" if self.source else ""
        return f"ObjectValue({self.cls.__qualname__}{where})"

    def python_type(self) -> type:
        return self.cls

    runs_getattribute = True  # a Python `__getattribute__` of the class is traced

    def _python_slot(self, tx, name: str) -> Value | None:
        """The class's own `__getattribute__`/`__setattr__` written in Python (traced), None
        for object's; any other (a C base's) is refused."""
        owner, raw = find_in_mro(self.cls, name)
        if owner in (None, object, types.SimpleNamespace, _thread._local) or (
                name == "__getattribute__" and owner in _GENERIC_BASES):
            return None  # the generic slot (SimpleNamespace's three are the generic ones)
        if not isinstance(raw, types.FunctionType):
            raise Unsupported(f"{name} of {self.cls.__qualname__} ({type(raw).__qualname__})",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        return class_attribute(tx, self.cls, name, self)

    def _has_getattr_hook(self) -> bool:
        return find_in_mro(self.cls, "__getattr__")[0] not in (None, object)

    def getattr(self, tx, name: str) -> Value:
        """As CPython's slot: `__getattribute__` (the class's, or the generic lookup), then
        `__getattr__` on an AttributeError."""
        hook = self._python_slot(tx, "__getattribute__")
        try:
            if hook is None:
                return self.generic_getattr(tx, name)
            return hook.call(tx, [ConstantValue(name)], {})
        except RaisedByProgram as raised:
            if not isinstance(raised.exc, AttributeError) or not self._has_getattr_hook():
                raise
        getattr_fn = class_attribute(tx, self.cls, "__getattr__", self)
        return getattr_fn.call(tx, [ConstantValue(name)], {})

    def generic_getattr(self, tx, name: str) -> Value:
        """`object.__getattribute__`: data descriptors, the instance dict, the class."""
        owner, raw = find_in_mro(self.cls, name)
        data = owner not in (None, object) and any(hasattr(type(raw), m) for m in _DATA)
        set_only = data and not hasattr(type(raw), "__get__")  # found after the dict
        data = data and not set_only
        if name in self.attrs and not (data and not isinstance(raw, types.MemberDescriptorType)):
            return self.attrs[name]  # a slot's value, or the instance dict's
        if isinstance(raw, types.MemberDescriptorType) and owner is not None and (
                owner.__dict__.get("__slots__") is not None):
            return self.slot_value(tx, name, raw)
        if name == "__dict__" and (isinstance(raw, types.GetSetDescriptorType)
                                   or owner is types.SimpleNamespace):  # (a member there)
            return InstanceDictValue.of(self)
        if name == "__weakref__" and isinstance(raw, types.GetSetDescriptorType):
            return instance_weakref(tx, self)
        if data:  # a data descriptor (a property, a user's) comes before the instance dict
            return class_attribute(tx, self.cls, name, self)
        if name not in self.deleted and self.real is not None:
            instance_dict = getattr(self.real, "__dict__", {})
            if name in instance_dict:
                value = registry.wrap(tx.ctx, instance_dict[name], AttrSource(self.source, name))
                self.attrs[name] = value
                return value
        if name == "__class__":
            return ClassValue(self.cls)
        if name == "__dict__":
            raise Unsupported("an object's __dict__", BreakReason.UNSUPPORTED_ATTRIBUTE)
        if self.source is not None and hasattr(self.real, "__dict__") and name not in self.deleted:
            tx.ctx.guard(self.source, GuardKind.INSTANCE_ATTR, (name, False))
        if set_only and (user := UserDescriptor.find(tx, self.cls, name)) is not None:
            return user.tracker(tx)  # a data descriptor without __get__ is read as itself
        found = class_attribute(tx, self.cls, name, self)
        if found is not None:
            return found
        if name in ObjectSlotMethodValue.NAMES or name in ObjectSlotMethodValue.GENERIC:
            return ObjectSlotMethodValue(self, name)
        if name in vars(object):  # object's own slots (`__sizeof__`, `__reduce__`, ...)
            raise Unsupported(f"attribute {name!r} of a {self.cls.__qualname__} object",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        if self.source is not None and not self._has_getattr_hook() and name not in self.deleted:
            tx.ctx.guard(self.source, GuardKind.HASATTR, (name, False))  # (not if deleted here)
        raise RaisedByProgram(AttributeError(f"{self.cls.__name__!r} object has no attribute "
                                             f"{name!r}"))

    def slot_value(self, tx, name: str, member: types.MemberDescriptorType) -> Value:
        """A `__slots__` entry not written in this trace: an existing object's is read (its
        value guarded through the source); an unset one raises AttributeError."""
        if self.real is not None and name not in self.deleted:
            if self.source is None:
                raise Unsupported(f"slot {name!r} of an object reached without a source",
                                  BreakReason.UNSUPPORTED_ATTRIBUTE)
            try:
                real = member.__get__(self.real, self.cls)
            except AttributeError:
                if self._has_getattr_hook():  # hasattr would ask __getattr__: not a guard
                    raise Unsupported(f"an unset slot {name!r} of a class with __getattr__",
                                      BreakReason.UNSUPPORTED_ATTRIBUTE) from None
                tx.ctx.guard(self.source, GuardKind.HASATTR, (name, False))
            else:
                self.attrs[name] = registry.wrap(tx.ctx, real, AttrSource(self.source, name))
                return self.attrs[name]
        raise RaisedByProgram(AttributeError(name))

    def setattr(self, tx, name: str, value: Value) -> None:
        hook = self._python_slot(tx, "__setattr__")
        if hook is not None:
            hook.call(tx, [ConstantValue(name), value], {})
            return
        self.generic_setattr(tx, name, value)

    def generic_setattr(self, tx, name: str, value: Value) -> None:
        """`object.__setattr__`: a property's setter, else the instance dict."""
        _, descriptor = find_in_mro(self.cls, name)
        if isinstance(descriptor, property):
            if descriptor.fset is None:
                raise RaisedByProgram(AttributeError(
                    f"property {name!r} of {self.cls.__qualname__!r} object has no setter"))
            registry.wrap(tx.ctx, descriptor.fset, None).call(tx, [self, value], {})
            return
        if (user_descriptor := data_descriptor(tx, self.cls, name)) is not None:
            return user_descriptor.set(tx, self, value)  # its __set__, traced
        if name == "__class__" and descriptor is vars(object)["__class__"]:
            return assign_class(tx, self, value)
        check_instance_assignment(self.cls, name, descriptor)
        tx.ctx.side_effects.touch(self)
        self.attrs[name] = value
        self.deleted.discard(name)
        if self.real is not None:
            tx.ctx.side_effects.write_attribute(self, name, value)

    def delattr(self, tx, name: str) -> None:
        hook = self._python_slot(tx, "__delattr__")  # the class's own, else object's
        if hook is not None:
            hook.call(tx, [ConstantValue(name)], {})
        else:
            self.generic_delattr(tx, name)

    def generic_delattr(self, tx, name: str) -> None:
        """`object.__delattr__`: a property's deleter, else the instance entry."""
        if not delete_through_class(tx, self, name):
            tx.ctx.side_effects.touch(self)
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
        method = class_attribute(tx, self.cls, "__bool__", self)
        if method is not None:
            result = method.call(tx, [], {}).as_constant()
            if type(result) is not bool:
                raise RaisedByProgram(TypeError(f"__bool__ should return bool, returned "
                                                f"{type(result).__name__}"))
            return result
        if class_attribute(tx, self.cls, "__len__", self) is not None:
            return self.len(tx) != 0
        return True

    def len(self, tx) -> int:
        method = class_attribute(tx, self.cls, "__len__", self)
        if method is None:
            raise RaisedByProgram(TypeError(f"object of type {self.cls.__name__!r} has no len()"))
        result = method.call(tx, [], {}).as_constant()
        try:
            size = result.__index__()  # as CPython's len(): an int, or what __index__ gives
        except AttributeError:
            raise RaisedByProgram(TypeError(f"{type(result).__name__!r} object cannot be "
                                            f"interpreted as an integer")) from None
        if size < 0:
            raise RaisedByProgram(ValueError("__len__() should return >= 0"))
        return size

    def iter(self, tx) -> Value:
        """CPython's iter(): `__iter__`, whose result must be an iterator (used as it is), or
        else the sequence protocol over `__getitem__`; `__iter__ = None` is not iterable."""
        method = class_attribute(tx, self.cls, "__iter__", self)
        if method is None:
            getitem = class_attribute(tx, self.cls, "__getitem__", self)
            if getitem is not None and not is_none(getitem):
                from compiler.values.generators import sequence_iterator
                return sequence_iterator(getitem)
        if method is None or is_none(method):
            raise RaisedByProgram(TypeError(f"{self.cls.__name__!r} object is not iterable"))
        result = method.call(tx, [], {})
        kind = result.python_type()
        if find_in_mro(kind, "__next__")[0] is None:
            raise RaisedByProgram(TypeError(f"iter() returned non-iterator of type "
                                            f"{kind.__name__!r}"))
        return result if isinstance(result, ObjectValue) else result.iter(tx)

    def next(self, tx) -> Value:
        method = class_attribute(tx, self.cls, "__next__", self)
        if method is None or is_none(method):
            raise RaisedByProgram(TypeError(f"{self.cls.__name__!r} object is not an iterator"))
        return method.call(tx, [], {})

    def drain(self, tx) -> list[Value]:
        """The items left in this iterator, by `__next__` until StopIteration."""
        return next_until_stop(tx, self)

    def getitem(self, tx, key: Value) -> Value:
        method = class_attribute(tx, self.cls, "__getitem__", self)
        if method is None:
            raise RaisedByProgram(TypeError(f"{self.cls.__name__!r} object is not subscriptable"))
        return method.call(tx, [key], {})

    def setitem(self, tx, key: Value, value: Value) -> None:
        method = class_attribute(tx, self.cls, "__setitem__", self)
        if method is None:
            raise RaisedByProgram(TypeError(f"{self.cls.__name__!r} object does not support "
                                            f"item assignment"))
        method.call(tx, [key, value], {})

    def delitem(self, tx, key: Value) -> None:
        method = class_attribute(tx, self.cls, "__delitem__", self)
        if method is None:
            raise RaisedByProgram(TypeError(f"{self.cls.__name__!r} object doesn't support "
                                            f"item deletion"))
        method.call(tx, [key], {})

    def contains(self, tx, item: Value) -> bool:
        method = class_attribute(tx, self.cls, "__contains__", self)
        if method is not None:
            return method.call(tx, [item], {}).bool(tx)
        return super().contains(tx, item)


def UserObjectValue(real: Any, source) -> ObjectValue:  # noqa: N802 - a factory named as a kind
    return ObjectValue(type(real), real, source)


registry.install(class_value=ClassValue, class_attribute=class_attribute)
