"""Sets and frozensets whose members are value trackers: hashable constants, or tensors by
identity.

CPython iterates a set in the order of its hash table, which depends on the members' hashes
and on the history of the table (how it grew, what was removed): `set(range(100))` with 95
members removed iterates differently from a set built from the other five. So a set made in
the trace keeps, beside its members, a real set of their hash keys (`table`) that every
operation changes the way CPython changes the program's set (the same adds, removes, copies
and set algebra, on a real set of the same kind); a set of constants iterates in the order of
that table. Iterating a set made in the trace with two or more members hashed by identity
(tensors, objects keeping object's `__hash__`) is refused: CPython's order follows their
addresses, which the trace does not know. One wrapped from a source iterates in the real set's
order until the trace changes it. A set made in the trace leaving it is rebuilt from its
members in order, so one whose history shaped its table (a rebuilt one would iterate
otherwise) is refused there.

A set with a source existed before the frame ran: changing it is a side effect, replayed on the
real set after the graph runs.
"""

from __future__ import annotations

from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.attributes import bound_method
from compiler.values.base import RaisedByProgram, Value, one_by_one
from compiler.values.containers import unhashable
from compiler.values.lazy_extend import items_in_turn, read_whole
from compiler.values.stdlib_hash_keys import exact_member, key_of, one_operation, rebuilding

# The in-place methods of set that take iterables.
SET_UPDATES = ("intersection_update", "difference_update", "symmetric_difference_update")
# The methods that read the set (and their arguments) only.
SET_READERS = ("union", "intersection", "difference", "symmetric_difference", "issubset",
               "issuperset", "isdisjoint")
CHANGING = ("add", "discard", "remove", "update", "clear", "pop", *SET_UPDATES)


class SetValue(Value):
    """A set of hashable constants (or of tensors, by identity); see the module's note."""

    def __init__(self, items: list[Value], frozen: bool = False, source=None, table=None,
                 tx=None):
        super().__init__(source)
        self.members: dict[Any, Value] = {}
        self.frozen = frozen
        for item in items:
            self.members.setdefault(key_of(tx, item), item)
        # The exact table, or None for a set from a source: its real table is not known, only
        # its order (the members' order, as read) while the trace only removes members.
        self.table: set | frozenset | None = table
        self.members_in_order = source is not None
        self.entry_order = [m.as_constant() for m in self.members.values()] if (
            source is not None and self.is_constant()) else None
        if table is None and source is None:
            self.table = self._fresh_table()
        # A set from a source: the single-member changes the trace made, in order, replayed
        # on the real set as they were made (its table then ends as the program's would);
        # None once a change of another kind was made (then it is refilled).
        self.log: list[tuple[str, Value | None]] | None = []
        # Where CPython's pop() starts looking (the set's `finger`, moved by each pop and kept
        # by clear()): the mirror table's own for a set made here, unknown for one from outside.
        self.finger_known = source is None
        self.version = 0  # changes to the members (an iterator over the set checks it)

    def _fresh_table(self):
        """The table of a set built by adding the members one at a time (`{a, b}`,
        `set(list)`, a set comprehension), as CPython's generic path does."""
        with rebuilding():  # the members are distinct already
            return (frozenset if self.frozen else set)(list(self.members))

    @classmethod
    def from_table(cls, table, pools: list[dict[Any, Value]]) -> SetValue:
        """A set whose table is `table` (a fresh real set of hash keys), each member the
        tracker that key came from: the same key object in one of `pools` (CPython keeps the
        first of two equal keys, 1 beside True, and which one an operation keeps is its own
        rule, which the real operation on the tables has followed)."""
        made = cls([], frozen=isinstance(table, frozenset))
        made.table = table
        with rebuilding():
            for key in table:
                made.members[key] = _member_for(key, pools)
        return made

    @classmethod
    def unordered(cls, table, pools: list[dict[Any, Value]]) -> SetValue:
        """The result of an operation on a set whose real table is not known: its members are
        right, its iteration order is not (iterating it is refused)."""
        made = cls.from_table(table, pools)
        made.table = None
        return made

    def is_fresh_object(self) -> bool:
        return not self.frozen

    def replay_contents(self, plan, target: str) -> None:
        if self.log is not None:
            for name, member in self.log:
                argument = "" if member is None else plan.expr(member)
                plan.writes.append(f"{target}.{name}({argument})")
            return
        contents = plan.temp(f"[{plan.items(self.ordered(strict=False))}]")
        plan.writes.append(f"{target}.clear(); {target}.update({contents})")

    def reconstruct(self, plan) -> str:
        if self.source is not None:
            return plan.source_expr(self.source)
        kind = "frozenset" if self.frozen else "set"
        self.refuse_another_order()
        return plan.temp(f"{kind}([{plan.items(self.ordered(strict=False))}])")

    def refuse_another_order(self) -> None:
        """A set rebuilt from its members in order gets a table of its own, which iterates in
        another order than the program's when that one's history (removals, growth) shaped
        it: refused, as the program would see its set's order change."""
        if self.table is None or len(self.table) < 2 or not self.exact():
            return
        with rebuilding():
            if list(type(self.table)(list(self.table))) != list(self.table):
                raise Unsupported("a set made in the trace whose table a rebuilt one would "
                                  "not have (its iteration order)", BreakReason.UNSUPPORTED_VALUE)

    def python_type(self) -> type:
        return frozenset if self.frozen else set

    def hash_key(self) -> Any:
        if not self.frozen:
            return unhashable(self)
        if self.is_constant():
            return super().hash_key()
        with rebuilding():  # by its members' keys (tensors by identity, objects by hash)
            return frozenset(self.members)

    def is_constant(self) -> bool:
        return all(item.is_constant() for item in self.members.values())

    def as_constant(self) -> Any:
        """The table itself when it is exact (pure functions read it, never keep or change
        it), so `str(s)` and `tuple(s)` see CPython's order."""
        if self.table is not None and all(item.is_constant() for item in self.members.values()):
            return self.table
        self._order_known()
        made = self.python_type()([item.as_constant() for item in self.members.values()])
        if self.is_constant() and [k for k in made] != [k for k in self.members]:
            raise Unsupported("a set from outside the frame whose order a new set would not "
                              "have, as a constant", BreakReason.UNSUPPORTED_VALUE)
        return made

    def ordered(self, strict: bool = True) -> list[Value]:
        """Iteration order as CPython's set would give it, for constant members; refused
        where it is not known, unless `strict` is off (the set rebuilt after the graph: its
        members matter, not the order of a table the rebuilt set will not have anyway)."""
        if self.table is not None and self.exact():
            with rebuilding():
                return [self.members[k] for k in self.table]
        if strict:
            self._order_known()
            if len(self.members) > 1 and not self.exact() and self.source is None:
                raise Unsupported("iterating a set of tensors or objects hashed by identity "
                                  "(CPython's order follows their addresses)",
                                  BreakReason.UNSUPPORTED_VALUE)
        return list(self.members.values())

    def exact(self) -> bool:
        """Every member's stand-in has its real hash: the table's order is CPython's (a
        constant filed under a stand-in of its identity, a builtin function's, is not)."""
        return all(getattr(m, "exact_member", bool)() or exact_member(m) and not (
            m.is_constant() and type(key) is not type(m.as_constant()))
            for key, m in self.members.items())

    def sortable_members(self) -> list[Value] | None:
        """The members, in an order `sorted()` without a key cannot tell from the real one
        (no two members compare equal: no NaN among them), else None."""
        if not self.is_constant() or any(
                isinstance(m.as_constant(), float) and m.as_constant() != m.as_constant()
                for m in self.members.values()):
            return None
        return list(self.members.values())

    def _order_known(self) -> None:
        if self.table is None and not self.members_in_order and len(self.members) > 1 \
                and self.is_constant():
            raise Unsupported("the iteration order of a set from outside the frame after the "
                              "trace added to it (its real table is not known)",
                              BreakReason.UNSUPPORTED_VALUE)

    def _guard_order(self, tx) -> None:
        """Equal sets can iterate in different orders: a set from a source that is iterated
        is guarded on the order it had at the call."""
        if self.source is not None and self.entry_order is not None \
                and len(self.entry_order) > 1:
            from compiler.guards.guard import GuardKind
            tx.ctx.guard(self.source, GuardKind.DICT_KEYS, list(self.entry_order))

    def _approximate_table(self):
        return (frozenset if self.frozen else set)(list(self.members))

    def bool(self, tx) -> bool:
        return bool(self.members)

    def len(self, tx) -> int:
        return len(self.members)

    def unpack(self, tx) -> list[Value]:
        self._guard_order(tx)
        return self.ordered()

    def iter(self, tx) -> Value:
        from compiler.values.member_iterators import MembersIteratorValue
        self._guard_order(tx)
        return MembersIteratorValue(self.ordered(), type(iter(set())),
                                    lambda: (len(self.members), self.version),
                                    "Set changed size during iteration")

    def contains(self, tx, item: Value) -> bool:
        return _lookup_key(tx, item) in self.members

    def getattr(self, tx, name: str) -> Value:
        if name == "__iter__":
            from compiler.values.iterators import IterMethodValue
            return IterMethodValue(self)  # calling it is `iter(self)`
        return bound_method(self, name)

    def call_method(self, tx, name, args, kwargs):
        if name not in CHANGING and name not in ("update", *SET_UPDATES):
            return self._call_method(tx, name, args, kwargs)
        before = list(self.members)
        try:
            return self._call_method(tx, name, args, kwargs)
        finally:
            self.note_change(before)

    def note_change(self, before: list) -> None:
        """Count a change to the members (an iterator over the set then fails or refuses)."""
        after = list(self.members)
        if len(after) != len(before) or any(a is not b for a, b in zip(after, before)):
            self.version += 1

    def _call_method(self, tx, name, args, kwargs):  # noqa: C901 - one dispatch of set methods
        if kwargs:
            raise Unsupported(f"set.{name} with keyword arguments", BreakReason.UNSUPPORTED_CALL)
        if name in CHANGING:
            if self.frozen:
                raise RaisedByProgram(AttributeError(
                    f"'frozenset' object has no attribute {name!r}"))
            tx.ctx.side_effects.mutate(self)
        if name == "add":
            key = key_of(tx, args[0])
            with one_operation():
                if self.table is not None:
                    self.table.add(key)
                elif key not in self.members:
                    self.members_in_order = False
                self._logged("add", None if key in self.members else args[0])
                self.members.setdefault(key, args[0])
        elif name in ("discard", "remove"):  # a removal keeps the others' order
            key = _lookup_key(tx, args[0])
            with one_operation():  # CPython's one lookup: each pair compared once
                present = key in self.members
                if present:
                    if self.table is not None:
                        self.table.discard(key)
                    self._logged("discard", self.members.pop(key))
            if not present and name == "remove":
                raise RaisedByProgram(KeyError(args[0].as_constant()))
        elif name == "pop":
            return self._pop()
        elif name == "clear":  # CPython starts a fresh table (keeping pop's finger)
            if self.table is not None:
                self.table.clear()
            else:
                self.table = set()
            self.members.clear()
            self._logged("clear", None, always=True)
        elif name == "copy":
            if self.frozen:
                return self
            if self.table is None:
                return SetValue.unordered(self._approximate_table(), [self.members])
            return SetValue.from_table(self.table.copy(), [self.members])
        elif name in ("update", "difference_update") and len(args) > 1:
            for arg in args:  # CPython changes the set by each argument in turn
                self._call_method(tx, name, [arg], {})
        elif name in ("update", "difference_update") and args and not read_whole(args[0], self):
            self._one_at_a_time(tx, name, args[0])
        elif name == "update" or name in SET_UPDATES:
            table = self.table if self.table is not None else self._approximate_table()
            pools = [self.members]
            mirrors = [_mirror(tx, a, pools) for a in args]
            getattr(table, name)(*mirrors)
            with rebuilding():
                self.members = {key: _member_for(key, pools) for key in table}
            self.members_in_order = False  # a set from a source may have been rebuilt
            self.log = None
            if any(isinstance(a, SetValue) and a.table is None for a in args):
                self.table = None  # merged in the order of a real table not known
        elif name in SET_READERS:
            return self._read(tx, name, args)
        else:
            raise Unsupported(f"set.{name}", BreakReason.UNSUPPORTED_CALL)
        return registry.wrap_constant(None)

    def _one_at_a_time(self, tx, name: str, iterable: Value) -> None:
        """update / difference_update from a lazy iterable: each item added (or removed) before
        the next is read, as CPython does (a generator then sees the set change, and an
        iterator over the set fails on its size change)."""
        for item in items_in_turn(tx, iterable, self):
            if name == "update":
                self._call_method(tx, "add", [item], {})
            else:
                key_of(tx, item)  # a set item is unhashable here (no frozenset retry)
                self._call_method(tx, "discard", [item], {})

    def _pop(self) -> Value:
        if not self.members:
            raise RaisedByProgram(KeyError("pop from an empty set"))
        if len(self.members) == 1:  # the one member, whatever the table and its finger
            key = self.table.pop() if self.table is not None else next(iter(self.members))
            self.members_in_order = False  # the real table's later order: not known
            self._logged("pop", None, always=True)
            return self.members.pop(key)
        # addresses, a table not known, or a finger not known (a set from outside, cleared)
        if not self.exact() or self.table is None or not self.finger_known:
            raise Unsupported("set.pop() of a set with tensor members or from outside the "
                              "frame", BreakReason.UNSUPPORTED_VALUE)
        key = self.table.pop()
        return self.members.pop(key)

    def _logged(self, name: str, member: Value | None, always: bool = False) -> None:
        """One change of the set (`member` None for an add of a member already in: none)."""
        if self.log is not None and (member is not None or always):
            self.log.append((name, member))

    def _read(self, tx, name: str, args: list[Value]) -> Value:
        pools = [self.members]
        mirrors = [_mirror(tx, a, pools) for a in args]
        table = self.table_for_operator()
        try:
            result = getattr(table, name)(*mirrors)
        except TypeError as error:
            raise RaisedByProgram(error) from None
        if isinstance(result, (set, frozenset)):
            return _result(result, pools, [self, *args])
        return registry.wrap_constant(result)

    def table_for_operator(self):
        """The real table an operator (`|`, `&`, ...) works on (a stand-in for a set from a
        source: its result's order is then not known)."""
        return self.table if self.table is not None else self._approximate_table()


def subclass_contents(value: Value, family) -> SetValue | None:
    """The contents of an instance of a `family` subclass made in the trace
    (container_objects.py), else None."""
    found = getattr(value, "contents_of_family", None)
    return None if found is None else found(family)


def _lookup_key(tx, item: Value) -> Any:
    """The key `in`, `discard` and `remove` look up: a set (unhashable) is looked up as the
    frozenset of its members, as CPython's set retries it."""
    contents = subclass_contents(item, set)  # a set subclass's instance (PySet_Check)
    if contents is not None and item.python_type().__hash__ is None:
        item = contents
    if isinstance(item, SetValue) and not item.frozen:
        with rebuilding():
            return frozenset(item.members)
    return key_of(tx, item)


def _result(table, pools, operands) -> SetValue:
    exact = all(not isinstance(v, SetValue) or v.table is not None for v in operands)
    return (SetValue.from_table if exact else SetValue.unordered)(table, pools)


def build_set(tx, iterable: Value | None, frozen: bool) -> SetValue:
    """`set(iterable)`, `frozenset(iterable)`: a set's table is merged, a plain dict's keys
    read by the dict path, anything else added one item at a time, as CPython does."""
    if iterable is None:
        return SetValue([], frozen=frozen)
    if frozen and isinstance(iterable, SetValue) and iterable.frozen:
        return iterable  # frozenset(a frozenset) is that frozenset
    pools: list[dict[Any, Value]] = []
    mirror = _mirror(tx, iterable, pools)
    return _result((frozenset if frozen else set)(mirror), pools, [iterable])


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
    contents = subclass_contents(value, (set, frozenset))  # as set_merge reads it
    value = value if contents is None else contents
    if isinstance(value, SetValue):
        pools.append(value.members)
        return value.table_for_operator()
    if isinstance(value, DictValue) and value.cls is dict:
        pools.append({key: k for key, (k, _) in value.entries.items()})
        return dict.fromkeys(value.entries)  # the keys as stored, with their hashes
    pool: dict[Any, Value] = {}
    pools.append(pool)
    return _keys_one_at_a_time(tx, value.iter(tx), pool)


def _keys_one_at_a_time(tx, iterator: Value, pool: dict[Any, Value]):
    """The keys of an iterable as the real table operation takes them: each item read, then
    hashed, then added, before the next is read (as CPython's set does with an iterable)."""
    for item in one_by_one(tx, iterator):
        key = key_of(tx, item)
        with rebuilding():  # by identity: the stand-ins themselves come back in the result
            pool.setdefault(key, item)
        yield key


def set_operator(symbol: str, a: SetValue, b: SetValue) -> SetValue:
    """`a | b`, `a & b`, `a - b`, `a ^ b` of two sets, by the same operation on their tables."""
    import operator
    fn = {"|": operator.or_, "&": operator.and_, "-": operator.sub, "^": operator.xor}[symbol]
    return _result(fn(a.table_for_operator(), b.table_for_operator()), [a.members, b.members],
                   [a, b])


def set_inplace_operator(tx, symbol: str, a: SetValue, b: SetValue) -> SetValue:
    """`a |= b` and the others: the table changes in place, as CPython's set does."""
    import operator
    fn = {"|=": operator.ior, "&=": operator.iand, "-=": operator.isub,
          "^=": operator.ixor}[symbol]
    if a.frozen:  # a frozenset's in-place operator makes a new one
        return set_operator(symbol[:-1], a, b)
    tx.ctx.side_effects.mutate(a)
    before = list(a.members)
    table = a.table_for_operator()
    fn(table, b.table_for_operator())
    pools = [a.members, b.members]
    with rebuilding():
        a.members = {key: _member_for(key, pools) for key in table}
    if b.table is None:  # the order follows b's real table
        a.table = None
    a.members_in_order = False
    a.log = None
    a.note_change(before)
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
            return _result(other.table_for_operator().intersection(view_keys),
                           [other.members, *pools], [other])
        if isinstance(other, DictViewValue) and other.len(tx) > view.len(tx):
            view, other = other, view
        inside = set(_mirror(tx, view, pools))
        table = set()
        for key in _mirror(tx, other, pools):
            if key in inside:
                table.add(key)
        return _result(table, pools, [left, right])
    table = set(_view_mirror(tx, left, pools))
    update = {"|": table.update, "-": table.difference_update,
              "^": table.symmetric_difference_update}[symbol]
    update(_mirror(tx, right, pools))
    return _result(table, pools, [left, right])


def _view_mirror(tx, value: Value, pools):
    from compiler.values.containers import DictValue, DictViewValue
    if isinstance(value, DictViewValue) and value.kind == "keys" and value.mapping.cls is dict:
        return _mirror(tx, DictValue(value.mapping.entries), pools)
    return _mirror(tx, value, pools)
