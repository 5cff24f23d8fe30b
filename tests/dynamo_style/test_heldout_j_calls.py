"""Multi-call probes for torch's global state inside the compiled code: the default dtype a
function sets (left changed or put back, across graph breaks, with a backend that compiles),
profiler regions, and the RNG state a call leaves behind. Each call is compared with eager,
and the state after the calls too (the default dtype, the next draw of the global RNG).
"""

from __future__ import annotations

import pytest
import torch

import compiler
from tests.differential import assert_same
from tests.dynamo_style.calls_support import run_calls
from tests.dynamo_style.calls_support import sample as _x
from tests.dynamo_style.functions_heldout_j import default_dtype


@pytest.fixture(autouse=True)
def _float32_default():
    torch.set_default_dtype(torch.float32)
    yield
    torch.set_default_dtype(torch.float32)


def switch_and_leave(a):
    torch.set_default_dtype(torch.float64)
    return a + torch.ones(4), torch.zeros(2), (a.long() * 0.5).dtype


def test_default_dtype_left_changed_after_the_call():
    expected = switch_and_leave(_x())
    after_eager = torch.get_default_dtype()
    torch.set_default_dtype(torch.float32)
    compiler.reset()
    compiled = compiler.compile(switch_and_leave, fullgraph=True)
    assert_same(compiled(_x()), expected)
    assert torch.get_default_dtype() is after_eager is torch.float64
    # called again under the float64 it left: the entry guard sees another default dtype
    again = switch_and_leave(_x())
    assert_same(compiled(_x()), again)
    assert len(compiler.stats(compiled).recompiles) == 1


def only_switches(a):
    torch.set_default_dtype(torch.float64)
    return 1


def test_default_dtype_change_alone_makes_a_graph():
    compiled = compiler.compile(only_switches, fullgraph=True)
    assert compiled(_x()) == 1
    assert torch.get_default_dtype() is torch.float64


def switch_with_break(a):
    with default_dtype(torch.float64):
        z = torch.zeros(2)
        print("inside", torch.get_default_dtype())
        w = torch.ones(2) + a.sum()
    return z, w, torch.ones(1), torch.get_default_dtype()


def test_default_dtype_across_a_graph_break():
    stats = run_calls(switch_with_break, [(None, (_x(),)), (None, (_x(1),))])
    assert stats.graph_breaks
    assert torch.get_default_dtype() is torch.float32


def test_default_dtype_trace_leaves_global_state_alone_when_refused():
    compiled = compiler.compile(switch_with_break, fullgraph=True)
    with pytest.raises(compiler.Unsupported):
        compiled(_x())
    assert torch.get_default_dtype() is torch.float32


def test_default_dtype_with_a_compiling_backend_runs_eagerly():
    compiler.reset()
    compiled = compiler.compile(switch_and_leave, backend="aot_eager")
    expected = switch_and_leave(_x())
    torch.set_default_dtype(torch.float32)
    assert_same(compiled(_x()), expected)
    assert torch.get_default_dtype() is torch.float64
    stats = compiler.stats(compiled)
    assert stats.graph_breaks or stats.fallbacks


def integer_default(a):
    torch.set_default_dtype(torch.int64)
    return a


def test_default_dtype_integer_raises_as_eager():
    run_calls(integer_default, [(None, (_x(),))])
    assert torch.get_default_dtype() is torch.float32


def nested_defaults(a, flag):
    with default_dtype(torch.float64):
        if flag:
            with default_dtype(torch.float16):
                inner = torch.ones(2)
        else:
            inner = torch.ones(2)
        outer = torch.arange(3.0)
    return inner, outer, a * 2.5


def test_default_dtype_nested_and_guarded_on_a_flag():
    stats = run_calls(nested_defaults, [(None, (_x(), True)), (None, (_x(), False)),
                                        (None, (_x(), True))], fullgraph=True)
    assert len(stats.recompiles) == 1


def switch_then_index(a, i):
    with default_dtype(torch.float64):
        z = torch.zeros(2)
        try:
            y = a[i]
        except IndexError:
            y = None
    return z, y, torch.get_default_dtype()


def test_default_dtype_graph_raising_at_run_time():
    """An index out of bounds only the real data shows: the frame's eager rerun must start
    from the caller's default dtype, which GraphRaised puts back."""
    run_calls(switch_then_index, [(None, (_x(0, (3,)), torch.tensor([10]))),
                                  (None, (_x(0, (3,)), torch.tensor([1])))])
    assert torch.get_default_dtype() is torch.float32


# -- profiler regions --

def region_with_break(a):
    with torch.profiler.record_function("r"):
        b = a + 1
        print("inside")
    return b * 2


def test_record_function_break_inside_falls_back():
    stats = run_calls(region_with_break, [(None, (_x(),)), (None, (_x(1),))])
    assert stats.graph_breaks or stats.fallbacks


def region_raises(a):
    try:
        with torch.autograd.profiler.record_function("r"):
            raise KeyError("k")
    except KeyError:
        return a - 1


def region_returned(a):
    r = torch.profiler.record_function("out")
    return r, a


def test_record_function_raise_inside_and_object_returned():
    run_calls(region_raises, [(None, (_x(),))], fullgraph=True)
    compiled = compiler.compile(region_returned)
    r, a = compiled(_x())
    assert type(r) is torch.profiler.record_function and torch.equal(a, _x())


# -- grad_fn and detach_ --

def shared_grad_fn(a):
    x, y = (a * 2).unbind(0)[:2]
    return x.grad_fn is y.grad_fn, x.detach()


def test_grad_fn_identity_is_refused_not_guessed():
    a = _x().requires_grad_()
    stats = run_calls(shared_grad_fn, [(None, (a,))])
    assert stats.graph_breaks or stats.fallbacks


def detach_then_use(a):
    c = a * 2
    keep = [c]
    c.detach_()
    return keep[0].requires_grad, c.is_leaf, (c + 1).requires_grad, c


def test_detach_in_place_seen_through_every_reference():
    run_calls(detach_then_use, [(None, (_x().requires_grad_(),)), (None, (_x(),))],
              fullgraph=True)


def detach_input(a):
    a.detach_()
    return a.requires_grad


def test_detach_in_place_of_an_input_runs_eagerly():
    run_calls(detach_input, [(None, (_x().requires_grad_(),))])


def grad_fn_of_input(b):
    return type(b.grad_fn).__name__, b.is_leaf, type(b.view(-1).grad_fn).__name__


def test_grad_fn_of_a_non_leaf_input_is_eager_s():
    made = torch.ones(3, requires_grad=True) * 2
    expected = grad_fn_of_input(made)
    compiler.reset()
    compiled = compiler.compile(grad_fn_of_input)
    assert compiled(made) == expected == ("MulBackward0", False, "ViewBackward0")
    leaf = _x().requires_grad_()
    assert compiled(leaf) == grad_fn_of_input(leaf)


# -- torch calls made for their effect (they return None): never dropped from the graph --

def backward_by_function(a):
    y = (a * a).sum()
    torch.autograd.backward(y)
    return a.grad


def async_assert(a):
    torch._assert_async(a.sum() > 100)
    return a + 1


def rng_state_restored(a):
    state = torch.get_rng_state()
    x = torch.rand(3)
    torch.random.set_rng_state(state)
    return x, torch.rand(3), a


def test_calls_returning_none_keep_their_effect():
    run_calls(backward_by_function, [(None, (_x().requires_grad_(),))])
    run_calls(async_assert, [(None, (_x(),))])
    def seeded():
        torch.manual_seed(0)
    run_calls(rng_state_restored, [(seeded, (_x(),)), (seeded, (_x(1),))])
    for fn in (backward_by_function, async_assert):
        with pytest.raises(compiler.Unsupported):
            compiler.compile(fn, fullgraph=True)(_x().requires_grad_())


# -- .grad assigned in the compiled code --

def grads_reset(m, x):
    for p in m.parameters():
        p.grad = None
    return m(x), [p.grad for p in m.parameters()]


def grads_set_then_written(m, x):
    for p in m.parameters():
        p.grad = torch.zeros_like(p)
    m.weight.grad.add_(1)
    return m(x), m.weight.grad


def grad_of_the_wrong_size(a):
    try:
        a.grad = torch.ones(5)
    except RuntimeError:
        return "raised", a.grad
    return "set", a.grad


def _linear_with_grads():
    torch.manual_seed(0)
    m = torch.nn.Linear(2, 2)
    for p in m.parameters():
        p.grad = torch.ones_like(p)
    return m, torch.ones(1, 2)


@pytest.mark.parametrize("fn", [grads_reset, grads_set_then_written])
def test_grad_assigned_to_parameters(fn):
    m, x = _linear_with_grads()
    expected = fn(m, x), [p.grad for p in m.parameters()]
    compiler.reset()
    compiled = compiler.compile(fn, fullgraph=True)
    for _ in range(2):
        for p in m.parameters():
            p.grad = torch.ones_like(p)
        assert_same((compiled(m, x), [p.grad for p in m.parameters()]), expected)
    assert not compiler.stats(compiled).recompiles


def test_grad_of_the_wrong_size_raises_as_eager():
    run_calls(grad_of_the_wrong_size, [(None, (_x(0, (3,)),))], fullgraph=True)
