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


@case(lambda: (_t(), {"a": 1, "b": 2}))
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


@case(lambda: (_t(),))
def set_methods_with_several_iterables(x):
    a = {1, 2, 3, 4}
    return (x + len(a.intersection([2, 3], (3, 4, 2))), sorted(a.union([5], {6})),
            sorted(a.difference([1], [2])), a.issubset(range(10)),
            sorted(a.symmetric_difference([4, 9])))


@case(lambda: (_t(), _t()))
def set_of_tensors_by_identity(x, y):
    s = {x, y, x}
    fs = frozenset([x, y])
    return len(s) + len(fs), x in s, (x + 1) in s, y in fs


@case(lambda: (_t(),))
def set_union_operator_with_list_raises(x):
    try:
        {1} | [1]
    except TypeError as e:
        return x + 1, str(e), sorted({1, 2} - frozenset({1}) | {7})
    return x


@case(lambda: (_t(), {"a": 1, "b": 2}))
def zip_star_of_dict_items(x, d):
    ks, vs = zip(*d.items())
    rebuilt = dict(zip(ks, vs))
    return x * sum(vs), ks, rebuilt, sorted(d.items(), key=lambda kv: kv[1], reverse=True)


@case(lambda: (_t(),))
def dict_views_see_later_insertions(x):
    d = {}
    keys, items = d.keys(), d.items()
    before = (bool(keys), len(items))
    d["a"] = x
    d["b"] = x * 2
    return before, bool(keys), len(items), list(keys), [v.sum() for _, v in items]


@case(lambda: (_t(),))
def set_update_from_dict_and_generator(x):
    s = set()
    s.update({"a": 1, "b": 2})
    s.update(i for i in range(2))
    return x + len(s), sorted(s, key=str)


@case(lambda: (_t(), [3, 1, 2]))
def for_over_argument_list_appended_in_loop(x, xs):
    seen = []
    for v in xs:
        seen.append(v)
        if v == 3:
            xs.append(9)
    return x * len(seen), seen, xs


@case(lambda: (_t(), {1: "a", 2: "b"}))
def dict_items_reversed_and_enumerated(x, d):
    return x, list(enumerate(reversed(d.items()))), list(reversed(d.keys()))


@case(lambda: (_t(),))
def set_pop_after_pop_and_clear(x):
    s = {0, 1, 2, 3}
    first = s.pop()  # moves where the next pop starts looking; clear() keeps that
    s.clear()
    s.add(0)
    s.add(5)
    return x * s.pop() + first, sorted(s)
