"""nn.Module call semantics, as `nn.Module._call_impl` has them: forward pre-hooks and hooks
(module and global, with_kwargs, always_call), parametrizations, weight_norm, lazy modules and
the training flag, for the compiled module and for every module called inside a trace; and
the binding of calls of functools.wraps-decorated functions and lru_cache helpers."""

import functools
import warnings

import pytest
import torch
from torch import nn
from torch.nn.modules import module as module_impl
from torch.nn.utils import parametrize

import compiler
from tests.differential import assert_same, check_same, one_graph


def twins(factory, seed=0):
    """Two equal modules: one to run eagerly, one to compile."""
    torch.manual_seed(seed)
    eager = factory()
    torch.manual_seed(seed)
    return eager, factory()


def linear():
    return nn.Linear(4, 3)


class Parent(nn.Module):
    def __init__(self):
        super().__init__()
        self.child = nn.Linear(4, 4)
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        return self.head(self.child(x).relu())


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x, scale=1.0):
        return self.fc(x) * scale


def double_input(module, args):
    return (args[0] * 2,)


def shift_output(module, args, out):
    return out + args[0].sum()


# -- forward pre-hooks and hooks on the compiled module -------------------------------------
def test_pre_hook_that_changes_the_input():
    eager, model = twins(linear)
    for m in (eager, model):
        m.register_forward_pre_hook(double_input)
    x = torch.randn(2, 4)
    compiled = compiler.compile(model, fullgraph=True)
    assert_same(compiled(x), eager(x))
    one_graph(compiler.stats(compiled))


def test_pre_hook_returning_a_single_value_not_a_tuple():
    eager, model = twins(linear)
    for m in (eager, model):
        m.register_forward_pre_hook(lambda mod, args: args[0] + 1)
    x = torch.randn(2, 4)
    assert_same(compiler.compile(model, fullgraph=True)(x), eager(x))


def test_forward_hook_that_changes_the_output():
    eager, model = twins(linear)
    for m in (eager, model):
        m.register_forward_hook(shift_output)
    x = torch.randn(2, 4)
    compiled = compiler.compile(model, fullgraph=True)
    assert_same(compiled(x), eager(x))
    one_graph(compiler.stats(compiled))


def test_hooks_returning_none_keep_input_and_output():
    eager, model = twins(linear)
    seen = {}
    for m in (eager, model):
        record = seen.setdefault(m, [])
        m.register_forward_pre_hook(lambda mod, args, record=record: record.append(args[0].shape))
        m.register_forward_hook(lambda mod, args, out, record=record: record.append(out.shape))
    x = torch.randn(2, 4)
    assert_same(compiler.compile(model, fullgraph=True)(x), eager(x))
    assert seen[model] == seen[eager] == [torch.Size([2, 4]), torch.Size([2, 3])]


def test_with_kwargs_pre_hook_and_forward_hook():
    def pre(mod, args, kwargs):
        return (args[0] + 1,), {**kwargs, "scale": 3.0}

    def post(mod, args, kwargs, out):
        return out * kwargs["scale"] + args[0].mean()

    eager, model = twins(Scaled)
    for m in (eager, model):
        m.register_forward_pre_hook(pre, with_kwargs=True)
        m.register_forward_hook(post, with_kwargs=True)
    x = torch.randn(2, 4)
    compiled = compiler.compile(model, fullgraph=True)
    assert_same(compiled(x, scale=2.0), eager(x, scale=2.0))
    assert_same(compiled(x), eager(x))


def test_with_kwargs_pre_hook_returning_a_bad_value_raises_like_eager():
    eager, model = twins(Scaled)
    for m in (eager, model):
        m.register_forward_pre_hook(lambda mod, args, kwargs: [args, kwargs], with_kwargs=True)
    x = torch.randn(2, 4)
    with pytest.raises(RuntimeError, match="forward pre-hook must return None"):
        eager(x, 1.0)
    with pytest.raises(RuntimeError, match="forward pre-hook must return None"):
        compiler.compile(model)(x, 1.0)


def test_global_forward_pre_hook_and_hook_apply_to_every_module():
    def factory():
        return nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))

    eager, model = twins(factory)
    x = torch.randn(3, 4)
    pre = module_impl.register_module_forward_pre_hook(lambda mod, args: (args[0] + 0.5,))
    post = module_impl.register_module_forward_hook(lambda mod, args, out: out * 2)
    try:
        expected = eager(x)
        compiled = compiler.compile(model, fullgraph=True)
        assert_same(compiled(x), expected)
    finally:
        pre.remove()
        post.remove()
    assert_same(compiled(x), eager(x))  # and without them again


def test_hook_added_after_the_first_compiled_call_takes_effect():
    eager, model = twins(Parent)
    x = torch.randn(2, 4)
    compiled = compiler.compile(model, fullgraph=True)
    assert_same(compiled(x), eager(x))
    handles = [m.register_forward_hook(shift_output) for m in (eager, model)]
    assert_same(compiled(x), eager(x))
    assert compiler.stats(compiled).frames == 2
    for handle in handles:
        handle.remove()
    assert_same(compiled(x), eager(x))
    assert compiler.stats(compiled).frames == 2  # the first compilation is used again


def test_hook_removed_after_compile_stops_applying():
    eager, model = twins(linear)
    handles = [m.register_forward_pre_hook(double_input) for m in (eager, model)]
    x = torch.randn(2, 4)
    compiled = compiler.compile(model, fullgraph=True)
    assert_same(compiled(x), eager(x))
    for handle in handles:
        handle.remove()
    assert_same(compiled(x), eager(x))


def test_instance_forward_and_overridden_call_are_what_runs():
    class Doubling(nn.Linear):
        def __call__(self, *args, **kwargs):
            return super().__call__(*args, **kwargs) * 2

    eager, model = twins(lambda: Doubling(4, 3))
    x = torch.randn(2, 4)
    assert_same(compiler.compile(model, fullgraph=True)(x), eager(x))
    eager, model = twins(linear)
    for m in (eager, model):
        m.forward = functools.partial(lambda mod, x: mod.weight.sum() + x, m)
    assert_same(compiler.compile(model)(x), eager(x))


# -- modules called inside a trace ----------------------------------------------------------
def test_nested_submodule_hooks_are_traced_into_one_graph():
    eager, model = twins(Parent)
    for m in (eager, model):
        m.child.register_forward_pre_hook(double_input)
        m.head.register_forward_hook(shift_output)
    x = torch.randn(2, 4)
    compiled = compiler.compile(model, fullgraph=True)
    assert_same(compiled(x), eager(x))
    one_graph(compiler.stats(compiled))


def test_nested_hook_added_later_recompiles():
    eager, model = twins(Parent)
    x = torch.randn(2, 4)
    compiled = compiler.compile(model, fullgraph=True)
    assert_same(compiled(x), eager(x))
    handles = [m.child.register_forward_hook(shift_output) for m in (eager, model)]
    assert_same(compiled(x), eager(x))
    assert len(compiler.stats(compiled).recompiles) == 1
    for handle in handles:
        handle.remove()
    assert_same(compiled(x), eager(x))
    assert len(compiler.stats(compiled).recompiles) == 1  # the first entry holds again


def test_module_with_hooks_called_from_a_compiled_function():
    torch.manual_seed(0)
    block = nn.Linear(4, 4)
    block.register_forward_pre_hook(double_input)
    block.register_forward_hook(shift_output, with_kwargs=False)

    def f(x):
        return block(x).relu()

    one_graph(check_same(f, torch.randn(2, 4)))


def test_global_hook_registered_after_compile_reaches_nested_calls():
    block = nn.Linear(4, 4)

    def f(x):
        return block(x) + 1

    x = torch.randn(2, 4)
    compiled = compiler.compile(f, fullgraph=True)
    assert_same(compiled(x), f(x))
    handle = module_impl.register_module_forward_hook(lambda mod, args, out: out * 3)
    try:
        expected = f(x)
        assert_same(compiled(x), expected)
    finally:
        handle.remove()
    assert_same(compiled(x), f(x))


def test_always_call_hook_runs_when_forward_raises():
    class Failing(nn.Module):
        def forward(self, x):
            raise ValueError("no")

    calls = []
    model = Failing()
    model.register_forward_hook(lambda mod, args, out: calls.append("hook"), always_call=True)
    with pytest.raises(ValueError, match="no"):
        model(torch.ones(2))
    with pytest.raises((ValueError, compiler.Unsupported)):
        compiler.compile(model, fullgraph=True)(torch.ones(2))
    with pytest.raises(ValueError, match="no"):
        compiler.compile(model)(torch.ones(2))
    assert calls[0] == "hook" and calls[-1] == "hook" and len(calls) in (2, 3)


def test_full_backward_hook_is_refused_or_exact():
    eager, model = twins(linear)
    grads = {id(eager): [], id(model): []}
    for m in (eager, model):
        m.register_full_backward_hook(lambda mod, gi, go: grads[id(mod)].append(go[0].sum()))
    x = torch.randn(2, 4, requires_grad=True)
    with pytest.raises(compiler.Unsupported):
        compiler.compile(model, fullgraph=True)(x)
    eager(x).sum().backward()
    compiler.compile(model)(x).sum().backward()
    assert_same(model.weight.grad, eager.weight.grad)
    assert_same(grads[id(model)], grads[id(eager)])


# -- parametrizations and weight_norm -------------------------------------------------------
class Symmetric(nn.Module):
    def forward(self, w):
        return w.triu() + w.triu(1).transpose(0, 1)


def square():
    return nn.Linear(4, 4)


def test_weight_norm_sees_changes_of_g_between_calls():
    def factory():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return nn.utils.weight_norm(nn.Linear(4, 3))

    eager, model = twins(factory)
    x = torch.randn(2, 4)
    compiled = compiler.compile(model, fullgraph=True)
    assert_same(compiled(x), eager(x))
    with torch.no_grad():
        for m in (eager, model):
            m.weight_g.mul_(3)
    assert_same(compiled(x), eager(x))
    assert_same(model.weight, eager.weight)


def test_register_parametrization_sees_changes_of_the_original():
    eager, model = twins(square)
    for m in (eager, model):
        parametrize.register_parametrization(m, "weight", Symmetric())
    x = torch.randn(2, 4)
    compiled = compiler.compile(model, fullgraph=True)
    assert_same(compiled(x), eager(x))
    with torch.no_grad():
        for m in (eager, model):
            m.parametrizations.weight.original.add_(1.5)
    assert_same(compiled(x), eager(x))
    with parametrize.cached():  # the property returns what it computed first in the block
        with pytest.raises(compiler.Unsupported):
            compiled(x)
        assert_same(compiler.compile(model)(x), eager(x))


def test_parametrization_registered_after_the_first_call():
    eager, model = twins(Parent)
    x = torch.randn(2, 4)
    compiled = compiler.compile(model)
    assert_same(compiled(x), eager(x))
    for m in (eager, model):
        parametrize.register_parametrization(m.child, "weight", Symmetric())
    assert_same(compiled(x), eager(x))


class SymmetricWithInverse(Symmetric):
    def right_inverse(self, w):
        return w.triu()


def test_assigning_a_parametrized_attribute_runs_its_setter():
    def make(m):
        def f(x, w):
            m.weight = w  # the property's setter: right_inverse, then reads parametrize it
            return m.weight + x
        return f

    eager, model = twins(square)
    for m in (eager, model):
        parametrize.register_parametrization(m, "weight", SymmetricWithInverse())
    x, w = torch.randn(4, 4), torch.randn(4, 4)
    compiled = compiler.compile(make(model))
    assert_same(compiled(x, w), make(eager)(x, w))
    assert_same(model.parametrizations.weight.original, eager.parametrizations.weight.original)


def test_parametrizations_weight_norm():
    eager, model = twins(lambda: nn.utils.parametrizations.weight_norm(nn.Linear(4, 3)))
    x = torch.randn(2, 4)
    compiled = compiler.compile(model)
    assert_same(compiled(x), eager(x))
    with torch.no_grad():
        for m in (eager, model):
            m.parametrizations.weight.original0.mul_(2)
    assert_same(compiled(x), eager(x))


# -- lazy modules ---------------------------------------------------------------------------
def check_lazy(factory, *shapes):
    eager, model = twins(factory)
    compiled = compiler.compile(model)
    for i, shape in enumerate(shapes):
        x = torch.randn(*shape)
        torch.manual_seed(i)  # a lazy module's first call initialises from the global RNG
        actual = compiled(x)
        torch.manual_seed(i)
        assert_same(actual, eager(x))
        assert_same(model.state_dict(), eager.state_dict())
    return compiler.stats(compiled)


def test_lazy_linear_first_and_later_calls():
    stats = check_lazy(lambda: nn.LazyLinear(3), (2, 5), (2, 5), (4, 5))
    assert stats.graphs >= 1


def test_lazy_conv2d_inside_sequential():
    stats = check_lazy(lambda: nn.Sequential(nn.LazyConv2d(4, 3), nn.ReLU()),
                       (1, 2, 6, 6), (1, 2, 6, 6))
    assert stats.graphs >= 1


def test_lazy_module_under_fullgraph_is_refused_until_initialised():
    eager, model = twins(lambda: nn.LazyLinear(3))
    x = torch.randn(2, 5)
    compiled = compiler.compile(model, fullgraph=True)
    with pytest.raises(compiler.Unsupported):
        compiled(x)
    torch.manual_seed(1)
    expected = eager(x)
    torch.manual_seed(1)
    assert_same(model(x), expected)
    assert_same(compiled(x), eager(x))


def test_lazy_module_called_from_a_compiled_function():
    eager, model = twins(lambda: nn.LazyLinear(3))

    def make(m):
        return lambda x: m(x).relu()

    compiled = compiler.compile(make(model))
    for i in range(3):
        x = torch.randn(2, 5)
        torch.manual_seed(i)
        actual = compiled(x)
        torch.manual_seed(i)
        assert_same(actual, make(eager)(x))
    assert_same(model.weight, eager.weight)
    assert compiler.stats(compiled).graphs >= 1


# -- training flag --------------------------------------------------------------------------
def test_train_eval_switch_between_calls():
    def factory():
        return nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4), nn.Dropout(p=0.0))

    eager, model = twins(factory)
    compiled = compiler.compile(model, fullgraph=True)
    for mode in (True, False, True, False):
        x = torch.randn(3, 4)
        for m in (eager, model):
            m.train(mode)
        assert_same(compiled(x), eager(x))
        assert_same(model.state_dict(), eager.state_dict())
    assert len(compiler.stats(compiled).recompiles) == 1


# -- functools.wraps and lru_cache ----------------------------------------------------------
def with_own_defaults(fn):
    @functools.wraps(fn)
    def wrapper(x, scale=3.0):
        return fn(x) * scale
    return wrapper


@with_own_defaults
def affine(x, offset=100.0):
    return x + offset


def swapping(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*reversed(args), **kwargs)
    return wrapper


@swapping
def sub(a, b, alpha=1.0):
    return a - alpha * b


def test_wraps_decorator_binds_with_the_wrapper_signature():
    x = torch.randn(3)
    one_graph(check_same(affine, x))
    check_same(affine, x, scale=0.5)
    check_same(affine, x, 2.0)


def test_wraps_wrapper_that_changes_the_arguments():
    a, b = torch.randn(3), torch.randn(3)
    one_graph(check_same(sub, a, b))
    check_same(sub, a, b, alpha=2.0)


def test_wraps_decorated_forward():
    def method_with_own_defaults(fn):
        @functools.wraps(fn)
        def wrapper(self, x, scale=3.0):
            return fn(self, x) * scale
        return wrapper

    class M(nn.Linear):
        @method_with_own_defaults
        def forward(self, x, scale=-1.0):
            return super().forward(x) + scale

    eager, model = twins(lambda: M(4, 3))
    x = torch.randn(2, 4)
    assert_same(compiler.compile(model, fullgraph=True)(x), eager(x))


FACTOR = 2


@functools.lru_cache
def factor_of(n):
    return n * FACTOR


@functools.lru_cache
def doubled(t):
    return t * 2


def test_lru_cache_helper_with_a_constant_argument():
    def f(x):
        return x * factor_of(3)

    one_graph(check_same(f, torch.randn(3)))


def test_lru_cache_helper_returns_its_cached_value_after_a_global_changes():
    global FACTOR

    def f(x):
        return x * factor_of(5)

    x = torch.randn(3)
    compiled = compiler.compile(f)
    assert_same(compiled(x), f(x))
    FACTOR = 7
    try:
        assert_same(compiled(x), f(x))  # eager keeps the cached 10
        factor_of.cache_clear()
        assert_same(compiled(x), f(x))  # and recomputes after a clear
    finally:
        FACTOR = 2
        factor_of.cache_clear()


def test_lru_cache_helper_on_a_tensor_is_refused_or_exact():
    def f(x):
        return doubled(x) + 1

    x = torch.ones(3)
    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(x)
    compiled = compiler.compile(f)
    first = compiled(x)
    assert_same(first, f(x))
    x.add_(1)  # eager keeps returning the tensor cached for this very object
    assert_same(compiled(x), f(x))
    doubled.cache_clear()


def test_explain_of_a_module_shows_its_hooks_in_the_graph():
    model = nn.Linear(4, 3)
    model.register_forward_hook(lambda mod, args, out: out.sigmoid())
    explanation = compiler.explain(model, torch.randn(2, 4))
    assert any("sigmoid" in graph for graph in explanation.graphs), explanation.graphs
