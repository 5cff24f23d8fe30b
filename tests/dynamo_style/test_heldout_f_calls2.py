"""More multi-call probes for control flow (see test_heldout_f_calls.py): a generator-based
context manager and a generator reading a global that changes, an exception class attribute
that changes, and branches, loops and match statements decided by arguments that change.
"""

from __future__ import annotations

import contextlib

import torch

from tests.dynamo_style.calls_support import run_calls
from tests.dynamo_style.calls_support import sample as _x

FLAG = True


def _set_flag(value):
    def prepare():
        global FLAG
        FLAG = value
    return prepare


@contextlib.contextmanager
def _maybe(log):
    if FLAG:
        log.append("on")
        yield 2
    else:
        yield 1
    log.append("done")


def generator_cm_reading_global(a, log):
    with _maybe(log) as k:
        return a * k, log


def generator_reading_global(a):
    def g():
        yield FLAG
        yield not FLAG
    return a + 1, list(g())


def test_generators_reading_a_changing_global():
    calls = [(_set_flag(v), (_x(), [])) for v in (True, False, True)]
    stats = run_calls(generator_cm_reading_global, calls, fullgraph=True,
                      reset_state=_set_flag(True))
    assert len(stats.recompiles) == 1
    run_calls(generator_reading_global, [(_set_flag(v), (_x(),)) for v in (True, False)],
              fullgraph=True, reset_state=_set_flag(True))
    _set_flag(True)()


class Coded(Exception):
    code = 1


def exception_class_attribute(a):
    try:
        raise Coded()
    except Coded as e:
        return a * e.code


def _set_code(value):
    def prepare():
        Coded.code = value
    return prepare


def test_exception_class_attribute_is_guarded():
    run_calls(exception_class_attribute, [(_set_code(v), (_x(),)) for v in (1, 5, 5)],
              fullgraph=True, reset_state=_set_code(1))
    _set_code(1)()


def raise_decided_by_argument(a, n):
    try:
        if n > 2:
            raise ValueError(n)
        return a + n
    except ValueError as e:
        return a - e.args[0]


def match_on_argument(a, v):
    match v:
        case int():
            return a + v
        case [p, q]:
            return a * p + q
        case {"k": k}:
            return a - k
        case _:
            return a


def loop_length_from_argument(a, n):
    out = a
    for i in range(n):
        if i == 3:
            break
        out = out + i
    else:
        out = out * -1
    return out


def sum_of_generator_over_argument(a, xs):
    def g():
        for v in xs:
            yield v * 2
    return sum(g()) * a


def test_control_flow_decided_by_changing_arguments():
    x = _x()
    run_calls(raise_decided_by_argument, [(None, (x, n)) for n in (1, 3, 2, 5)],
              fullgraph=True)
    run_calls(match_on_argument, [(None, (x, v)) for v in (1, [2, 3], {"k": 4}, "s", (5, 6))],
              fullgraph=True)
    run_calls(loop_length_from_argument, [(None, (x, n)) for n in (2, 5, 3, 4, 1)],
              fullgraph=True)
    run_calls(sum_of_generator_over_argument,
              [(None, (x, xs)) for xs in ([1, 2], [1, 2, 3], (4,))], fullgraph=True)
    assert torch.is_grad_enabled()
