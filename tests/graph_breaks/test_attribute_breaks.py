"""An attribute load the tracer cannot model (a property whose getter breaks, a descriptor of a
C type) splits the frame there: the graph before it runs, the load runs in Python, and the rest
is a compiled resume function; the frame is not run eagerly whole."""

from __future__ import annotations

import functools
import logging

import torch
import torch.nn.functional as F
from torch import nn

import compiler
from tests.differential import assert_same

printed = []


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 3)

    @property
    def loss_function(self):
        printed.append("looked up")
        print("choosing the loss")  # not traceable: the getter breaks
        return F.cross_entropy

    def forward(self, x, labels):
        logits = self.lin(x).relu()
        return self.loss_function(logits, labels) * 2


def test_a_property_whose_getter_breaks_splits_the_frame_at_the_load(capsys):
    torch.manual_seed(0)
    head, x, labels = Head(), torch.randn(2, 4), torch.tensor([0, 2])
    compiled = compiler.compile(head)
    printed.clear()
    for _ in range(2):
        assert_same(compiled(x, labels), head(x, labels))
    assert printed == ["looked up"] * 4
    assert capsys.readouterr().out == "choosing the loss\n" * 4
    s = compiler.stats(compiled)
    assert s.fallbacks == [] and s.graphs == 2 and len(s.graph_breaks) == 1


@functools.lru_cache(None)
def _warn_once(self, message):
    self.warning(message)


class _Logger(logging.Logger):
    warn_once = _warn_once  # a C descriptor (functools' cache wrapper) bound as a method


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def test_a_method_that_is_an_lru_cache_wrapper_binds_and_runs_as_eager():
    log, seen = _Logger("parity.tests.attribute_breaks"), _Collect()
    log.addHandler(seen)

    def f(x):
        y = x.sin() + 1
        log.warn_once("once only")
        return y * x

    compiled = compiler.compile(f)
    x = torch.randn(3)
    for _ in range(3):
        assert_same(compiled(x), f(x))
    assert seen.messages == ["once only"]  # cached after the first call
    s = compiler.stats(compiled)
    # The wrapper binds as a method and is called for real at trace time (lru_cache.py):
    # its miss logs once, as eager's does; later calls hit, guarded on the miss count.
    assert s.fallbacks == [] and s.graphs == 1 and not s.graph_breaks


class Items(list):
    pass


class Shadowed(list):
    pass


def _append_two(x, items):
    y = x * 2
    try:
        items.append(1, 2)
    except TypeError as error:
        return y + 1, str(error), list(items)
    return y, "", list(items)


def _append_one(x, items):
    y = x * 2
    items.append(len(items))
    return y + 1, list(items)


def test_a_method_load_that_breaks_calls_as_the_method_call_would():
    """`items.append(...)` on a list subclass: LOAD_METHOD takes list's own method, whose error
    names `list.append()`; the bound method would name `Items.append()`. At a break at the
    load, the call still sees what CPython's would."""
    for fn in (_append_two, _append_one):
        compiled = compiler.compile(fn)
        for _ in range(2):
            items = Items([0])
            expected = fn(torch.ones(2), Items([0]))
            assert_same(compiled(torch.ones(2), items), expected)


def test_a_method_load_shadowed_by_the_instance_dict_takes_the_instance_attribute():
    def fn(x, items):
        y = x + 1
        return y, items.append(5), list(items)

    compiled = compiler.compile(fn)
    made = [Shadowed([1]) for _ in range(2)]
    for items in made:
        items.append = lambda value: ("own", value)
    assert_same(compiled(torch.ones(1), made[0]), fn(torch.ones(1), made[1]))
