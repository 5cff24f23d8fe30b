"""Sets and frozensets whose members are value trackers: hashable constants, or tensors by
identity, in insertion order; iterated in CPython's order when the members are constants.

A set with a source existed before the frame ran: changing it is a side effect, replayed on the
real set after the graph runs.
"""

from __future__ import annotations

from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.attributes import bound_method
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import call_pure
from compiler.values.containers import is_plain, plain, unhashable

# The in-place methods of set that take iterables; each runs on a copy, then the set takes
# the copy's members.
SET_UPDATES = ("intersection_update", "difference_update", "symmetric_difference_update")


class SetValue(Value):
    """A set of hashable constants (or of tensors, by identity), in insertion order."""

    def __init__(self, items: list[Value], frozen: bool = False, source=None):
        super().__init__(source)
        self.members: dict[Any, Value] = {}
        self.frozen = frozen
        for item in items:
            self.members.setdefault(item.hash_key(), item)

    def is_fresh_object(self) -> bool:
        return not self.frozen

    def replay_contents(self, plan, target: str) -> None:
        contents = plan.temp(f"[{plan.items(self.ordered())}]")
        plan.writes.append(f"{target}.clear(); {target}.update({contents})")

    def reconstruct(self, plan) -> str:
        if self.source is not None:
            return plan.source_expr(self.source)
        kind = "frozenset" if self.frozen else "set"
        return plan.temp(f"{kind}([{plan.items(self.ordered())}])")

    def python_type(self) -> type:
        return frozenset if self.frozen else set

    def hash_key(self) -> Any:
        return super().hash_key() if self.frozen else unhashable(self)

    def is_constant(self) -> bool:
        return all(item.is_constant() for item in self.members.values())

    def as_constant(self) -> Any:
        return self.python_type()(item.as_constant() for item in self.members.values())

    def ordered(self) -> list[Value]:
        """Iteration order as CPython's set would give it, for constant members."""
        if self.is_constant():
            return [self.members[k] for k in set(self.members)] if self.members else []
        return list(self.members.values())

    def bool(self, tx) -> bool:
        return bool(self.members)

    def len(self, tx) -> int:
        return len(self.members)

    def unpack(self, tx) -> list[Value]:
        return self.ordered()

    def iter(self, tx) -> Value:
        from compiler.values.iterators import SequenceIteratorValue
        return SequenceIteratorValue(self.ordered(), kind=type(iter(set())),
                                     watched=("Set changed size during iteration",
                                              self.members.keys))

    def contains(self, tx, item: Value) -> bool:
        return item.hash_key() in self.members

    def getattr(self, tx, name: str) -> Value:
        return bound_method(self, name)

    def call_method(self, tx, name, args, kwargs):
        if name in ("add", "discard", "remove", "update", "clear", "pop", *SET_UPDATES):
            if self.frozen:
                raise RaisedByProgram(AttributeError(
                    f"'frozenset' object has no attribute {name!r}"))
            tx.ctx.side_effects.mutate(self)
        if name == "add":
            self.members.setdefault(args[0].hash_key(), args[0])
        elif name == "discard":
            self.members.pop(args[0].hash_key(), None)
        elif name == "remove":
            if self.members.pop(args[0].hash_key(), None) is None:
                raise RaisedByProgram(KeyError(args[0].as_constant()))
        elif name == "update":
            for other in args:
                for item in other.unpack(tx):
                    self.members.setdefault(item.hash_key(), item)
        elif name == "clear":
            self.members.clear()
        elif name == "copy":
            return SetValue(list(self.members.values()), self.frozen)
        elif name in SET_UPDATES and self.is_constant() and all(is_plain(a) for a in args):
            self._update_in_place(tx, name, args)
        elif name not in SET_UPDATES and self.is_constant() and all(is_plain(a) for a in args):
            real = self.as_constant()
            return registry.wrap_constant(
                call_pure(getattr(real, name), [plain(a) for a in args], {}))
        else:
            raise Unsupported(f"set.{name}", BreakReason.UNSUPPORTED_CALL)
        return registry.wrap_constant(None)

    def _update_in_place(self, tx, name: str, args: list[Value]) -> None:
        """Run the method on a real copy and keep what CPython's set keeps: a member the set
        had stays its own object (1 stays 1 beside an equal True), one from an argument is
        that argument's object."""
        real = plain(self)
        call_pure(getattr(real, name), [plain(a) for a in args], {})
        offered = {}
        for other in args:
            for item in other.unpack(tx):
                offered.setdefault(item.hash_key(), item)
        kept = {key: self.members[key] if key in self.members else
                offered[key] if key in offered else registry.wrap_constant(key)
                for key in real}
        self.members.clear()
        self.members.update(kept)
