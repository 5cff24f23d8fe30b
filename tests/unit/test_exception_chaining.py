"""Exceptions leaving the compiled code after the program raised them or changed their
chaining: rebuilt only when a fresh object equals them (type, args, attributes, no traceback,
no cause or context, context not suppressed), else refused under fullgraph and run as eager
without it. The traceback a `with` block's exit gets is a real one (never None)."""

import pytest
import torch

import compiler


def _x():
    return torch.ones(3)


def raised_then_returned_through_older_name(x):
    err = ValueError("v")
    try:
        raise err
    except ValueError:
        pass
    return x + 1, err


def suppressed_then_returned(x):
    err = ValueError("v")
    err.__suppress_context__ = True
    return x + 1, err


def cleared_then_returned(x):
    err = KeyError("k")
    return x + 1, err.with_traceback(None)


def _described(exc):
    return (
        type(exc),
        exc.args,
        exc.__suppress_context__,
        exc.__traceback__ is None,
        exc.__cause__,
        exc.__context__,
    )


@pytest.mark.parametrize("fn", [raised_then_returned_through_older_name, suppressed_then_returned])
def test_changed_exception_is_not_rebuilt(fn):
    with pytest.raises(compiler.Unsupported, match="raised or chained"):
        compiler.compile(fn, fullgraph=True)(_x())
    compiler.reset()
    actual = compiler.compile(fn)(_x())
    assert _described(actual[1]) == _described(fn(_x())[1])


def test_exception_never_raised_is_rebuilt_after_with_traceback_none():
    actual = compiler.compile(cleared_then_returned, fullgraph=True)(_x())
    assert _described(actual[1]) == _described(cleared_then_returned(_x())[1])


class SeesTraceback:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        self.tb_given = tb is not None
        value.__traceback__ = tb  # handing it back, as contextlib does
        return True


def exit_gets_traceback(x):
    manager = SeesTraceback()
    with manager:
        raise KeyError("k")
    return x + 1, manager.tb_given


def test_with_exit_gets_a_traceback():
    assert compiler.compile(exit_gets_traceback, fullgraph=True)(_x())[1] is True
