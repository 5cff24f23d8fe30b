"""torch.func.functional_call in compiled code (compiler/values/functional_call.py): the module
called with given tensors in place of its parameters and buffers, put back after. Compared
with eager on each call: the given dict's keys and the module's layout (tied weights) are
guarded; what the overlay cannot model exactly (a table read directly, a listing whose sharing
the replacement changes, a forward assigning a replaced buffer, one module by two paths, an
RNN's own copy of its weights) is refused under fullgraph and matches eager otherwise."""

from __future__ import annotations

import pytest
import torch
from torch import nn
from torch.func import functional_call, grad

import compiler
from tests.differential import assert_same, check_same, one_graph


def _x(seed=0, shape=(3, 4)):
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed))


def _seeded(make):
    with torch.random.fork_rng():
        torch.manual_seed(0)
        return make()


class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(4, 4, bias=False)
        self.head = nn.Linear(4, 4, bias=False)

    def forward(self, x):
        return self.head(self.embed(x)), len(list(self.parameters()))


class ReadsTable(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(4))

    def forward(self, x):
        return x * self._parameters["w"]


class CountsInBuffer(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(()))

    def forward(self, x):
        self.count = self.count + 1
        return x + self.count


class Twice(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = self.a

    def forward(self, x):
        return self.b(self.a(x))


def test_given_keys_are_guarded_across_calls():
    lin = _seeded(lambda: nn.Linear(4, 3))

    def f(x, params):
        return functional_call(lin, params, (x,))

    compiled = compiler.compile(f, fullgraph=True)
    calls = [{"weight": torch.ones(3, 4)}, {"weight": torch.ones(3, 4), "bias": torch.ones(3)},
             {"bias": torch.zeros(3)}, {"weight": torch.full((3, 4), 2.0)}]
    for params in calls:
        assert_same(compiled(_x(), params), f(_x(), params))
    assert len(compiler.stats(compiled).recompiles) == 2


def test_tying_weights_between_calls_recompiles():
    m = _seeded(Tied)

    def f(x):
        return functional_call(m, {"embed.weight": torch.eye(4) * 2}, (x,))[0]

    compiled = compiler.compile(f, fullgraph=True)
    assert_same(compiled(_x()), f(_x()))
    m.head.weight = m.embed.weight  # now the given tensor replaces both
    assert_same(compiled(_x()), f(_x()))
    m.head.weight = nn.Parameter(torch.ones(4, 4))  # untied again: the first trace's layout
    assert_same(compiled(_x()), f(_x()))
    assert len(compiler.stats(compiled).recompiles) == 1


def test_parameters_listing_sees_the_replacement():
    m = _seeded(Tied)
    m.head.weight = m.embed.weight

    def tied(x):
        return functional_call(m, {"embed.weight": torch.eye(4)}, (x,))

    one_graph(check_same(tied, _x()))
    compiler.reset()

    def untied(x):  # only embed's name is replaced: the listing gives two tensors
        return functional_call(m, {"embed.weight": torch.eye(4)}, (x,), tie_weights=False)

    _refused_then_same(untied, _x())


def _refused_then_same(fn, *args):
    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(*args)
    compiler.reset()
    check_same(fn, *args, fullgraph=False)
    compiler.reset()


def test_reading_the_table_directly_is_refused():
    m = ReadsTable()
    _refused_then_same(lambda x: functional_call(m, {"w": x[0]}, (x,)), _x())
    one_graph(check_same(lambda x: m(x), _x()))  # without a replacement it is read as usual


def test_forward_assigning_a_replaced_buffer_is_refused():
    m = CountsInBuffer()

    def f(x, buffers):
        return functional_call(m, buffers, (x,)), buffers["count"], m.count

    _refused_then_same(f, _x(), {"count": torch.tensor(5.0)})
    assert_same(m.count, torch.zeros(()))  # neither side kept the replacement's count


def test_one_module_by_two_paths_is_refused():
    m = _seeded(Twice)
    _refused_then_same(lambda x: functional_call(m, {"a.bias": x[0]}, (x,)), _x())


def test_rnn_is_refused_or_exact():
    rnn = _seeded(lambda: nn.RNN(4, 3))
    zeros = {k: torch.zeros_like(v) for k, v in rnn.named_parameters()}

    def f(x):
        return functional_call(rnn, zeros, (x,))[0], rnn(x)[0]

    try:
        actual = compiler.compile(f, fullgraph=True)(_x())
    except compiler.Unsupported:
        actual = compiler.compile(f)(_x())
    assert_same(actual, f(_x()))


def test_graph_break_inside_the_replaced_call_matches_eager():
    class Talks(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(4, 4)

        def forward(self, x):
            print("weight sum", round(float(self.lin.weight.sum()), 3))
            return self.lin(x)

    m = _seeded(Talks)

    def f(x):
        out = functional_call(m, {"lin.weight": torch.eye(4)}, (x,))
        return out, m(x)

    check_same(f, _x(), fullgraph=False)


def test_nested_replacements_put_back_in_order():
    lin = _seeded(lambda: nn.Linear(4, 4))

    class Outer(nn.Module):
        def __init__(self):
            super().__init__()
            self.inner = lin

        def forward(self, x):
            first = self.inner(x)
            again = functional_call(self.inner, {"weight": torch.eye(4) * 3}, (x,))
            return first, again, self.inner(x)

    outer = Outer()

    def f(x):
        return functional_call(outer, {"inner.weight": torch.eye(4)}, (x,)), outer(x)

    one_graph(check_same(f, _x()))


def test_grad_through_functional_call_with_hooks_and_multiple_calls():
    lin = _seeded(lambda: nn.Linear(4, 2))
    handle = lin.register_forward_hook(lambda mod, args, out: out * 2)

    def f(x, params):
        return grad(lambda p: functional_call(lin, p, (x,)).sum())(params)

    params = {k: v.detach() for k, v in lin.named_parameters()}
    compiled = compiler.compile(f, fullgraph=True)
    assert_same(compiled(_x(), params), f(_x(), params))
    handle.remove()
    assert_same(compiled(_x(), params), f(_x(), params))
    assert len(compiler.stats(compiled).recompiles) == 1


def test_parameter_changed_in_place_between_calls_is_read_fresh():
    lin = _seeded(lambda: nn.Linear(4, 2))

    def f(x):
        return functional_call(lin, {"weight": torch.ones(2, 4)}, (x,))

    compiled = compiler.compile(f, fullgraph=True)
    assert_same(compiled(_x()), f(_x()))
    with torch.no_grad():
        lin.bias.add_(5.0)
    assert_same(compiled(_x()), f(_x()))
    lin.bias = nn.Parameter(torch.full((2,), -1.0))
    assert_same(compiled(_x()), f(_x()))


class Hyper(nn.Module):
    """A hypernetwork: one module makes the weights another is called with."""

    def __init__(self):
        super().__init__()
        self.maker = nn.Linear(4, 12)
        self.target = nn.Linear(4, 3)

    def forward(self, x):
        flat = self.maker(x.mean(0))
        weights = {"weight": flat.reshape(3, 4), "bias": torch.zeros(3)}
        return functional_call(self.target, weights, (x,)), self.target(x)


def test_compiled_module_calling_functional_call_on_a_child():
    m = _seeded(Hyper)
    compiled = compiler.compile(m, fullgraph=True)
    for seed in range(3):
        assert_same(compiled(_x(seed)), m(_x(seed)))
    with torch.no_grad():
        m.target.bias.fill_(1.0)
    assert_same(compiled(_x(5)), m(_x(5)))
    out, _ = compiled(_x(6))
    out.sum().backward()  # the made weights carry the maker's gradient
    assert m.maker.weight.grad is not None and m.target.weight.grad is None


class AssignsThenRaises(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("count", torch.zeros(()))

    def forward(self, x):
        self.count = self.count + 1
        raise ValueError("after the assignment")


def test_assigned_replaced_buffer_then_raise_puts_the_module_back():
    def f(x, m, buffers):
        try:
            functional_call(m, buffers, (x,))
        except ValueError:
            pass
        return x + m.count, buffers["count"]

    m = AssignsThenRaises()
    _refused_then_same(f, _x(), m, {"count": torch.tensor(5.0)})
    actual = compiler.compile(f)(_x(), m, {"count": torch.tensor(5.0)})
    assert_same(actual, f(_x(), AssignsThenRaises(), {"count": torch.tensor(5.0)}))
    assert_same(m.count, torch.zeros(()))
