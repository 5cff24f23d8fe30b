"""A frame that raises for its inputs compiles the graph before the raising instruction and
raises the program's own exception from Python after it, under fullgraph=True too: the values
on the stack at that instruction (objects made in the trace among them) are rebuilt for it.
Each test compares with eager: the exception's type and message, the effects before it, and
the compile counts."""

import functools

import pytest
import torch

import compiler


def _raised(fn, *args):
    try:
        fn(*args)
    except Exception as exc:  # noqa: BLE001 - the exception is the answer compared
        return type(exc), str(exc)
    raise AssertionError("must raise")


@pytest.mark.parametrize("fullgraph", [False, True])
def test_a_partial_made_in_the_trace_raising_when_called(fullgraph):
    def f(x, log):
        log.append(x.sum())
        g = functools.partial(max, 5)
        return x + g()

    fc = compiler.compile(f, fullgraph=fullgraph)
    eager_log, log = [], []
    assert _raised(fc, torch.ones(2), log) == _raised(f, torch.ones(2), eager_log)
    assert log == eager_log
    s = compiler.stats(fc)
    assert (s.graphs, s.fallbacks) == (1, []), s


@pytest.mark.parametrize("fullgraph", [False, True])
def test_a_partial_with_keywords_made_in_the_trace_raising_when_called(fullgraph):
    def f(x):
        g = functools.partial(int, base=2)
        y = x * 2
        return y + g("12")

    fc = compiler.compile(f, fullgraph=fullgraph)
    for _ in range(2):
        assert _raised(fc, torch.ones(2)) == _raised(f, torch.ones(2))
    s = compiler.stats(fc)
    assert (s.compiles, s.fallbacks) == (1, []), s


def _partial_with_base_2():
    return functools.partial(int, base=2)


@pytest.mark.parametrize("fullgraph", [False, True])
def test_a_partial_keyword_written_in_the_trace_is_used_by_the_next_call(fullgraph):
    def made_here(x):
        g = functools.partial(int, base=2)
        g.keywords["base"] = 10
        return x + g("12")

    def passed_in(x, g):
        g.keywords["base"] = 10
        return x + g("12"), g("7")

    assert torch.equal(compiler.compile(made_here, fullgraph=fullgraph)(torch.ones(2)),
                       made_here(torch.ones(2)))
    eager_g, g = _partial_with_base_2(), _partial_with_base_2()
    out, eager_out = compiler.compile(passed_in, fullgraph=fullgraph)(torch.ones(2), g), \
        passed_in(torch.ones(2), eager_g)
    assert torch.equal(out[0], eager_out[0]) and out[1] == eager_out[1]
    assert g.keywords == eager_g.keywords == {"base": 10}
