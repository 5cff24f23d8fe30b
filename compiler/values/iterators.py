"""Iterators over traced values: sequences (live for lists, as CPython's list iterator is)."""

from __future__ import annotations

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value, next_until_stop, one_by_one


def _advance(iterator, steps: int) -> None:
    for _ in range(steps):
        next(iterator)


class IterMethodValue(Value):
    """`obj.__iter__` read by name from a constant, a builtin container or a tensor whose type
    keeps its own `__iter__`: calling it is `iter(obj)` (a fresh iterator each call)."""

    def __init__(self, obj: Value):
        super().__init__(None)
        self.obj = obj

    def python_type(self) -> type:
        import types
        raw = getattr(self.obj.python_type(), "__iter__", None)
        return types.MethodType if isinstance(raw, types.FunctionType) else \
            types.MethodWrapperType

    def reconstruct(self, plan) -> str:
        return plan.temp(f"{plan.expr(self.obj)}.__iter__")

    def call(self, tx, args, kwargs) -> Value:
        if args or kwargs:
            raise Unsupported("__iter__ called with arguments", BreakReason.UNSUPPORTED_CALL)
        return self.obj.iter(tx)

    def getattr(self, tx, name: str) -> Value:
        if name == "__self__":
            return self.obj
        return super().getattr(tx, name)


class IteratorNextValue(Value):
    """`it.__next__`, bound (heapq.merge keeps one): calling it is `next(it)`."""

    def __init__(self, iterator: Value):
        super().__init__(None)
        self.iterator = iterator

    def call(self, tx, args, kwargs) -> Value:
        if args or kwargs:
            raise RaisedByProgram(TypeError(f"expected 0 arguments, got {len(args)}"))
        return self.iterator.next(tx)

    def getattr(self, tx, name: str) -> Value:
        if name == "__self__":
            return self.iterator
        return super().getattr(tx, name)


class IteratorMethods:
    """`it.__next__` and `it.__iter__` of an iterator tracker, bound."""

    def getattr(self, tx, name: str) -> Value:
        if name == "__next__":
            return IteratorNextValue(self)
        if name == "__iter__":
            return IteratorSelfValue(self)
        return super().getattr(tx, name)


class IteratorSelfValue(IteratorNextValue):
    """`it.__iter__`: calling it gives the iterator itself."""

    def call(self, tx, args, kwargs) -> Value:
        if args or kwargs:
            raise RaisedByProgram(TypeError(f"expected 0 arguments, got {len(args)}"))
        return self.iterator


class SequenceIteratorValue(IteratorMethods, Value):
    """Iterates a snapshot of values, or a live ListValue (mutations during the loop are seen)."""

    def __init__(self, items, live: bool = False, kind: type | None = None, source=None,
                 real=None, watched=None):
        super().__init__(source)
        self.items = items
        self.live = live
        self.position = 0
        self.kind = kind  # the real iterator's type, where the maker knows it
        self.real = real  # an existing iterator (with its source), advanced by the rebuild
        # a dict's or set's iterator: (CPython's error when its size changes, its keys now)
        self.watched = watched
        self.watched_keys = list(watched[1]()) if watched is not None else None
        self.list_watch: list | None = None  # (list tracker, its items) read when made

    def reconstruct(self, plan) -> str:
        if self.source is not None:
            return plan.source_expr(self.source)
        rest = self.items.items if self.live else self.items
        return plan.temp(f"iter([{plan.items(list(rest[self.position:]))}])")

    def replay_contents(self, plan, target: str) -> None:
        """An existing iterator the trace advanced: advance it as far."""
        if self.position:
            plan.writes.append(f"{plan.bind(_advance)}({target}, {self.position})")

    def _current(self) -> list[Value]:
        return self.items.items if self.live else self.items

    def is_fresh_object(self) -> bool:
        return True

    def python_type(self) -> type:
        if self.kind is None:
            raise Unsupported("the type of an iterator made in the trace",
                              BreakReason.UNSUPPORTED_VALUE)
        return self.kind

    def iter(self, tx) -> Value:
        return self

    def _check_unchanged(self) -> None:
        """As CPython's dict and set iterators: a size change raises; other key changes would
        depend on the table's layout, so they are refused."""
        message, keys = self.watched
        now = list(keys())
        if len(now) != len(self.watched_keys):
            raise RaisedByProgram(RuntimeError(message))
        if now != self.watched_keys:
            raise Unsupported("keys replaced while iterating over them",
                              BreakReason.UNSUPPORTED_VALUE)

    def watch_lists(self, lists: list) -> SequenceIteratorValue:
        """An iterator made from a snapshot of these lists: a list changed before the
        iterator is used up would be seen by CPython's lazy one, so it is refused."""
        self.list_watch = [(lst, list(lst.items)) for lst in lists]
        return self

    def _check_lists(self) -> None:
        for lst, items in self.list_watch or ():
            if len(lst.items) != len(items) or any(a is not b for a, b in zip(lst.items, items)):
                raise Unsupported("a list changed while an iterator made from it was in use",
                                  BreakReason.UNSUPPORTED_VALUE)

    def next(self, tx) -> Value:
        if self.watched is not None:
            self._check_unchanged()
        self._check_lists()
        items = self._current()
        if self.position >= len(items):
            raise RaisedByProgram(StopIteration())
        value = items[self.position]
        self.position += 1
        return value

    def contains(self, tx, item: Value) -> bool:
        """`item in it` pulls up to the first item that is or equals it, as CPython does."""
        from compiler.values import registry
        return any(registry.same_or_equal(tx, candidate, item)
                   for candidate in one_by_one(tx, self))

    def drain(self, tx) -> list[Value]:
        self._check_lists()
        rest = list(self._current()[self.position:])
        self.position = len(self._current())
        return rest

    def unpack(self, tx) -> list[Value]:
        return self.drain(tx)

    def __repr__(self) -> str:
        return f"SequenceIteratorValue(at {self.position})"


class InfiniteIteratorValue(IteratorMethods, Value):
    """`itertools.count` and `cycle` (stdlib_itertools.py): `take(n)` advances by n; exhausting
    one is refused."""

    def iter(self, tx) -> Value:
        return self

    def next(self, tx) -> Value:
        taken = self.take(1)
        if not taken:
            raise RaisedByProgram(StopIteration())
        return taken[0]

    def take(self, n: int) -> list[Value]:
        raise NotImplementedError

    def unpack(self, tx) -> list[Value]:
        raise Unsupported(f"exhausting an infinite {self.python_type().__qualname__}",
                          BreakReason.UNSUPPORTED_CALL)


class StrictZipIteratorValue(SequenceIteratorValue):
    """`zip(..., strict=True)` of inputs of unequal lengths: the tuples of the shortest length,
    then CPython's ValueError where the real zip finds the difference."""

    def __init__(self, items, lengths: list[int]):
        super().__init__(items, kind=zip)
        self.error = ValueError(_strict_zip_message(lengths))
        self.raised = False

    def reconstruct(self, plan) -> str:
        raise Unsupported("a strict zip of unequal lengths kept after the trace",
                          BreakReason.UNSUPPORTED_VALUE)

    def next(self, tx) -> Value:
        if self.position < len(self.items):
            return super().next(tx)
        return self._raise()

    def drain(self, tx) -> list[Value]:
        super().drain(tx)
        return self._raise()

    def _raise(self):
        if self.raised:  # what a second call does depends on each input's iterator
            raise Unsupported("a strict zip used after its error", BreakReason.UNSUPPORTED_CALL)
        self.raised = True
        raise RaisedByProgram(self.error)


def _strict_zip_message(lengths: list[int]) -> str:
    """CPython's: at the shortest length, the first exhausted input after the first is
    'shorter'; if the first is exhausted, the first input that still yields is 'longer'."""
    shortest = min(lengths)
    first = lengths.index(shortest)
    if first == 0:
        first, word = next(i for i, n in enumerate(lengths) if n > shortest), "longer"
    else:
        word = "shorter"
    earlier = "argument 1" if first == 1 else f"arguments 1-{first}"
    return f"zip() argument {first + 1} is {word} than {earlier}"


class LiveIteratorValue(SequenceIteratorValue):
    """zip, enumerate or reversed over a list: each step reads the list as it is then (an item
    appended, replaced or removed after the iterator was made is seen, as by CPython's
    iterators). `step(tx)` gives the next item or raises StopIteration; `remaining()` the items
    still to come were nothing to change, for rebuilding it where it leaves the trace."""

    def __init__(self, kind: type, step, remaining):
        super().__init__([], kind=kind)
        self.step, self.remaining = step, remaining

    def reconstruct(self, plan) -> str:
        return plan.temp(f"iter([{plan.items(self.remaining())}])")

    def _current(self) -> list[Value]:
        return self.remaining()

    def next(self, tx) -> Value:
        return self.step(tx)

    def drain(self, tx) -> list[Value]:
        return next_until_stop(tx, self)

    def __repr__(self) -> str:
        return f"LiveIteratorValue({self.kind.__name__})"
