"""A yield inside try/finally, a `with` or an except body: traced, since a generator that runs
to its end runs that cleanup in the trace as Python does; one left suspended there when the
trace ends (closing it would run program code later, when Python frees it) is refused."""

import contextlib

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


def _pair():
    g = torch.Generator().manual_seed(0)
    return torch.randn(3, generator=g), torch.randn(3, generator=g)


def consumed_try_finally(a, b):
    log = []

    def produce():
        try:
            yield a
            log.append("between")
            yield b
        finally:
            log.append("closed")

    out = [t * 2 for t in produce()]
    log.append("after")
    return out, log


def consumed_inside_with(a, b):
    log = []

    @contextlib.contextmanager
    def tracked(tag):
        log.append(f"open {tag}")
        try:
            yield tag * 2
        finally:
            log.append(f"close {tag}")

    def produce():
        with tracked(1) as k:
            yield a * k
        yield b

    return list(produce()), log


def context_manager_with_finally(a, b):
    log = []

    @contextlib.contextmanager
    def scope():
        log.append("enter")
        try:
            yield 3
        finally:
            log.append("exit")

    with scope() as k:
        out = a * k
    log.append("after")
    return out, log


def yield_in_except_body(a, b):
    def produce():
        try:
            raise KeyError("k")
        except KeyError:
            yield a
        yield b

    return [t + 1 for t in produce()]


@pytest.mark.parametrize("fn", [consumed_try_finally, consumed_inside_with,
                                context_manager_with_finally, yield_in_except_body])
def test_generator_run_to_its_end_is_one_graph(fn):
    one_graph(check_same(fn, *_pair()))


def left_suspended_in_try_finally(a, b):
    log = []

    def produce():
        try:
            yield a
            yield b
        finally:
            log.append("closed")

    first = next(produce())  # freed at once: Python runs the finally here
    log.append("after")
    return first, log


def kept_suspended_in_try_finally(a, b):
    log = []

    def produce():
        try:
            yield a
            yield b
        finally:
            log.append("closed")

    it = produce()
    first = next(it)
    log.append("after")
    return first * 2, log


@pytest.mark.parametrize("fn", [left_suspended_in_try_finally, kept_suspended_in_try_finally])
def test_generator_left_suspended_where_closing_runs_code_is_refused(fn):
    with pytest.raises(compiler.Unsupported, match="unfinished generator"):
        compiler.compile(fn, fullgraph=True)(*_pair())
    compiler.reset()
    check_same(fn, *_pair(), fullgraph=False)
