"""Multi-call probes for argument checks of builtin types' methods: the same function called
with argument tuples of different lengths (through *args), so a call that fits and one that
does not reach the same method; every call must agree with eager, the raising ones included
(uncaught: the TypeError leaves the frame, caught: its text is the result)."""

from __future__ import annotations

import collections

import torch

from tests.dynamo_style.calls_support import run_calls, sample

X = sample()


def _update_with(x, *sources):
    d = {"base": 1}
    d.update(*sources)
    return x * len(d), sorted(d)


def test_dict_update_with_one_then_two_sources():
    calls = [(None, (X, {"a": 1})), (None, (X, {"a": 1}, {"b": 2})), (None, (X,)),
             (None, (X, [("c", 3)]))]
    run_calls(_update_with, calls, fullgraph=False)


def _append_caught(x, items, *values):
    try:
        items.append(*values)
    except TypeError as e:
        return x - 1, str(e), list(items)
    return x + 1, "", list(items)


def test_list_append_with_changing_counts():
    calls = [(None, (X, [1], 2)), (None, (X, [1], 2, 3)), (None, (X, [1])), (None, (X, [], 5))]
    run_calls(_append_caught, calls, fullgraph=True)


def _pop_keyword(x, d, **options):
    try:
        return x, d.pop("k", **options)
    except TypeError as e:
        return x * 2, str(e)


def test_dict_pop_with_and_without_keyword():
    calls = [(None, (X, {"k": 1})), (None, (X, {"k": 1}))]
    run_calls(_pop_keyword, calls, fullgraph=True)
    run_calls(lambda x, d: _pop_keyword(x, d, default=0), calls, fullgraph=True)


def _unbound_ops(x, p, q):
    return x + len(set.union(p, q)), set.__sub__(p, q), set.__eq__(p, q), set.__sub__(p, 1)


def test_unbound_set_methods_with_changing_sets():
    calls = [(None, (X, {1, 2}, {2})), (None, (X, {1, 2}, {1, 2})), (None, (X, set(), {3})),
             (None, (X, {1}, frozenset({1})))]
    stats = run_calls(_unbound_ops, calls, fullgraph=True)
    assert stats is not None


def _deque_rotate(x, q, *steps):
    try:
        q.rotate(*steps)
    except TypeError as e:
        return x, str(e), list(q)
    return x + 1, "", list(q)


def test_deque_rotate_counts():
    q = collections.deque([1, 2, 3])
    calls = [(None, (X, q, 1)), (None, (X, q, 1, 2)), (None, (X, q))]
    run_calls(_deque_rotate, calls, fullgraph=True)


def test_len_keyword_leaves_the_frame():
    def fn(x, items):
        return x + len(obj=items)

    run_calls(fn, [(None, (X, [1, 2]))], fullgraph=False)
    assert torch.is_tensor(X)
