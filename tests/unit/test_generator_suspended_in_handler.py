"""A generator left suspended in an except body (or the exceptional copy of a finally body)
whose only cleanup is CPython's own (pop the handled exception, unbind `as` names): closing
it later runs no program code, so the trace need not refuse it. Inside an outer finally or
`with`, closing still runs program code: refused."""

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


def _pair():
    g = torch.Generator().manual_seed(0)
    return torch.randn(3, generator=g), torch.randn(3, generator=g)


def thrown_then_left_in_except_body(a, b):
    def produce():
        try:
            yield 1
        except ValueError as err:
            yield len(str(err))
        yield 5

    it = produce()
    next(it)
    return a + it.throw(ValueError("abc"))


def left_in_unnamed_except_body(a, b):
    def produce():
        try:
            raise KeyError("k")
        except KeyError:
            yield a
            yield b

    return next(iter(produce())) * 2


def left_in_finally_body_while_raising(a, b):
    log = []

    def produce():
        try:
            yield 1
        finally:
            log.append("finally")
            yield 2
            log.append("not reached")

    it = produce()
    next(it)
    second = it.throw(IndexError("i"))
    return a * second, log


@pytest.mark.parametrize("fn", [thrown_then_left_in_except_body, left_in_unnamed_except_body,
                                left_in_finally_body_while_raising])
def test_left_where_closing_runs_only_cpythons_cleanup_is_one_graph(fn):
    one_graph(check_same(fn, *_pair()))


def left_in_except_body_inside_finally(a, b):
    log = []

    def produce():
        try:
            try:
                raise KeyError("k")
            except KeyError:
                yield a
        finally:
            log.append("closed")

    return next(produce()) * 2, log


def test_left_in_except_body_inside_finally_is_refused():
    with pytest.raises(compiler.Unsupported, match="unfinished generator"):
        compiler.compile(left_in_except_body_inside_finally, fullgraph=True)(*_pair())
    compiler.reset()
    check_same(left_in_except_body_inside_finally, *_pair(), fullgraph=False)
