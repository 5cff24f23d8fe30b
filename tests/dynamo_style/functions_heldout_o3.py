"""Held-out-style cases (part o3): more iterators (reversed, tee, pairwise over an iterator
that is pulled lazily), sets and frozensets from outside the frame, dict views (reversed,
ordering against sets) and dicts keyed by torch operators and builtins."""

from __future__ import annotations

import itertools

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _t(shape=(3,)):
    return randn(0, shape)


# -- more iterators, sets and views ------------------------------------------------------------

@case(lambda: (_t(), [1, 2, 3]))
def reversed_argument_list_shrunk_while_iterating(x, xs):
    r = reversed(xs)
    first = next(r)
    xs.pop()
    return x * first, list(r), xs


@case(lambda: (_t(),))
def iter_of_an_iterator_is_itself(x):
    it = iter([x, x + 1])
    same = iter(it) is it and it.__iter__() is it
    return next(it) + same, list(it)


@case(lambda: (_t(), {"a": 1, "b": 2}))
def dict_argument_changed_under_its_iterator(x, d):
    it = iter(d)
    k = next(it)
    d["c"] = 3
    try:
        next(it)
    except RuntimeError as e:
        return x + d[k], k, str(e), d
    return x


@case(lambda: (_t(),))
def itertools_tee_and_pairwise(x):
    a, b = itertools.tee(iter([1, 2, 3]))
    head = next(a)
    pairs = list(itertools.pairwise(b))
    return x * head, pairs, list(a), list(itertools.accumulate([1, 2, 3]))


@case(lambda: (_t(), {3, 1, 2}))
def set_argument_min_max_and_algebra(x, s):
    return x + min(s) + max(s), sorted(s), sorted(s - {1}), sorted(s | frozenset({9}))


@case(lambda: (_t(), frozenset({1, 2})))
def frozenset_argument_ops_and_hash(x, fs):
    return x * len(fs), sorted(fs | {3}), sorted(fs.union([4])), hash(fs) == hash(frozenset({2, 1}))


@case(lambda: (_t(),))
def set_of_tuples_discard_then_frozen_key(x):
    s = {(1, 2), (3, 4)}
    s.discard((1, 2))
    table = {frozenset(s): x}
    return table[frozenset({(3, 4)})] * 2, sorted(s)


@case(lambda: (_t(),))
def set_pop_sequence_of_constants(x):
    s = set(range(10))
    s.remove(3)
    popped = [s.pop() for _ in range(3)]
    return x + popped[0], popped, sorted(s)


@case(lambda: (_t(), {"k": randn(1, (2,)), "j": randn(2, (2,))}))
def dict_values_and_reversed_items_of_argument(x, d):
    first = next(iter(d.values()))
    last_key = next(reversed(d.items()))[0]
    return x + first.sum(), last_key


@case(lambda: (_t(), {"a": 1, "b": 2}),
      gap="`<`/`<=` of a dict view: operators.py does not ask dict_views.view_order_compare yet")
def dict_views_ordering_with_sets(x, d):
    e = {"a": 0, "b": 5, "c": 1}
    flags = [d.keys() <= {"a", "b", "c"}, d.keys() < {"a", "b"}, {"a"} < d.keys(),
             e.keys() > d.keys(), d.items() <= {("a", 1), ("b", 2), ("z", 0)}]
    return x + sum(flags), flags


_OP_TABLE = {torch.ops.aten.add: 2, torch.sum: 3, torch.Tensor.mul: 4, len: 5}


@case(lambda: (_t(),))
def dict_keyed_by_torch_ops_and_builtins(x):
    k = _OP_TABLE[torch.ops.aten.add] + _OP_TABLE[torch.sum] + _OP_TABLE[torch.Tensor.mul]
    return x * k + _OP_TABLE[len], torch.mean in _OP_TABLE, len(_OP_TABLE)
