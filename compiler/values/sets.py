"""Sets and frozensets whose members are value trackers: hashable constants, or tensors by
identity.

CPython iterates a set in the order of its hash table, which depends on the members' hashes
and on the history of the table (how it grew, what was removed): `set(range(100))` with 95
members removed iterates differently from a set built from the other five. So a set made in
the trace keeps, beside its members, a real set of their hash keys (`table`) that every
operation changes the way CPython changes the program's set (the same adds, removes, copies
and set algebra, on a real set of the same kind); a set of constants iterates in the order of
that table. A set with tensor members iterates in insertion order (CPython's order there
depends on addresses); one wrapped from a source iterates in the real set's order until the
trace changes it.

A set with a source existed before the frame ran: changing it is a side effect, replayed on the
real set after the graph runs.
"""

from __future__ import annotations

from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.attributes import bound_method
from compiler.values.base import RaisedByProgram, Value
from compiler.values.containers import unhashable

# The in-place methods of set that take iterables.
SET_UPDATES = ("intersection_update", "difference_update", "symmetric_difference_update")
# The methods that read the set (and their arguments) only.
SET_READERS = ("union", "intersection", "difference", "symmetric_difference", "issubset",
               "issuperset", "isdisjoint")
CHANGING = ("add", "discard", "remove", "update", "clear", "pop", *SET_UPDATES)


class SetValue(Value):
    """A set of hashable constants (or of tensors, by identity); see the module's note."""

    def __init__(self, items: list[Value], frozen: bool = False, source=None, table=None):
        super().__init__(source)
        self.members: dict[Any, Value] = {}
        self.frozen = frozen
        for item in items:
            self.members.setdefault(item.hash_key(), item)
        # None while a set from a source is unchanged: the real set's order is the members'.
        self.table: set | frozenset | None = table
        if table is None and source is None:
            self.table = self._fresh_table()

    def _fresh_table(self):
        """The table of a set built by adding the members one at a time (`{a, b}`,
        `set(list)`, a set comprehension), as CPython's generic path does."""
        return (frozenset if self.frozen else set)(list(self.members))

    @classmethod
    def from_table(cls, table, pools: list[dict[Any, Value]]) -> SetValue:
        """A set whose table is `table` (a fresh real set of hash keys), each member the
        tracker that key came from: the same key object in one of `pools` (CPython keeps the
        first of two equal keys, 1 beside True, and which one an operation keeps is its own
        rule, which the real operation on the tables has followed)."""
        made = cls([], frozen=isinstance(table, frozenset))
        made.table = table
        for key in table:
            made.members[key] = _member_for(key, pools)
        return made

    def _writable_table(self) -> set:
        if self.table is None:  # a source's set changed for the first time
            self.table = set()
            for key in self.members:
                self.table.add(key)
        return self.table

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
        """The table itself when it is exact (pure functions read it, never keep or change
        it), so `str(s)` and `tuple(s)` see CPython's order."""
        if self.table is not None and all(item.is_constant() for item in self.members.values()):
            return self.table
        return self.python_type()(item.as_constant() for item in self.members.values())

    def ordered(self) -> list[Value]:
        """Iteration order as CPython's set would give it, for constant members."""
        if self.table is not None and self.is_constant():
            return [self.members[k] for k in self.table]
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

    def call_method(self, tx, name, args, kwargs):  # noqa: C901 - one dispatch of set methods
        if kwargs:
            raise Unsupported(f"set.{name} with keyword arguments", BreakReason.UNSUPPORTED_CALL)
        if name in CHANGING:
            if self.frozen:
                raise RaisedByProgram(AttributeError(
                    f"'frozenset' object has no attribute {name!r}"))
            tx.ctx.side_effects.mutate(self)
        if name == "add":
            self._writable_table().add(args[0].hash_key())
            self.members.setdefault(args[0].hash_key(), args[0])
        elif name in ("discard", "remove"):
            key = args[0].hash_key()
            if key not in self.members:
                if name == "remove":
                    raise RaisedByProgram(KeyError(args[0].as_constant()))
            else:
                self._writable_table().discard(key)
                del self.members[key]
        elif name == "pop":
            return self._pop()
        elif name == "clear":
            self._writable_table().clear()
            self.members.clear()
        elif name == "copy":
            if self.frozen:
                return self
            table = self.table.copy() if self.table is not None else None
            return SetValue(list(self.members.values()), self.frozen, table=table)
        elif name == "update" or name in SET_UPDATES:
            table = self._writable_table()
            pools = [self.members]
            mirrors = [_mirror(tx, a, pools) for a in args]
            getattr(table, name)(*mirrors)
            self.members = {key: _member_for(key, pools) for key in table}
        elif name in SET_READERS:
            return self._read(tx, name, args)
        else:
            raise Unsupported(f"set.{name}", BreakReason.UNSUPPORTED_CALL)
        return registry.wrap_constant(None)

    def _pop(self) -> Value:
        if not self.members:
            raise RaisedByProgram(KeyError("pop from an empty set"))
        if not self.is_constant():  # which member CPython pops depends on addresses
            raise Unsupported("set.pop() of a set with tensor members",
                              BreakReason.UNSUPPORTED_VALUE)
        key = self._writable_table().pop()
        return self.members.pop(key)

    def _read(self, tx, name: str, args: list[Value]) -> Value:
        pools = [self.members]
        mirrors = [_mirror(tx, a, pools) for a in args]
        table = self.table if self.table is not None else _ordered_copy(self)
        try:
            result = getattr(table, name)(*mirrors)
        except TypeError as error:
            raise RaisedByProgram(error) from None
        if isinstance(result, (set, frozenset)):
            return SetValue.from_table(result, pools)
        return registry.wrap_constant(result)

    def table_for_operator(self):
        """The real table an operator (`|`, `&`, ...) works on."""
        return self.table if self.table is not None else _ordered_copy(self)


def _ordered_copy(value: SetValue):
    return (frozenset if value.frozen else set)(list(value.members))


def build_set(tx, iterable: Value | None, frozen: bool) -> SetValue:
    """`set(iterable)`, `frozenset(iterable)`: a set's table is merged, a plain dict's keys
    read by the dict path, anything else added one item at a time, as CPython does."""
    if iterable is None:
        return SetValue([], frozen=frozen)
    if frozen and isinstance(iterable, SetValue) and iterable.frozen:
        return iterable  # frozenset(a frozenset) is that frozenset
    pools: list[dict[Any, Value]] = []
    mirror = _mirror(tx, iterable, pools)
    return SetValue.from_table((frozenset if frozen else set)(mirror), pools)


def _member_for(key: Any, pools: list[dict[Any, Value]]) -> Value:
    """The tracker whose hash key is this very object, else an equal one."""
    found = None
    for pool in pools:
        member = pool.get(key)
        if member is None:
            continue
        if member.is_constant() and member.as_constant() is key:
            return member
        if found is None:
            found = member
    return found if found is not None else registry.wrap_constant(key)


def _mirror(tx, value: Value, pools: list[dict[Any, Value]]):
    """What the real table operation takes in place of the program's argument: a set's table;
    a plain dict's keys as a real dict (CPython reads an exact dict by its own path); else
    the hash keys in iteration order. The argument's members join `pools`."""
    from compiler.values.containers import DictValue
    if isinstance(value, SetValue):
        pools.append(value.members)
        return value.table_for_operator()
    items = value.unpack(tx)
    pool: dict[Any, Value] = {}
    for item in items:
        pool.setdefault(item.hash_key(), item)
    pools.append(pool)
    if isinstance(value, DictValue) and value.cls is dict:
        return dict.fromkeys(item.hash_key() for item in items)
    return [item.hash_key() for item in items]


def set_operator(symbol: str, a: SetValue, b: SetValue) -> SetValue:
    """`a | b`, `a & b`, `a - b`, `a ^ b` of two sets, by the same operation on their tables."""
    import operator
    fn = {"|": operator.or_, "&": operator.and_, "-": operator.sub, "^": operator.xor}[symbol]
    return SetValue.from_table(fn(a.table_for_operator(), b.table_for_operator()),
                               [a.members, b.members])


def set_inplace_operator(tx, symbol: str, a: SetValue, b: SetValue) -> SetValue:
    """`a |= b` and the others: the table changes in place, as CPython's set does."""
    import operator
    fn = {"|=": operator.ior, "&=": operator.iand, "-=": operator.isub,
          "^=": operator.ixor}[symbol]
    if a.frozen:  # a frozenset's in-place operator makes a new one
        return set_operator(symbol[:-1], a, b)
    tx.ctx.side_effects.mutate(a)
    table = a._writable_table()
    fn(table, b.table_for_operator())
    pools = [a.members, b.members]
    a.members = {key: _member_for(key, pools) for key in table}
    return a


def view_set_operator(tx, symbol: str, left: Value, right: Value) -> SetValue:
    """`|`, `&`, `-`, `^` where one side is a keys or items view: CPython makes a set of the
    left side (a keys view of a plain dict by the dict path) and updates it with the right;
    `&` iterates the smaller side, or asks a larger real set for the intersection."""
    from compiler.values.containers import DictViewValue
    pools: list[dict[Any, Value]] = []
    if symbol == "&":
        view, other = (left, right) if isinstance(left, DictViewValue) else (right, left)
        if isinstance(other, SetValue) and not other.frozen and view.len(tx) <= other.len(tx):
            view_keys = _mirror(tx, view, pools)
            return SetValue.from_table(
                other.table_for_operator().intersection(view_keys), [other.members, *pools])
        if isinstance(other, DictViewValue) and other.len(tx) > view.len(tx):
            view, other = other, view
        inside = set(_mirror(tx, view, pools))
        table = set()
        for key in _mirror(tx, other, pools):
            if key in inside:
                table.add(key)
        return SetValue.from_table(table, pools)
    table = set(_view_mirror(tx, left, pools))
    update = {"|": table.update, "-": table.difference_update,
              "^": table.symmetric_difference_update}[symbol]
    update(_mirror(tx, right, pools))
    return SetValue.from_table(table, pools)


def _view_mirror(tx, value: Value, pools):
    from compiler.values.containers import DictValue, DictViewValue
    if isinstance(value, DictViewValue) and value.kind == "keys" and value.mapping.cls is dict:
        return _mirror(tx, DictValue(value.mapping.entries), pools)
    return _mirror(tx, value, pools)
