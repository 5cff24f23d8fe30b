"""`sys.exc_info()` inside an except block of the traced code gives the handled exception's type
and the exception itself (its traceback, not modelled, refuses any use), so ExitStack and
handlers that ask for the exception compile; compared with eager under fullgraph."""

from __future__ import annotations

import contextlib
import sys

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


def kind_of_handled(a):
    try:
        raise ValueError("bad", 3)
    except ValueError:
        kind, value, _ = sys.exc_info()
    return a + 1, kind.__name__, value.args, kind is ValueError


def exit_stack_suppressing(a):
    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.suppress(KeyError))
        a = a + 1
        raise KeyError("k")
    return a * 2


def nothing_handled_after_the_block(a):
    try:
        raise TypeError
    except TypeError:
        pass
    return a + 1, sys.exc_info()


@pytest.mark.parametrize("fn", [kind_of_handled, exit_stack_suppressing,
                                nothing_handled_after_the_block])
def test_exc_info_in_the_trace_matches_eager(fn):
    one_graph(check_same(fn, torch.ones(2)))


def traceback_read(a):
    try:
        raise ValueError
    except ValueError:
        tb = sys.exc_info()[2]
        return a, tb.tb_lineno


def test_the_traceback_is_refused_and_runs_eagerly():
    with pytest.raises(compiler.Unsupported):
        compiler.compile(traceback_read, fullgraph=True)(torch.ones(2))
    compiler.reset()
    assert compiler.compile(traceback_read)(torch.ones(2))[1] == traceback_read(torch.ones(2))[1]
