"""Containers of every collection kind made in a frame and still live at a graph break: the
break rebuilds each one exactly (type, contents and order, deque maxlen, defaultdict factory,
None included) for the rest of the frame, which uses and returns it as eager does."""

from __future__ import annotations

import collections

import pytest
import torch

import compiler

Point = collections.namedtuple("Point", "a b")


class TaggedDict(dict):
    pass


def _defaultdict_none_fromkeys(x):
    return collections.defaultdict.fromkeys("b")


def _mutate_mapping(c, x):
    c["z"] = x.shape[0]
    return c


def _mutate_defaultdict(c, x):
    c["z"] = x.shape[0]
    if c.default_factory is not None:
        c["made"]  # noqa: B018 - the factory fills a missing key
    return c


def _use_mapping(c):
    return sorted(c.items(), key=repr)


# name -> (make(x), mutate(c, x), use(c), resume frame compiled). A defaultdict input is a
# dict tracker that keeps its default_factory (replayed if the trace sets it), so the resume
# frame compiles, as it does for the other kinds. An OrderedDict input is a dict tracker
# that keeps its class, a deque input a deque tracker, a dict subclass's instance an object
# whose storage the base's methods read (dict_subclasses.py): that frame compiles.
CASES = {
    "defaultdict_none_fromkeys": (_defaultdict_none_fromkeys, _mutate_defaultdict, len, True),
    "defaultdict_none": (lambda x: collections.defaultdict(None, a=1), _mutate_defaultdict,
                         len, True),
    "defaultdict_no_argument": (lambda x: collections.defaultdict(), _mutate_defaultdict,
                                len, True),
    "defaultdict_int": (lambda x: collections.defaultdict(int), _mutate_defaultdict, len, True),
    "defaultdict_list": (lambda x: collections.defaultdict(list, a=[1]), _mutate_defaultdict,
                         len, True),
    "defaultdict_lambda": (lambda x: collections.defaultdict(lambda: 7), _mutate_defaultdict,
                           len, True),
    "defaultdict_or_dict": (lambda x: collections.defaultdict(int, a=1) | {"b": 2},
                            _mutate_defaultdict, len, True),
    "dict_or_defaultdict": (lambda x: {"b": 2} | collections.defaultdict(int, a=1),
                            _mutate_defaultdict, len, True),
    "deque": (lambda x: collections.deque([1, 2]),
              lambda c, x: (c.append(3), c.appendleft(0), c)[-1], list, True),
    "deque_maxlen": (lambda x: collections.deque([1, 2, 3], 2),
                     lambda c, x: (c.append(4), c.appendleft(0), c)[-1], list, True),
    "ordered_dict": (lambda x: collections.OrderedDict([("a", 1), ("b", 2)]),
                     lambda c, x: (c.move_to_end("a"), _mutate_mapping(c, x))[-1],
                     _use_mapping, True),
    "ordered_dict_fromkeys": (lambda x: collections.OrderedDict.fromkeys("ab", 0),
                              _mutate_mapping, _use_mapping, True),
    "ordered_dict_or_dict": (lambda x: collections.OrderedDict(a=1) | {"b": 2},
                             _mutate_mapping, _use_mapping, True),
    "dict_or_ordered_dict": (lambda x: {"b": 2} | collections.OrderedDict(a=1),
                             _mutate_mapping, _use_mapping, True),
    "counter": (lambda x: collections.Counter("abca"), lambda c, x: c, _use_mapping, False),
    "chain_map": (lambda x: collections.ChainMap({"a": 1}, {"b": 2}), _mutate_mapping,
                  lambda c: c["b"] + c["z"], True),
    "dict_subclass": (lambda x: TaggedDict(a=1), _mutate_mapping, _use_mapping, True),
    "dict": (lambda x: {"a": 1}, _mutate_mapping, _use_mapping, True),
    "set": (lambda x: {1, 2}, lambda c, x: (c.add(x.shape[0] + 5), c)[-1], sorted, True),
    "frozenset": (lambda x: frozenset([1, 2]), lambda c, x: c | {3}, sorted, True),
    "namedtuple": (lambda x: Point(1, x), lambda c, x: c._replace(a=2), lambda c: c.a, True),
}


def describe(obj):
    """What eager and compiled must agree on: type, extra state, items in order."""
    kind = type(obj)
    if isinstance(obj, collections.deque):
        return kind, obj.maxlen, [describe(i) for i in obj]
    if isinstance(obj, collections.defaultdict):
        factory = obj.default_factory
        factory = getattr(factory, "__code__", factory)  # a lambda is made anew: same code
        return kind, factory, [(k, describe(v)) for k, v in obj.items()]
    if isinstance(obj, collections.ChainMap):
        return kind, [describe(m) for m in obj.maps]
    if isinstance(obj, dict):
        return kind, [(k, describe(v)) for k, v in obj.items()]
    if isinstance(obj, (set, frozenset)):
        return kind, sorted(obj)
    if isinstance(obj, tuple):
        return kind, [describe(i) for i in obj]
    if isinstance(obj, torch.Tensor):
        return kind, obj.dtype, obj.tolist()
    return kind, obj


def _program(make, mutate, use):
    def program(x):
        y = x + 1
        c = mutate(make(x), x)
        print("break")
        return c, use(c), y * 2
    return program


@pytest.mark.parametrize("name", list(CASES))
def test_container_made_in_the_frame_survives_a_print_break(name, capsys):
    make, mutate, use, resume_compiled = CASES[name]
    program = _program(make, mutate, use)
    expected = program(torch.ones(3))
    compiled = compiler.compile(program)
    actual = compiled(torch.ones(3))
    assert describe(actual) == describe(expected)
    assert capsys.readouterr().out == "break\nbreak\n"
    stats = compiler.stats(compiled)
    assert any("print" in reason for reason, _ in stats.graph_breaks), stats
    if resume_compiled:  # `x + 1` before the break, `y * 2` in the compiled resume frame
        shape = (stats.frames, stats.graphs, len(stats.graph_breaks), stats.ops)
        assert shape == (2, 2, 1, 2) and not stats.fallbacks, stats
    else:  # the frame up to the break compiled; only the resume frame ran eagerly
        assert stats.graphs >= 1 and stats.ops >= 1 and len(stats.fallbacks) == 1, stats
    again = compiled(torch.ones(3))  # the cached entry rebuilds it again, as new
    assert describe(again) == describe(expected) and again[0] is not actual[0]
