"""nn.Module compilation: user modules with parameters, buffers and submodules, and torch.nn
layers (in eval where they have modes)."""

import pytest
import torch
from torch import nn

import compiler
from tests.differential import assert_same, check_same, one_graph


def check_module(module, *args):
    """Compile the module itself; compare with calling it eagerly."""
    torch.manual_seed(0)
    expected = module(*args)
    compiled = compiler.compile(module, fullgraph=True)
    assert_same(compiled(*args), expected)
    return compiler.stats(compiled)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(4, 4))
        self.register_buffer("offset", torch.ones(4))
        self.inner = nn.Linear(4, 4)
        self.scale = 0.5

    def forward(self, x):
        return self.inner(x @ self.weight + self.offset) * self.scale


def test_user_module_with_parameter_buffer_and_submodule():
    stats = check_module(Block(), torch.randn(2, 4))
    one_graph(stats, ops=4)


def test_module_called_inside_a_compiled_function():
    block = Block()

    def f(x):
        return block(x).relu()

    one_graph(check_same(f, torch.randn(2, 4)), ops=5)


def test_linear_relu_gelu_sequential():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.GELU(), nn.Linear(8, 2))
    one_graph(check_module(model, torch.randn(3, 4)), ops=5)


def test_conv2d_batchnorm_eval():
    model = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU()).eval()
    one_graph(check_module(model, torch.randn(2, 3, 8, 8)), ops=3)


def test_batchnorm_train_updates_running_stats_like_eager():
    eager, compiled_model = nn.BatchNorm2d(3), nn.BatchNorm2d(3)
    x = torch.randn(4, 3, 5, 5)
    expected = eager(x)
    compiled = compiler.compile(compiled_model, fullgraph=True)
    assert_same(compiled(x), expected)
    assert_same(compiled_model.running_mean, eager.running_mean)
    assert_same(compiled_model.num_batches_tracked, eager.num_batches_tracked)


def test_layernorm_and_embedding():
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(10, 6)
            self.norm = nn.LayerNorm(6)

        def forward(self, ids):
            return self.norm(self.emb(ids))

    one_graph(check_module(M(), torch.tensor([[1, 2, 3], [4, 5, 9]])), ops=2)


def test_dropout_in_eval_is_identity():
    model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5)).eval()
    stats = check_module(model, torch.randn(3, 4))
    one_graph(stats)


def test_module_list_iteration_and_indexing():
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList([nn.Linear(3, 3) for _ in range(3)])

        def forward(self, x):
            for layer in self.layers:
                x = layer(x).tanh()
            return self.layers[0](x), len(self.layers)

    one_graph(check_module(M(), torch.randn(2, 3)), ops=7)


def test_module_dict_items_and_lookup():
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.heads = nn.ModuleDict({"a": nn.Linear(3, 2), "b": nn.Linear(3, 2)})

        def forward(self, x, name):
            outs = {k: head(x) for k, head in self.heads.items()}
            return outs, self.heads[name](x), "a" in self.heads

    one_graph(check_module(M(), torch.randn(2, 3), "b"), ops=3)


def test_module_parameters_and_named_modules_iteration():
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(2, 2)
            self.b = nn.Linear(2, 2, bias=False)

        def forward(self, x):
            reg = sum(p.pow(2).sum() for p in self.parameters())
            names = [n for n, _ in self.named_parameters()]
            return self.b(self.a(x)) + reg, names, self.training

    one_graph(check_module(M(), torch.randn(2, 2)))


def test_parameters_of_sequential_children():
    model = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))

    def f(x):
        return model(x) + sum(p.sum() for p in model.parameters())

    one_graph(check_same(f, torch.randn(3, 2)))


def test_named_modules_iteration():
    model = nn.Sequential(nn.Linear(2, 2), nn.ReLU())

    def f(x):
        return model(x), [name for name, _ in model.named_modules()]

    one_graph(check_same(f, torch.randn(3, 2)))


def test_functional_calls_on_module_weights():
    lin = nn.Linear(3, 3)

    def f(x):
        h = torch.nn.functional.linear(x, lin.weight, lin.bias)
        return torch.nn.functional.softmax(h, dim=-1), torch.nn.functional.relu(h)

    one_graph(check_same(f, torch.randn(2, 3)), ops=3)


def test_module_output_requires_grad_and_backward_matches_eager():
    torch.manual_seed(0)
    eager = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    other = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    other.load_state_dict(eager.state_dict())
    x = torch.randn(5, 3)
    eager(x).sum().backward()
    compiler.compile(other, fullgraph=True)(x).sum().backward()
    for p, q in zip(eager.parameters(), other.parameters(), strict=True):
        assert_same(q.grad, p.grad)


def test_stateless_torch_modules_built_inside_the_function():
    def f(x):
        act = torch.nn.Sequential(torch.nn.Tanh(), torch.nn.Flatten())
        return torch.nn.ReLU()(x) + torch.nn.Softmax(dim=-1)(x), act(x)

    fc = compiler.compile(f, fullgraph=True)
    x = torch.randn(2, 3)
    assert_same(fc(x), f(x))


def test_a_module_with_parameters_built_inside_the_function_is_unsupported():
    def f(x):
        return torch.nn.Linear(3, 3)(x)

    with pytest.raises(compiler.Unsupported, match="has parameters"):
        compiler.compile(f, fullgraph=True)(torch.randn(2, 3))
