"""A value of a type the tracer does not model (a regex match, an object of a C type) is refused
where it is used, and the frame breaks there; the refusal depends on its type only, so the
entry is guarded on its type, not on the object: a new object of the same type on every call
(a match made by the call itself) reuses the compiled frames instead of recompiling each call
up to the cache limit. Each call is compared with eager."""

import re

import torch

import compiler
from tests.differential import assert_same


def test_a_new_unmodelled_object_on_every_call_does_not_recompile():
    def f(x, s):
        y = x * 2
        m = re.match(r"(\d+)", s)
        return y + int(m.group(1))

    compiled = compiler.compile(f)
    for s in ("12abc",) * 5:
        assert_same(compiled(torch.ones(2), s), f(torch.ones(2), s))
    stats = compiler.stats(compiled)
    assert stats.cache_limit_hits == 0 and len(stats.recompiles) <= 2, stats


def test_an_unmodelled_argument_of_another_type_still_runs_as_eager():
    def f(x, m):
        return x + len(m.group(0))

    compiled = compiler.compile(f)
    for s in ("abc", "de"):
        m = re.match(r"\w+", s)
        assert_same(compiled(torch.ones(2), m), f(torch.ones(2), m))
    stats = compiler.stats(compiled)
    assert stats.cache_limit_hits == 0 and len(stats.recompiles) == 0, stats
