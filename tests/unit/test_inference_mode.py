"""`torch.inference_mode()` in compiled code: entered and left in the graph, so that tensors
made inside are inference tensors as eager's are (with the eager backend, which runs the graph's
own nodes; other backends compile the region away and are refused); the mode at the call is
guarded, and never left entered when the trace stops or the graph raises."""

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


def _pair(requires_grad: bool = True):
    g = torch.Generator().manual_seed(0)
    return (torch.randn(3, 4, generator=g).requires_grad_(requires_grad),
            torch.randn(3, 4, generator=g))


def _flags(value):
    """What inference mode changes about tensors, beside their values."""
    if isinstance(value, torch.Tensor):
        return value.is_inference(), value.requires_grad
    if isinstance(value, (tuple, list)):
        return [_flags(item) for item in value]
    return value


def region(a, b):
    with torch.inference_mode():
        y = a * 2
        inside = torch.is_inference_mode_enabled(), torch.is_grad_enabled()
    z = y + a  # an inference tensor used after the region, in an op that saves nothing
    return y, z, a + b, inside, torch.is_inference_mode_enabled(), y.is_inference()


def nested_with_grad_modes(a, b):
    with torch.no_grad():
        with torch.inference_mode():
            x = a + 1
            with torch.inference_mode(False):
                y = a * 3
                off = torch.is_inference_mode_enabled(), torch.is_grad_enabled()
            with torch.enable_grad():
                w = a - 1
                on = torch.is_inference_mode_enabled(), torch.is_grad_enabled()
        after = torch.is_grad_enabled()
    return x, y, w, off, on, after, b.sum()


def decorated_inner(a, b):
    @torch.inference_mode()
    def frozen(t):
        return t * 2, torch.is_inference_mode_enabled()

    @torch.inference_mode
    def bare(t):
        return t + 1

    return frozen(a), bare(b), frozen(b)[0].is_inference(), torch.is_inference_mode_enabled()


def view_made_inside(a, b):
    with torch.inference_mode():
        v = a[0]
        t = b.t()
    return v, t, v.is_inference(), t.is_inference()


@pytest.mark.parametrize("fn", [region, nested_with_grad_modes, decorated_inner,
                                view_made_inside], ids=lambda fn: fn.__name__)
def test_inference_mode_region_is_one_graph_with_eager_tensors(fn):
    eager = fn(*_pair())
    one_graph(check_same(fn, *_pair()))
    compiler.reset()
    compiled = compiler.compile(fn, fullgraph=True)(*_pair())
    assert _flags(compiled) == _flags(eager)
    assert not torch.is_inference_mode_enabled() and torch.is_grad_enabled()


def test_compiled_calls_are_reused_and_give_fresh_inference_tensors():
    compiled = compiler.compile(region, fullgraph=True)
    for _ in range(3):
        assert _flags(compiled(*_pair())) == _flags(region(*_pair()))
    stats = compiler.stats(compiled)
    assert (stats.compiles, stats.graphs, stats.recompiles) == (1, 1, []), stats


def saved_for_backward(a, b):
    with torch.inference_mode():
        y = b * 2
    return y * a  # eager: an inference tensor cannot be saved for backward


def written_in_place_after(a, b):
    with torch.inference_mode():
        y = b * 2
    y.add_(1)  # eager: an in-place write to an inference tensor outside the mode
    return y


@pytest.mark.parametrize("fn", [saved_for_backward, written_in_place_after],
                         ids=lambda fn: fn.__name__)
def test_misuse_of_an_inference_tensor_raises_as_eager(fn):
    with pytest.raises(RuntimeError) as eager:
        fn(*_pair())
    with pytest.raises(RuntimeError) as compiled:
        compiler.compile(fn)(*_pair())
    assert str(compiled.value) == str(eager.value)
    with pytest.raises((compiler.Unsupported, RuntimeError)):
        compiler.compile(fn, fullgraph=True)(*_pair())
    assert not torch.is_inference_mode_enabled()


def probe(a, b):
    return torch.is_inference_mode_enabled(), (a + b).is_inference(), a * b


def test_the_inference_mode_at_the_call_is_guarded():
    compiled = compiler.compile(probe)
    a, b = _pair(requires_grad=False)
    with torch.no_grad():  # grad off both times: only the inference mode differs
        assert _flags(compiled(a, b)) == _flags(probe(a, b))
    with torch.inference_mode():
        assert _flags(compiled(a, b)) == _flags(probe(a, b)) != [False, False, (False, False)]
    with torch.no_grad():
        assert _flags(compiled(a, b)) == _flags(probe(a, b))
    stats = compiler.stats(compiled)
    assert stats.compiles == 2, stats
    assert stats.recompiles == ["torch.is_inference_mode_enabled() == False (got True)"]


def test_a_backend_that_compiles_the_region_away_is_refused():
    with pytest.raises(compiler.Unsupported, match="inference_mode"):
        compiler.compile(region, backend="aot_eager", fullgraph=True)(*_pair())
    assert not torch.is_inference_mode_enabled()
    compiler.reset()
    compiled = compiler.compile(region, backend="aot_eager")
    assert _flags(compiled(*_pair())) == _flags(region(*_pair()))


def breaks_inside(a, b):
    with torch.inference_mode():
        y = a * 2
        k = float(y.sum())  # tensor data: a break inside the region
    return y * k, y.is_inference()


def test_break_inside_a_region_is_refused_and_leaves_no_state():
    with pytest.raises(compiler.Unsupported):
        compiler.compile(breaks_inside, fullgraph=True)(*_pair())
    assert not torch.is_inference_mode_enabled() and torch.is_grad_enabled()
    compiler.reset()
    compiled = compiler.compile(breaks_inside)
    assert _flags(compiled(*_pair())) == _flags(breaks_inside(*_pair()))
    assert not torch.is_inference_mode_enabled() and torch.is_grad_enabled()


def raises_at_run_time(a, index):
    with torch.inference_mode():
        y = a[index] * 2
    return y


def test_a_graph_raising_inside_a_region_leaves_the_mode():
    compiled = compiler.compile(raises_at_run_time, fullgraph=True)
    a = torch.randn(3, 4)
    assert compiled(a, torch.tensor([0, 2])).is_inference()
    with pytest.raises(IndexError):
        compiled(a, torch.tensor([0, 7]))
    assert not torch.is_inference_mode_enabled() and torch.is_grad_enabled()
    assert compiler.stats(compiled).compiles == 1


@torch.inference_mode()
def frozen_helper(t):
    return t * 2, torch.is_inference_mode_enabled()


@torch.inference_mode
def bare_helper(t):
    return t + 1


@torch.no_grad()
def no_grad_helper(t):
    return t * 3


@torch.inference_mode(False)
def outside_helper(t):
    return t - 1


def calls_decorated_helpers(a, b):
    with torch.inference_mode():
        back = outside_helper(a)
    return frozen_helper(a), bare_helper(b), no_grad_helper(a), back, back.is_inference()


def test_module_level_decorated_helpers_are_traced_in_one_graph():
    eager = calls_decorated_helpers(*_pair())
    one_graph(check_same(calls_decorated_helpers, *_pair()))
    compiler.reset()
    assert _flags(compiler.compile(calls_decorated_helpers, fullgraph=True)(*_pair())) == (
        _flags(eager))


GLOBAL_BLOCK = torch.no_grad()


def enters_a_global_manager(a, b):
    with GLOBAL_BLOCK:  # the one real object, entered itself: not modelled
        return a * 2


def test_a_global_manager_entered_directly_is_refused():
    with pytest.raises(compiler.Unsupported):
        compiler.compile(enters_a_global_manager, fullgraph=True)(*_pair())
    compiler.reset()
    check_same(enters_a_global_manager, *_pair(), fullgraph=False)
