"""nn.Module instances: parameters and buffers become graph inputs, `forward` is inlined.

Containers (Sequential, ModuleList, ModuleDict) iterate and index to their children.
"""

from __future__ import annotations

import inspect
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, ConstantSource, ItemSource
from compiler.values import registry
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue
from compiler.values.module_call import call_module, has_uninitialized_state

CONTAINER_METHODS = {"parameters", "buffers", "children", "modules", "keys", "values", "items",
                     "named_parameters", "named_buffers", "named_children", "named_modules"}


def wrap_module(ctx, module: torch.nn.Module, source) -> NNModuleValue:
    """Guarded on its class too (parametrizing a module or a lazy module's first call changes
    it), and a lazy module on its pre-hooks (its first call removes the initialising one)."""
    if ctx is None or source is None:
        return NNModuleValue(module, source)
    ctx.guard(source, GuardKind.TYPE, type(module))
    if has_uninitialized_state(module):
        ctx.guard(AttrSource(source, "_forward_pre_hooks"), GuardKind.DICT_KEYS,
                  list(module._forward_pre_hooks))
    return NNModuleValue(module, source)


def parametrized_attribute(tx, value: NNModuleValue, name: str) -> Value | None:
    """`m.weight` of a module parametrized by torch.nn.utils.parametrize: its property runs
    `m.parametrizations.weight()`, a module call traced as such. Inside a `parametrize.cached()`
    block the trace entered, the tensor computed first is given again (parametrize_cache.py);
    called inside one it did not (the flag is guarded), the cache is eager's: refused."""
    from torch.nn.utils import parametrize
    owners = value.module.__dict__.get("_modules", {}).get("parametrizations")
    prop = inspect.getattr_static(type(value.module), name, None)
    if owners is None or name not in owners._modules or not isinstance(prop, property) or (
            getattr(prop.fget, "__module__", None) != parametrize.__name__):
        return None
    namespace = vars(parametrize)
    flag = ItemSource(ConstantSource(tx.ctx.label_for(namespace, "globals"), namespace),
                      "_cache_enabled")
    tx.ctx.guard(flag, GuardKind.EQUALS, parametrize._cache_enabled)
    if parametrize._cache_enabled:
        raise Unsupported("a parametrized attribute inside parametrize.cached()",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)
    from compiler.values.parametrize_cache import cached_attribute

    def compute() -> Value:
        parametrizations = value.getattr(tx, "parametrizations")
        return parametrizations.getitem(tx, ConstantValue(name)).call(tx, [], {})
    return cached_attribute(tx.ctx, value.module, name, compute)


class DeletedAttribute(Value):
    """In the module-attribute overlay: the trace deleted this plain attribute."""

    def __init__(self):
        super().__init__(None)


class NNModuleValue(Value):
    made_in_trace = False  # a container module sliced in the trace: never an output

    def __init__(self, module: torch.nn.Module, source=None):
        super().__init__(source)
        self.module = module
        self.real = module

    def held_object(self) -> Any:
        return self.module

    def fixed_object(self) -> Any:
        return self.module

    def reconstruct(self, plan) -> str:
        if self.source is None and self.made_in_trace:  # eager makes a new one on each call
            raise Unsupported(f"{self}, made in the trace, as an output of the compiled code",
                              BreakReason.UNSUPPORTED_VALUE)
        return super().reconstruct(plan)

    def __repr__(self) -> str:
        return f"NNModuleValue({type(self.module).__name__}, {self.source})"

    def python_type(self) -> type:
        return type(self.module)

    def _child_source(self, name: str):
        return AttrSource(self.source, name) if self.source is not None else None

    def _table_source(self, table: str, key: str):
        """`L['m']._modules['fc']`: a dict read, not a trip through Module.__getattr__."""
        if self.source is None:
            return None
        return ItemSource(AttrSource(self.source, table), key)

    def _wrap(self, tx, obj: Any, source) -> Value:
        return registry.wrap(tx.ctx, obj, source)

    def getattr(self, tx, name: str) -> Value:
        overlay = tx.ctx.module_attribute_writes.get((id(self.module), name))
        deleted = isinstance(overlay, DeletedAttribute)  # the trace deleted it: look past it
        if overlay is not None and not deleted:
            return overlay
        module = self.module
        if name in ("_parameters", "_buffers", "__dict__") and any(
                key[0] == id(module) and (key[1] in module._buffers or key[1] in
                                          module._parameters)
                for key in tx.ctx.module_attribute_writes):
            raise Unsupported(f"{name} of a module whose buffer the trace assigned or whose "
                              f"tensor functional_call replaced (the table still holds the old "
                              f"tensor)", BreakReason.UNSUPPORTED_ATTRIBUTE)
        from compiler.values.attributes import find_in_mro
        on_class = find_in_mro(type(module), name)[0] is not None  # found before __getattr__
        for table in ("_parameters", "_buffers", "_modules"):
            entries = module.__dict__.get(table, {})
            if name in entries and not on_class:
                item = entries[name]
                if item is None:
                    return ConstantValue(None)
                return self._wrap(tx, item, self._table_source(table, name))
        if name in module.__dict__ and not deleted:
            return self._wrap(tx, module.__dict__[name], self._child_source(name))
        parametrized = parametrized_attribute(tx, self, name)
        if parametrized is not None:
            return parametrized
        if name in CONTAINER_METHODS and getattr(type(module), name, None) is getattr(
                torch.nn.ModuleDict if name in ("keys", "values", "items") else torch.nn.Module,
                name, None):
            from compiler.values.native import BoundContainerMethodValue
            return BoundContainerMethodValue(self, name)
        if name == "__class__":  # the type is guarded (wrap_module) or the module's own
            return registry.class_value(type(module))
        found = registry.class_attribute(tx, type(module), name, self)  # forward, methods
        if found is not None:
            tx.ctx.guard(self.source, GuardKind.INSTANCE_ATTR, (name, False))  # not shadowed
            return found
        if name in vars(object):  # object's own slots (`__sizeof__`, `__reduce__`, ...)
            raise Unsupported(f"attribute {name!r} of {type(module).__name__}",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        if not deleted:
            tx.ctx.guard(self.source, GuardKind.HASATTR, (name, False))
        raise RaisedByProgram(AttributeError(f"{type(module).__name__!r} object has no "
                                             f"attribute {name!r}"))

    def delattr(self, tx, name: str) -> None:
        """`del m.name` of a plain attribute (not a parameter, buffer or submodule), as
        nn.Module.__delattr__ gives it to object's: one the trace set, or one the module has
        (guarded: deleting a missing one raises)."""
        module = self.module
        writes = tx.ctx.module_attribute_writes
        key = (id(module), name)
        if type(module).__delattr__ is not torch.nn.Module.__delattr__ or any(
                name in module.__dict__.get(table, {})
                for table in ("_parameters", "_buffers", "_modules")):
            raise Unsupported(f"deleting {name!r} of {type(module).__name__} (a table entry, "
                              f"or its class's own __delattr__)", BreakReason.SIDE_EFFECT)
        overlay = writes.get(key)
        if overlay is None and name in module.__dict__:
            tx.ctx.guard(self.source, GuardKind.HASATTR, (name, True))
        elif overlay is None or isinstance(overlay, DeletedAttribute):
            raise Unsupported(f"deleting {name!r}, which {type(module).__name__} lacks or "
                              f"holds on its class", BreakReason.SIDE_EFFECT)
        writes[key] = DeletedAttribute()
        tx.ctx.side_effects.write_attribute(self, name, None)

    def setattr(self, tx, name: str, value: Value) -> None:
        if type(self.module).__setattr__ is not torch.nn.Module.__setattr__ or hasattr(
                type(inspect.getattr_static(type(self.module), name, None)), "__set__"):
            raise Unsupported(f"assigning {name!r} of {type(self.module).__name__}, which its "
                              f"class handles (__setattr__, a property, a parametrization)",
                              BreakReason.SIDE_EFFECT)
        if name in self.module._parameters or name in self.module._modules:
            raise Unsupported(f"assigning parameter or submodule {name!r} of a module",
                              BreakReason.SIDE_EFFECT)
        from compiler.values.tensor import TensorValue
        if name in self.module._buffers and not isinstance(value, TensorValue):
            raise Unsupported(f"assigning buffer {name!r}", BreakReason.SIDE_EFFECT)
        tx.ctx.module_attribute_writes[(id(self.module), name)] = value
        tx.ctx.side_effects.write_attribute(self, name, value)

    def call(self, tx, args, kwargs) -> Value:
        return call_module(tx, self, args, kwargs)

    def _children(self, tx) -> list[tuple[Any, Value]]:
        module = self.module
        if isinstance(module, (torch.nn.Sequential, torch.nn.ModuleList, torch.nn.ModuleDict)):
            tx.ctx.guard(AttrSource(self.source, "_modules") if self.source else None,
                         GuardKind.DICT_KEYS, list(module._modules))
        if isinstance(module, (torch.nn.Sequential, torch.nn.ModuleList)):
            return [(i, self._wrap(tx, child, self._table_source("_modules", key)))
                    for i, (key, child) in enumerate(module._modules.items())]
        if isinstance(module, torch.nn.ModuleDict):
            return [(key, self._wrap(tx, child, self._table_source("_modules", key)))
                    for key, child in module._modules.items()]
        if isinstance(module, torch.nn.ParameterList):
            tx.ctx.guard(AttrSource(self.source, "_parameters") if self.source else None,
                         GuardKind.DICT_KEYS, list(module._parameters))
            return [(i, self._wrap(tx, p, self._table_source("_parameters", key)))
                    for i, (key, p) in enumerate(module._parameters.items())]
        raise Unsupported(f"iterating {type(module).__name__}", BreakReason.UNSUPPORTED_VALUE)

    def _own_dunder(self, tx, name: str, args: list[Value]) -> Value:
        """A container whose class answers `name` itself (ParameterDict: its `_keys`), the
        method traced as CPython would call it; other modules are refused."""
        if type(self.module) is not torch.nn.ParameterDict:
            raise Unsupported(f"{name} of {type(self.module).__name__}",
                              BreakReason.UNSUPPORTED_VALUE)
        return registry.class_attribute(tx, type(self.module), name, self).call(tx, args, {})

    def _user_dunder(self, tx, name: str, args: list[Value]) -> Value | None:
        """A dunder the module's own class defines (not torch.nn, whose containers are
        modelled here): called as CPython calls it. The lookup is guarded."""
        from compiler.values.attributes import guarded_find_in_mro
        owner, _ = guarded_find_in_mro(tx, type(self.module), name)
        if owner is None or owner is object or owner.__module__.startswith("torch.nn."):
            return None
        return registry.class_attribute(tx, type(self.module), name, self).call(tx, args, {})

    def bool(self, tx) -> bool:
        """CPython's truth test: `__bool__`, else `__len__`, else true."""
        from compiler.values.attributes import find_in_mro
        for name in ("__bool__", "__len__"):
            if find_in_mro(type(self.module), name)[0] is not None:
                if name == "__len__":
                    return self.len(tx) != 0
                answer = self._user_dunder(tx, name, [])
                if answer is None or not isinstance(answer, ConstantValue) or (
                        type(answer.value) is not bool):
                    raise Unsupported(f"truth value of {self}", BreakReason.UNSUPPORTED_VALUE)
                return answer.value
        self._user_dunder(tx, "__bool__", [])  # guards that the class still has none
        self._user_dunder(tx, "__len__", [])
        return True

    def iter(self, tx) -> Value:
        from compiler.values.iterators import SequenceIteratorValue
        user = self._user_dunder(tx, "__iter__", [])
        if user is not None:
            return user
        if type(self.module) is torch.nn.ParameterDict:
            return self._own_dunder(tx, "__iter__", [])
        if isinstance(self.module, torch.nn.ModuleDict):
            return SequenceIteratorValue([ConstantValue(k) for k, _ in self._children(tx)])
        return SequenceIteratorValue([child for _, child in self._children(tx)])

    def len(self, tx) -> int:
        """Containers: their children, guarded (appending one changes the answer)."""
        user = self._user_dunder(tx, "__len__", [])
        if user is not None:
            answer = user.as_constant()
            if type(answer) is not int or answer < 0:
                raise Unsupported(f"len() of {type(self.module).__name__} giving {answer!r}",
                                  BreakReason.UNSUPPORTED_VALUE)
            return answer
        if isinstance(self.module, (torch.nn.Sequential, torch.nn.ModuleList,
                                    torch.nn.ModuleDict, torch.nn.ParameterList)):
            return len(self._children(tx))
        if type(self.module) is torch.nn.ParameterDict:
            return self._own_dunder(tx, "__len__", []).as_constant()
        raise Unsupported(f"len() of {type(self.module).__name__}", BreakReason.UNSUPPORTED_VALUE)

    def getitem(self, tx, key: Value) -> Value:
        user = self._user_dunder(tx, "__getitem__", [key])
        if user is not None:
            return user
        if type(self.module) is torch.nn.ParameterDict:
            return self._own_dunder(tx, "__getitem__", [key])
        index = key.as_constant()
        module = self.module
        if isinstance(module, torch.nn.ModuleDict):
            if index not in module._modules:
                raise RaisedByProgram(KeyError(index))
            return dict(self._children(tx))[index]
        if isinstance(index, slice):
            if type(module) not in (torch.nn.ModuleList, torch.nn.Sequential):
                raise Unsupported("slicing a module container", BreakReason.UNSUPPORTED_VALUE)
            self._children(tx)  # guards the keys and tracks every child (wrap remembers them)
            sliced = NNModuleValue(module[index])  # a new container, as eager makes each call
            sliced.made_in_trace = True  # never an output: that would be one object each call
            return sliced
        children = self._children(tx)
        try:
            return children[index][1]
        except IndexError:
            raise RaisedByProgram(IndexError(f"index {index} is out of range")) from None

    def contains(self, tx, item: Value) -> bool:
        """ModuleDict: its keys, guarded; ParameterDict: its own __contains__."""
        user = self._user_dunder(tx, "__contains__", [item])
        if user is not None:
            return user.bool(tx)
        if type(self.module) is torch.nn.ParameterDict:
            return self._own_dunder(tx, "__contains__", [item]).bool(tx)
        if not isinstance(self.module, torch.nn.ModuleDict) or (
                type(self.module).__contains__ is not torch.nn.ModuleDict.__contains__):
            raise Unsupported(f"`in` on {type(self.module).__name__}",
                              BreakReason.UNSUPPORTED_VALUE)
        return item.as_constant() in dict(self._children(tx))

    def call_method(self, tx, name: str, args, kwargs) -> Value:
        if isinstance(self.module, torch.nn.ModuleDict) and name in ("keys", "values", "items"):
            # ModuleDict's are its `_modules` dict's views (dict_keys, ...), arguments and all
            return self.getattr(tx, "_modules").call_method(tx, name, args, kwargs)
        from compiler.values.module_members import LISTINGS, list_members
        if name in LISTINGS:
            return list_members(tx, self, name, args, kwargs)
        raise Unsupported(f"{type(self.module).__name__}.{name}()", BreakReason.UNSUPPORTED_CALL)
