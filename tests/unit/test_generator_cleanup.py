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


def closed_early(a, b):
    log = []

    def produce():
        try:
            yield a
            yield b
        finally:
            log.append("finally")

    it = produce()
    first = next(it)
    it.close()
    it.close()  # closing again does nothing
    return first * 2, log, next(it, "done")


def thrown_into(a, b):
    def produce():
        try:
            yield a
        except ValueError as err:
            yield b * len(str(err))
        yield a + b

    it = produce()
    next(it)
    second = it.throw(ValueError("abc"))
    rest = list(it)
    try:
        it.throw(KeyError("k"))
    except KeyError:
        after = "raised"
    return second, rest, after


def ignores_close(a, b):
    def produce():
        while True:
            try:
                yield a
            except GeneratorExit:
                pass

    it = produce()
    next(it)
    try:
        it.close()
    except RuntimeError as err:
        return b + 1, str(err)
    return b, "closed"


def throw_uncaught_and_unstarted(a, b):
    def produce():
        yield a

    fresh = produce()
    try:
        fresh.throw(IndexError("before start"))
    except IndexError:
        started = next(fresh, "finished")
    return a * 3, started


@pytest.mark.parametrize("fn", [closed_early, thrown_into, throw_uncaught_and_unstarted])
def test_close_and_throw_as_cpython(fn):
    one_graph(check_same(fn, *_pair()))


def test_generator_ignoring_close_is_cpythons_error_then_refused_as_left_suspended():
    check_same(ignores_close, *_pair(), fullgraph=False)  # freed later, it would run again
    compiler.reset()
    with pytest.raises(compiler.Unsupported, match="unfinished generator"):
        compiler.compile(ignores_close, fullgraph=True)(*_pair())
