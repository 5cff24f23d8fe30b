"""A set's in-place methods change the set itself: intersection_update, difference_update and
symmetric_difference_update on a set made in the trace or passed in leave it as eager does, seen
through the set, a second name and the caller's object (they used to run on a copy, leaving the
set unchanged)."""

import pytest
import torch

import compiler
from tests.differential import assert_same


def _intersection_update(a, s):
    alias = s
    s.intersection_update([1, 2, 7], (2, 3))
    return a + len(alias), sorted(alias)


def _difference_update(a, s):
    local = {1, 2, 3, 4}
    other = local
    local.difference_update(s, [4])
    s.difference_update({2})
    return a * len(other), sorted(other), sorted(s)


def _symmetric_difference_update(a, s):
    local = {1, 5, 2.0}
    local.symmetric_difference_update([True, 6, 7.0, 2])
    s.symmetric_difference_update({3, 9})
    return a - len(local), sorted(local), sorted(s), [type(x).__name__ for x in sorted(local)]


def _frozenset_has_no_update(a, s):
    try:
        frozenset(s).intersection_update([1])
    except AttributeError as exc:
        return a + 1, str(exc)
    return a * 2, ""


CASES = [_intersection_update, _difference_update, _symmetric_difference_update,
         _frozenset_has_no_update]


@pytest.mark.parametrize("fullgraph", [False, True])
@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_in_place_set_method_changes_the_set(fn, fullgraph):
    a = torch.arange(3.0)
    eager_set, compiled_set = {1, 2, 3}, {1, 2, 3}
    expected = fn(a, eager_set)
    compiled = compiler.compile(fn, backend="eager", fullgraph=fullgraph)
    actual = compiled(a, compiled_set)
    assert_same(actual, expected)
    assert compiled_set == eager_set
    assert compiler.stats(compiled).graphs == 1
