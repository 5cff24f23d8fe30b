"""Multi-call probes for tensors, torch functions and nn.Module objects: the compiled function
or module is called several times while sizes, dtypes, requires_grad, a module's members,
flags or hooks change between calls; every call must agree with eager (a stale trace is a
wrong answer), and a change that matters recompiles while a repeat call does not.
"""

from __future__ import annotations

import copy

import torch
from torch import nn

import compiler
from tests.differential import assert_same, compiler_test_config  # noqa: F401


def _agree(fn, make_args, changes, fullgraph=True):
    """Eager and compiled on twin states: `make_args()` gives (eager_args, compiled_args), each
    change is applied to both sides before the next call."""
    compiled = compiler.compile(fn, fullgraph=fullgraph)
    for change in [None, *changes]:
        if change is not None:
            change()
        eager_args, compiled_args = make_args()
        assert_same(compiled(*compiled_args), fn(*eager_args))
        assert_same(compiled_args, eager_args, "args")
    return compiler.stats(compiled)


def _twins(module: nn.Module) -> tuple[nn.Module, nn.Module]:
    return module, copy.deepcopy(module)


class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.a = nn.Linear(2, 2)
        self.b = self.a
        self.c = nn.Linear(2, 2)
        self.register_buffer("scale", torch.ones(2))


def _listings(m, x):
    return (len(list(m.children())), [n for n, _ in m.named_children()],
            len(list(m.parameters(recurse=False))), [n for n, _ in m.named_parameters("p")],
            [n for n, _ in m.named_parameters(remove_duplicate=False)],
            [n for n, _ in m.named_modules(prefix="root")],
            [n for n, _ in m.named_modules(remove_duplicate=False)],
            [n for n, _ in m.named_buffers(recurse=False)],
            sum(p.sum() for p in m.parameters()) * x)


def test_member_listings_take_their_arguments_and_drop_shared_members():
    pair = _twins(Tied())
    stats = _agree(_listings, lambda: [(m, torch.ones(2)) for m in pair], [])
    assert stats.compiles == 1


def test_member_listing_is_a_generator_used_once():
    def fn(m, x):
        params = m.parameters()
        first = next(params)
        rest = [p.shape for p in params]
        again = [p.shape for p in params]
        return first * x, rest, again

    pair = _twins(Tied())
    _agree(fn, lambda: [(m, torch.ones(2)) for m in pair], [])


def test_parameter_registered_or_deleted_between_calls():
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.ones(3))

        def forward(self, x):
            return (x * sum(p.sum() for p in self.parameters()),
                    [n for n, _ in self.named_parameters()])

    eager, comp = _twins(Net())

    def register():
        for m in (eager, comp):
            m.register_parameter("v", nn.Parameter(torch.full((2,), 3.0)))

    def delete():
        for m in (eager, comp):
            del m.w

    def set_none():
        for m in (eager, comp):
            m.v = None

    stats = _agree(lambda m, x: m(x), lambda: [(m, torch.arange(3.0)) for m in (eager, comp)],
                   [register, delete, set_none, lambda: None])
    assert stats.compiles == 4


def test_tied_parameter_untied_between_calls():
    eager, comp = _twins(Tied())

    def untie():
        for m in (eager, comp):
            torch.manual_seed(1)
            m.b = nn.Linear(2, 2)

    def fn(m, x):
        return [n for n, _ in m.named_parameters()], sum(p.sum() for p in m.parameters()) * x

    stats = _agree(fn, lambda: [(m, torch.ones(2)) for m in (eager, comp)], [untie])
    assert stats.compiles == 2


def test_nested_buffer_added_between_calls():
    def build():
        torch.manual_seed(0)
        return nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.ReLU(), nn.Linear(2, 1)))

    eager, comp = build(), build()

    def add_buffer():
        for m in (eager, comp):
            m[1][1].register_buffer("count", torch.full((1,), 4.0))

    def fn(m, x):
        total = x.new_zeros(())
        for _, b in m.named_buffers():
            total = total + b.sum()
        return m(x) + total, len(list(m.modules()))

    stats = _agree(fn, lambda: [(m, torch.ones(1, 2)) for m in (eager, comp)],
                   [add_buffer, lambda: None])
    assert stats.compiles == 2


def test_data_of_parameters_updated_in_place_each_call():
    def step(m, x):
        loss = m(x).sum()
        for p in m.parameters():
            p.data.mul_(0.5)
            p.data.add_(p.data.sign())
        return loss, m.weight.data.requires_grad, m.weight.data.is_leaf

    torch.manual_seed(0)
    eager, comp = _twins(nn.Linear(3, 2))
    stats = _agree(step, lambda: [(m, torch.ones(1, 3)) for m in (eager, comp)],
                   [lambda: None, lambda: None])
    assert stats.compiles == 1


def test_data_aliases_the_tensor_and_is_a_new_object():
    def fn(x):
        d = x.data
        y = x * 2
        x.data.add_(1)  # autograd does not see it: y keeps its graph
        return d, y, d is x.data, x.data.requires_grad, x.requires_grad

    def args():
        return [(torch.arange(3.0).requires_grad_(),) for _ in range(2)]

    _agree(fn, args, [])


def test_data_refused_with_a_compiling_backend():
    import pytest

    def fn(x):
        return x.data * 2

    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True, backend="aot_eager")(torch.ones(2))


def test_torch_tensor_of_an_array_is_a_copy_in_its_layout():
    import numpy as np

    def fn(a):
        x = a.numpy()
        t = torch.tensor(x.T)
        u = torch.tensor(np.arange(3))
        t.add_(1)  # a copy: the input is untouched
        return t, t.stride(), u, u.dtype, torch.tensor(x[:, ::2]).stride()

    stats = _agree(fn, lambda: [(torch.arange(12.0).reshape(3, 4),) for _ in range(2)], [])
    assert stats.graphs == 1


def test_torch_tensor_of_0d_tensors_and_numbers():
    def fn(x, y):
        stats = torch.tensor([x.sum(), y.max(), 2])
        nested = torch.tensor([[x[0, 0], 1], [True, y[1, 1]]])
        ints = torch.tensor([x.long()[0, 0], y.int()[1, 1]])
        wide = torch.as_tensor((x.int()[0, 1], 1.5), dtype=torch.float64)
        return stats, nested, ints, wide, stats.requires_grad, stats.is_leaf

    def args():
        return [(torch.arange(12.0).reshape(3, 4).requires_grad_(), torch.ones(2, 2))
                for _ in range(2)]

    stats = _agree(fn, args, [])
    assert stats.graphs == 1


def test_torch_tensor_of_tensors_into_an_int_dtype_is_refused():
    import pytest

    def fn(x):
        return torch.tensor([x[0], 1], dtype=torch.int64)

    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(torch.ones(2))


def test_module_truth_and_own_container_dunders():
    class Stack(nn.Module):
        def __init__(self):
            super().__init__()
            torch.manual_seed(0)
            self.layers = nn.ModuleList([nn.Linear(3, 3), nn.ReLU()])
            self.extra = nn.Sequential()

        def __len__(self):
            return len(self.layers)

        def __getitem__(self, i):
            return self.layers[i]

        def __contains__(self, kind):
            return any(isinstance(m, kind) for m in self.layers)

        def forward(self, x):
            for i in range(len(self)):
                x = self[i](x)
            if self.extra:
                x = self.extra(x)
            return x, nn.ReLU in self, nn.Tanh in self, bool(self.layers)

    eager, comp = _twins(Stack())

    def grow():
        for m in (eager, comp):
            m.extra.append(nn.Tanh())
            m.layers.append(nn.Sigmoid())

    stats = _agree(lambda m, x: m(x), lambda: [(m, torch.ones(2, 3)) for m in (eager, comp)],
                   [grow, lambda: None])
    assert stats.compiles == 2


def _complex():
    return torch.complex(torch.ones(3), torch.arange(3.0))


def test_storage_offset_conj_and_view_state_of_inputs_are_guarded():
    def fn(x):
        return (x.storage_offset(), x[1:].storage_offset(), x._is_view(), x.is_shared(),
                x.contiguous()._is_view(), x * 2)

    calls = iter([lambda: torch.arange(10.0)[1:4], lambda: torch.arange(10.0)[2:5],
                  lambda: torch.arange(3.0), lambda: torch.arange(3.0).share_memory_()])
    made = []

    def args():
        make = made[-1]
        return [(make(),), (make(),)]

    def next_input():
        made.append(next(calls))

    next_input()
    stats = _agree(fn, args, [next_input, next_input, next_input])
    assert stats.compiles == 4


def test_conj_and_neg_bits_of_inputs_are_guarded():
    def fn(x):
        return (x.is_conj(), torch.is_conj(x), x.conj().is_conj(), x.imag.is_neg(),
                torch.Tensor.is_neg(x), x + 0)

    state = {"conj": False}

    def args():
        return [((_complex().conj() if state["conj"] else _complex()),) for _ in range(2)]

    def flip():
        state["conj"] = not state["conj"]

    stats = _agree(fn, args, [flip, flip])
    assert stats.compiles == 2


def test_is_set_to_is_refused():
    import pytest

    def fn(x, y):
        return x.is_set_to(y)

    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(torch.ones(2), torch.ones(2))


def test_nbytes_with_sizes_that_became_symbolic():
    def fn(x):
        return x.nbytes, x.itemsize, x.sum() / x.nbytes

    sizes = iter([2, 3, 4, 5])
    state = {"n": next(sizes)}

    def args():
        return [(torch.ones(state["n"], dtype=torch.float64)[1:],) for _ in range(2)]

    def grow():
        state["n"] = next(sizes)

    stats = _agree(fn, args, [grow, grow, grow])
    assert stats.compiles == 2


def test_parameter_generators_given_to_nn_utils():
    def fn(m, x):
        flat = nn.utils.parameters_to_vector(m.parameters())
        norm = nn.utils.clip_grad_norm_(m.parameters(), 0.1)
        rest = m.parameters()
        nn.utils.clip_grad_value_(rest, 0.05)
        return flat * x.sum(), norm, m.weight.grad * 1, list(rest)

    def with_grads():
        torch.manual_seed(0)
        m = nn.Linear(3, 2)
        for p in m.parameters():
            p.grad = torch.ones_like(p)
        return m

    eager, comp = with_grads(), with_grads()
    _agree(fn, lambda: [(m, torch.ones(2)) for m in (eager, comp)], [])


def test_vector_to_parameters_is_refused():
    import pytest

    def fn(m):
        nn.utils.vector_to_parameters(torch.arange(8.0), m.parameters())
        return m.weight * 1

    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(nn.Linear(3, 2))


def test_buffer_assigned_in_the_trace_is_listed_as_assigned():
    class Inner(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("total", torch.zeros(2))

    class Outer(nn.Module):
        def __init__(self):
            super().__init__()
            self.inner = Inner()

        def forward(self, x):
            self.inner.total = self.inner.total + x.sum(0)
            return [b * 1 for b in self.buffers()], dict(self.named_buffers())["inner.total"] + 0

    eager, comp = _twins(Outer())
    stats = _agree(lambda m, x: m(x), lambda: [(m, torch.ones(3, 2)) for m in (eager, comp)],
                   [lambda: None, lambda: None])
    assert stats.compiles == 1


def test_buffer_table_read_after_a_buffer_assignment_is_refused():
    import pytest

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("b", torch.zeros(2))

        def forward(self, x):
            self.b = self.b + x.sum(0)
            return self.state_dict()["b"] * 1

    with pytest.raises(compiler.Unsupported):
        compiler.compile(Net(), fullgraph=True)(torch.ones(3, 2))
    net = Net()  # without fullgraph: eager's answer
    assert_same(compiler.compile(copy.deepcopy(net))(torch.ones(3, 2)), net(torch.ones(3, 2)))


def test_module_dict_views_are_dict_views():
    def fn(d, x):
        for m in d.values():
            x = m(x)
        return (d.keys(), type(d.items()), [k for k, _ in d.items()], d.keys() == {"a", "b"},
                "a" in d.keys(), len(d.values()), x)

    def build():
        return nn.ModuleDict({"a": nn.ReLU(), "b": nn.Tanh()})

    eager, comp = build(), build()

    def grow():
        for d in (eager, comp):
            d["c"] = nn.Sigmoid()

    stats = _agree(fn, lambda: [(d, torch.ones(2)) for d in (eager, comp)], [grow])
    assert stats.compiles == 2
