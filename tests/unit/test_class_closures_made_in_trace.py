"""A class made in the compiled code whose methods close over the enclosing function's
variables shares those cells with it, as in CPython: a method appending to an enclosing list,
rebinding it with `nonlocal`, or reading a variable the function rebinds after the class
statement sees and changes the function's own variable (the methods closed over a copy, so
their writes were lost, fullgraph or not). A class body that itself reads an enclosing mutable
container would keep a copy of it: refused."""

import pytest
import torch

import compiler
from tests.differential import assert_same


def _method_appends_to_enclosing_list(a):
    log = []

    class Recorder:
        def go(self, n):
            log.append(n)

    r = Recorder()
    r.go(1)
    r.go(2)
    return a + len(log), log


def _context_manager_class_logs(a):
    log = []

    class Tracked:
        def __enter__(self):
            log.append("enter")
            return self

        def __exit__(self, *exc):
            log.append("exit")
            return False

    with Tracked():
        log.append("body")
        b = a * 2
    return b, log


def _method_sees_a_later_rebinding(a):
    scale = 2

    class Scaler:
        def apply(self, t):
            return t * scale

    scale = 5
    return Scaler().apply(a)


def _method_rebinds_with_nonlocal(a):
    count = 0

    class Counter:
        def bump(self):
            nonlocal count
            count += 1

    c = Counter()
    c.bump()
    c.bump()
    return a + count, count


CASES = [_method_appends_to_enclosing_list, _context_manager_class_logs,
         _method_sees_a_later_rebinding, _method_rebinds_with_nonlocal]


@pytest.mark.parametrize("fullgraph", [False, True])
@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_methods_share_the_enclosing_cells(fn, fullgraph):
    a = torch.arange(3.0)
    compiled = compiler.compile(fn, backend="eager", fullgraph=fullgraph)
    for _ in range(2):
        assert_same(compiled(a), fn(a))
    assert compiler.stats(compiled).graphs == 1


def _body_keeps_enclosing_list(a):
    shared = [1]

    class Holder:
        items = shared

    shared.append(2)
    return a + len(Holder.items), Holder.items is shared


def test_class_body_reading_an_enclosing_list_is_not_copied():
    a = torch.arange(3.0)
    compiled = compiler.compile(_body_keeps_enclosing_list, backend="eager")
    assert_same(compiled(a), _body_keeps_enclosing_list(a))
