"""Calling a class with a `__new__` of its own in the trace (compiler/values/custom_new.py):
the order `__new__` then `__init__`, `__init__` skipped for another class's object, named
tuples through their own or a subclass's `__new__`, structseqs built from one sequence, a named
tuple's instance dict, and module containers built from tracked modules."""

import collections

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph

LOG: list = []


class Ordered:
    def __new__(cls, v):
        LOG.append(("new", v))
        return super().__new__(cls)

    def __init__(self, v):
        LOG.append(("init", v))
        self.v = v


class Other:
    pass


class Elsewhere:
    def __new__(cls):
        return Other()

    def __init__(self):
        LOG.append("init")


def test_new_runs_before_init_and_is_one_graph():
    def fn(x):
        o = Ordered(2)
        return x * o.v

    LOG.clear()
    stats = check_same(fn, torch.ones(3))
    one_graph(stats)
    assert LOG == [("new", 2), ("init", 2), ("new", 2), ("init", 2)]


def test_init_not_run_for_another_class_object():
    def fn(x):
        return x + 1, type(Elsewhere()).__name__

    LOG.clear()
    one_graph(check_same(fn, torch.ones(2)))
    assert LOG == []


Pair = collections.namedtuple("Pair", "a b")


class Doubling(Pair):
    __slots__ = ()

    def __new__(cls, a, b):
        return super().__new__(cls, a * 2, b)


def test_namedtuple_subclass_new_is_run_and_rebuilt_past_it():
    def fn(x):
        return Doubling(x, 1)

    out = compiler.compile(fn, fullgraph=True)(torch.ones(2))
    assert type(out) is Doubling and torch.equal(out.a, torch.full((2,), 2.0))


def test_namedtuple_argument_returned_is_the_same_object():
    def fn(p):
        return p

    p = Pair(torch.ones(1), 2)
    assert compiler.compile(fn, fullgraph=True)(p) is p


def test_namedtuple_repeat_calls_do_not_recompile():
    def fn(x):
        return Pair(x, 3).a + Pair(b=1, a=x).b

    compiled = compiler.compile(fn, fullgraph=True)
    for i in range(3):
        compiled(torch.full((2,), float(i)))
    assert compiler.stats(compiled).compiles == 1


class Noted(Pair):
    pass


def test_namedtuple_instance_dict_written_on_an_argument():
    def fn(p):
        p.note = p.b + 1
        return p.a

    p = Noted(torch.ones(1), 2)
    compiler.compile(fn, fullgraph=True)(p)
    assert p.note == 3


def test_structseq_rejects_two_arguments():
    def fn(x):
        return torch.return_types.max((x, x), {})

    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(torch.ones(2))


def test_structseq_built_is_the_structseq_type():
    def fn(x):
        return torch.return_types.max([x, x.long()])

    out = compiler.compile(fn, fullgraph=True)(torch.ones(2))
    assert type(out) is torch.return_types.max


LIN = torch.nn.Linear(2, 2)


def test_container_of_a_global_module_may_not_leave_the_frame():
    def fn(x):
        return torch.nn.Sequential(LIN)

    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(torch.ones(2))


def test_container_with_a_new_parameterised_module_is_refused():
    def fn(x):
        return torch.nn.Sequential(LIN, torch.nn.Linear(2, 2))(x)

    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(torch.ones(2))


def test_container_built_under_global_registration_hooks_is_refused():
    def fn(x):
        return torch.nn.Sequential(LIN)(x)

    handle = torch.nn.modules.module.register_module_module_registration_hook(
        lambda module, name, sub: None)
    try:
        with pytest.raises(compiler.Unsupported):
            compiler.compile(fn, fullgraph=True)(torch.ones(2))
    finally:
        handle.remove()


def test_loss_module_with_an_unset_buffer_is_built_in_the_trace():
    def fn(x, y):
        return torch.nn.CrossEntropyLoss()(x, y)

    one_graph(check_same(fn, torch.randn(3, 4), torch.tensor([0, 2, 1])))
