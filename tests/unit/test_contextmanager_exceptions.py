"""A contextlib.contextmanager whose body raises: its __exit__ throws the exception into the
generator with the three-argument generator.throw(type, value, traceback); the generator
catching it suppresses it, re-raising it propagates it, both as in eager."""

import contextlib

import pytest
import torch

import compiler
from tests.differential import assert_same


@contextlib.contextmanager
def catching(log, kind):
    log.append("enter")
    try:
        yield 2
    except kind:
        log.append("caught")
    finally:
        log.append("exit")


def _suppressed(a):
    log = []
    with catching(log, ZeroDivisionError) as k:
        a = a * k
        raise ZeroDivisionError("x")
    return a, log


def _propagated(a):
    log = []
    try:
        with catching(log, KeyError):
            raise ValueError("through")
    except ValueError as error:
        log.append(str(error))
    return a + 1, log


@pytest.mark.parametrize("fn", [_suppressed, _propagated])
def test_exception_thrown_into_contextmanager_in_one_graph(fn):
    a = torch.randn(3)
    assert_same(compiler.compile(fn, fullgraph=True)(a), fn(a))


def _escapes(a):
    log = []
    with catching(log, KeyError):
        raise ValueError(f"out {a.shape[0]}")


def test_exception_leaving_the_frame_through_a_contextmanager_is_eager_s():
    a = torch.randn(3)
    with pytest.raises(ValueError, match="out 3"):
        _escapes(a)
    with pytest.raises(ValueError, match="out 3"):
        compiler.compile(_escapes)(a)


def test_exception_identity_after_catch():
    def f(a):
        made = KeyError("k")
        try:
            raise made
        except KeyError as caught:
            same = caught is made
        return a + 1, same, made is KeyError("k")

    a = torch.randn(3)
    assert_same(compiler.compile(f, fullgraph=True)(a), f(a))
