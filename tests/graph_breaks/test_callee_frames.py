"""A break inside a nested call splits the caller at that call, and the callee (a function, a
bound method or a module, through its call path with hooks) runs as a compiled frame of its
own: its ops before and after its break are in graphs, not run eagerly. One frame per callee
for the whole compiled callable, so recursion reuses it within the cache limit."""

import torch
from torch import nn

import compiler
from tests.differential import assert_same


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)

    def forward(self, x):
        y = self.a(x).relu()
        print("inner")                   # a break in the middle of the callee
        return self.b(y).sigmoid()


class Middle(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x * 3) - 1


class Outer(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def forward(self, x):
        h = x * 2
        h = self.inner(h)
        return h + 1


def _run(model, calls=2):
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    compiled = compiler.compile(model)
    for _ in range(calls):
        assert_same(compiled(x), model(x))
    return compiler.stats(compiled)


def test_module_with_a_break_in_its_submodule_compiles_both_halves_of_the_submodule(capsys):
    s = _run(Outer(Inner()))
    assert capsys.readouterr().out == "inner\n" * 4
    # outer before the call (mul), inner before print (linear, relu), inner after
    # (linear, sigmoid), outer after the call (add): four graphs, six ops, nothing eager
    assert (s.graphs, s.ops, s.frames, s.compiles) == (4, 6, 4, 1), s
    assert not s.fallbacks and len(s.graph_breaks) == 2, s


def test_the_break_two_calls_deep_compiles_every_level():
    s = _run(Outer(Middle()))
    # outer: mul | middle: mul | inner: linear relu | inner: linear sigmoid | middle: sub |
    # outer: add
    assert (s.graphs, s.ops) == (6, 8), s
    assert not s.fallbacks, s


def test_a_submodule_with_hooks_at_a_break_runs_through_its_call_path():
    def make():
        model = Outer(Inner())
        model.inner.register_forward_pre_hook(lambda m, args: (args[0] * 10,))
        model.inner.register_forward_hook(lambda m, args, out: out + 100)
        return model

    s = _run(make())
    # its call path (hooks, then forward) splits at the call of the module itself, which then
    # runs as Module.__call__ does: only the outer halves are graphs
    assert (s.graphs, s.ops) == (2, 2) and not s.fallbacks, s


def test_a_bound_method_with_a_break_is_compiled_as_its_own_frame():
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(4, 4)

        def helper(self, x):
            y = self.lin(x)
            if y.sum() > 0:              # data-dependent: a break in the method
                y = y * 2
            return y.tanh()

        def forward(self, x):
            return self.helper(x + 1) * 3

    s = _run(M())
    assert s.graphs >= 4 and not s.fallbacks, s


def test_a_recursive_callee_reuses_its_frame_up_to_the_cache_limit():
    def rec(x, n):
        if n == 0:
            return x
        y = x + 1
        if y.sum() > 100:                # a break in every level
            y = y - 1
        return rec(y, n - 1) * 2

    def f(x, n):
        return rec(x, n) + 1

    compiled = compiler.compile(f)
    x = torch.ones(3)
    with compiler.config.patch(cache_limit=4):
        for n in (3, 10, 10):
            assert_same(compiled(x, n), f(x, n))
    s = compiler.stats(compiled)
    # rec is one frame: one entry per distinct n until the limit, then it runs eagerly
    assert s.cache_limit_hits >= 1, s
    assert s.frames < 40, s
