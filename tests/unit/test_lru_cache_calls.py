"""functools.lru_cache functions called on constants run for real at trace time, as the program
calls them, and their result is folded in, guarded on the cache's miss count. One reached with
no source (a library function's global, torch.fx's is_fx_tracing) is guarded as a constant the
guards hold. Compared with eager, call by call, with the cache's counters."""

import functools

import pytest
import torch

import compiler
from tests.differential import assert_same


def test_a_library_query_built_on_an_lru_cache_function_compiles():
    def f(x, y):
        if torch.fx._symbolic_trace.is_fx_tracing():
            return x - 1
        return y + 1

    compiled = compiler.compile(f, fullgraph=True)
    for _ in range(3):
        assert_same(compiled(torch.ones(2), torch.ones(2)), f(torch.ones(2), torch.ones(2)))
    assert compiler.stats(compiled).compiles == 1


@functools.lru_cache
def _scale(n):
    return n * 1.5


def _calls_through_a_table(x, n):
    return x * TABLE["scale"](n)


TABLE = {"scale": _scale}


def test_an_lru_function_reached_without_a_source_is_guarded_on_its_misses():
    def run(fn):
        _scale.cache_clear()
        seen = []
        for n in (2, 2, 3, None, 2):
            if n is None:  # a cleared cache is a new miss count: the guard sees it
                _scale.cache_clear()
                continue
            seen.append((fn(torch.ones(2), n), _scale.cache_info().misses))
        return seen

    compiled = compiler.compile(_calls_through_a_table, fullgraph=True)
    assert_same(run(compiled), run(_calls_through_a_table))


_FLAG = {"on": True}


@functools.lru_cache
def _available():
    return _FLAG["on"]


@functools.lru_cache
def _scaled(k):
    return k * _FLAG.get("scale", 1)


def test_a_cached_query_without_arguments_after_a_write_is_a_sure_hit():
    """After the trace wrote to an existing object, a call of an lru_cache function could
    miss and run blind to that write, so it is refused; a function of no arguments whose
    cache holds its one entry surely hits, and is answered from the cache."""
    log = []

    def f(x):
        log.append(1)
        return x + 1 if _available() else x - 1

    _available()  # its one entry is cached
    compiled = compiler.compile(f, fullgraph=True)
    for _ in range(2):
        assert_same(compiled(torch.ones(2)), torch.ones(2) + 1)
    assert log == [1, 1] and not compiler.stats(compiled).graph_breaks

    def g(x):
        log.append(2)
        return x * _scaled(3)

    with pytest.raises(compiler.Unsupported, match="lru_cache"):
        compiler.compile(g, fullgraph=True)(torch.ones(2))
