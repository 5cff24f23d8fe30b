"""copy.copy of an instance of a plain class, computed as CPython's copy module does: a new
instance sharing the original's attribute values (a list attribute is the same list), made
without running __init__ or __setattr__; a class with __copy__ or its own reduce protocol is
refused, so the frame still equals eager."""

import copy

import pytest
import torch

import compiler
from tests.differential import assert_same


class Config:
    def __init__(self, depth):
        self.depth = depth
        self.tags = ["base"]


class OwnCopy(Config):
    def __copy__(self):
        return Config(self.depth + 100)


def _copied_made_inside(a):
    cfg = Config(2)
    other = copy.copy(cfg)
    other.tags.append("shared")
    other.depth = 5
    return a * cfg.depth + other.depth, cfg.tags, other.tags is cfg.tags, type(other).__name__


def _copied_input(a, cfg):
    other = copy.copy(cfg)
    other.depth += 1
    return a * other.depth, cfg.depth, other.tags is cfg.tags


def _own_copy(a):
    return a * copy.copy(OwnCopy(1)).depth


def test_copy_of_object_made_in_trace_in_one_graph():
    a = torch.randn(3)
    assert_same(compiler.compile(_copied_made_inside, fullgraph=True)(a), _copied_made_inside(a))


def test_copy_of_input_object_in_one_graph_and_guarded():
    a = torch.randn(3)
    compiled = compiler.compile(_copied_input, fullgraph=True)
    for depth in (1, 2):
        assert_same(compiled(a, Config(depth)), _copied_input(a, Config(depth)))
    odd = Config(3)
    odd.extra = 1
    assert_same(compiled(a, odd), _copied_input(a, odd))


@pytest.mark.parametrize("fullgraph", [True, False])
def test_class_with_own_copy_is_refused_or_exact(fullgraph):
    a = torch.randn(3)
    try:
        actual = compiler.compile(_own_copy, fullgraph=fullgraph)(a)
    except compiler.Unsupported:
        assert fullgraph
        return
    assert_same(actual, _own_copy(a))
