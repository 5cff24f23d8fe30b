"""`1 == True == 1.0` and `0.0 == -0.0`, and a set or dict compares its members with `==`, yet
`type(k)`, `str(k)` and `1 / k` tell them apart. A guard on a dict's keys or a set's members
therefore checks each member's exact type (and a float's sign), so a dict keyed `True` where
the trace saw `1` recompiles instead of reusing answers about `int`. Each call is compared with
eager and the compile count checked."""

import pytest
import torch

import compiler
from compiler.guards.check import CheckFunction
from compiler.guards.guard import GuardKind, guard_of
from compiler.guards.kinds import exact_token
from compiler.guards.sources import LocalSource
from tests.differential import assert_same


def _describe(x, keys):
    return x + 1, [(type(k).__name__, str(k)) for k in keys]


def over_dict_keys(x, d):
    return _describe(x, d)


def over_set(x, s):
    return _describe(x, sorted(s, key=str))


def over_tuple(x, t):
    return _describe(x, t)


def over_tuple_keys(x, d):
    return x + 1, [[(type(m).__name__, str(m)) for m in k] for k in d]


PAIRS = [
    (over_dict_keys, {1: 0}, {True: 0}),
    (over_dict_keys, {1: 0, "a": 1}, {1.0: 0, "a": 1}),
    (over_dict_keys, {0.0: "z"}, {-0.0: "z"}),
    (over_set, {1, 2}, {True, 2}),
    (over_set, frozenset([0.0]), frozenset([-0.0])),
    (over_tuple, (1, 2), (True, 2)),
    (over_tuple, (0.0,), (-0.0,)),
    (over_tuple_keys, {(1, "a"): 0}, {(True, "a"): 0}),
]


@pytest.mark.parametrize("fn, first, second", PAIRS,
                         ids=[f"{fn.__name__}-{first!r}" for fn, first, _ in PAIRS])
@pytest.mark.parametrize("fullgraph", [True, False])
def test_an_equal_member_of_another_type_recompiles(fn, first, second, fullgraph):
    compiled = compiler.compile(fn, fullgraph=fullgraph)
    for arg in (first, second, first, second):
        assert_same(compiled(torch.ones(1), arg), fn(torch.ones(1), arg))
    assert compiler.stats(compiled).compiles == 2


G = {1: "one"}


def reads_global(x):
    return x + 1, [type(k).__name__ for k in G]


def test_a_global_dict_whose_key_changes_type_recompiles():
    compiled = compiler.compile(reads_global, fullgraph=True)
    try:
        assert_same(compiled(torch.ones(1)), reads_global(torch.ones(1)))
        G.clear()
        G[True] = "one"
        assert_same(compiled(torch.ones(1)), reads_global(torch.ones(1)))
    finally:
        G.clear()
        G[1] = "one"


def test_same_keys_of_same_types_are_reused():
    compiled = compiler.compile(over_dict_keys, fullgraph=True)
    for _ in range(3):
        assert_same(compiled(torch.ones(1), {1: 0, "a": 2.0, (1, 0.5): 3}),
                    over_dict_keys(torch.ones(1), {1: 0, "a": 2.0, (1, 0.5): 3}))
    assert compiler.stats(compiled).compiles == 1


class Text(str):
    pass


class Meta(type):
    pass


class Plain:
    pass


class Other(metaclass=Meta):
    pass


EXPECTED_SEQUENCES = [(1, "a", None), [2, True], (Plain, object), (1, 0.5), ((1, 2), "b")]
CANDIDATES = [(1, "a", None), (True, "a", None), (1, Text("a"), None), (1.0, "a", None),
              [1, "a", None], [2, True], [2, 1], (2, True), (Plain, object), (Other, object),
              (1, 0.5), (True, 0.5), (1, -0.5), ((1, 2), "b"), ((True, 2), "b"), ([1, 2], "b"),
              ((1, 2.0), "b"), "x", None, (1, "a")]


@pytest.mark.parametrize("expected", EXPECTED_SEQUENCES, ids=repr)
def test_a_constant_sequence_guard_accepts_only_members_alike(expected):
    """The guard on a constant tuple or list holds exactly for an equal value whose members have
    the same exact types (and a float the same sign): the exact token of each side decides."""
    check = CheckFunction([guard_of(LocalSource("x"), GuardKind.EQUALS, expected)])
    for value in CANDIDATES:
        alike = type(value) is type(expected) and exact_token(value) == exact_token(expected)
        assert check.check({"x": value}, {}) is alike, value
        assert (check.first_failure({"x": value}, {}) is None) is alike, value
