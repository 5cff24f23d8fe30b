"""A Python module's namespace dict (`mod.__dict__`, `vars(mod)`): the one dict the module's
attributes live in, so every read answers as the module's own attribute does (through
PythonModuleValue, guarded alike) and sees the globals the trace wrote into it
(side_effects.global_writes); a name it lacks is guarded absent. Iterating, `len` and the
views guard the whole key list; an iterator fails as a dict's does when the trace adds or
removes a name while it runs. Writing through the dict is refused: the module's attributes
and its functions' globals would have to see it. `globals()` is the calling frame's globals
dict, read the same way (registered in builtins.HANDLERS)."""

from __future__ import annotations

import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import MISSING, ConstantSource, DictStorageItemSource
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS
from compiler.values.constant import ConstantValue
from compiler.values.containers import DictValue
from compiler.values.objects import TRUSTED_MODULES, PythonModuleValue

_METHODS = ("get", "keys", "values", "items", "copy")

# ModuleType's own data descriptors: `getattr(mod, name)` answers these, not the dict
_SHADOWED = frozenset(
    name for name, raw in vars(types.ModuleType).items() if hasattr(type(raw), "__set__")
) | {"__class__"}


def _global_write(tx, module_value: Value, name: str):
    return tx.ctx.side_effects.global_writes.get((id(vars(module_value.module)), name))


def assigned_presence(tx, module_value: Value, name: str) -> bool | None:
    """Whether a module has `name` after the trace assigned (True) or deleted (False) that
    global (STORE_GLOBAL in one of its functions); None when the trace did neither."""
    written = _global_write(tx, module_value, name)
    if written is None:
        return None
    if type(module_value.module) is not types.ModuleType:
        raise Unsupported(
            f"{name!r} of {module_value} after the trace assigned it",
            BreakReason.UNSUPPORTED_ATTRIBUTE,
        )
    return written[2] is not None


def assigned(tx, module_value: Value, name: str) -> Value | None:
    """`mod.name` after the trace assigned that global: the value assigned (a deleted one is
    refused: the module's `__getattr__` may answer); None when the trace did not."""
    present = assigned_presence(tx, module_value, name)
    if present is None:
        return None
    if not present:
        raise Unsupported(
            f"{name!r} of {module_value} after the trace deleted it",
            BreakReason.UNSUPPORTED_ATTRIBUTE,
        )
    return _global_write(tx, module_value, name)[2]


class NamespaceValue(Value):
    """A dict of globals; a kind says how a name present in it reads (`_attribute`) and
    whether its reads go unguarded (`_trusted`: torch's own modules, fixed)."""

    def __init__(self, namespace: dict):
        super().__init__(None)
        self.namespace = namespace

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.namespace.get('__name__')})"

    def _trusted(self) -> bool:
        raise NotImplementedError

    def _attribute(self, tx, key: str) -> Value:
        raise NotImplementedError

    def python_type(self) -> type:
        return dict

    def held_object(self) -> Any:
        return self.namespace

    def fixed_object(self) -> Any:
        return self.namespace  # a module's `__dict__` cannot be replaced

    def _trusted(self) -> bool:
        return self.module.__name__.split(".")[0] in TRUSTED_MODULES

    def _written(self, tx, key: Any):
        return tx.ctx.side_effects.global_writes.get((id(self.namespace), key))

    def _key(self, key: Value) -> Any:
        if not key.is_constant() or type(key.as_constant()) is not str:
            raise Unsupported(
                f"a key of {self} that is not a str constant", BreakReason.UNSUPPORTED_VALUE
            )
        return key.as_constant()

    def _present(self, tx, key: str) -> bool:
        written = self._written(tx, key)
        if written is not None:
            return written[2] is not None
        present = key in self.namespace
        if not self._trusted():
            label = tx.ctx.label_for(self.namespace, "globals")
            source = DictStorageItemSource(ConstantSource(label, self.namespace), key)
            tx.ctx.guard(source, GuardKind.ID, self.namespace.get(key, MISSING))
        return present

    def _read(self, tx, key: str) -> Value:
        written = self._written(tx, key)
        if written is not None:
            if written[2] is None:
                raise RaisedByProgram(KeyError(key))
            return written[2]
        if not self._present(tx, key):
            raise RaisedByProgram(KeyError(key))
        return self._attribute(tx, key)

    def _unwritten(self, tx) -> None:
        """Refused once the trace wrote a name into the namespace."""
        if any(
            written[0] is self.namespace for written in tx.ctx.side_effects.global_writes.values()
        ):
            raise Unsupported(
                f"the names of {self} after the trace wrote one", BreakReason.UNSUPPORTED_VALUE
            )

    def _keys(self, tx) -> list[str]:
        """The names now, guarded; refused once the trace wrote a name into the namespace."""
        self._unwritten(tx)
        label = tx.ctx.label_for(self.namespace, "globals")
        tx.ctx.guard(
            ConstantSource(label, self.namespace), GuardKind.DICT_KEYS, list(self.namespace)
        )
        return list(self.namespace)

    def len(self, tx) -> int:
        return len(self._keys(tx))

    def bool(self, tx) -> bool:
        return True  # a module's namespace always holds its `__name__`

    def iter(self, tx) -> Value:
        from compiler.values.iterators import SequenceIteratorValue

        keys = self._keys(tx)
        watched = ("dictionary changed size during iteration", lambda: self._keys(tx))
        return SequenceIteratorValue(
            [ConstantValue(k) for k in keys], kind=type(iter({})), watched=watched
        )

    def contains(self, tx, item: Value) -> bool:
        return self._present(tx, self._key(item))

    def getitem(self, tx, key: Value) -> Value:
        return self._read(tx, self._key(key))

    def setitem(self, tx, key: Value, value: Value) -> None:
        """A global assigned as STORE_GLOBAL assigns one (the frame's and the module's later
        reads see it, the rebuild writes it); torch's modules and dunder names (`__builtins__`,
        `__getattr__`: they change how other names are found) are refused."""
        name = self._key(key)
        if self._trusted() or name.startswith("__") and name.endswith("__"):
            raise Unsupported(f"writing {name!r} into {self}", BreakReason.SIDE_EFFECT)
        tx.ctx.side_effects.write_global(self.namespace, name, value)

    def delitem(self, tx, key: Value) -> None:
        raise Unsupported(f"deleting from {self}", BreakReason.SIDE_EFFECT)

    def getattr(self, tx, name: str) -> Value:
        if name not in _METHODS:
            raise Unsupported(f"attribute {name!r} of {self}", BreakReason.UNSUPPORTED_ATTRIBUTE)
        from compiler.values.native import BoundContainerMethodValue

        return BoundContainerMethodValue(self, name)

    def call_method(self, tx, name, args, kwargs) -> Value:
        if name == "get" and 1 <= len(args) <= 2 and not kwargs:
            key = self._key(args[0])
            if self._present(tx, key):
                return self._read(tx, key)
            return args[1] if len(args) == 2 else ConstantValue(None)
        if name not in _METHODS or name == "get" or args or kwargs:
            raise Unsupported(f"{self}.{name} with these arguments", BreakReason.UNSUPPORTED_CALL)
        keys = self._keys(tx)
        if name == "copy":
            return DictValue.from_pairs([(ConstantValue(k), self._read(tx, k)) for k in keys])
        values = [ConstantValue(None) if name == "keys" else self._read(tx, k) for k in keys]
        live = NamespaceItems.from_pairs([(ConstantValue(k), v) for k, v in zip(keys, values)])
        live.namespace, live.tx = self, tx
        return live.call_method(tx, name, [], {})


class NamespaceItems(DictValue):
    """What a keys/values/items view of a namespace reads: its items when the view was made,
    each later read asking that no name was assigned into the namespace since (else refused);
    such a view is not rebuilt as an output (a copy is not the namespace's live view)."""

    namespace: NamespaceValue | None = None

    @property
    def entries(self):
        if self.namespace is not None:
            self.namespace._unwritten(self.tx)
        return self._entries

    @entries.setter
    def entries(self, value):
        self._entries = value

    def reconstruct(self, plan) -> str:
        raise Unsupported(f"a view of {self.namespace} as an output", BreakReason.UNSUPPORTED_VALUE)


class ModuleNamespaceValue(NamespaceValue):
    """`mod.__dict__`: a name reads as the module's attribute."""

    def __init__(self, module_value: Value):
        super().__init__(vars(module_value.module))
        self.module_value = module_value
        self.module: types.ModuleType = module_value.module

    def _trusted(self) -> bool:
        return self.module.__name__.split(".")[0] in TRUSTED_MODULES

    def _attribute(self, tx, key: str) -> Value:
        if key in _SHADOWED or getattr(self.module, key, MISSING) is not self.namespace[key]:
            raise Unsupported(
                f"{key!r} of {self}, which the module's attribute does not give",
                BreakReason.UNSUPPORTED_VALUE,
            )
        return self.module_value.getattr(tx, key)


class GlobalsValue(NamespaceValue):
    """`globals()`: the calling frame's globals dict, a name read as the frame reads a global
    (the same source and guards)."""

    def __init__(self, tx):
        super().__init__(tx.f_globals)
        self.maker = tx

    def _trusted(self) -> bool:
        return str(self.namespace.get("__name__", "")).startswith("torch.")

    def _attribute(self, tx, key: str) -> Value:
        from compiler.values.wrap import wrap

        return wrap(tx.ctx, self.namespace[key], self.maker.global_source(key))


def _globals(tx, *args, **kwargs) -> Value:
    if args or kwargs:
        raise RaisedByProgram(TypeError("globals() takes no arguments"))
    return GlobalsValue(tx)


HANDLERS.setdefault(globals, _globals)
PythonModuleValue.namespace_hooks = types.SimpleNamespace(
    namespace=ModuleNamespaceValue, assigned=assigned, presence=assigned_presence
)
