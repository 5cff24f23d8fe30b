"""itertools in a trace. Finite ones are computed eagerly over lists of trackers (often by the
real itertools function rearranging them); `count` and `cycle` are infinite and only ever taken
a bounded part of, by `islice` or `zip`."""

from __future__ import annotations

import itertools

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.constant import ConstantValue
from compiler.values.containers import TupleValue
from compiler.values.generators import CALLS_PER_STEP, LazyIteratorValue
from compiler.values.iterators import InfiniteIteratorValue, SequenceIteratorValue
from compiler.values.operators import binary_op, same_or_equal


class CountValue(InfiniteIteratorValue):
    """`itertools.count(start, step)` of constants."""

    def __init__(self, start, step):
        super().__init__(None)
        self.current, self.step = start, step

    def python_type(self) -> type:
        return itertools.count

    def take(self, n: int) -> list[Value]:
        values = [ConstantValue(self.current + i * self.step) for i in range(n)]
        self.current += n * self.step
        return values


class CycleValue(InfiniteIteratorValue):
    """`itertools.cycle` of a finite sequence."""

    def __init__(self, items: list[Value]):
        super().__init__(None)
        self.items, self.position = items, 0

    def python_type(self) -> type:
        return itertools.cycle

    def take(self, n: int) -> list[Value]:
        for lst, items in getattr(self, "watch", ()):  # a cycle over a list changed
            if len(lst.items) != len(items) or any(a is not b for a, b in zip(lst.items, items)):
                raise Unsupported("a list changed while a cycle over it was in use",
                                  BreakReason.UNSUPPORTED_VALUE)
        if not self.items:
            return []
        values = [self.items[(self.position + i) % len(self.items)] for i in range(n)]
        self.position += n
        return values


def _count(tx, start=None, step=None):
    first = start.as_constant() if start is not None else 0
    return CountValue(first, step.as_constant() if step is not None else 1)


def _cycle(tx, iterable):
    return CycleValue(iterable.unpack(tx))


def _islice(tx, iterable, *bounds):
    plain = [b.as_constant() for b in bounds]
    if isinstance(iterable, InfiniteIteratorValue):
        window = slice(*plain)
        if window.stop is None:
            raise Unsupported("islice of an infinite iterator without a stop",
                              BreakReason.UNSUPPORTED_CALL)
        start, stop, stride = window.indices(window.stop)
        return SequenceIteratorValue(iterable.take(stop)[start:stop:stride])
    if isinstance(iterable, SequenceIteratorValue):
        rest = iterable._current()[iterable.position:]
        taken = list(itertools.islice(rest, *plain))
        stop = slice(*plain).indices(len(rest))[1] if plain else len(rest)
        iterable.position += stop  # islice consumes up to its stop, lazily, like this
        return SequenceIteratorValue(taken)
    return SequenceIteratorValue(list(itertools.islice(iterable.unpack(tx), *plain)))


# -- finite ones: the real functions rearrange lists of trackers ----------------------------------
def _tuples(iterator) -> SequenceIteratorValue:
    return SequenceIteratorValue([TupleValue(list(t)) for t in iterator])


def _chain(tx, *iterables):
    return SequenceIteratorValue([v for it in iterables for v in it.unpack(tx)])


def _chain_from_iterable(tx, iterable):
    return SequenceIteratorValue([v for inner in iterable.unpack(tx) for v in inner.unpack(tx)])


def _product(tx, *iterables, repeat=None):
    lists = [it.unpack(tx) for it in iterables]
    return _tuples(itertools.product(*lists, repeat=repeat.as_constant() if repeat else 1))


def _combinations(tx, iterable, r):
    return _tuples(itertools.combinations(iterable.unpack(tx), r.as_constant()))


def _combinations_with_replacement(tx, iterable, r):
    return _tuples(itertools.combinations_with_replacement(iterable.unpack(tx), r.as_constant()))


def _permutations(tx, iterable, r=None):
    return _tuples(itertools.permutations(iterable.unpack(tx), r.as_constant() if r else None))


def _zip_longest(tx, *iterables, fillvalue=None):
    lists = [it.unpack(tx) for it in iterables]
    return _tuples(itertools.zip_longest(*lists, fillvalue=fillvalue or ConstantValue(None)))


def _repeat(tx, value, times=None):
    if times is None:
        raise Unsupported("itertools.repeat without a bound", BreakReason.UNSUPPORTED_CALL)
    return SequenceIteratorValue([value] * times.as_constant())


def _accumulate(tx, iterable, func=None, initial=None):
    out = [initial] if initial is not None and not (
        initial.is_constant() and initial.as_constant() is None) else []
    total = out[0] if out else None
    for item in iterable.unpack(tx):
        if total is None:
            total = item
        elif func is None:
            total = binary_op(tx, "+", total, item)
        else:
            total = func.call(tx, [total, item], {})
        out.append(total)
    return SequenceIteratorValue(out)


def _pairwise(tx, iterable):
    items = iterable.unpack(tx)
    return _tuples(zip(items, items[1:]))


# -- tee: lazy, one buffer shared by its iterators ----------------------------------------------
_TEE = type(itertools.tee(())[0])  # itertools._tee


class _TeeBuffer:
    """What tee's iterators share: the input iterator and the items pulled from it so far."""

    def __init__(self, source: Value):
        self.source = source
        self.items: list[Value] = []


class TeeIteratorValue(LazyIteratorValue):
    """One iterator of `itertools.tee`: it reads the shared buffer, and the first of them to
    pass its end pulls the next item from the input, as CPython's `_tee` does."""

    def __init__(self, buffer: _TeeBuffer, position: int = 0):
        super().__init__(_TEE, self._step)
        self.buffer, self.position = buffer, position

    def __repr__(self) -> str:
        return "TeeIteratorValue()"

    def reconstruct(self, plan) -> str:
        raise Unsupported("an itertools.tee iterator leaving the compiled code",
                          BreakReason.UNSUPPORTED_VALUE)

    def _step(self, tx) -> Value:
        if self.position == len(self.buffer.items):
            self.buffer.items.append(self.buffer.source.next(tx))
        self.position += 1
        return self.buffer.items[self.position - 1]

    def copy(self) -> TeeIteratorValue:
        return TeeIteratorValue(self.buffer, self.position)


def _tee(tx, iterable, n=None):
    count = 2 if n is None else n.as_constant()
    if type(count) is not int:
        raise Unsupported("itertools.tee with a count that is not an int",
                          BreakReason.UNSUPPORTED_CALL)
    if count < 0:
        raise RaisedByProgram(ValueError("n must be >= 0"))
    iterator = iterable.iter(tx)
    if count == 0:
        return TupleValue([])
    # CPython copies an iterator that has __copy__ (a tee iterator: itself first), else
    # wraps the input in a new tee iterator
    first = iterator if isinstance(iterator, TeeIteratorValue) else TeeIteratorValue(
        _TeeBuffer(iterator))
    return TupleValue([first] + [first.copy() for _ in range(count - 1)])


# -- the ones that call a function ---------------------------------------------------------------
def _truthy(tx, fn: Value | None, item: Value) -> bool:
    if fn is None or (fn.is_constant() and fn.as_constant() is None):
        return item.bool(tx)
    return fn.call(tx, [item], {}).bool(tx)


def _starmap(tx, fn, iterable):
    return SequenceIteratorValue([fn.call(tx, args.unpack(tx), {})
                                  for args in iterable.unpack(tx)])


def _takewhile(tx, predicate, iterable):
    taken = []
    for item in iterable.unpack(tx):
        if not _truthy(tx, predicate, item):
            break
        taken.append(item)
    return SequenceIteratorValue(taken)


def _dropwhile(tx, predicate, iterable):
    items = iterable.unpack(tx)
    for position, item in enumerate(items):
        if not _truthy(tx, predicate, item):
            return SequenceIteratorValue(items[position:])
    return SequenceIteratorValue([])


def _compress(tx, data, selectors):
    return SequenceIteratorValue([item for item, keep in zip(data.unpack(tx),
                                                             selectors.unpack(tx))
                                  if keep.bool(tx)])


def _filterfalse(tx, predicate, iterable):
    return SequenceIteratorValue([item for item in iterable.unpack(tx)
                                  if not _truthy(tx, predicate, item)])


def _groupby(tx, iterable, key=None):
    groups: list[Value] = []
    current_key, members = None, []
    for item in iterable.unpack(tx):
        item_key = item if key is None else key.call(tx, [item], {})
        if members and same_or_equal(tx, item_key, current_key):
            members.append(item)
            continue
        if members:
            groups.append(TupleValue([current_key, SequenceIteratorValue(members)]))
        current_key, members = item_key, [item]
    if members:
        groups.append(TupleValue([current_key, SequenceIteratorValue(members)]))
    return SequenceIteratorValue(groups)


HANDLERS = {
    itertools.count: _count, itertools.cycle: _cycle, itertools.islice: _islice,
    itertools.chain: _chain, itertools.chain.from_iterable: _chain_from_iterable,
    itertools.product: _product, itertools.combinations: _combinations,
    itertools.combinations_with_replacement: _combinations_with_replacement,
    itertools.permutations: _permutations, itertools.zip_longest: _zip_longest,
    itertools.repeat: _repeat, itertools.accumulate: _accumulate, itertools.pairwise: _pairwise,
    itertools.starmap: _starmap, itertools.takewhile: _takewhile,
    itertools.dropwhile: _dropwhile, itertools.compress: _compress,
    itertools.filterfalse: _filterfalse, itertools.groupby: _groupby, itertools.tee: _tee,
}


def _over_lists(fn, handler):
    """A call with a list among its inputs: CPython's iterator reads the list as it goes, so
    the lazy model is used where there is one, else the snapshot is watched (refused if the
    list changes before the iterator is used up)."""
    def call(tx, *args, **kwargs):
        from compiler.values.containers import ListValue
        from compiler.values.generators import LAZY_HANDLERS
        lists = [a for a in [*args, *kwargs.values()] if isinstance(a, ListValue)]
        if not lists:
            return handler(tx, *args, **kwargs)
        lazy = LAZY_HANDLERS.get(fn)
        if lazy is not None:
            return lazy(tx, *args, **kwargs)
        result = handler(tx, *args, **kwargs)
        if isinstance(result, SequenceIteratorValue):
            return result.watch_lists(lists)
        if isinstance(result, CycleValue):
            result.watch = [(lst, list(lst.items)) for lst in lists]
        return result
    return call


_LAZY_OVER_LISTS = (itertools.chain, itertools.islice, itertools.accumulate,
                    itertools.takewhile, itertools.dropwhile, itertools.filterfalse,
                    itertools.starmap, itertools.compress, itertools.zip_longest,
                    itertools.pairwise, itertools.cycle, itertools.groupby)
HANDLERS.update({fn: _over_lists(fn, HANDLERS[fn]) for fn in _LAZY_OVER_LISTS})


def _groupby_lazy(tx, *args, **kwargs):
    """Always the lazy model: a group given out ends when the outer iterator advances
    (`list(groupby(s))` leaves every group empty), which a snapshot of the groups misses."""
    from compiler.values.generators import LAZY_HANDLERS
    return LAZY_HANDLERS[itertools.groupby](tx, *args, **kwargs)


HANDLERS[itertools.groupby] = _groupby_lazy


# -- pairwise, compress and zip_longest over generators and iterators: one pull at a time ------

def _pulled(tx, iterator: Value) -> Value | None:
    from compiler.values.generators import _advance
    return _advance(tx, iterator)


def _stop():
    raise RaisedByProgram(StopIteration())


def _pairwise_lazy(tx, iterable):
    """CPython's pairwise keeps the last item; once its input ends it never pulls again."""
    iterator = iterable.iter(tx)
    state: dict[str, Value | None] = {"old": None, "input": iterator}

    def step(tx):
        if state["input"] is None:
            _stop()
        if state["old"] is None:
            state["old"] = _pulled(tx, iterator)
            if state["old"] is None:
                state["input"] = None
                _stop()
        new = _pulled(tx, iterator)
        if new is None:
            state["input"] = state["old"] = None
            _stop()
        pair, state["old"] = TupleValue([state["old"], new]), new
        return pair

    return LazyIteratorValue(itertools.pairwise, step)


def _compress_lazy(tx, data=None, selectors=None):
    """Each step pulls a datum, then a selector (an ended input is pulled again next time)."""
    if data is None or selectors is None:
        raise Unsupported("itertools.compress with a missing argument",
                          BreakReason.UNSUPPORTED_CALL)
    data_it, selector_it = data.iter(tx), selectors.iter(tx)

    def step(tx):
        while True:
            datum = _pulled(tx, data_it)
            if datum is None:
                _stop()
            selector = _pulled(tx, selector_it)
            if selector is None:
                _stop()
            if selector.bool(tx):
                return datum

    return LazyIteratorValue(itertools.compress, step)


def _zip_longest_lazy(tx, *iterables, fillvalue=None):
    """An ended input gives the fill value from then on; the call ends when the last does."""
    iterators: list[Value | None] = [it.iter(tx) for it in iterables]
    fill = fillvalue if fillvalue is not None else ConstantValue(None)
    active = [len(iterators)]

    def step(tx):
        if active[0] == 0:
            _stop()
        items = []
        for i, iterator in enumerate(iterators):
            item = None if iterator is None else _pulled(tx, iterator)
            if item is None and iterator is not None:
                active[0] -= 1
                if active[0] == 0:
                    _stop()
                iterators[i] = None
            items.append(fill if item is None else item)
        return TupleValue(items)

    return LazyIteratorValue(itertools.zip_longest, step)


_PULLERS = {itertools.pairwise: _pairwise_lazy, itertools.compress: _compress_lazy,
            itertools.zip_longest: _zip_longest_lazy}


def _pullers_handler(fn, args, kwargs):
    """These three over a generator, a lazy iterator or an iterator object: pulled lazily
    (how far each input is pulled is seen by the program); over lists the models above."""
    from compiler.values.generators import is_lazy
    handler = _PULLERS.get(fn) if type(fn) is type else None
    if handler is None:
        return None
    inputs = [*args, *kwargs.values()]
    if any(is_lazy(a) or isinstance(a, SequenceIteratorValue) for a in inputs):
        return handler
    return None

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
CALLS_PER_STEP.append(_pullers_handler)
from compiler.values import lazy_itertools  # noqa: E402,F401 - registers the per-step handlers
