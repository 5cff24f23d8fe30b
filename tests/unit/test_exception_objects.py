"""Exception objects of the trace: `raise ... from` sets the cause read back by `__cause__`,
and an exception leaving the compiled code is rebuilt exactly (args and attributes, without
running a user `__init__` again) or refused (one that was raised carries a traceback)."""

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


class BadInput(ValueError):
    def __init__(self, code):
        super().__init__(f"bad input {code}")
        self.code = code


class Plain(KeyError):
    pass


def _x():
    return torch.ones(3)


def cause_read_back(x):
    try:
        try:
            {}["missing"]
        except KeyError as inner:
            raise RuntimeError("wrapped") from inner
    except RuntimeError as outer:
        return (x + 1, type(outer.__cause__).__name__, outer.__suppress_context__,
                outer.__cause__.args)


def cause_of_unchained(x):
    try:
        raise ValueError("plain")
    except ValueError as err:
        return x * 2, err.__cause__ is None, err.__suppress_context__


def test_raise_from_sets_the_cause():
    one_graph(check_same(cause_read_back, _x()))
    one_graph(check_same(cause_of_unchained, _x()))


def bad_cause(x):
    raise ValueError("v") from 5


def test_cause_that_is_not_an_exception_raises_as_eager():
    with pytest.raises(TypeError) as eager:
        bad_cause(_x())
    with pytest.raises(TypeError) as ours:
        compiler.compile(bad_cause)(_x())
    assert str(ours.value) == str(eager.value)


def made_and_returned(x):
    return x + 1, BadInput(7), Plain("k"), ValueError("v", 2)


def _described(exc):
    return type(exc), exc.args, vars(exc), exc.__cause__, exc.__traceback__


def test_exception_made_in_the_trace_is_rebuilt_without_running_init_again():
    expected = made_and_returned(_x())
    compiled = compiler.compile(made_and_returned, fullgraph=True)
    actual = compiled(_x())
    assert [_described(e) for e in actual[1:]] == [_described(e) for e in expected[1:]]
    one_graph(compiler.stats(compiled))


def caught_and_returned(x):
    try:
        raise BadInput(3)
    except BadInput as err:
        return x + 1, err


def test_exception_that_was_raised_is_not_rebuilt():
    with pytest.raises(compiler.Unsupported, match="raised"):
        compiler.compile(caught_and_returned, fullgraph=True)(_x())
    compiler.reset()
    actual = compiler.compile(caught_and_returned)(_x())
    expected = caught_and_returned(_x())
    assert (type(actual[1]), actual[1].args, vars(actual[1])) == (
        type(expected[1]), expected[1].args, vars(expected[1]))
    assert actual[1].__traceback__ is not None
