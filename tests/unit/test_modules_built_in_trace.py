"""A user nn.Module subclass built in the compiled code: its __init__ (nn.Module's too) and
its call (`_call_impl`, with the global hook tables guarded) are traced as Python code."""

import torch

import compiler
from tests.differential import assert_same, check_same, one_graph


class Gain(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k
        self.register_buffer("offset", torch.full((4,), 0.5))

    def forward(self, x):
        return x * self.k + self.offset


def _x():
    return torch.arange(4.0)


def built_and_called(x):
    g = Gain(3.0)
    return g(x), g.k, g.offset.shape, g.training, isinstance(g, torch.nn.Module)


def built_and_returned(x):
    g = Gain(2.0)
    g.eval()
    return g, g(x)


def test_user_module_built_in_the_trace_is_one_graph():
    one_graph(check_same(built_and_called, _x()))


def test_user_module_built_in_the_trace_can_be_returned():
    expected = built_and_returned(_x())
    compiled = compiler.compile(built_and_returned, fullgraph=True)
    actual = compiled(_x())
    assert_same(actual, expected)
    assert type(actual[0]) is Gain and actual[0].k == 2.0 and not actual[0].training
    assert_same(actual[0](_x()), expected[0](_x()))


def test_global_forward_hook_runs_and_its_removal_recompiles():
    compiled = compiler.compile(built_and_called, fullgraph=True)
    handle = torch.nn.modules.module.register_module_forward_hook(
        lambda module, args, out: out * 10)
    try:
        expected = built_and_called(_x())
        assert_same(compiled(_x()), expected)
    finally:
        handle.remove()
    assert_same(compiled(_x()), built_and_called(_x()))
    assert compiler.stats(compiled).recompiles


def test_with_torch_compile_imported_nn_module_init_is_the_original():
    import torch._dynamo  # noqa: F401 - installs its bookkeeping wrapper of Module.__init__
    one_graph(check_same(built_and_called, _x()))
