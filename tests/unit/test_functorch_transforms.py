"""torch.func transforms of a Python function called in compiled code (vmap, grad,
grad_and_value, jacrev, jacfwd, hessian): the function is traced into a subgraph and the graph
applies the transform to it (compiler/values/functorch_transforms.py). Compared with eager:
outputs, gradients through the result, graph/frame/recompile counts, on each backend; what a
subgraph cannot replay is refused, and then runs eagerly."""

from __future__ import annotations

import collections

import pytest
import torch
from torch import nn
from torch.func import grad, grad_and_value, hessian, jacfwd, jacrev, vmap

import compiler
from tests.differential import assert_same, check_same, one_graph

SCALE = 2.0
BIAS = torch.arange(4.0)
LINEAR = nn.Linear(4, 2)


def _inputs():
    g = torch.Generator().manual_seed(0)
    return torch.randn(3, 4, generator=g), torch.randn(3, 4, generator=g)


def vmap_forms(a, b):
    def row_fn(row, other):
        return (row * other).sum() * row

    def pair(r, s):
        return r + s, (r * s).sum()

    outer = a.cos()
    return (vmap(row_fn)(a, b),
            vmap(lambda r, s: r + s, in_dims=(0, None))(a, b[0]),
            vmap(torch.dot)(a, b),
            vmap(pair, in_dims=(1, 1), out_dims=(1, 0))(a, b),
            vmap(lambda col: col * SCALE + outer[0, 0], in_dims=-1)(a),
            vmap(vmap(lambda x, y: x * y + BIAS[0]))(a, b),
            vmap(LINEAR)(a),
            vmap(lambda r, k: r * k, in_dims=(0, None))(a, 3))


def grad_forms(a, b):
    def loss(w, x):
        return ((x * w).sum(1) ** 2).mean()

    def with_aux(w, x):
        y = x * w
        return y.sum(), y

    g_w, g_x = grad(loss, argnums=(0, 1))(b[0], a)
    gv = grad_and_value(with_aux, has_aux=True)(b[0], a)
    per_sample = vmap(grad(lambda w, x: (w * x).sin().sum()), in_dims=(None, 0))(b[0], a)
    return (grad(loss)(b[0], a), g_w, g_x, gv, per_sample,
            jacrev(torch.sin)(a[0]), jacfwd(lambda x: x.exp() * SCALE)(a[0]),
            hessian(lambda x: (x ** 3).sum())(a[0]))


def grad_under_no_grad(a, b):
    with torch.no_grad():
        return grad(lambda x: (x * b[0]).pow(2).sum())(a[0]) + 1


@pytest.mark.parametrize("fn", [vmap_forms, grad_forms, grad_under_no_grad])
def test_transforms_match_eager_in_one_graph(fn):
    stats = check_same(fn, *_inputs())
    one_graph(stats)


@pytest.mark.parametrize("backend", ["aot_eager", pytest.param("inductor",
                                                               marks=pytest.mark.slow)])
@pytest.mark.parametrize("fn", [vmap_forms, grad_forms])
def test_transforms_match_eager_with_compiling_backends(fn, backend):
    one_graph(check_same(fn, *_inputs(), backend=backend))


def test_gradients_flow_through_vmap_as_eager():
    def f(a, b):
        return vmap(lambda r, s: (r * s).tanh() * LINEAR.weight[0])(a, b).sum()

    a, b = (t.requires_grad_() for t in _inputs())
    a2, b2 = (t.detach().clone().requires_grad_() for t in (a, b))
    LINEAR.zero_grad()
    f(a2, b2).backward()
    eager_weight_grad = LINEAR.weight.grad.clone()
    LINEAR.zero_grad()
    compiled = compiler.compile(f, fullgraph=True)
    compiled(a, b).backward()
    assert_same((a.grad, b.grad, LINEAR.weight.grad), (a2.grad, b2.grad, eager_weight_grad))
    one_graph(compiler.stats(compiled))


def test_a_global_the_function_reads_is_guarded():
    global SCALE

    def f(a):
        return vmap(lambda r: r * SCALE)(a)

    compiled = compiler.compile(f, fullgraph=True)
    a, _ = _inputs()
    try:
        for scale in (2.0, 2.0, 5.0):
            SCALE = scale
            assert_same(compiled(a), f(a))
    finally:
        SCALE = 2.0
    stats = compiler.stats(compiled)
    assert (stats.frames, len(stats.recompiles)) == (2, 1), stats
    assert "SCALE" in stats.recompiles[0]


def appends_to_a_list(a, b):
    seen = []

    def fn(r):
        seen.append(1)
        return r * 2

    return vmap(fn)(a), len(seen)


def writes_a_variable(a, b):
    calls = 0

    def fn(r):
        nonlocal calls
        calls += 1
        return r * 2

    return vmap(fn)(a), calls


def draws_random(a, b):
    return vmap(lambda r: r * torch.rand(()), randomness="same")(a)


def writes_its_input(a, b):
    def fn(r):
        r.add_(1)
        return r * 2

    return vmap(fn)(a), a


def asks_requires_grad(a, b):
    return grad(lambda x: x.sum() * float(x.requires_grad))(a)


def returns_a_number(a, b):
    return vmap(lambda r: 3)(a)


Pair = collections.namedtuple("Pair", "x y")


def namedtuple_argument(a, b):
    return vmap(lambda p: p.x * p.y)(Pair(a, b))


def nested_in_dims(a, b):
    return vmap(lambda pair: pair[0] + pair[1], in_dims=((0, 0),))((a, b))


def test_nested_in_dims_over_a_tuple_argument():
    one_graph(check_same(nested_in_dims, *_inputs()))


@pytest.mark.parametrize("fn", [appends_to_a_list, writes_a_variable, draws_random,
                                writes_its_input, asks_requires_grad,
                                namedtuple_argument])
def test_refused_is_unsupported_fullgraph_and_eager_otherwise(fn):
    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(*_inputs())
    compiler.reset()
    torch.manual_seed(0)
    actual = compiler.compile(fn)(*_inputs())
    torch.manual_seed(0)
    assert_same(actual, fn(*_inputs()))


def test_transform_raising_in_eager_raises_the_same():
    for fullgraph in (True, False):
        with pytest.raises(ValueError) as eager:
            returns_a_number(*_inputs())
        with pytest.raises((type(eager.value), compiler.Unsupported)):
            compiler.compile(returns_a_number, fullgraph=fullgraph)(*_inputs())


def _one(g, a, b):
    return g(a) + 1


def _two(g, a, b):
    return g(a, b) + 1


@pytest.mark.parametrize(("make", "f"), [(lambda: vmap(torch.sum), _one),
                                         (lambda: grad(torch.sum), _one),
                                         (lambda: vmap(torch.dot), _two)])
def test_a_transformed_torch_function_made_outside_is_not_taken_for_the_function(make, f):
    """The wrapper a transform returns carries the name of what it wraps (functools.wraps):
    recorded as `torch.sum` it gave the sum of the whole tensor. It is refused."""
    a, b = _inputs()
    with pytest.raises(compiler.Unsupported, match="made at run time"):
        compiler.compile(f, fullgraph=True)(make(), a, b)
    compiler.reset()
    assert_same(compiler.compile(f)(make(), a, b), f(make(), a, b))


def test_a_transform_called_at_a_graph_break_is_not_taken_for_the_function():
    def f(a, b):
        g = vmap(torch.sum)
        print("a break")  # the frame resumes with `g`, the wrapper made for real
        return g(a) + b.sum()

    check_same(f, *_inputs(), fullgraph=False)


def test_a_transformed_function_leaving_the_frame_is_made_again():
    def f(a):
        return vmap(lambda r: r.sum() * SCALE, in_dims=1), a + 1

    a, _ = _inputs()
    compiled, eager = compiler.compile(f, fullgraph=True)(a), f(a)
    assert_same(compiled[0](a), eager[0](a))
    assert_same(compiled[1], eager[1])


def test_a_refused_transform_breaks_at_its_call_and_runs_torch_as_it_is():
    def f(a, b):
        y = a * 2
        seen = []

        def fn(r):
            seen.append(1)
            return r * 2

        return vmap(fn, in_dims=1)(y) + b.t(), len(seen)

    stats = check_same(f, *_inputs(), fullgraph=False)
    assert len(stats.graph_breaks) == 1, stats
    assert "changes a container" in stats.graph_breaks[0][0]
    assert stats.frames == 2, stats  # the entry and the resume after the call; torch not traced


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
def test_sizes_made_symbolic_by_a_recompile_still_compile(backend):
    def f(a):
        return (vmap(lambda r: r.sum() * r.shape[0] + r[:2].sum())(a),
                grad(lambda x: (x * x).sum() * x.shape[0])(a))

    compiled = compiler.compile(f, backend=backend, fullgraph=True)
    for rows in (3, 4, 5):
        a = torch.randn(rows, 4)
        assert_same(compiled(a), f(a))
    stats = compiler.stats(compiled)
    assert (stats.frames, stats.graphs) == (2, 2), stats  # specialised, then symbolic


def test_a_tensor_passed_twice_is_two_objects_when_wrapped():
    def f(a, b):
        return (vmap(lambda x, y: x * (1.0 if x is y else 2.0))(a, a),
                grad(lambda x, y: (x * (1.0 if x is y else 2.0)).sum())(a, a))

    one_graph(check_same(f, *_inputs()))


def passed_twice_as_is(a, b):
    return vmap(lambda x, y, z: x * (1.0 if y is z else 2.0), in_dims=(0, None, None))(a, b, b)


def test_a_tensor_passed_twice_as_it_is_is_refused():
    with pytest.raises(compiler.Unsupported, match="twice"):
        compiler.compile(passed_twice_as_is, fullgraph=True)(*_inputs())
    compiler.reset()
    assert_same(compiler.compile(passed_twice_as_is)(*_inputs()), passed_twice_as_is(*_inputs()))


COUNTS = torch.zeros(4)


def writes_a_global_tensor(a, b):
    return vmap(lambda r: r * COUNTS.add_(1)[0])(a), COUNTS * 1


def test_a_write_to_a_tensor_from_outside_is_refused():
    global COUNTS
    with pytest.raises(compiler.Unsupported, match="in place"):
        compiler.compile(writes_a_global_tensor, fullgraph=True)(*_inputs())
    compiler.reset()
    COUNTS = torch.zeros(4)
    actual = compiler.compile(writes_a_global_tensor)(*_inputs())
    COUNTS = torch.zeros(4)
    assert_same(actual, writes_a_global_tensor(*_inputs()))


WEIGHTS = torch.ones(4)


def test_a_global_first_read_inside_then_written_after():
    def f(a):
        out = vmap(lambda r: r * WEIGHTS)(a)
        WEIGHTS.mul_(2)
        return out + WEIGHTS

    global WEIGHTS
    a, _ = _inputs()
    try:
        expected = f(a)
        WEIGHTS = torch.ones(4)
        compiled = compiler.compile(f, fullgraph=True)
        assert_same(compiled(a), expected)
        assert_same(WEIGHTS, torch.full((4,), 2.0))
        one_graph(compiler.stats(compiled))
    finally:
        WEIGHTS = torch.ones(4)


def test_functionalize_in_the_trace_leaves_no_transform_level():
    def f(a, b):
        def g(x):
            y = x.clone()
            y.mul_(2)
            return y + b, x.view(-1)

        return torch.func.functionalize(g)(a)

    one_graph(check_same(f, *_inputs()))
    assert torch._C._functorch.maybe_current_level() is None
