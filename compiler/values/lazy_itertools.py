"""The itertools iterators that call a function, one step at a time.

starmap, takewhile, dropwhile, filterfalse and accumulate call their function when they are
advanced, not when they are made: a function whose effects the program sees (it appends to a
log, writes an attribute) must run interleaved with the program's own steps, as in CPython.
Over anything, when the function may run program code (it is not a constant callable such as a
builtin), they are traced as lazy iterators here, groupby with its groups sharing the input
with the outer iterator as CPython's do. With a constant callable the eager models of
stdlib_itertools.py stay: they can leave the compiled code.
"""

from __future__ import annotations

import itertools

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.containers import TupleValue
from compiler.values.generators import CALLS_PER_STEP, LAZY_HANDLERS, LazyIteratorValue
from compiler.values.generators import _advance as advance
from compiler.values.generators import _stop as stop
from compiler.values.operators import binary_op, same_or_equal


def _runs_program_code(fn: Value | None) -> bool:
    return fn is not None and not fn.is_constant()


def _next_or_stop(tx, iterator: Value) -> Value:
    item = advance(tx, iterator)
    if item is None:
        stop()
    return item


def _starmap(tx, fn, iterable):
    iterator = iterable.iter(tx)
    return LazyIteratorValue(itertools.starmap, lambda tx: fn.call(
        tx, _next_or_stop(tx, iterator).unpack(tx), {}))


def _takewhile(tx, predicate, iterable):
    iterator = iterable.iter(tx)
    done = [False]

    def step(tx):
        if done[0]:
            stop()
        item = _next_or_stop(tx, iterator)
        if predicate.call(tx, [item], {}).bool(tx):
            return item
        done[0] = True
        stop()

    return LazyIteratorValue(itertools.takewhile, step)


def _dropwhile(tx, predicate, iterable):
    iterator = iterable.iter(tx)
    dropping = [True]

    def step(tx):
        item = _next_or_stop(tx, iterator)
        while dropping[0]:
            if not predicate.call(tx, [item], {}).bool(tx):
                dropping[0] = False
                break
            item = _next_or_stop(tx, iterator)
        return item

    return LazyIteratorValue(itertools.dropwhile, step)


def _filterfalse(tx, predicate, iterable):
    iterator = iterable.iter(tx)

    keep_falsy = predicate.is_constant() and predicate.as_constant() is None

    def step(tx):
        while True:
            item = _next_or_stop(tx, iterator)
            if not (item if keep_falsy else predicate.call(tx, [item], {})).bool(tx):
                return item

    return LazyIteratorValue(itertools.filterfalse, step)


def _accumulate(tx, iterable, func=None, initial=None):
    iterator = iterable.iter(tx)
    has_initial = initial is not None and not (initial.is_constant()
                                               and initial.as_constant() is None)
    state: dict = {"total": initial if has_initial else None, "first": has_initial}

    def step(tx):
        if state["first"]:  # the initial value comes out before the input is touched
            state["first"] = False
            return state["total"]
        item = _next_or_stop(tx, iterator)
        total = state["total"]
        state["total"] = item if total is None else binary_op(tx, "+", total, item) if (
            func is None or (func.is_constant() and func.as_constant() is None)) else func.call(
            tx, [total, item], {})
        return state["total"]

    return LazyIteratorValue(itertools.accumulate, step)


_GROUPER = type(next(itertools.groupby([0]))[1])  # itertools._grouper


class _GroupBy:
    """CPython's groupby state: the last item pulled and its key, the key of the group being
    given out, and which group iterator is the live one (an older one stops)."""

    def __init__(self, iterator: Value, key: Value | None):
        self.iterator, self.key = iterator, key
        self.current_key: Value | None = None
        self.current_value: Value | None = None
        self.target_key: Value | None = None
        self.live_group = 0

    def pull(self, tx) -> None:
        value = _next_or_stop(tx, self.iterator)
        key = value if self.key is None else self.key.call(tx, [value], {})
        self.current_value, self.current_key = value, key

    def next_group(self, tx) -> Value:
        self.live_group += 1
        while True:  # skip the rest of the group given out before
            if self.current_key is not None:
                if self.target_key is None or not same_or_equal(tx, self.target_key,
                                                                self.current_key):
                    break
            self.pull(tx)
        self.target_key = self.current_key
        return TupleValue([self.current_key, self.group(self.live_group, self.target_key)])

    def group(self, number: int, target: Value) -> LazyIteratorValue:
        def step(tx):
            if self.live_group != number:
                stop()
            if self.current_value is None:
                self.pull(tx)
            if not same_or_equal(tx, target, self.current_key):
                stop()
            value, self.current_value, self.current_key = self.current_value, None, None
            return value

        return LazyIteratorValue(_GROUPER, step)


def _groupby(tx, iterable, key=None):
    if key is not None and key.is_constant() and key.as_constant() is None:
        key = None
    return LazyIteratorValue(itertools.groupby, _GroupBy(iterable.iter(tx), key).next_group)


# An unbounded iterator given out more items than this in one trace is refused (a loop that
# never breaks, `list(itertools.repeat(x))`: CPython would never end either).
MAX_UNBOUNDED_STEPS = 10_000


def _bounded(step):
    taken = [0]

    def counted(tx):
        taken[0] += 1
        if taken[0] > MAX_UNBOUNDED_STEPS:
            raise Unsupported("an unbounded itertools iterator advanced too often",
                              BreakReason.UNSUPPORTED_CALL)
        return step(tx)

    return counted


def _repeat_unbounded(tx, value):
    """`itertools.repeat(x)`: the same object, for ever."""
    return LazyIteratorValue(itertools.repeat, _bounded(lambda tx: value))


def _cycle_over_iterator(tx, iterable):
    """`itertools.cycle(it)` of an iterator (a generator, `iter(xs)`, `count()`): CPython pulls
    the input one item at a time, saving each, and replays the saved items once it ends (the
    input is not touched again; nothing saved: the cycle is empty)."""
    iterator = iterable.iter(tx)
    saved: list[Value] = []
    state = {"exhausted": False, "position": 0}

    def step(tx):
        if not state["exhausted"]:
            item = advance(tx, iterator)
            if item is not None:
                saved.append(item)
                return item
            state["exhausted"] = True
        if not saved:
            stop()
        item = saved[state["position"] % len(saved)]
        state["position"] += 1
        return item

    return LazyIteratorValue(itertools.cycle, _bounded(step))


def _unbounded_handler(fn, args: list[Value], kwargs: dict[str, Value]):
    """repeat without a bound and cycle over an iterator, whatever they are given."""
    from compiler.values.iterators import InfiniteIteratorValue, SequenceIteratorValue
    if len(args) != 1 or kwargs:
        return None
    if fn is itertools.repeat:
        return _repeat_unbounded
    iterator_kinds = (InfiniteIteratorValue, SequenceIteratorValue)
    if fn is itertools.cycle and (args[0].steps_run_code or isinstance(args[0], iterator_kinds)):
        return _cycle_over_iterator
    return None


def _argument(position: int, name: str | None = None):
    """Where a call passes its function: positional `position`, else keyword `name` (None:
    positional only)."""
    return lambda args, kwargs: args[position] if len(args) > position else (
        kwargs.get(name) if name else None)


# itertools function -> (lazy handler, where its function argument is)
_CALLING = {
    itertools.starmap: (_starmap, _argument(0)),
    itertools.takewhile: (_takewhile, _argument(0)),
    itertools.dropwhile: (_dropwhile, _argument(0)),
    itertools.filterfalse: (_filterfalse, _argument(0)),
    itertools.accumulate: (_accumulate, _argument(1, "func")),
    itertools.groupby: (_groupby, _argument(1, "key")),
}


def per_step_handler(fn, args: list[Value], kwargs: dict[str, Value]):
    """The lazy handler for a call of `fn` whose function argument may run program code."""
    entry = _CALLING.get(fn)
    if entry is None or not _runs_program_code(entry[1](args, kwargs)):
        return None
    return entry[0]


LAZY_HANDLERS.update({fn: handler for fn, (handler, _) in _CALLING.items()})
CALLS_PER_STEP.append(per_step_handler)
CALLS_PER_STEP.append(_unbounded_handler)
