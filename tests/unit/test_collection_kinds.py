"""The collections kinds keep their own type in a trace: a defaultdict (its factory None
included), an OrderedDict and a deque stay what they are through `|`, through pure functions
that fold them (`repr`, `str`) and in the returned value; a bad defaultdict call raises as
CPython does."""

from __future__ import annotations

import collections

import pytest
import torch

import compiler
from tests.graph_breaks.test_containers_across_breaks import describe

D, O = collections.defaultdict, collections.OrderedDict

# Each returns a value made in the trace, then `x + 1`: one graph, no break.
PROGRAMS = {
    "defaultdict_fromkeys_none": lambda x: D.fromkeys("b"),
    "defaultdict_fromkeys_value": lambda x: D.fromkeys("ab", x.shape[0]),
    "defaultdict_no_argument": lambda x: D(),
    "defaultdict_keyword_is_an_item": lambda x: D(default_factory=int),
    "defaultdict_other_keyword_is_an_item": lambda x: D(factory=int),
    "defaultdict_or_dict": lambda x: D(int, a=1) | {"b": 2},
    "dict_or_defaultdict": lambda x: {"b": 2} | D(list, a=1),
    "defaultdict_or_ordered_dict": lambda x: D(int, a=1) | O(b=2),
    "ordered_dict_or_dict": lambda x: O(a=1) | {"b": 2},
    "dict_or_ordered_dict": lambda x: {"b": 2} | O(a=1),
}

# A pure builtin is folded on plain copies of lists and dicts only: on any other kind the copy
# would be a list or a dict (`repr(OrderedDict(a=1))` gave "{'a': 1}"), so the call is refused.
FOLDED_ONLY_WHEN_EXACT = {
    "repr_of_defaultdict": lambda x: repr(D(int, a=1)),
    "repr_of_ordered_dict": lambda x: repr(O(a=1)),
    "str_of_deque": lambda x: str(collections.deque([1], 3)),
}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_collection_kind_made_in_a_trace_is_returned_exactly(name):
    make = PROGRAMS[name]

    def program(x):
        return make(x), x + 1

    expected = program(torch.ones(2))
    compiled = compiler.compile(program, fullgraph=True)
    assert describe(compiled(torch.ones(2))) == describe(expected)
    stats = compiler.stats(compiled)
    assert (stats.frames, stats.graphs, stats.ops) == (1, 1, 1), stats
    assert not stats.graph_breaks and not stats.fallbacks, stats


@pytest.mark.parametrize("name", list(FOLDED_ONLY_WHEN_EXACT))
def test_pure_builtin_of_a_collection_kind_is_refused_not_folded_as_a_dict(name):
    make = FOLDED_ONLY_WHEN_EXACT[name]

    def program(x):
        return make(x), x + 1

    expected = program(torch.ones(2))
    with pytest.raises(compiler.Unsupported):
        compiler.compile(program, fullgraph=True)(torch.ones(2))
    compiled = compiler.compile(program)
    assert describe(compiled(torch.ones(2))) == describe(expected)
    assert compiler.stats(compiled).graph_breaks


def test_defaultdict_of_a_factory_that_is_not_callable_raises_type_error():
    def program(x):
        try:
            collections.defaultdict(1)
        except TypeError as exc:
            return str(exc), x + 1
        return "made", x

    expected = program(torch.ones(2))
    compiled = compiler.compile(program, fullgraph=True)
    assert describe(compiled(torch.ones(2))) == describe(expected)
    assert compiler.stats(compiled).graphs == 1


def test_the_campaigns_defaultdict_before_a_break_is_rebuilt():
    """The finding: `defaultdict.fromkeys('b')` live at a break made the rebuild raise."""
    def program(x):
        c0 = collections.defaultdict.fromkeys("b")
        y = torch.nn.LazyLinear(0)(x)
        return c0, y

    x = torch.randn(0)
    torch.manual_seed(0)
    expected = program(x)
    compiled = compiler.compile(program)
    torch.manual_seed(0)
    actual = compiled(x)
    assert describe(actual[0]) == describe(expected[0])
    assert actual[0].default_factory is None
    stats = compiler.stats(compiled)
    assert stats.graph_breaks and stats.frames >= 2, stats
