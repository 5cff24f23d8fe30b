"""One table reached two ways: a dict passed in that is also a program's object's `__dict__`
(an attribute written through the object must be read through the dict, and the other way),
and a class's `__dict__` when the class has a metaclass of the program or is an Enum (type's
own `__dict__` descriptor gives a mappingproxy, a new one on each read). Each is compared with
eager, with and without fullgraph: exact or refused, never a stale answer."""

from __future__ import annotations

import enum

import pytest
import torch

import compiler
from tests.differential import assert_same


class Box:
    pass


def _box():
    box = Box()
    box.a = 1
    return box


def write_object_read_dict(x, d, o):
    o.a = 5
    return x * d["a"], dict(d)


def write_dict_read_object(x, d, o):
    d["a"] = 7
    return x * o.a, dict(d)


def _run(fn, fullgraph, aliased):
    def inputs():
        box = _box()
        return torch.ones(2), (vars(box) if aliased else {"a": 1}), box
    expected = fn(*inputs())
    compiled = compiler.compile(fn, fullgraph=fullgraph)
    return compiled, inputs, expected


@pytest.mark.parametrize("fn", [write_object_read_dict, write_dict_read_object])
def test_a_dict_that_is_the_objects_dict_is_refused_and_runs_as_eager(fn):
    compiled, inputs, expected = _run(fn, False, aliased=True)
    assert_same(compiled(*inputs()), expected)
    with pytest.raises(compiler.Unsupported, match="__dict__"):
        compiler.compile(fn, fullgraph=True)(*inputs())


@pytest.mark.parametrize("fn", [write_object_read_dict, write_dict_read_object])
def test_separate_tables_first_then_the_same_table_recompiles(fn):
    compiled = compiler.compile(fn)
    for aliased in (False, True, False):
        box = _box()
        args = (torch.ones(2), vars(box) if aliased else {"a": 1}, box)
        eager_box = _box()
        eager_args = (torch.ones(2), vars(eager_box) if aliased else {"a": 1}, eager_box)
        assert_same(compiled(*args), fn(*eager_args))
    assert compiler.stats(compiled).recompiles


class Meta(type):
    pass


class WithMeta(metaclass=Meta):
    a = 1


class Color(enum.Enum):
    RED = 1


def class_dicts(x):
    views = (WithMeta.__dict__, Color.__dict__)
    return x + 1, [type(v).__name__ for v in views], WithMeta.__dict__ is WithMeta.__dict__


@pytest.mark.parametrize("fullgraph", [False, True])
def test_a_class_dict_through_a_metaclass_is_a_new_mappingproxy(fullgraph):
    compiled = compiler.compile(class_dicts, fullgraph=fullgraph)
    try:
        got = compiled(torch.ones(1))
    except compiler.Unsupported:
        assert fullgraph  # (which view is which object: refused, never guessed)
        return
    assert_same(got, class_dicts(torch.ones(1)))
