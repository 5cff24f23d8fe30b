"""functools.lru_cache functions called on constants run for real at trace time, as the program
calls them, and their result is folded in, guarded on the cache's miss count. One reached with
no source (a library function's global, torch.fx's is_fx_tracing) is guarded as a constant the
guards hold. Compared with eager, call by call, with the cache's counters."""

import functools

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
