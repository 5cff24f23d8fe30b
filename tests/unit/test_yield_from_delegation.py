"""throw() and close() of a generator suspended in `yield from` go to the generator it
delegates to first, as CPython does: a throw the inner one handles leaves the outer one
suspended; one it does not handle (or its return) resumes the outer one after the
`yield from`; close() closes the inner one, then the outer."""

import pytest
import torch

from tests.differential import check_same, one_graph


def _x():
    return torch.ones(3)


def throw_handled_inside(x):
    log = []

    def inner():
        try:
            yield 1
        except KeyError:
            log.append("inner caught")
            yield 2

    def outer():
        yield from inner()
        yield 3
    it = outer()
    next(it)
    return x * it.throw(KeyError), list(it), log


def throw_ends_inner_with_return(x):
    def inner():
        try:
            yield 1
        except KeyError:
            return 10

    def outer():
        r = yield from inner()
        yield r + 1
    it = outer()
    next(it)
    return x + it.throw(KeyError("k")), list(it)


def throw_unhandled_reaches_outer_handler(x):
    log = []

    def inner():
        yield 1
        log.append("not reached")

    def outer():
        try:
            yield from inner()
        except ValueError as e:
            log.append(("outer caught", str(e)))
            yield 5
    it = outer()
    next(it)
    return x * it.throw(ValueError("v")), log


def close_runs_both_finally(x):
    log = []

    def inner():
        try:
            yield 1
            yield 2
        finally:
            log.append("inner closed")

    def outer():
        try:
            yield from inner()
        finally:
            log.append("outer closed")
    it = outer()
    next(it)
    it.close()
    return x - 1, log, next(it, "done")


def throw_generator_exit_closes_inner(x):
    log = []

    def inner():
        try:
            yield 1
        finally:
            log.append("inner closed")

    def outer():
        try:
            yield from inner()
        except GeneratorExit:
            log.append("outer got exit")
            raise
    it = outer()
    next(it)
    try:
        it.throw(GeneratorExit)
    except GeneratorExit:
        log.append("raised out")
    return x * 2, log


def throw_into_yield_from_a_list(x):
    def outer():
        try:
            yield from [1, 2]
        except KeyError:
            yield 9
    it = outer()
    next(it)
    return x + it.throw(KeyError), list(it)


@pytest.mark.parametrize("fn", [throw_handled_inside, throw_ends_inner_with_return,
                                throw_unhandled_reaches_outer_handler, close_runs_both_finally,
                                throw_generator_exit_closes_inner, throw_into_yield_from_a_list])
def test_throw_and_close_through_yield_from(fn):
    one_graph(check_same(fn, _x()))


def outer_running_while_inner_handles_throw(x):
    holder = []

    def inner():
        try:
            yield 1
        except KeyError:
            yield next(holder[0])

    def outer():
        yield from inner()
    holder.append(outer())
    next(holder[0])
    try:
        holder[0].throw(KeyError)
    except ValueError as e:
        return x + 1, str(e)


def test_outer_is_running_while_the_inner_one_handles_a_throw():
    one_graph(check_same(outer_running_while_inner_handles_throw, _x()))


def running_and_suspended_flags(x):
    flags = []

    def g():
        flags.append((it.gi_running, it.gi_suspended))
        yield 1
    it = g()
    flags.append((it.gi_running, it.gi_suspended))
    next(it)
    flags.append((it.gi_running, it.gi_suspended))
    list(it)
    flags.append((it.gi_running, it.gi_suspended))
    return x + 1, flags


def test_generator_state_flags():
    one_graph(check_same(running_and_suspended_flags, _x()))


def yield_from_tensor_rows_closed(x):
    log = []

    def rows(t):
        try:
            yield from t
        finally:
            log.append("closed")
    it = rows(x.reshape(3, 1))
    first = next(it)
    it.close()
    return first + 1, log


def test_closing_a_yield_from_over_a_sequence():
    one_graph(check_same(yield_from_tensor_rows_closed, _x()))
