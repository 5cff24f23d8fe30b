"""Lists, tuples (named tuples, torch.Size), dicts and sets whose items are value trackers.

A container with a source existed before the frame ran: mutating it is a side effect, recorded
with the context and replayed on the real object after the graph runs.
"""

from __future__ import annotations

import collections
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.attributes import bound_method
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue, index_of
from compiler.values.dict_entries import Entries, redo_steps
from compiler.values.dict_views import DictViewValue
from compiler.values.lazy_extend import items_in_turn
from compiler.values.member_iterators import DICT_CHANGED  # noqa: F401 - its old home
from compiler.values.sort_order import list_sort_order
from compiler.values.stdlib_dict_init import mapping_pairs
from compiler.values.stdlib_hash_keys import key_of, one_operation, rebuilding


def _index(tx, key: Value):
    if key.is_constant():
        return key.as_constant()
    if key.dunder_class() is not None:  # a user object: its __index__ (or TypeError)
        return index_of(tx, key)
    known_index = getattr(key, "known_index", None)  # a tensor made from numbers (tensor_known)
    if known_index is not None:
        return known_index(tx)
    raise Unsupported(f"index {key} that is not a Python constant", BreakReason.DATA_DEPENDENT)


def _real_index_error(sequence, operation) -> RaisedByProgram:
    """CPython's error for an index that failed: the operation on a real sequence of the same
    builtin family and length (`tuple index out of range` for a named tuple too)."""
    stand_in = _family(sequence.python_type())([None] * len(sequence.items))
    try:
        operation(stand_in)
    except (IndexError, TypeError) as error:
        error.__context__ = None  # (raised while the tracer handled its own error, not the program)
        return RaisedByProgram(error)
    raise Unsupported("an index error the stand-in sequence does not raise",
                      BreakReason.UNSUPPORTED_VALUE)


def _family(kind: type) -> type:
    """The builtin sequence type a tracked sequence iterates like."""
    for base in (list, tuple, collections.deque):
        if issubclass(kind, base):
            return base
    raise Unsupported(f"iterating a {kind.__qualname__}", BreakReason.UNSUPPORTED_VALUE)


def unhashable(value: Value) -> Any:
    """hash() of a list, dict or set: CPython's TypeError (a subclass with a __hash__ of its
    own is refused)."""
    kind = value.python_type()
    if kind.__hash__ is not None:
        raise Unsupported(f"hash of a {kind.__qualname__} (a container with a __hash__)",
                          BreakReason.UNSUPPORTED_VALUE)
    raise RaisedByProgram(TypeError(f"unhashable type: '{type_name(kind)}'"))


def builtin_iter(value: Value, kinds: tuple[type, ...]) -> bool:
    """Whether `value.__iter__` is the one of a builtin container (a subclass's own is not)."""
    found = getattr(value.python_type(), "__iter__", None)
    return any(found is kind.__iter__ for kind in kinds)


def type_name(kind: type) -> str:
    """The class's name as CPython's error texts show it (its tp_name): the bare name for a
    class written in Python or a builtin, module and name for a C type (collections.deque)."""
    heap = kind.__flags__ & (1 << 9)  # Py_TPFLAGS_HEAPTYPE: tp_name is the bare name
    return kind.__name__ if heap or kind.__module__ == "builtins" else (
        f"{kind.__module__}.{kind.__qualname__}")


class SequenceValue(Value):
    """Common ground of lists and tuples."""

    mutable = False

    def __init__(self, items: list[Value], source=None):
        super().__init__(source)
        self.items = list(items)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.items!r})"

    def as_fx_argument(self, part: str) -> Any:
        return tuple(item.as_fx_argument(part) for item in self.items)

    def is_constant(self) -> bool:
        return all(item.is_constant() for item in self.items)

    def as_constant(self) -> Any:
        return self.python_type()(item.as_constant() for item in self.items)

    def bool(self, tx) -> bool:
        return bool(self.items)

    def len(self, tx) -> int:
        return len(self.items)

    def unpack(self, tx) -> list[Value]:
        return list(self.items)

    def iter(self, tx) -> Value:
        from compiler.values.iterators import SequenceIteratorValue
        kind = type(iter(_family(self.python_type())()))
        return SequenceIteratorValue(self.items if not self.mutable else self, live=self.mutable,
                                     kind=kind)

    def getitem(self, tx, key: Value) -> Value:
        index = _index(tx, key)
        if isinstance(index, slice):
            return self.rebuilt(self.items[index])
        try:
            return self.items[index]
        except (IndexError, TypeError):
            raise _real_index_error(self, lambda s: s[index]) from None

    def rebuilt(self, items: list[Value]) -> Value:
        return type(self)(items)

    def _missing_message(self, value: Value, method: str) -> str:
        """CPython's ValueError text for index/remove of a value that is not there."""
        kind = self.python_type()
        if issubclass(kind, tuple):
            return "tuple.index(x): x not in tuple"
        family = "deque" if issubclass(kind, collections.deque) else "list"
        if family == "list" and method == "remove":
            return "list.remove(x): x not in list"
        if not value.is_constant():
            raise Unsupported(f"the error of {family}.{method} shows the value's repr",
                              BreakReason.UNSUPPORTED_VALUE)
        return f"{value.as_constant()!r} is not in {family}"

    def call_method(self, tx, name: str, args: list[Value], kwargs: dict[str, Value]) -> Value:
        if name == "index" and not kwargs and 1 <= len(args) <= 3:
            bounds = [a.as_constant() for a in args[1:]] + [None] * (3 - len(args))
            start, stop, _ = slice(*bounds).indices(len(self.items))
            for i in range(start, stop):
                if registry.same_or_equal(tx, self.items[i], args[0]):
                    return registry.wrap_constant(i)
            raise RaisedByProgram(ValueError(self._missing_message(args[0], "index")))
        if name == "count" and not kwargs and len(args) == 1:
            return registry.wrap_constant(
                sum(registry.same_or_equal(tx, i, args[0]) for i in self.items))
        raise Unsupported(f"{self.python_type().__name__}.{name}", BreakReason.UNSUPPORTED_CALL)

    def getattr(self, tx, name: str) -> Value:
        if name == "__iter__" and builtin_iter(self, (list, tuple)):
            from compiler.values.iterators import IterMethodValue
            return IterMethodValue(self)  # calling it is `iter(self)`
        return bound_method(self, name)  # (a dunder called bound: call_arity.BOUND_DUNDERS)


class TupleValue(SequenceValue):
    def python_type(self) -> type:
        return tuple

    def tuple_items(self) -> list[Value] | None:
        """The items, when the tuple hashes and compares by them (a named tuple too)."""
        kind = self.python_type()
        plain = kind.__hash__ is tuple.__hash__ and kind.__eq__ is tuple.__eq__
        return self.items if plain else None

    def hash_key(self) -> Any:  # a tuple holding tensors or objects: by its items' keys
        items = None if self.is_constant() else self.tuple_items()
        return super().hash_key() if items is None else tuple(i.hash_key() for i in items)

    def reconstruct(self, plan) -> str:
        return plan.temp(f"({plan.items(self.items)})")

    def setitem(self, tx, key: Value, value: Value) -> None:  # `t[1] += [3]` ends here
        name = type_name(self.python_type())
        raise RaisedByProgram(TypeError(f"'{name}' object does not support item assignment"))

    def delitem(self, tx, key: Value) -> None:
        name = type_name(self.python_type())
        raise RaisedByProgram(TypeError(f"'{name}' object doesn't support item deletion"))


class SizeValue(TupleValue):
    """torch.Size: a tuple of ints, from a tensor's shape."""

    def reconstruct(self, plan) -> str:
        return plan.temp(f"___torch.Size(({plan.items(self.items)}))")

    def python_type(self) -> type:
        return torch.Size

    def rebuilt(self, items):
        return SizeValue(items) if all(i.is_constant() for i in items) else TupleValue(items)

    def call_method(self, tx, name, args, kwargs):
        if name == "numel" and not args:
            return registry.wrap_constant(self.as_constant().numel())
        return super().call_method(tx, name, args, kwargs)


class ListValue(SequenceValue):
    mutable = True

    def is_fresh_object(self) -> bool:
        return True

    def replay_contents(self, plan, target: str) -> None:
        contents = plan.temp(f"[{plan.items(self.items)}]")
        plan.writes.append(f"{target}[:] = {contents}")

    def reconstruct(self, plan) -> str:
        if self.source is not None:
            return plan.source_expr(self.source)
        return plan.temp(f"[{plan.items(self.items)}]")

    def python_type(self) -> type:
        return list

    def hash_key(self) -> Any:
        return unhashable(self)

    def as_fx_argument(self, part: str) -> Any:
        return [item.as_fx_argument(part) for item in self.items]

    def as_constant(self) -> Any:
        raise Unsupported("a list used where an immutable constant is needed",
                          BreakReason.UNSUPPORTED_VALUE)

    def is_constant(self) -> bool:
        return False

    def constant_items(self) -> list[Any]:
        return [item.as_constant() for item in self.items]

    def setitem(self, tx, key: Value, value: Value) -> None:
        index = _index(tx, key)
        if isinstance(index, slice):
            updated = list(self.items)
            try:  # an extended slice takes exactly as many items as it selects
                updated[index] = value.unpack(tx)
            except ValueError as error:
                raise RaisedByProgram(ValueError(str(error))) from None
            tx.ctx.side_effects.mutate(self)
            self.items[:] = updated
            return
        try:
            self.items[index] = value
        except (IndexError, TypeError):
            raise _real_index_error(self, lambda s: s.__setitem__(index, None)) from None
        tx.ctx.side_effects.mutate(self)

    def delitem(self, tx, key: Value) -> None:
        index = _index(tx, key)
        try:
            del self.items[index]
        except (IndexError, TypeError):
            raise _real_index_error(self, lambda s: s.__delitem__(index)) from None
        tx.ctx.side_effects.mutate(self)

    def append_item(self, item: Value) -> None:
        self.items.append(item)

    def call_method(self, tx, name, args, kwargs):
        mutating = {"append", "extend", "pop", "insert", "remove", "clear", "reverse", "sort"}
        if name in mutating:
            tx.ctx.side_effects.mutate(self)
        if name == "append":
            self.items.append(args[0])
        elif name == "extend":  # each item stored before the next is read (lazy_extend.py)
            for item in items_in_turn(tx, args[0], self):
                self.append_item(item)
        elif name == "pop":
            index = args[0].as_constant() if args else -1
            if not self.items:
                raise RaisedByProgram(IndexError("pop from empty list"))
            try:
                return self.items.pop(index)
            except (IndexError, TypeError) as error:
                raise RaisedByProgram(error) from None
        elif name == "insert":
            self.items.insert(args[0].as_constant(), args[1])
        elif name == "remove":
            if len(args) != 1 or kwargs:
                raise Unsupported("list.remove arguments", BreakReason.UNSUPPORTED_CALL)
            position = next((i for i, item in enumerate(self.items)
                             if registry.same_or_equal(tx, item, args[0])), None)
            if position is None:
                raise RaisedByProgram(ValueError(self._missing_message(args[0], "remove")))
            del self.items[position]
        elif name == "clear":
            self.items.clear()
        elif name == "reverse":
            self.items.reverse()
        elif name == "sort":
            self.items[:] = [self.items[i] for i in list_sort_order(tx, self, args, kwargs)]
        elif name == "copy":
            return ListValue(list(self.items))
        else:
            return super().call_method(tx, name, args, kwargs)
        return registry.wrap_constant(None)


class DictValue(Value):
    """A dict: keys are tracked by their hash_key, in insertion order."""

    def __init__(self, entries: dict[Any, tuple[Value, Value]] | None = None, source=None,
                 cls: type = dict, default_factory: Value | None = None):
        super().__init__(source)
        self.entries: dict[Any, tuple[Value, Value]] = Entries(entries or {})
        self.cls = cls
        self.default_factory = default_factory
        self.factory_written = False

    @classmethod
    def from_pairs(cls, pairs, source=None, tx=None) -> DictValue:
        made = cls(None, source)
        for key, value in pairs:
            store_entry(made.entries, key, value, tx)
        return made

    def is_fresh_object(self) -> bool:
        return True

    def replay_contents(self, plan, target: str) -> None:
        if self.cls is collections.OrderedDict:  # (its two orders: see Entries)
            plan.writes.append(f"{plan.bind(redo_steps)}({target}, {self._steps(plan)}, "
                               f"{self._final(plan)})")
            return
        pairs = ", ".join(f"{plan.expr(k)}: {plan.expr(v)}" for k, v in self.entries.values())
        contents = plan.temp(f"{{{pairs}}}")
        plan.writes.append(f"{target}.clear(); {target}.update({contents})")
        if self.factory_written:  # `d.default_factory = f` in the trace
            factory = "None" if self.default_factory is None else plan.expr(self.default_factory)
            plan.writes.append(f"{target}.default_factory = {factory}")

    def reconstruct(self, plan) -> str:
        if self.source is not None:
            return plan.source_expr(self.source)
        pairs = ", ".join(f"{plan.expr(k)}: {plan.expr(v)}" for k, v in self.entries.values())
        if self.cls is dict:
            return plan.temp(f"{{{pairs}}}")
        if self.cls is collections.defaultdict:  # its factory always comes first, even None
            factory = "None" if self.default_factory is None else plan.expr(self.default_factory)
            return plan.temp(f"{plan.bind(self.cls)}({factory}, {{{pairs}}})")
        if self.cls is collections.OrderedDict and self.entries.moved():  # from the start
            made = plan.temp(f"{plan.bind(self.cls)}()")
            steps = [("add", key) for key in self.entries.initial] + self.entries.steps
            plan.writes.append(f"{plan.bind(redo_steps)}({made}, {self._steps(plan, steps)}, "
                               f"{self._final(plan)})")
            return made
        if self.cls is collections.OrderedDict:
            return plan.temp(f"{plan.bind(self.cls)}({{{pairs}}})")
        raise Unsupported(f"rebuilding a {self.cls.__qualname__} made in the trace",
                          BreakReason.UNSUPPORTED_VALUE)

    def _steps(self, plan, steps=None) -> str:
        """The logged changes to the keys as a tuple literal of the program's keys."""
        parts = []
        for step in self.entries.steps if steps is None else steps:
            rest = "".join(", " + (plan.expr(part) if isinstance(part, Value) else repr(part))
                           for part in step[1:])
            parts.append(f"({step[0]!r}{rest},)")
        return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"

    def _final(self, plan) -> str:
        return plan.temp("(" + "".join(f"({plan.expr(k)}, {plan.expr(v)}), "
                                       for k, v in self.entries.values()) + ")")

    def __repr__(self) -> str:
        return f"DictValue({[(k, v) for k, v in self.entries.values()]!r})"

    def hash_key(self) -> Any:
        return unhashable(self)

    def python_type(self) -> type:
        return self.cls

    def bool(self, tx) -> bool:
        return bool(self.entries)

    def len(self, tx) -> int:
        return len(self.entries)

    def keys(self) -> list[Value]:
        return [k for k, _ in self.entries.values()]

    def pair(self, key: Value, value: Value) -> Value:
        """An item of the dict, as `d.items()` gives it."""
        return TupleValue([key, value])

    def iter(self, tx) -> Value:
        from compiler.values.member_iterators import dict_iterator
        return dict_iterator(self, "keys")

    def reversed_iter(self, tx) -> Value:
        """`reversed(d)`: the keys from the last, as CPython's reverse iterator."""
        from compiler.values.member_iterators import dict_iterator
        return dict_iterator(self, "keys", reverse=True)

    def contains(self, tx, item: Value) -> bool:
        return key_of(tx, item) in self.entries

    def getitem(self, tx, key: Value) -> Value:
        try:
            return self.entries[key_of(tx, key)][1]
        except KeyError:
            if self.default_factory is not None:
                value = self.default_factory.call(tx, [], {})
                self.setitem(tx, key, value)
                return value
            missing = key.as_constant() if key.is_constant() else key
            raise RaisedByProgram(KeyError(missing)) from None

    def setitem(self, tx, key: Value, value: Value) -> None:
        tx.ctx.side_effects.mutate(self)
        store_entry(self.entries, key, value, tx)

    def setattr(self, tx, name: str, value: Value) -> None:
        """A defaultdict's `default_factory` takes any object (called on a missing key)."""
        if name != "default_factory" or self.cls is not collections.defaultdict:
            return super().setattr(tx, name, value)
        tx.ctx.side_effects.mutate(self)
        none = value.is_constant() and value.as_constant() is None
        self.default_factory = None if none else value
        self.factory_written = True
        return None

    def delitem(self, tx, key: Value) -> None:
        tx.ctx.side_effects.mutate(self)
        if self.entries.pop(key_of(tx, key), None) is None:
            raise RaisedByProgram(KeyError(key.as_constant() if key.is_constant() else key))

    def getattr(self, tx, name: str) -> Value:
        if name == "__iter__" and builtin_iter(self, (dict,)):
            from compiler.values.iterators import IterMethodValue
            return IterMethodValue(self)
        if name == "default_factory" and self.cls is collections.defaultdict:
            factory = self.default_factory
            return factory if factory is not None else ConstantValue(None)
        return bound_method(self, name)

    def call_method(self, tx, name, args, kwargs):  # noqa: C901 - one dispatch of dict methods
        none = registry.wrap_constant(None)
        if name in ("keys", "values", "items") and not args:
            return DictViewValue(self, name)
        if name == "move_to_end" and self.cls is collections.OrderedDict:
            tx.ctx.side_effects.mutate(self)
            last = kwargs.get("last", args[1] if len(args) > 1 else registry.wrap_constant(True))
            hashed = key_of(tx, args[0])
            if hashed not in self.entries:
                raise RaisedByProgram(KeyError(args[0].as_constant()))
            with rebuilding():  # its new place: CPython compares nothing
                order = list(self.entries)
                if not order[-1 if last.as_constant() else 0] == hashed:  # else no change
                    self.entries.move(hashed, bool(last.as_constant()))
            return none
        if name == "get":
            found = self.entries.get(key_of(tx, args[0]))
            return found[1] if found else (args[1] if len(args) > 1 else none)
        if name == "copy":
            return DictValue(dict(self.entries), cls=self.cls,
                             default_factory=self.default_factory)
        if name in ("pop", "setdefault", "update", "clear", "popitem"):
            tx.ctx.side_effects.mutate(self)
        if name == "pop":
            found = self.entries.pop(key_of(tx, args[0]), None)
            if found is None:
                if len(args) > 1:
                    return args[1]
                raise RaisedByProgram(KeyError(args[0].as_constant()))
            return found[1]
        if name == "popitem":
            return self._popitem(args, kwargs)
        if name == "setdefault":
            default = args[1] if len(args) > 1 else none
            return self.entries.setdefault(key_of(tx, args[0]), (args[0], default))[1]
        if name == "update":
            for other in args:
                self._update_from(tx, other)
            for key, value in kwargs.items():
                store_entry(self.entries, registry.wrap_constant(key), value)
            return none
        if name == "clear":
            self.entries.clear()
            return none
        raise Unsupported(f"dict.{name}", BreakReason.UNSUPPORTED_CALL)

    def _popitem(self, args, kwargs) -> Value:
        last = True
        if self.cls is collections.OrderedDict:
            if len(args) > 1 or set(kwargs) - {"last"} or (args and kwargs):
                raise Unsupported("OrderedDict.popitem arguments", BreakReason.UNSUPPORTED_CALL)
            flag = args[0] if args else kwargs.get("last")
            last = flag is None or bool(flag.as_constant())
        elif args or kwargs:
            raise Unsupported(f"{self.cls.__name__}.popitem arguments",
                              BreakReason.UNSUPPORTED_CALL)
        if not self.entries:
            raise RaisedByProgram(KeyError("popitem(): dictionary is empty"))
        key = next(reversed(self.entries)) if last else next(iter(self.entries))
        k, v = self.entries.pop(key)
        return TupleValue([k, v])

    def union(self, other: DictValue) -> DictValue:
        """`self | other`: a new mapping of the kind of `other` when its class is a subclass of
        ours (its `__ror__` goes first, as in CPython), else of ours, default factory included."""
        kind = other if other.cls is not self.cls and issubclass(other.cls, self.cls) else self
        merged = DictValue(self.entries, cls=kind.cls, default_factory=kind.default_factory)
        merged.merge_entries(other)
        return merged

    def merge_entries(self, other: DictValue) -> None:
        for hashed, (key, value) in other.entries.items():  # by the keys' stored hashes
            found = self.entries.get(hashed)
            self.entries[hashed] = (key if found is None else found[0], value)

    def _update_from(self, tx, other: Value) -> None:
        if isinstance(other, DictValue):
            self.merge_entries(other)
            return
        for key, value in mapping_pairs(tx, other):
            store_entry(self.entries, key, value, tx)

    def is_constant(self) -> bool:
        return False


def store_entry(entries: dict[Any, tuple[Value, Value]], key: Value, value: Value,
                tx=None) -> None:
    """`d[key] = value`: a key equal to one already there (1, 1.0 and True) keeps the key object
    stored first, as CPython's dict does; only the value changes."""
    hashed = key_of(tx, key)
    with one_operation():
        found = entries.get(hashed)
        entries[hashed] = (key if found is None else found[0], value)


def plain(value) -> Any:
    """A real Python object equal to `value`, for pure functions: containers of constants are
    copied into fresh lists, dicts and sets (the function may not keep them)."""
    if isinstance(value, ListValue):
        return [plain(item) for item in value.items]
    if isinstance(value, DictValue):
        return {plain(k): plain(v) for k, v in value.entries.values()}
    return value.as_constant()  # a set's is a new set of its members


def is_plain(value) -> bool:
    # Only a list or a dict is copied exactly by `plain`: a deque, an OrderedDict or a
    # defaultdict would reach the pure function as a list or a dict of another type. Their
    # items must be immutable constants: a list inside would reach it (and come back in its
    # result) as a copy, no longer the object the program holds (`[[0]] * 3` aliases one list).
    # A symbolic size is a constant only at the price of specialising it: not plain.
    if isinstance(value, ListValue):
        return value.python_type() is list and all(item.is_constant() and not _symbolic(item)
                                                   for item in value.items)
    if isinstance(value, DictValue):
        return value.cls is dict and all(k.is_constant() and v.is_constant() and not
                                         _symbolic(v) for k, v in value.entries.values())
    return value.is_constant() and not _symbolic(value)


def _symbolic(value) -> bool:
    """A symbolic size, or a tuple holding one (a torch.Size of symbolic sizes)."""
    from compiler.values.symbolic_int import is_symbolic
    if isinstance(value, TupleValue):
        return any(_symbolic(item) for item in value.items)
    return is_symbolic(value)



registry.install(plain=plain, is_plain=is_plain)
