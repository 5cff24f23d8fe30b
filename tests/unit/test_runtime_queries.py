"""Runtime queries answered at trace time: grad mode, compiling flag, scripting, default dtype."""

import torch

import compiler
from tests.differential import check_same, one_graph


def test_is_grad_enabled_follows_the_callers_mode():
    def f(x):
        if torch.is_grad_enabled():
            return x * 2
        return x * 3

    fc = compiler.compile(f, fullgraph=True)
    x = torch.randn(3)
    assert torch.equal(fc(x), x * 2)
    with torch.no_grad():
        assert torch.equal(fc(x), x * 3)
    assert compiler.stats(fc).compiles == 2


def test_torch_compiler_is_compiling_is_true_when_traced():
    def f(x):
        if torch.compiler.is_compiling():
            return x + 1
        return x - 1

    fc = compiler.compile(f, fullgraph=True)
    x = torch.randn(3)
    assert torch.equal(fc(x), x + 1)
    assert torch.equal(f(x), x - 1)


def test_jit_is_scripting_is_false():
    def f(x):
        if torch.jit.is_scripting():
            return x - 1
        return x + 1

    one_graph(check_same(f, torch.randn(3)), ops=1)


def test_get_default_dtype_used_in_factory():
    def f(x):
        return torch.zeros(2, dtype=torch.get_default_dtype()) + x, torch.get_default_dtype()

    one_graph(check_same(f, torch.randn(2)))


def test_is_tensor_and_is_floating_point_queries():
    def f(x, n):
        return torch.is_tensor(x), torch.is_tensor(n), torch.is_floating_point(x), x + n

    one_graph(check_same(f, torch.randn(2), 3), ops=1)
