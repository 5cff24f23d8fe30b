"""Backends: eager (default), aot_eager, a user callable with the torch.compile backend
contract, and one inductor run (slow)."""

import pytest
import torch

import compiler
from tests.differential import assert_same, check_same, one_graph


def _mlp(x, w1, w2):
    return torch.relu(x @ w1).softmax(-1) @ w2


def test_aot_eager_matches_eager_on_elementwise_and_matmul():
    args = torch.randn(4, 3), torch.randn(3, 5), torch.randn(5, 2)
    one_graph(check_same(_mlp, *args, backend="aot_eager"), ops=4)


def test_aot_eager_on_module_with_backward():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.GELU(), torch.nn.Linear(3, 1))
    x = torch.randn(4, 3)
    expected = model(x).sum()
    expected.backward()
    grads = [p.grad.clone() for p in model.parameters()]
    model.zero_grad()
    out = compiler.compile(model, backend="aot_eager", fullgraph=True)(x).sum()
    out.backward()
    assert_same(out, expected)
    for p, g in zip(model.parameters(), grads, strict=True):
        assert_same(p.grad, g)


def test_aot_eager_with_inplace_input_mutation():
    def f(x):
        x.mul_(2)
        return x + 1

    one_graph(check_same(f, torch.randn(3), backend="aot_eager"))


def test_aot_eager_recompiles_on_dtype_change():
    fc = compiler.compile(lambda x: x.cos(), backend="aot_eager", fullgraph=True)
    fc(torch.randn(2))
    x = torch.randn(2, dtype=torch.float64)
    assert_same(fc(x), x.cos())
    assert compiler.stats(fc).compiles == 2


def test_custom_backend_receives_graph_and_example_inputs():
    seen = []
    calls = []

    def backend(gm, example_inputs):
        seen.append((gm, [tuple(t.shape) for t in example_inputs]))

        def run(*args):
            calls.append(len(args))
            return gm.forward(*args)

        return run

    fc = compiler.compile(_mlp, backend=backend, fullgraph=True)
    args = torch.randn(4, 3), torch.randn(3, 5), torch.randn(5, 2)
    for _ in range(3):
        assert_same(fc(*args), _mlp(*args))
    assert len(seen) == 1
    assert isinstance(seen[0][0], torch.fx.GraphModule)
    assert seen[0][1] == [(4, 3), (3, 5), (5, 2)]
    assert calls == [3, 3, 3]


def test_custom_backend_called_again_on_recompile():
    compiled_graphs = []

    def backend(gm, example_inputs):
        compiled_graphs.append(gm)
        return gm.forward

    fc = compiler.compile(lambda x: x + 1, backend=backend, fullgraph=True)
    fc(torch.ones(2))
    fc(torch.ones(3))
    fc(torch.ones(2))
    assert len(compiled_graphs) == 2


def test_custom_backend_not_called_for_graph_free_function():
    calls = []

    def backend(gm, example_inputs):
        calls.append(gm)
        return gm.forward

    fc = compiler.compile(lambda x, n: (x, n + 1), backend=backend, fullgraph=True)
    x = torch.ones(2)
    out = fc(x, 1)
    assert out[0] is x and out[1] == 2
    assert calls == []


def test_unknown_backend_name_is_rejected():
    with pytest.raises(ValueError, match="unknown backend"):
        compiler.compile(lambda x: x, backend="nope")


def test_stats_rejects_uncompiled_function():
    with pytest.raises(TypeError):
        compiler.stats(lambda x: x)


@pytest.mark.slow
def test_inductor_matches_eager():
    args = torch.randn(4, 3), torch.randn(3, 5), torch.randn(5, 2)
    one_graph(check_same(_mlp, *args, backend="inductor"), ops=4)
