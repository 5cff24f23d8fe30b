"""Held-out-style cases: an OrderedDict's two orders.

An OrderedDict keeps its links' order (what iteration, `keys()` and `==` with another
OrderedDict see) and dict's own storage order, which `move_to_end` leaves alone and only dict's
methods called unbound (`dict.keys(od)`, `dict.items(od)`) show. The compiled code must leave
both as the program did: on an OrderedDict passed in (whose two orders may already differ), on
one made in the frame and rebuilt at a graph break, after keys are added, removed, moved,
popped from either end, cleared and set again. Unbound dict reads of the storage order are
refused under fullgraph (the cases marked `gap=`), so each of those checks the state a graph
break hands over.
"""

from __future__ import annotations

import collections

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case

ODICT = collections.OrderedDict
STORAGE_ORDER = "dict's own order of an OrderedDict (an unbound dict method)"


def _od(*keys, moved=()):
    made = ODICT((k, i) for i, k in enumerate(keys))
    for key in moved:
        made.move_to_end(key)
    return made


def _x_and(*keys, moved=()):
    return lambda: (randn(0, (3,)), _od(*keys, moved=moved))


def _x():
    return (randn(0, (3,)),)


@case(_x_and("a", "b", "c"), gap=STORAGE_ORDER)
def z_argument_moved_then_storage_read(x, od):
    od.move_to_end("a")
    return x + 1, list(dict.keys(od)), list(od)


@case(_x_and("a", "b", "c", moved=("a",)), gap=STORAGE_ORDER)
def z_argument_already_moved_value_set(x, od):
    od["b"] = 10
    return x + od["b"], list(dict.items(od)), list(od.items())


@case(_x_and("a", "b", "c", moved=("b", "a")), gap=STORAGE_ORDER)
def z_argument_already_moved_key_added(x, od):
    od["d"] = 4
    return x * len(od), list(dict.keys(od)), list(od)


@case(_x_and("a", "b", "c"), gap=STORAGE_ORDER)
def z_argument_moved_to_front(x, od):
    od.move_to_end("c", last=False)
    od.move_to_end("b")
    return x - 1, list(dict.keys(od)), list(od)


@case(_x_and("a", "b", "c"), gap=STORAGE_ORDER)
def z_argument_key_removed_and_added_again(x, od):
    value = od.pop("a")
    od["a"] = value + 5
    od.move_to_end("b")
    return x + value, list(dict.values(od)), list(od.values())


@case(_x_and("a", "b", "c", "d"), gap=STORAGE_ORDER)
def z_argument_popitem_first_after_move(x, od):
    od.move_to_end("a")
    key, value = od.popitem(last=False)
    return x + value, key, list(dict.keys(od)), list(od)


@case(_x_and("a", "b"), gap=STORAGE_ORDER)
def z_argument_cleared_and_refilled(x, od):
    od.move_to_end("a")
    od.clear()
    od["b"] = 1
    od["a"] = 2
    od.move_to_end("b")
    return x, list(dict.keys(od)), list(od)


@case(_x_and("a", "b", "c"), gap=STORAGE_ORDER)
def z_argument_setdefault_and_update(x, od):
    od.move_to_end("a")
    od.setdefault("e", 7)
    od.update(f=8, a=9)
    return x * 2, list(dict.items(od)), list(od.items())


@case(_x, gap=STORAGE_ORDER)
def z_made_in_frame_moved_then_storage_read(x):
    od = ODICT(a=1, b=2, c=3)
    od.move_to_end("a")
    od.move_to_end("c", last=False)
    return x + 1, list(dict.keys(od)), list(od)


@case(_x, gap=STORAGE_ORDER)
def z_made_in_frame_popped_and_moved(x):
    od = ODICT.fromkeys("abcd", 0)
    del od["b"]
    od["b"] = 5
    od.move_to_end("a")
    return x + od["b"], list(dict.keys(od)), list(od)


@case(_x_and("a", "b", "c"))
def z_argument_moved_links_order(x, od):
    od.move_to_end("a")
    od.move_to_end("c", last=False)
    return x + 1, list(od), od.popitem()


@case(_x_and("a", "b", "c", moved=("a",)))
def z_argument_already_moved_links_order_read(x, od):
    first = next(iter(od))
    od["z"] = 0
    return x * od[first], first, list(od)


@case(_x)
def z_made_in_frame_moved_and_returned(x):
    od = ODICT(a=1, b=2, c=3)
    od.move_to_end("b")
    return x + od["b"], od


@case(_x)
def z_moved_equality_is_ordered(x):
    one = ODICT(a=1, b=2)
    two = ODICT(b=2, a=1)
    two.move_to_end("b")
    return x, one == two, dict(one) == dict(two), list(two)


@case(_x)
def z_copy_of_moved_keeps_links_order(x):
    od = ODICT(a=1, b=2, c=3)
    od.move_to_end("a")
    copied = od.copy()
    return x + 1, list(copied), list(dict(od)), list({**od})
