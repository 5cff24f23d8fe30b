"""sys.exc_info() in compiled code: (None, None, None) when nothing is being handled, guarded on
the caller's exception state (a frame called from an except block sees the caller's
exception); refused while the traced code handles one. contextlib.ExitStack reads it in its
__exit__. Compared with eager."""

from __future__ import annotations

import contextlib
import sys

import pytest
import torch

import compiler
from tests.differential import check_same, compiler_test_config, one_graph  # noqa: F401


def exc_info_outside_handlers(x):
    kind, value, tb = sys.exc_info()
    return x + 1, kind is None, value is None, tb is None


def exit_stack_callbacks(x):
    log = []
    with contextlib.ExitStack() as stack:
        stack.callback(log.append, "first")
        stack.callback(log.append, "second")
        y = x * 2
    return y, log


def exit_stack_enter_context(x):
    log = []

    @contextlib.contextmanager
    def tracked(name):
        log.append(f"enter {name}")
        yield name
        log.append(f"exit {name}")

    with contextlib.ExitStack() as stack:
        names = [stack.enter_context(tracked(n)) for n in ("a", "b")]
        y = x + len(names)
    return y, log, names


@pytest.mark.parametrize("fn", [exc_info_outside_handlers, exit_stack_callbacks,
                                exit_stack_enter_context], ids=lambda fn: fn.__name__)
def test_exception_state_matches_eager_in_one_graph(fn):
    one_graph(check_same(fn, torch.randn(3)))


def test_called_from_an_except_block_sees_the_callers_exception():
    compiled = compiler.compile(exc_info_outside_handlers)
    first = compiled(torch.ones(1))
    try:
        raise KeyError("k")
    except KeyError:
        inside = compiled(torch.ones(1))
        want = exc_info_outside_handlers(torch.ones(1))
    assert first[1:] == (True, True, True)
    assert inside[1:] == want[1:] == (False, False, False)


def test_exc_info_while_handling_gives_the_handled_exception():
    def handling(x):
        try:
            raise ValueError("v")
        except ValueError:
            kind = sys.exc_info()[0]
        return x + 1, kind is ValueError

    check_same(handling, torch.ones(1), fullgraph=True)


def exit_stack_with_errors(x):
    log = []

    def failing():
        raise ValueError("callback")

    try:
        with contextlib.ExitStack() as stack:
            stack.callback(log.append, "ran")
            stack.callback(failing)
            raise KeyError("body")
    except ValueError as err:
        return x + 1, log, str(err), repr(err.__context__)
    return x, log, "", ""


def test_exit_stack_errors_match_eager():
    check_same(exit_stack_with_errors, torch.randn(3), fullgraph=False)
