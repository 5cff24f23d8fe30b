"""heapq's and bisect's C functions, and functools.cmp_to_key, on trackers.

The heap functions work on a list tracker as the C module works on the real list: the same
sift algorithm, asking `<` of the same pairs in the same order (so a user `__lt__` that counts
or raises sees what it sees in eager), the list changed in place (a side effect replayed on a
list from outside the frame). The C heapify of a list longer than 2500 walks it in another
order: refused. bisect reads the sequence by index and inserts through the list's `insert`,
as CPython's does. The Python-level functions of both modules (`nsmallest`, `nlargest`,
`merge`, ...) are traced as they are; they call these.

`functools.cmp_to_key(cmp)` is a key function whose keys compare by `cmp(a, b) < 0` (and the
other comparisons): its keys are instances of a small class written here, traced like any
user class, so `sorted(xs, key=cmp_to_key(f))` runs the program's `f` on the pairs CPython's
sort compares.
"""

from __future__ import annotations

import bisect
import functools
import heapq

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.containers import ListValue

HANDLERS: dict = {}
_CACHE_FRIENDLY = 2500  # the C heapify's size past which it walks the heap differently


def _less(tx, a: Value, b: Value) -> bool:
    return registry.compare(tx, "<", a, b).bool(tx)


def _heap(tx, heap: Value, name: str) -> ListValue:
    if not isinstance(heap, ListValue):
        try:
            kind = heap.python_type()
        except Unsupported:
            kind = None
        if kind is not None and not issubclass(kind, list):
            raise RaisedByProgram(TypeError(f"{name}() argument 1 must be list, not "
                                            f"{kind.__name__}"))
        raise Unsupported(f"heapq.{name} of {heap}", BreakReason.UNSUPPORTED_CALL)
    return heap


def _sift_down(tx, items: list[Value], start: int, pos: int, lt) -> None:
    """Move items[pos] up towards the root while it is smaller than its parent."""
    new = items[pos]
    while pos > start:
        parent_pos = (pos - 1) >> 1
        parent = items[parent_pos]
        if not lt(tx, new, parent):
            break
        items[pos] = parent
        pos = parent_pos
    items[pos] = new


def _sift_up(tx, items: list[Value], pos: int, lt) -> None:
    """Bubble the smaller child up from pos to a leaf, then settle the item there."""
    end, start, new = len(items), pos, items[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not lt(tx, items[child], items[right]):
            child = right
        items[pos] = items[child]
        pos = child
        child = 2 * pos + 1
    items[pos] = new
    _sift_down(tx, items, start, pos, lt)


def _greater(tx, a: Value, b: Value) -> bool:  # the max-heap helpers compare the other way
    return _less(tx, b, a)


def _changing(tx, heap: ListValue) -> list[Value]:
    tx.ctx.side_effects.mutate(heap)
    return heap.items


def _push(tx, heap, item):
    items = _changing(tx, _heap(tx, heap, "heappush"))
    items.append(item)
    _sift_down(tx, items, 0, len(items) - 1, _less)
    return registry.wrap_constant(None)


def _popper(lt, name):
    def pop(tx, heap):
        checked = _heap(tx, heap, name)
        if not checked.items:
            raise RaisedByProgram(IndexError("index out of range"))
        items = _changing(tx, checked)
        last = items.pop()
        if not items:
            return last
        top, items[0] = items[0], last
        _sift_up(tx, items, 0, lt)
        return top
    return pop


def _replacer(lt, name):
    def replace(tx, heap, item):
        checked = _heap(tx, heap, name)
        if not checked.items:
            raise RaisedByProgram(IndexError("index out of range"))
        items = _changing(tx, checked)
        top, items[0] = items[0], item
        _sift_up(tx, items, 0, lt)
        return top
    return replace


def _pushpop(tx, heap, item):
    checked = _heap(tx, heap, "heappushpop")
    if not checked.items or not _less(tx, checked.items[0], item):
        return item
    items = _changing(tx, checked)
    top, items[0] = items[0], item
    _sift_up(tx, items, 0, _less)
    return top


def _heapifier(lt, name):
    def heapify(tx, heap):
        checked = _heap(tx, heap, name)
        if len(checked.items) > _CACHE_FRIENDLY:
            raise Unsupported(f"heapq.{name} of a list longer than {_CACHE_FRIENDLY}",
                              BreakReason.UNSUPPORTED_CALL)
        items = _changing(tx, checked)
        for pos in reversed(range(len(items) // 2)):
            _sift_up(tx, items, pos, lt)
        return registry.wrap_constant(None)
    return heapify


HANDLERS.update({
    heapq.heappush: _push, heapq.heappop: _popper(_less, "heappop"),
    heapq.heapreplace: _replacer(_less, "heapreplace"), heapq.heappushpop: _pushpop,
    heapq.heapify: _heapifier(_less, "heapify"),
    heapq._heappop_max: _popper(_greater, "_heappop_max"),
    heapq._heapreplace_max: _replacer(_greater, "_heapreplace_max"),
    heapq._heapify_max: _heapifier(_greater, "_heapify_max"),
})


# -- bisect --------------------------------------------------------------------------------------

def _bounds(tx, a: Value, lo: Value | None, hi: Value | None) -> tuple[int, int]:
    low = 0 if lo is None else lo.as_constant()
    if not isinstance(low, int):
        raise Unsupported("bisect with a lo that is not an int", BreakReason.UNSUPPORTED_CALL)
    if low < 0:
        raise RaisedByProgram(ValueError("lo must be non-negative"))
    high = None if hi is None else hi.as_constant()
    if high is None:
        high = a.len(tx)
    elif not isinstance(high, int):
        raise Unsupported("bisect with a hi that is not an int", BreakReason.UNSUPPORTED_CALL)
    return low, high


def _search(tx, a, x, lo, hi, key, right: bool) -> int:
    low, high = _bounds(tx, a, lo, hi)
    plain_key = key is None or (key.is_constant() and key.as_constant() is None)
    while low < high:
        mid = (low + high) // 2
        item = a.getitem(tx, registry.wrap_constant(mid))
        if not plain_key:
            item = key.call(tx, [item], {})
        if right:
            if _less(tx, x, item):
                high = mid
            else:
                low = mid + 1
        elif _less(tx, item, x):
            low = mid + 1
        else:
            high = mid
    return low


def _searcher(right: bool):
    def search(tx, a, x, lo=None, hi=None, *, key=None):
        return registry.wrap_constant(_search(tx, a, x, lo, hi, key, right))
    return search


def _inserter(right: bool):
    def insort(tx, a, x, lo=None, hi=None, *, key=None):
        plain_key = key is None or (key.is_constant() and key.as_constant() is None)
        probe = x if plain_key else key.call(tx, [x], {})
        position = _search(tx, a, probe, lo, hi, key, right)
        if isinstance(a, ListValue):
            a.call_method(tx, "insert", [registry.wrap_constant(position), x], {})
        else:
            a.getattr(tx, "insert").call(tx, [registry.wrap_constant(position), x], {})
        return registry.wrap_constant(None)
    return insort


HANDLERS.update({bisect.bisect_right: _searcher(True), bisect.bisect_left: _searcher(False),
                 bisect.insort_right: _inserter(True), bisect.insort_left: _inserter(False)})


# -- functools.cmp_to_key ------------------------------------------------------------------------

class ComparedByFunction:
    """A key made by cmp_to_key: compares by the function it was made with."""

    __slots__ = ("obj", "_compare")
    __hash__ = None

    def __init__(self, obj, compare):
        self.obj, self._compare = obj, compare

    def __lt__(self, other):
        return self._compare(self.obj, other.obj) < 0

    def __gt__(self, other):
        return self._compare(self.obj, other.obj) > 0

    def __le__(self, other):
        return self._compare(self.obj, other.obj) <= 0

    def __ge__(self, other):
        return self._compare(self.obj, other.obj) >= 0

    def __eq__(self, other):
        return self._compare(self.obj, other.obj) == 0


def keys_compared_by(compare):
    def key(obj):
        return ComparedByFunction(obj, compare)
    return key


def _cmp_to_key(tx, compare):
    return registry.wrap(tx.ctx, keys_compared_by, None).call(tx, [compare], {})


HANDLERS[functools.cmp_to_key] = _cmp_to_key

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
