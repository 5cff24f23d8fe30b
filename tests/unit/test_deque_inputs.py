"""A deque the compiled code reaches from outside (a global, a closure cell, an argument) is
traced as a deque: guarded on its type, length and maxlen, its items read and its changes
written back as eager makes them. Compared with eager call by call."""

from __future__ import annotations

import collections

import torch

import compiler
from tests.differential import assert_same

WINDOW = collections.deque(maxlen=3)


def running_window(x):
    WINDOW.append(x.shape[0])
    return x * sum(WINDOW), len(WINDOW), WINDOW[0]


def test_a_global_deque_with_maxlen_is_read_and_written_as_eager():
    compiled = compiler.compile(running_window, fullgraph=True)
    expected_window = collections.deque(maxlen=3)
    for n in (2, 3, 4, 5, 2):
        x = torch.ones(n)
        got = compiled(x)
        expected_window.append(n)
        want = (x * sum(expected_window), len(expected_window), expected_window[0])
        assert_same(got, want)
        assert WINDOW == expected_window and WINDOW.maxlen == 3


def rotate_and_pop(x, d):
    d.rotate(1)
    first = d.popleft()
    d.appendleft(first * 2)
    return x + first, d


def test_a_deque_argument_changed_in_the_trace_is_changed_for_real():
    for fullgraph in (True, False):
        compiler.reset()
        ours, theirs = collections.deque([1, 2, 3]), collections.deque([1, 2, 3])
        compiled = compiler.compile(rotate_and_pop, fullgraph=fullgraph)
        for _ in range(2):
            got, got_d = compiled(torch.ones(2), ours)
            want, want_d = rotate_and_pop(torch.ones(2), theirs)
            assert_same(got, want)
            assert got_d is ours and ours == theirs
