"""Named tuples and torch's structseqs (`torch.return_types.max`, ...): tuples whose class
gives names to the items and may add methods of its own. A subclass of a named tuple without
`__slots__` has an instance dict too: its entries are tracked as an object's are.
"""

from __future__ import annotations

from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import RaisedByProgram, Value
from compiler.values.containers import DictValue, TupleValue
from compiler.values.native import BoundContainerMethodValue


def is_namedtuple_class(cls: type) -> bool:
    return isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")


def is_structseq_class(cls: type) -> bool:
    return (isinstance(cls, type) and issubclass(cls, tuple)
            and cls.__module__ == "torch.return_types")


def rebuilt_named_tuple(cls: type, items: tuple, attrs: dict) -> tuple:
    """A named tuple made in the trace, past its class's own `__new__` (the trace ran it):
    the tuple's items, then its instance dict."""
    obj = tuple.__new__(cls, items)
    if attrs:
        obj.__dict__.update(attrs)
    return obj


# Operators a class may give its named tuples (run by operators.py through dunder_class()).
OPERATOR_DUNDERS = frozenset(
    f"__{op}__" for base in ("add", "sub", "mul", "matmul", "truediv", "floordiv", "mod",
                             "pow", "lshift", "rshift", "and", "or", "xor", "divmod")
    for op in (base, f"r{base}", f"i{base}")) | {
    "__lt__", "__le__", "__gt__", "__ge__", "__neg__", "__pos__", "__invert__", "__abs__"}


def _overrides(cls: type, name: str) -> bool:
    """Whether a class under tuple defines `name` itself (tuple's or object's is not)."""
    from compiler.values.attributes import find_in_mro
    return find_in_mro(cls, name)[0] not in (None, tuple, object)


class NamedTupleValue(TupleValue):
    def __init__(self, cls: type, items: list[Value], source=None, real: Any = None):
        if any(_overrides(cls, name) for name in ("__iter__", "__reversed__",
                                                  "__getattribute__")):
            # the tracker's items are what iterating it gives, everywhere
            raise Unsupported(f"a {cls.__qualname__} with its own __iter__, __reversed__ or "
                              f"__getattribute__", BreakReason.UNSUPPORTED_VALUE)
        super().__init__(items, source)
        self.cls = cls
        self.real = real  # the existing object, when known (else found through values_by_id)
        self.attrs: dict[str, Value] = {}  # instance-dict entries read or written
        self.deleted: set[str] = set()

    def reconstruct(self, plan) -> str:
        if self.source is not None:
            return plan.source_expr(self.source)
        if not hasattr(self.cls, "_fields"):
            cls = plan.bind(self.cls)
            return plan.temp(f"{cls}(({plan.items(self.items)}))")  # a structseq: one tuple
        attrs = ", ".join(f"{name!r}: {plan.expr(v)}" for name, v in self.attrs.items())
        return plan.temp(f"{plan.bind(rebuilt_named_tuple)}({plan.bind(self.cls)}, "
                         f"({plan.items(self.items)}), {{{attrs}}})")

    def python_type(self) -> type:
        return self.cls

    def hash_key(self) -> Any:
        """As a dict key or set member: by its items (tuple's own hash and `==`), unless the
        class has its own, which a key lookup would run (refused)."""
        if any(_overrides(self.cls, name) for name in ("__hash__", "__eq__")):
            raise Unsupported(f"a {self.cls.__qualname__} with its own __hash__ or __eq__ as a "
                              f"dict key or set member", BreakReason.UNSUPPORTED_VALUE)
        return super().hash_key()

    def dunder_class(self) -> type | None:
        """The class, when it defines operators of its own: the operators run them (tuple's
        own `+` and `*` stay modelled on the items)."""
        if any(_overrides(self.cls, name) for name in OPERATOR_DUNDERS):
            return self.cls
        return None

    def _own_answer(self, tx, name: str, kind: type) -> Any:
        """The class's own `name()` (`__bool__`, `__len__`), traced: a constant of `kind`."""
        result = registry.class_attribute(tx, self.cls, name, self).call(tx, [], {})
        answer = result.as_constant() if result.is_constant() else None
        if type(answer) is not kind or (kind is int and answer < 0):
            raise Unsupported(f"{name} of {self.cls.__qualname__} giving {result}",
                              BreakReason.UNSUPPORTED_VALUE)
        return answer

    def bool(self, tx) -> bool:
        if _overrides(self.cls, "__bool__"):
            return self._own_answer(tx, "__bool__", bool)
        if _overrides(self.cls, "__len__"):
            return self.len(tx) != 0
        return super().bool(tx)

    def len(self, tx) -> int:
        if _overrides(self.cls, "__len__"):
            return self._own_answer(tx, "__len__", int)
        return super().len(tx)

    def contains(self, tx, item: Value) -> bool:
        if _overrides(self.cls, "__contains__"):
            method = registry.class_attribute(tx, self.cls, "__contains__", self)
            return method.call(tx, [item], {}).bool(tx)
        return super().contains(tx, item)

    def is_constant(self) -> bool:
        return not self.attrs and super().is_constant()

    def as_constant(self) -> Any:
        items = tuple(item.as_constant() for item in self.items)
        if not hasattr(self.cls, "_fields"):
            return self.cls(items)
        return tuple.__new__(self.cls, items)  # (a subclass's own __new__ ran in the trace)

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

    def _fields(self) -> tuple[str, ...]:
        return getattr(self.cls, "_fields", None) or self.cls.__match_args__

    def getattr(self, tx, name: str) -> Value:
        fields = self._fields()
        if name in fields:
            return self.items[fields.index(name)]
        if self.cls.__dictoffset__:
            found = self._instance_entry(tx, name)
            if found is not None:
                return found
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
            unknown = [key for key in kwargs if key not in self.cls._fields]
            if unknown or args:
                raise RaisedByProgram(ValueError(f"Got unexpected field names: {unknown!r}")
                                      if unknown else TypeError("_replace() takes 1 "
                                                                "positional argument"))
            items = list(self.items)
            for key, value in kwargs.items():
                items[self.cls._fields.index(key)] = value
            return NamedTupleValue(self.cls, items)
        return super().call_method(tx, name, args, kwargs)

    # -- the instance dict of a subclass without __slots__ -----------------------------------
    def _real_object(self, tx) -> Any:
        if self.real is None and self.source is not None:
            for real, value in tx.ctx.values_by_id.values():
                if value is self:
                    self.real = real
                    break
            else:
                raise Unsupported(f"the instance dict of a {self.cls.__qualname__} argument",
                                  BreakReason.UNSUPPORTED_ATTRIBUTE)
        return self.real

    def _instance_entry(self, tx, name: str) -> Value | None:
        """`name` from the instance dict, unless a data descriptor of the class comes first
        (None: not there, the class is asked)."""
        from compiler.guards.guard import GuardKind
        from compiler.guards.sources import AttrSource
        from compiler.values.attributes import find_in_mro
        raw = find_in_mro(self.cls, name)[1]
        if hasattr(type(raw), "__set__") or hasattr(type(raw), "__delete__"):
            return None
        if name in self.attrs:
            return self.attrs[name]
        real = self._real_object(tx)
        if real is None or name in self.deleted:
            return None
        if name in real.__dict__:
            if self.source is None:
                raise Unsupported(f"attribute {name!r} of a {self.cls.__qualname__} reached "
                                  f"without a source", BreakReason.UNSUPPORTED_ATTRIBUTE)
            self.attrs[name] = registry.wrap(tx.ctx, real.__dict__[name],
                                             AttrSource(self.source, name))
            return self.attrs[name]
        if self.source is not None:
            tx.ctx.guard(self.source, GuardKind.INSTANCE_ATTR, (name, False))
        return None

    def _check_writable(self, name: str) -> None:
        from compiler.values.attributes import find_in_mro
        owner, raw = find_in_mro(self.cls, "__setattr__")
        if owner not in (object, tuple) or find_in_mro(self.cls, "__delattr__")[0] not in (
                object, tuple):
            raise Unsupported(f"__setattr__ of {self.cls.__qualname__}",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        if name in self._fields():
            raise RaisedByProgram(AttributeError("can't set attribute"))
        raw = find_in_mro(self.cls, name)[1]
        if hasattr(type(raw), "__set__") or hasattr(type(raw), "__delete__"):
            raise Unsupported(f"assigning {name!r} through a {type(raw).__name__} descriptor",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        if not self.cls.__dictoffset__:
            raise RaisedByProgram(AttributeError(f"{self.cls.__name__!r} object has no "
                                                 f"attribute {name!r}"))

    def setattr(self, tx, name: str, value: Value) -> None:
        self._check_writable(name)
        tx.ctx.side_effects.touch(self)
        self.attrs[name] = value
        self.deleted.discard(name)
        if self.source is not None:
            tx.ctx.side_effects.write_attribute(self, name, value)
        elif self.real is not None:
            raise Unsupported(f"setting attribute {name!r} of a {self.cls.__qualname__} "
                              f"reached without a source", BreakReason.SIDE_EFFECT)

    def delattr(self, tx, name: str) -> None:
        self._check_writable(name)
        if self._instance_entry(tx, name) is None:
            raise RaisedByProgram(AttributeError(name))
        if self.source is None and self.real is not None:
            raise Unsupported(f"deleting attribute {name!r} of a {self.cls.__qualname__} "
                              f"reached without a source", BreakReason.SIDE_EFFECT)
        tx.ctx.side_effects.touch(self)
        del self.attrs[name]
        self.deleted.add(name)
        if self.source is not None:
            tx.ctx.side_effects.write_attribute(self, name, None)
