"""Custom torch.autograd.Function calls (`MyFunction.apply`) compile: the forward is traced into
a subgraph, the backward is the user's own (compiler/values/autograd_function.py). Compared
with eager: outputs, requires_grad, every input's `.grad`, and graph/frame/recompile counts;
what the forward does that a subgraph cannot replay is refused, and then runs eagerly."""

from __future__ import annotations

import pytest
import torch
from torch.autograd.function import once_differentiable

import compiler
from tests.differential import assert_same, check_same, one_graph
from tests.dynamo_style.functions_heldout_b import ScaleGrad  # (a save_for_backward Function)

SEEN: list = []
FACTOR = 2.0
OFFSET = torch.ones(3)


class SinMul(torch.autograd.Function):
    """Saves an intermediate and an argument, returns a non-differentiable index too."""

    @staticmethod
    def forward(ctx, x, y):
        s = x.sin()
        ctx.save_for_backward(s, y)
        index = s.argmax()
        ctx.mark_non_differentiable(index)
        ctx.grads_wanted = ctx.needs_input_grad
        return s * y, index

    @staticmethod
    @once_differentiable
    def backward(ctx, grad, grad_index):
        s, y = ctx.saved_tensors
        gx = grad * y * s.cos() if ctx.needs_input_grad[0] else None
        gy = grad * s if ctx.grads_wanted[1] else None
        return gx, gy


class SavesOutput(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = x.exp()
        ctx.save_for_backward(out)
        ctx.set_materialize_grads(False)
        ctx.scale = out.sum()  # a tensor attribute
        return out

    @staticmethod
    def backward(ctx, grad):
        (out,) = ctx.saved_tensors
        return grad * out + ctx.scale


class ReadsGlobal(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * FACTOR

    @staticmethod
    def backward(ctx, grad):
        return grad * FACTOR


def _pair(requires_grad: bool):
    g = torch.Generator().manual_seed(0)
    a = torch.randn(3, 4, generator=g).requires_grad_(requires_grad)
    b = torch.randn(3, 4, generator=g).requires_grad_(requires_grad)
    return a, b


def _chain(a, b):
    y = ScaleGrad.apply(a, 3.0)
    z, index = SinMul.apply(y, b)
    return (z + SavesOutput.apply(y)).sum() * 2, index, z.requires_grad


def _check_training(fn, *args, backend="eager", **kwargs):
    """Outputs and every input's .grad after backward() of the first output, as eager."""
    eager_args = [a.detach().clone().requires_grad_(a.requires_grad) for a in args]
    compiled = compiler.compile(fn, backend=backend, **kwargs)
    expected, actual = fn(*eager_args), compiled(*args)
    assert_same(actual, expected)
    expected[0].backward()
    actual[0].backward()
    for ours, eager in zip(args, eager_args):
        assert_same(ours.grad, eager.grad, "grad")
    return compiler.stats(compiled)


def test_forward_and_gradients_match_eager_in_one_graph():
    one_graph(_check_training(_chain, *_pair(True), fullgraph=True))


@pytest.mark.parametrize("backend", ["aot_eager", pytest.param("inductor",
                                                               marks=pytest.mark.slow)])
def test_gradients_match_eager_with_compiling_backends(backend):
    one_graph(_check_training(_chain, *_pair(True), backend=backend, fullgraph=True))


def test_inputs_without_grad_and_under_no_grad():
    stats = check_same(_chain, *_pair(False))
    one_graph(stats)

    def under_no_grad(a, b):
        with torch.no_grad():
            return _chain(a, b)

    one_graph(check_same(under_no_grad, *_pair(True)))


def _double_backward(fn, a) -> str:
    (grad,) = torch.autograd.grad(fn(a).sum(), a, create_graph=True)
    try:
        grad.sum().backward()
    except RuntimeError as error:
        return str(error)
    return "no error"


def test_once_differentiable_backward_refuses_double_backward_as_eager():
    def f(x):
        return SinMul.apply(x, x * 2)[0]

    a = torch.randn(3, requires_grad=True)
    expected = _double_backward(f, a)
    assert expected != "no error"
    assert _double_backward(compiler.compile(f, fullgraph=True), a) == expected


def test_recompiles_when_requires_grad_changes_only():
    compiled = compiler.compile(_chain, fullgraph=True)
    for requires_grad in (True, True, False):
        a, b = _pair(requires_grad)
        assert_same(compiled(a, b), _chain(*_pair(requires_grad)))
    stats = compiler.stats(compiled)
    assert (stats.frames, stats.graphs, len(stats.recompiles)) == (2, 2, 1), stats
    assert "requires_grad" in stats.recompiles[0], stats.recompiles


def test_forward_reading_a_global_is_guarded():
    global FACTOR

    def f(a):
        return ReadsGlobal.apply(a) + 1

    compiled = compiler.compile(f, fullgraph=True)
    a = torch.randn(3, requires_grad=True)
    try:
        for factor in (2.0, 5.0):
            FACTOR = factor
            _check_training(lambda x: (compiled(x).sum(),), a)
            a.grad = None
        assert len(compiler.stats(compiled).recompiles) == 1
    finally:
        FACTOR = 2.0


class AppendsToGlobal(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        SEEN.append(1)
        return x * 2

    @staticmethod
    def backward(ctx, grad):
        return grad * 2


class DrawsRandom(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * torch.rand(x.shape)

    @staticmethod
    def backward(ctx, grad):
        return grad


class WritesInput(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad


class ReadsGlobalTensor(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x + OFFSET

    @staticmethod
    def backward(ctx, grad):
        return grad


class BranchesOnData(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2 if x.sum() > 0 else x * 3

    @staticmethod
    def backward(ctx, grad):
        return grad


class DefinesJvp(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * 2

    @staticmethod
    def setup_context(ctx, inputs, output):
        pass

    @staticmethod
    def backward(ctx, grad):
        return grad * 2

    @staticmethod
    def jvp(ctx, tangent):
        return tangent * 2


@pytest.mark.parametrize("function", [AppendsToGlobal, DrawsRandom, WritesInput,
                                      ReadsGlobalTensor, BranchesOnData, DefinesJvp])
def test_refused_forward_is_unsupported_fullgraph_and_eager_otherwise(function):
    def f(a):
        return function.apply(a.clone()) * 1

    a = torch.randn(3)
    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(a)
    compiler.reset()
    SEEN.clear()
    torch.manual_seed(0)
    actual = compiler.compile(f)(a)
    seen = list(SEEN)
    SEEN.clear()
    torch.manual_seed(0)
    assert_same(actual, f(a))
    assert seen == SEEN


class BackwardReadsGlobal(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad):
        return grad * FACTOR


class BackwardBranchesOnData(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * 2

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 2 if x.sum() > 0 else grad * 3


def test_backward_reads_are_guarded_when_the_backend_compiles_it():
    """aot_eager traces the backward when it compiles: a global it reads is guarded."""
    global FACTOR

    def f(a):
        return (BackwardReadsGlobal.apply(a).sum(),)

    compiled = compiler.compile(f, backend="aot_eager", fullgraph=True)
    try:
        for factor in (2.0, 5.0):
            FACTOR = factor
            _check_training(lambda x: compiled(x), torch.randn(3, requires_grad=True))
        assert len(compiler.stats(compiled).recompiles) == 1
    finally:
        FACTOR = 2.0


def test_backward_the_trace_cannot_follow_is_refused_only_when_the_backend_compiles_it():
    def f(a):
        return (BackwardBranchesOnData.apply(a).sum(),)

    a = torch.randn(3, requires_grad=True)
    one_graph(_check_training(f, a, fullgraph=True))  # eager: the user's backward runs as is
    a.grad = None
    compiler.reset()
    with pytest.raises(compiler.Unsupported, match="tensor data"):
        compiler.compile(f, backend="aot_eager", fullgraph=True)(a)
    compiler.reset()
    _check_training(f, a, backend="aot_eager")


class Patched(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad):
        return grad * 2


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
def test_a_function_patched_later_recompiles(backend):
    def f(a):
        return (Patched.apply(a).sum(),)

    compiled = compiler.compile(f, backend=backend, fullgraph=True)
    old_forward, old_backward = Patched.forward, Patched.backward
    try:
        _check_training(lambda x: compiled(x), torch.randn(3, requires_grad=True))
        Patched.forward = staticmethod(lambda ctx, x: x * 3)
        _check_training(lambda x: compiled(x), torch.randn(3, requires_grad=True))
        Patched.backward = staticmethod(lambda ctx, grad: grad * 5)
        _check_training(lambda x: compiled(x), torch.randn(3, requires_grad=True))
    finally:
        Patched.forward, Patched.backward = staticmethod(old_forward), staticmethod(old_backward)
    assert len(compiler.stats(compiled).recompiles) == (2 if backend == "aot_eager" else 1)


class ScaledBySize(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x.shape[0]

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * x.shape[0] + x


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
def test_sizes_made_symbolic_by_a_recompile_still_compile(backend):
    def f(a):
        return (ScaledBySize.apply(a).sum(),)

    compiled = compiler.compile(f, backend=backend, fullgraph=True)
    for rows in (3, 4, 5):
        _check_training(lambda x: compiled(x), torch.randn(rows, 4, requires_grad=True))
    stats = compiler.stats(compiled)
    assert (stats.frames, stats.graphs) == (2, 2), stats  # specialised, then symbolic


class AsksIdentityAndType(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        same = 1.0 if x is y else 0.0
        parameter = 1.0 if isinstance(x, torch.nn.Parameter) else 0.0
        return x * (2 + same + 4 * parameter)

    @staticmethod
    def backward(ctx, grad):
        return grad, None


def test_forward_sees_its_arguments_themselves():
    """`x is y` for a tensor passed twice, and a Parameter's type, as eager's forward sees."""
    def f(a, w):
        return (AsksIdentityAndType.apply(a, a) + AsksIdentityAndType.apply(w, a)
                + AsksIdentityAndType.apply(a, w)).sum()

    a = torch.randn(3, requires_grad=True)
    sides = [(a.detach().clone().requires_grad_(), torch.nn.Parameter(torch.ones(3)))
             for _ in range(2)]
    compiled = compiler.compile(f, fullgraph=True)
    compiled(*sides[0]).backward()
    f(*sides[1]).backward()
    assert_same([t.grad for t in sides[0]], [t.grad for t in sides[1]])
    assert_same(compiled(*sides[0]), f(*sides[1]))
    one_graph(compiler.stats(compiled))
