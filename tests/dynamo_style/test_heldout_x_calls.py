"""torch context managers, seen from outside the compiled call: what a profiler running
around it records, and the global state (RNG, saved-tensor hooks, grad mode) after calls that
return, raise, or whose graph raises at run time inside a block. Each is compared with eager.
"""

from __future__ import annotations

import pytest
import torch
from torch.autograd.graph import disable_saved_tensors_hooks

import compiler
from tests.dynamo_style.calls_support import sample

_HOOKS = torch._C._autograd


def _hooks_state():
    return (
        _HOOKS._saved_tensors_hooks_is_enabled(),
        _HOOKS._saved_tensors_hooks_get_disabled_error_message(),
    )


def labelled(a, b):
    with torch.profiler.record_function("x_label"):
        y = a * b
    with torch.autograd.profiler.record_function("x_second", "extra"):
        return y + 1


@torch.profiler.record_function("x_decorated")
def _decorated(x):
    return x.sin()


def decorated_calls(a, b):
    return _decorated(a) + _decorated(b)


def _profiled_names(fn, *args):
    with torch.profiler.profile() as prof:
        fn(*args)
    return sorted(e.key for e in prof.key_averages() if e.key.startswith("x_"))


@pytest.mark.parametrize("fn", [labelled, decorated_calls])
def test_record_function_seen_by_a_profiler_around_the_call(fn):
    a, b = sample(0), sample(1)
    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    compiled(a, b)  # compiled once, outside the profiler
    assert _profiled_names(compiled, a, b) == _profiled_names(fn, a, b) != []
    compiler.reset()


def index_in_disabled_hooks(a, i):
    with disable_saved_tensors_hooks("x: disabled here"):
        y = (a * 2)[i]
    return y


@pytest.mark.parametrize("outer", [False, True])
def test_disabled_hooks_state_after_graph_raises_inside(outer):
    a = sample(0, (3,))
    compiled = compiler.compile(index_in_disabled_hooks, backend="eager")
    for index in (1, 7, 2):
        seen = []
        for fn in (index_in_disabled_hooks, compiled):
            with disable_saved_tensors_hooks("x: outer") if outer else torch.no_grad():
                try:
                    fn(a, torch.tensor(index))
                    answer = "ok"
                except IndexError:
                    answer = "IndexError"
                seen.append((answer, _hooks_state()))
            seen.append(_hooks_state())
        assert seen[:2] == seen[2:]
    compiler.reset()


def registration_refused(a):
    with disable_saved_tensors_hooks("x: no hooks"):
        with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
            return a + 1


def test_saved_tensors_hooks_entered_in_disabled_region_raises_as_eager():
    with pytest.raises(RuntimeError, match="x: no hooks"):
        compiler.compile(registration_refused, backend="eager")(sample())
    assert _hooks_state() == (True, None)
    compiler.reset()


def forked(a):
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(3)
        inner = torch.rand(2)
    return a.sum() + inner.sum(), torch.rand(2)


def test_fork_rng_leaves_the_callers_rng_state():
    a = sample()
    compiled = compiler.compile(forked, backend="eager", fullgraph=True)
    torch.manual_seed(11)
    expected = forked(a)
    after_eager = torch.get_rng_state()
    torch.manual_seed(11)
    actual = compiled(a)
    assert torch.equal(torch.get_rng_state(), after_eager)
    assert all(torch.equal(x, y) for x, y in zip(actual, expected))
    compiler.reset()


@pytest.mark.parametrize("backend", ["aot_eager"])
def test_state_regions_refused_with_a_compiling_backend(backend):
    for fn, args in ((forked, (sample(),)), (index_in_disabled_hooks, (sample(0, (3,)), 1))):
        with pytest.raises(compiler.Unsupported):
            compiler.compile(fn, backend=backend, fullgraph=True)(*args)
    compiler.reset()
