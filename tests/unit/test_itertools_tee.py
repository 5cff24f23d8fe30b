"""itertools.tee in compiled code: lazy over its input as CPython's (each item pulled once, on
the first tee iterator that reaches it), with the real iterator type, compared with eager."""

from __future__ import annotations

import itertools

import pytest
import torch

import compiler
from tests.differential import check_same, compiler_test_config, one_graph  # noqa: F401


def interleaved(x):
    left, right = itertools.tee([x, x + 1, x + 2])
    first = next(left)
    return first, list(right), list(left), type(left).__name__


def over_a_generator(x):
    log = []

    def produce():
        for i in range(3):
            log.append(f"made {i}")
            yield x * i

    a, b, c = itertools.tee(produce(), 3)
    out = [next(a)]
    log.append("between")
    out += list(b)
    log.append("after b")
    out += list(c) + list(a)
    return out, log


def list_changed_after_tee(x):
    items = [x]
    left, right = itertools.tee(items)
    items.append(x * 2)
    return list(left), len(list(right))


def tee_of_a_tee(x):
    a, b = itertools.tee([x, x * 2])
    c, d = itertools.tee(a)
    next(c)
    return c is a, d is a, list(d), list(a), list(b)


def counts(x):
    none = itertools.tee([1, 2], 0)
    one, = itertools.tee(iter([x]), 1)
    return none, list(one), sum(itertools.tee(range(4))[1]) + x


@pytest.mark.parametrize("fn", [interleaved, over_a_generator, list_changed_after_tee,
                                tee_of_a_tee, counts], ids=lambda fn: fn.__name__)
def test_tee_matches_eager_in_one_graph(fn):
    one_graph(check_same(fn, torch.randn(3)))


def test_negative_count_raises_as_cpython():
    def negative(x):
        try:
            itertools.tee([x], -1)
        except ValueError as err:
            return x + 1, str(err)
        return x + 1, ""

    one_graph(check_same(negative, torch.randn(2)))


def test_a_tee_iterator_leaving_the_frame_is_refused():
    def leaves(x):
        return itertools.tee([x])[0]

    with pytest.raises(compiler.Unsupported):
        compiler.compile(leaves, fullgraph=True)(torch.ones(1))
    compiled = compiler.compile(leaves)
    got = compiled(torch.ones(1))
    assert type(got) is type(leaves(torch.ones(1)))
    assert [t.tolist() for t in got] == [[1.0]]
    assert compiler.stats(compiled).fallbacks
