"""The items an in-place extend or update takes from its argument, in CPython's order.

`list.extend` (and `+=`), `deque.extend` / `extendleft`, `set.update` / `difference_update` and
`dict.update` with pairs store each item of a lazy iterable (a generator, `map`, an iterator, a
user iterable) before they read the next one: code producing later items sees the earlier ones
stored, an iterator over the container being changed sees it grow (a dict's or set's iterator
then raises CPython's RuntimeError), and an error part-way keeps the items stored before it.
Reading such an argument whole first, then storing, would answer differently.

A list, tuple, deque, set, dict, constant (str, bytes, range, ...) or tensor of its exact type
is read whole: the store runs no program code, so its items cannot change while it is read,
except when it is the container being changed, which CPython copies (or reads by its table)
first as well. A dict view is stepped: it is live, and its dict may be the one being changed
(`d.update(d.keys())`).
"""

from __future__ import annotations

import collections
from collections.abc import Iterator

import torch

from compiler.config import config
from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value, one_by_one

# The exact types whose items cannot change while an extend or update reads them (the store
# runs no program code); a subclass may iterate by its own __iter__, so it is stepped.
_FIXED = (list, tuple, collections.deque, set, frozenset, dict, collections.OrderedDict,
          collections.defaultdict, str, bytes, range, torch.Size, torch.Tensor,
          torch.nn.Parameter)


def read_whole(iterable: Value, target: Value | None = None) -> bool:
    """Whether the argument is read whole, then stored: its items are fixed while the store
    runs, or it is the container being changed (CPython copies it, or reads its table)."""
    if iterable is target or iterable.is_constant():  # a constant's iterator is a snapshot
        return True
    try:
        return iterable.python_type() in _FIXED
    except Unsupported:  # an iterator made in the trace
        return False


def items_in_turn(tx, iterable: Value, target: Value | None = None) -> Iterator[Value]:
    """The items of `iterable`, each given to the caller (which stores it into `target`)
    before the next is read. An iterator that never ends (an iterator over a list extended by
    it) stops the trace at the loop limit; one over the deque it extends is refused (CPython's
    deque iterator fails on the change; ours would not)."""
    if read_whole(iterable, target):
        yield from iterable.unpack(tx)
        return
    iterator = iterable.iter(tx)
    if target is not None and _deque_over_itself(iterator, target):
        raise Unsupported("a deque extended from an iterator over itself",
                          BreakReason.UNSUPPORTED_VALUE)
    for count, item in enumerate(one_by_one(tx, iterator)):
        if count == config.max_loop_iterations:
            break
        yield item
    else:
        return
    raise Unsupported(f"an extend or update read more than {config.max_loop_iterations} items",
                      BreakReason.UNSUPPORTED_VALUE)


def _deque_over_itself(iterator: Value, target: Value) -> bool:
    """A live sequence iterator (iterators.SequenceIteratorValue) over the target deque."""
    return (getattr(iterator, "live", False) and getattr(iterator, "items", None) is target
            and issubclass(target.python_type(), collections.deque))
