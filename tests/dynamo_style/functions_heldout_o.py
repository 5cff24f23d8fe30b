"""Held-out-style cases (part o): containers, iterators and typing objects.

The iterator protocol by hand (iter/next with a default or a sentinel, `__iter__`/`__next__`
called by name, StopIteration, exhausted iterators reused; iterators passed in and advanced
are compared call by call in test_heldout_o_calls.py); sets (pop, discard, symmetric
operations, frozenset keys); defaultdict, Counter, OrderedDict and ChainMap arguments changed in the
frame; dict views. Typing objects (Optional, Union, Callable, TypeVar, Generic subclasses,
annotations) are in functions_heldout_o2.py; more iterators, sets, views and dict keys in
functions_heldout_o3.py; containers changed while iterated in functions_heldout_o4.py.
"""

from __future__ import annotations

import collections
import itertools

from tests.conformance.registry import randn
from tests.dynamo_style import (
    functions_heldout_o2,  # noqa: F401 - registers its cases
    functions_heldout_o3,  # noqa: F401 - registers its cases
    functions_heldout_o4,  # noqa: F401 - registers its cases
)
from tests.dynamo_style.registry import case


def _t(shape=(3,)):
    return randn(0, shape)


# -- the iterator protocol by hand -------------------------------------------------------------

@case(lambda: (_t(),))
def dunder_iter_of_literals(x):
    a = next((2, 3).__iter__())
    b = list(range(1, 7, 2).__iter__())
    c = "".join(reversed(list("xyz".__iter__())))
    d = sum(b"\x01\x02".__iter__())
    return x * a + sum(b) + d, c


@case(lambda: (_t(), [1.0, 2.0, 3.0]))
def dunder_iter_next_of_list_argument(x, xs):
    it = xs.__iter__()
    first = it.__next__()
    second = next(it)
    rest = list(it)
    return x * first + second, rest, xs


@case(lambda: (_t(),))
def dunder_iter_of_set_dict_and_views(x):
    s = {4, 5, 6}
    d = {"a": 1, "b": 2}
    total = sum(s.__iter__()) + len(list(d.__iter__()))
    keys = list(d.keys().__iter__())
    vals = list(d.values().__iter__())
    items = list(d.items().__iter__())
    return x + total, keys, vals, items


@case(lambda: (_t(),))
def next_with_default_on_exhausted(x):
    it = iter([x, x * 2])
    a = next(it)
    b = next(it)
    c = next(it, None)
    d = next(it, -1)
    return a + b, c, d


@case(lambda: (_t(),))
def stop_iteration_caught_by_hand(x):
    it = iter(range(3))
    out = x
    while True:
        try:
            i = next(it)
        except StopIteration:
            break
        out = out + i
    return out


@case(lambda: (_t(),))
def stop_iteration_has_no_value(x):
    it = iter(())
    try:
        next(it)
    except StopIteration as e:
        return x + 1, e.value, e.args
    return x


@case(lambda: (_t(),))
def exhausted_iterator_reused(x):
    it = iter([1, 2, 3])
    first_pass = [v for v in it]
    second_pass = [v for v in it]
    return x * sum(first_pass), second_pass, list(it)


@case(lambda: (_t(),))
def iter_callable_with_sentinel(x):
    state = [0]

    def tick():
        state[0] += 1
        return state[0]

    seen = list(iter(tick, 4))
    return x * len(seen), seen, state


@case(lambda: (_t(),))
def iter_bound_pop_with_sentinel(x):
    work = [x, x + 1, None, x + 2]
    got = [t.sum() for t in iter(work.pop, None)]
    return got, work


@case(lambda: (_t(),))
def class_with_iter_and_next(x):
    class Countdown:
        def __init__(self, n):
            self.n = n

        def __iter__(self):
            return self

        def __next__(self):
            if self.n <= 0:
                raise StopIteration
            self.n -= 1
            return self.n

    c = Countdown(3)
    vals = list(c)
    again = list(c)
    return x + sum(vals), vals, again


@case(lambda: (_t(),))
def iter_of_class_getitem_protocol(x):
    class Seq:
        def __getitem__(self, i):
            if i >= 3:
                raise IndexError(i)
            return i * 10

    return x + sum(iter(Seq())), list(Seq())


@case(lambda: (_t(),))
def generator_next_by_name(x):
    def gen():
        yield x
        yield x * 2

    g = gen()
    a = g.__next__()
    b = next(g)
    c = next(g, None)
    return a + b, c


@case(lambda: (_t(),))
def enumerate_and_zip_advanced_by_hand(x):
    e = enumerate("ab", start=5)
    first = next(e)
    z = zip([1, 2, 3], (4, 5))
    pairs = [next(z), next(z)]
    return x + first[0], first, pairs, next(z, "end"), list(e)


@case(lambda: (_t(),))
def map_filter_iterators_shared(x):
    m = map(lambda v: v * 2, [1, 2, 3, 4])
    head = next(m)
    f = filter(None, [0, 1, 0, 2])
    return x * head, list(m), list(f), list(f)


# -- itertools ---------------------------------------------------------------------------------

@case(lambda: (_t(),))
def itertools_repeat_unbounded_with_zip(x):
    pairs = list(zip("abc", itertools.repeat(x)))
    return [k for k, _ in pairs], sum(v for _, v in pairs)


@case(lambda: (_t(),))
def itertools_cycle_over_iterator(x):
    c = itertools.cycle(iter([1, 2]))
    got = [next(c) for _ in range(5)]
    return x * sum(got), got


@case(lambda: (_t(),))
def itertools_islice_chain_count(x):
    counter = itertools.count(3, 2)
    firsts = list(itertools.islice(counter, 3))
    chained = list(itertools.chain([1], (2, 3), range(4, 6)))
    return x + next(counter), firsts, chained


# -- sets ----------------------------------------------------------------------------------------

@case(lambda: (_t(),))
def set_of_constants_pop_and_discard(x):
    s = {3, 1, 2, 10, 33}
    first = s.pop()
    s.discard(99)
    s.discard(2)
    second = s.pop()
    return x * first + second, sorted(s)


@case(lambda: (_t(), {1, 2, 3}))
def set_argument_pop_single(x, s):
    s.discard(1)
    s.discard(2)
    only = s.pop()
    s.add(7)
    return x * only, s


@case(lambda: (_t(), {"a", "b"}, frozenset({"b", "c"})))
def set_symmetric_ops(x, s, fs):
    sym = s ^ fs
    s.symmetric_difference_update({"a", "z"})
    inter = fs & {"c", "q"}
    return x + len(sym), sorted(sym), sorted(s), sorted(inter), type(fs | s).__name__


@case(lambda: (_t(),))
def set_comparisons_and_subsets(x):
    a = {1, 2}
    b = frozenset({1, 2, 3})
    flags = (a < b, a <= b, b > a, a == {2, 1}, a.isdisjoint({4}), b.issuperset(a))
    return x + sum(flags), flags


@case(lambda: (_t(),))
def frozenset_as_dict_key_in_trace(x):
    table = {frozenset({1, 2}): x, frozenset(): x * 0}
    key = frozenset([2, 1])
    return table[key] + table[frozenset()], key in table, len(table)


_FROZEN_TABLE = {frozenset({"w", "b"}): 3, frozenset({"q"}): 4}


@case(lambda: (_t(),))
def frozenset_key_global_dict(x):
    return x * _FROZEN_TABLE[frozenset({"b", "w"})] + _FROZEN_TABLE.get(frozenset({"z"}), 0)


@case(lambda: (_t(), {frozenset({1}): 2.0, frozenset({1, 2}): 3.0}))
def frozenset_key_argument_dict_mutated(x, d):
    d[frozenset({3})] = 4.0
    del d[frozenset({1})]
    return x * sum(d.values()), sorted(len(k) for k in d)


# -- defaultdict, Counter, OrderedDict, ChainMap -------------------------------------------------

def _dd_list():
    d = collections.defaultdict(list)
    d["a"].append(1)
    return d


@case(lambda: (_t(), _dd_list()))
def defaultdict_argument_missing_key_inserted(x, d):
    d["b"].append(2)
    d["a"].append(3)
    n = len(d["c"])  # inserts an empty list
    return x * n + sum(d["a"]), sorted(d), d


def _dd_int():
    d = collections.defaultdict(int)
    d["x"] = 4
    return d


@case(lambda: (_t(), _dd_int()))
def defaultdict_int_counts(x, d):
    for ch in "xyzy":
        d[ch] += 1
    return x * d["y"] + d["x"], "w" in d, d.get("w"), dict(d)


def _dd_none():
    d = collections.defaultdict(None)
    d["k"] = 1
    return d


@case(lambda: (_t(), _dd_none()))
def defaultdict_without_factory_raises(x, d):
    try:
        d["missing"]
    except KeyError as e:
        return x + d["k"], e.args, d.default_factory
    return x


@case(lambda: (_t(), collections.defaultdict(lambda: 5)))
def defaultdict_lambda_factory_argument(x, d):
    v = d["q"]
    d["r"] += 1
    return x * v, dict(d)


@case(lambda: (_t(), collections.defaultdict(set, {"s": {1}})))
def defaultdict_of_sets_argument(x, d):
    d["s"].add(2)
    d["t"].add(3)
    return x + len(d["s"]), {k: sorted(v) for k, v in d.items()}


@case(lambda: (_t(), collections.Counter("abracadabra")),
      gap="a Counter argument: its methods run dict's C methods on the instance")
def counter_argument_read(x, c):
    return x * c["a"] + c["z"], c.most_common(2), sorted(c.elements())[:4]


@case(lambda: (_t(),))
def counter_in_trace_update_and_subtract(x):
    c = collections.Counter([1, 1, 2])
    c.update([2, 3])
    c.subtract({1: 1})
    return x * c[2], sorted(c.items()), c.total()


@case(lambda: (_t(), collections.OrderedDict(a=1, b=2, c=3)))
def ordereddict_argument_reordered(x, od):
    od.move_to_end("a")
    od.move_to_end("c", last=False)
    k, v = od.popitem()
    return x * v, k, list(od), list(reversed(od))


@case(lambda: (_t(), {"lr": 0.1}, {"lr": 1.0, "wd": 0.5}))
def chainmap_of_arguments(x, over, base):
    cm = collections.ChainMap(over, base)
    cm["momentum"] = 0.9  # written into the first mapping
    return x * cm["lr"] + cm["wd"], sorted(cm), over


# -- dict views ------------------------------------------------------------------------------

@case(lambda: (_t(), {"a": 1, "b": 2, "c": 3}))
def dict_keys_set_operations(x, d):
    other = {"b": 0, "z": 1}
    inter = d.keys() & other.keys()
    union = d.keys() | {"q"}
    diff = d.keys() - other
    sym = d.keys() ^ other.keys()
    return x * len(union), sorted(inter), sorted(union), sorted(diff), sorted(sym)


@case(lambda: (_t(), {"a": 1, "b": 2}))
def dict_items_set_operations(x, d):
    common = d.items() & {("a", 1), ("b", 3)}
    return x + len(common), sorted(common), ("b", 2) in d.items(), d.items().isdisjoint([("a", 2)])


@case(lambda: (_t(), {"a": 1, "b": 2, "c": 3}))
def dict_views_reversed_and_live(x, d):
    keys = d.keys()
    vals = d.values()
    d["d"] = 4
    rk = list(reversed(keys))
    rv = list(reversed(vals))
    ri = list(reversed(d.items()))
    return x * len(keys), rk, rv, ri, list(reversed(d))


@case(lambda: (_t(),))
def dict_view_changed_during_iteration(x):
    d = {"a": 1}
    try:
        for k in d.keys():
            d[k + "!"] = 0
    except RuntimeError as e:
        return x + 1, str(e)
    return x


@case(lambda: (_t(), collections.defaultdict(list, {"a": [1]})))
def defaultdict_factory_reassigned(x, d):
    d.default_factory = int
    n = d["fresh"]
    d.default_factory = None
    try:
        d["other"]
    except KeyError:
        n += 10
    return x + n, dict(d), d.default_factory


@case(lambda: (_t(), collections.defaultdict(list, a=[1], b=[])))
def defaultdict_argument_as_set_and_sorted(x, d):
    return x * len(set(d)), list(d.keys()), sorted(d.items()), d.copy()


@case(lambda: (_t(),))
def counter_arithmetic_in_frame(x):
    a = collections.Counter(a=3, b=1)
    b = collections.Counter(a=1, b=2, c=1)
    total = a + b
    return x * total["a"], total, a - b, a & b, a | b, +a, -b


@case(lambda: (_t(), collections.OrderedDict(a=1, b=2, c=3)))
def ordereddict_popitem_first_and_equality(x, od):
    k, v = od.popitem(last=False)
    same_order = od == collections.OrderedDict(b=2, c=3)
    other_order = od == collections.OrderedDict(c=3, b=2)
    return x * v, k, same_order, other_order, od == {"c": 3, "b": 2}


@case(lambda: (_t(), {"a": 1}, {"a": 2, "b": 3}))
def chainmap_children_and_parents(x, top, base):
    cm = collections.ChainMap(top, base)
    child = cm.new_child({"z": 0})
    return (x * cm["a"] + child["b"], dict(child), cm.maps[1] is base, dict(cm.parents),
            len(cm), "b" in cm, cm.get("q", 9))
