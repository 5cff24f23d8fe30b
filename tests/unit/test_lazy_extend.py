"""In-place extends and updates from lazy iterables store each item before reading the next
(compiler/values/lazy_extend.py), as CPython does; what the trackers cannot follow is refused."""

import collections
import copy

import pytest
import torch

import compiler
from tests.differential import assert_same, compiler_test_config  # noqa: F401


def _run(fn, args):
    try:
        return ("ok", fn(*args), args)
    except Exception as exc:  # noqa: BLE001 - compared
        return ("raised", repr(exc), args)


def _same(fn, *args, fullgraph=True):
    expected = _run(fn, copy.deepcopy(args))
    compiler.reset()
    actual = _run(compiler.compile(fn, fullgraph=fullgraph), copy.deepcopy(args))
    assert actual[0] == expected[0], (actual, expected)
    if actual[0] == "ok":
        assert_same(actual[1], expected[1])
    else:
        assert actual[1] == expected[1]
    assert_same(actual[2], expected[2])  # the inputs after the call


FULLGRAPH = pytest.mark.parametrize("fullgraph", [True, False])


@FULLGRAPH
def test_list_extend_and_iadd_see_earlier_items(fullgraph):
    def f(x):
        a = [1]
        a.extend(a[-1] * 2 for _ in range(3))
        b = [x]
        b += map(lambda k: b[-1] + k, range(3))
        return a, b

    _same(f, torch.ones(2), fullgraph=fullgraph)


@FULLGRAPH
def test_input_containers_changed_item_by_item(fullgraph):
    def f(x, lst, dq, s, d):
        lst.extend(len(lst) for _ in range(2))
        dq.extendleft(dq[0] - 1 for _ in range(2))
        s.update(len(s) + 10 for _ in range(2))
        d.update((len(d), x * len(d)) for _ in range(2))
        return x + 1

    _same(f, torch.ones(2), [5], collections.deque([0], maxlen=2), {1}, {"a": 0},
          fullgraph=fullgraph)


@FULLGRAPH
def test_views_and_iterators_over_the_container_itself(fullgraph):
    def f(x):
        out = []
        d = {(1, 2): 0}
        try:
            d.update(d.keys())  # stores d[1] = 2: the keys iterator fails on the size change
        except RuntimeError as e:
            out.append(str(e))
        s = {1, 2}
        s.update(iter(s))  # nothing new: no change of size
        t = {1, 2}
        try:
            t.difference_update(v for v in t)
        except RuntimeError as e:
            out.append(str(e))
        lst = [1, 2]
        lst.extend(lst)
        return x, out, d, sorted(s), sorted(t), lst

    _same(f, torch.ones(2), fullgraph=fullgraph)


@FULLGRAPH
def test_errors_keep_the_items_stored_before(fullgraph):
    def f(x):
        def items(n):
            yield from range(n)
            raise ValueError("part-way")

        out = []
        for target in ([], collections.deque(), set()):
            try:
                (target.update if isinstance(target, set) else target.extend)(items(2))
            except ValueError:
                out.append(sorted(target))
        s = {0}
        try:
            s.difference_update(iter([0, {1}]))
        except TypeError as e:
            out.append((str(e), sorted(s)))
        return x, out

    _same(f, torch.ones(2), fullgraph=fullgraph)


def test_set_update_with_several_arguments_in_turn():
    def f(x):
        s = {1}
        s.update((len(s) + k for k in range(2)), [7], (len(s) * 10 for _ in range(1)))
        t = {1, 2, 3, 4}
        t.difference_update([1], (k for k in range(5) if len(t) > 2))
        return x, sorted(s), sorted(t)

    _same(f, torch.ones(2))


def test_deque_extended_by_an_iterator_over_itself_is_refused():
    def f(x):
        d = collections.deque([1, 2])
        d.extend(iter(d))
        return x

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(torch.ones(2))
