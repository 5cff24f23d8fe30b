"""Function calls: positional, keyword, *args/**kwargs, keyword-only, defaults, lambdas, nested
defs, recursion and compiled callables that take **kwargs themselves."""

import functools

import torch

import compiler
from tests.differential import assert_same, check_same, one_graph


def _helper(x, scale=2, *, bias=1):
    return x * scale + bias


def _varargs(*args, **kwargs):
    return sum(args) + sum(kwargs.values())


def test_call_with_defaults_and_keyword_only():
    def f(x):
        return _helper(x), _helper(x, 3), _helper(x, scale=4, bias=0), _helper(x, bias=5)

    one_graph(check_same(f, torch.randn(3)), ops=8)


def test_call_with_star_args_and_star_kwargs():
    def f(x):
        args = (x, x * 2)
        kwargs = {"a": x, "b": 1}
        return _varargs(*args, **kwargs), _varargs(x, 1, 2), _varargs(k=x)

    one_graph(check_same(f, torch.randn(3)))


def test_call_forwarding_varargs_through_a_wrapper():
    def wrapper(*args, **kwargs):
        return _helper(*args, **kwargs)

    def f(x):
        return wrapper(x, 3, bias=2)

    one_graph(check_same(f, torch.randn(3)), ops=2)


def test_compiled_function_called_with_keyword_and_default_arguments():
    def f(x, y=None, *, scale=1.0):
        if y is None:
            y = torch.ones_like(x)
        return (x + y) * scale

    x = torch.randn(3)
    fc = compiler.compile(f, fullgraph=True)
    assert_same(fc(x), f(x))
    assert_same(fc(x, scale=2.0), f(x, scale=2.0))
    assert_same(fc(x, y=x), f(x, y=x))


def test_compiled_function_with_varargs_signature():
    def f(*xs, **opts):
        out = xs[0]
        for x in xs[1:]:
            out = out + x
        return out * opts.get("k", 1)

    xs = (torch.randn(2), torch.randn(2), torch.randn(2))
    fc = compiler.compile(f, fullgraph=True)
    assert_same(fc(*xs), f(*xs))
    assert_same(fc(*xs, k=3), f(*xs, k=3))


def test_lambdas_called_and_passed_around():
    def f(x):
        sq = lambda v: v * v  # noqa: E731
        apply = lambda g, v: g(v) + 1  # noqa: E731
        return apply(sq, x)

    one_graph(check_same(f, torch.randn(3)), ops=2)


def test_nested_def_with_default_captured_at_definition():
    def f(x):
        fns = []
        for i in range(3):
            def g(v, i=i):
                return v + i
            fns.append(g)
        return [g(x) for g in fns]

    one_graph(check_same(f, torch.randn(2)), ops=3)


def test_closure_factory_returns_inner_function():
    def make(k):
        def inner(v):
            return v * k
        return inner

    def f(x):
        return make(2)(x) + make(3)(x)

    one_graph(check_same(f, torch.randn(2)), ops=3)


def test_recursive_python_function_is_inlined():
    def power(v, n):
        if n == 0:
            return torch.ones_like(v)
        return v * power(v, n - 1)

    def f(x):
        return power(x, 3)

    one_graph(check_same(f, torch.randn(3)))


def test_functools_wraps_decorated_helper():
    def deco(fn):
        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            return fn(*args, **kwargs) + 1
        return wrapped

    @deco
    def g(v):
        return v * 2

    def f(x):
        return g(x)

    one_graph(check_same(f, torch.randn(3)), ops=2)


def test_torch_functions_with_keyword_arguments():
    def f(x):
        return (torch.sum(x, dim=1, keepdim=True), torch.cat([x, x], dim=0),
                torch.clamp(x, min=-0.5, max=0.5), x.softmax(dim=-1), torch.where(x > 0, x, 0.0))

    one_graph(check_same(f, torch.randn(3, 4)))


def test_tensor_method_calls_and_factories():
    def f(x):
        y = x.view(2, 6).transpose(0, 1).contiguous().reshape(-1)
        z = torch.zeros(3) + torch.arange(3) + torch.full((3,), 2.0) + torch.linspace(0, 1, 3)
        return y.float().mean(), z, x.new_ones(2), torch.zeros_like(x)

    one_graph(check_same(f, torch.randn(3, 4)))


def test_keyword_only_defaults_are_bound_when_called_positionally():
    def f(x, *, alpha=1.0, other=None):
        other = x if other is None else other
        return x + alpha * other

    fc = compiler.compile(f, fullgraph=True)
    x = torch.ones(2)
    assert_same(fc(x), f(x))
    assert_same(fc(x, alpha=0.5), f(x, alpha=0.5))
