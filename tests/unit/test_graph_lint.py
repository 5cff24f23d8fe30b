"""With `raise_internal_errors` on (as in every compiler test), each graph is checked by
`torch.fx.Graph.lint()`: a malformed graph fails the compile where it was made instead of
running."""

from __future__ import annotations

import pytest
import torch

import compiler
from compiler.graph.builder import GraphBuilder


def _add_then_double(x):
    return (x + 1) * 2


def _with_a_use_before_its_definition(finish):
    def broken_finish(self, outputs):
        gm = finish(self, outputs)
        add, mul = [n for n in gm.graph.nodes if n.op == "call_function"][:2]
        add.prepend(mul)  # mul now reads add before add is computed
        return gm
    return broken_finish


def test_lint_refuses_a_malformed_graph(monkeypatch):
    monkeypatch.setattr(GraphBuilder, "finish", _with_a_use_before_its_definition(
        GraphBuilder.finish))
    x = torch.randn(3)
    with pytest.raises(RuntimeError, match="used before it has been defined"):
        compiler.compile(_add_then_double)(x)


def test_a_well_formed_graph_passes_lint():
    x = torch.randn(3)
    compiled = compiler.compile(_add_then_double, fullgraph=True)
    assert torch.equal(compiled(x), _add_then_double(x))
    assert compiler.stats(compiled).graphs == 1


def _graph_break_between(x):
    y = x + 1
    print("break")
    return y * 2


@pytest.mark.parametrize("raising", [True, False])
def test_every_graph_is_linted_only_when_internal_errors_raise(monkeypatch, raising, capsys):
    linted = []
    lint = torch.fx.Graph.lint
    monkeypatch.setattr(torch.fx.Graph, "lint", lambda self: linted.append(lint(self)))
    with compiler.config.patch(raise_internal_errors=raising):
        compiled = compiler.compile(_graph_break_between)
        x = torch.randn(3)
        assert torch.equal(compiled(x), _graph_break_between(x))
    assert compiler.stats(compiled).graphs == 2
    assert len(linted) == (2 if raising else 0)
