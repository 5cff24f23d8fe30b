"""torch.cond in a trace: a constant predicate runs its branch inline, as eager torch.cond does;
a tensor predicate gives one node of torch's cond operator over both branches, each a
subgraph (closures lifted, nested conds inside), compared with eager on data that takes each
branch, and under backward. What torch's own capture refuses (a branch returning its input,
branches whose outputs differ, side effects) is refused, so that eager raises its own error
where it does. Graph and break counts are checked."""

import pytest
import torch

import compiler
from tests.differential import assert_same, check_same


@pytest.fixture(autouse=True)
def _distribution_validation_kept():
    """Eager torch.cond compiles with torch's own Dynamo, which switches off the distributions'
    default argument validation for the whole process: put back for the tests after these."""
    before = torch.distributions.Distribution._validate_args
    yield
    torch.distributions.Distribution.set_default_validate_args(before)


def simple(x):
    return torch.cond(x.sum() > 0, lambda t: t.sin(), lambda t: t.cos(), (x,))


def with_closures(x, y):
    scale = y * 2

    def true_fn(a):
        return a + scale

    def false_fn(a):
        return (a - y).abs()

    return torch.cond(x.mean() > 0, true_fn, false_fn, (x,)) * 3


def nested(x):
    def true_fn(a):
        return torch.cond(a.sum() > 1, lambda b: b * 2, lambda b: b * 3, (a,))
    return torch.cond(x.sum() > 0, true_fn, lambda a: a.neg(), (x,))


def tuple_outputs(x, y):
    return torch.cond(x.sum() > y.sum(), lambda a, b: (a + b, a * b),
                      lambda a, b: (a - b, a / b), (x, y))


def constant_predicate(x):
    return torch.cond(x.shape[0] > 2, lambda a: a + 1, lambda a: a - 1, [x])


@pytest.mark.parametrize("fn, inputs", [
    (simple, [(torch.ones(3),), (-torch.ones(3),)]),
    (with_closures, [(torch.ones(3), torch.randn(3)), (-torch.ones(3), torch.randn(3))]),
    (nested, [(torch.ones(3),), (-torch.ones(3),), (torch.full((3,), 0.1),)]),
    (tuple_outputs, [(torch.ones(3), torch.full((3,), 2.0)),
                     (torch.ones(3), torch.zeros(3) + 0.5)]),
    (constant_predicate, [(torch.ones(3),), (torch.ones(2),)]),
], ids=lambda v: getattr(v, "__name__", ""))
def test_cond_matches_eager_on_each_branch(fn, inputs):
    compiled = compiler.compile(fn, fullgraph=True)
    for args in inputs:
        assert_same(compiled(*args), fn(*args))
    stats = compiler.stats(compiled)
    assert not stats.graph_breaks and not stats.fallbacks


@pytest.mark.parametrize("backend", ["aot_eager", "inductor"])
def test_cond_with_a_compiling_backend(backend):
    compiled = compiler.compile(with_closures, fullgraph=True, backend=backend)
    for sign in (1.0, -1.0):
        args = (torch.full((3,), sign), torch.randn(3))
        assert_same(compiled(*args), with_closures(*args))


def test_cond_under_backward():
    def f(x, w):
        return torch.cond(x.sum() > 0, lambda a, b: (a * b).sin(), lambda a, b: a + b,
                          (x, w)).sum()

    for sign in (1.0, -1.0):
        x = torch.full((3,), sign)
        w, w_eager = torch.randn(3, requires_grad=True), None
        w_eager = w.detach().clone().requires_grad_()
        compiler.compile(f, fullgraph=True)(x, w).backward()
        f(x, w_eager).backward()
        assert_same(w.grad, w_eager.grad)


def returns_its_input(x):
    return torch.cond(x.sum() > 0, lambda a: a * 2, lambda a: a, (x,))


def branches_differ(x):
    return torch.cond(x.sum() > 0, lambda a: a.sum(), lambda a: a, (x,))


def appends(x, log):
    def true_fn(a):
        log.append(1)
        return a + 1
    return torch.cond(x.sum() > 0, true_fn, lambda a: a - 1, (x,))


@pytest.mark.parametrize("fn, args", [
    (returns_its_input, (torch.ones(3),)),
    (branches_differ, (torch.ones(3),)),
    (appends, (torch.ones(3), [])),
], ids=lambda v: getattr(v, "__name__", ""))
def test_what_torch_refuses_to_capture_is_refused(fn, args):
    with pytest.raises(compiler.Unsupported, match="torch.cond"):
        compiler.compile(fn, fullgraph=True)(*args)
    with pytest.raises(Exception) as eager:  # torch's capture refuses it: eager raises
        fn(*args)
    with pytest.raises(type(eager.value)):
        compiler.compile(fn)(*args)


def test_torchs_wrap_operator_calls_the_function():
    from torch._higher_order_ops.wrap import wrap

    def f(x, y):
        return wrap(lambda a, b: a.sin() + b, x, y) * 2

    check_same(f, torch.randn(3), torch.randn(3))
