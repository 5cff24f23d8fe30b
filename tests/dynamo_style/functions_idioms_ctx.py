"""Context managers, generators and module idioms in the style of Dynamo's ctx-manager,
generator and module tests: autocast and grad-mode forms, user managers with state, generator
protocol corners, module containers, buffers written by batch norm, module attributes bumped.
"""

from __future__ import annotations

import contextlib
import itertools

import torch
import torch.nn.functional as F

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case

_DEPTH = {"now": 0}


class Depth:
    """A manager that counts its nesting in a global and hands out a tensor."""

    def __init__(self, t):
        self.t = t

    def __enter__(self):
        _DEPTH["now"] += 1
        return self.t * _DEPTH["now"]

    def __exit__(self, *exc):
        _DEPTH["now"] -= 1
        return False


class Counted(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.calls = 0

    def forward(self, x):
        self.calls += 1
        return self.lin(x) * self.calls


def _module_list_and_input():
    torch.manual_seed(0)
    layers = torch.nn.ModuleList([torch.nn.Linear(4, 4) for _ in range(3)])
    return layers, randn(0, (2, 4))


def _batch_norm_and_input():
    torch.manual_seed(0)
    return torch.nn.BatchNorm1d(4), randn(0, (5, 4))


def _counted_and_input():
    torch.manual_seed(0)
    return Counted(), randn(0, (2, 4))


def _sequential_and_input():
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 4),
                              torch.nn.Dropout(0.5))
    net.eval()
    return net, randn(0, (2, 4))


@case()
def autocast_bf16_matmul(a, b):
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        y = torch.mm(a, b.T)
        z = y + 1
    return y.dtype, z.dtype, z.float()


@case()
def autocast_decorated_helper(a, b):
    @torch.autocast("cpu")
    def project(x, y):
        return x @ y.T

    out = project(a, b)
    return out.dtype, out.float(), (a @ b.T).dtype


@case()
def autocast_float32_ops_stay_float32(a, b):
    with torch.autocast("cpu"):
        s = torch.softmax(a @ b.T, dim=-1)
        n = F.layer_norm(a, (4,))
    return s.dtype, n.dtype, s.float().sum()


@case()
def no_grad_bare_decorator(a, b):
    @torch.no_grad
    def frozen(x):
        return x * 2

    return frozen(a.requires_grad_()).requires_grad, b


@case()
def set_grad_enabled_decorator(a, b):
    @torch.set_grad_enabled(False)
    def off(x):
        return x + 1

    return off(a).requires_grad, torch.is_grad_enabled()


@case()
def user_manager_with_global_state(a, b):
    with Depth(a) as first:
        with Depth(b) as second:
            inner = _DEPTH["now"]
    return first + second, inner, _DEPTH["now"]


@case()
def nullcontext_with_value_and_exitstack(a, b):
    with contextlib.nullcontext(a) as t:
        y = t * 2
    log = []
    with contextlib.ExitStack() as stack:
        stack.callback(log.append, "closed")
        y = y + b
    return y, log


@case()
def generator_stopiteration_value(a, b):
    def produce():
        yield a
        return 7

    it = produce()
    first = next(it)
    try:
        next(it)
        value = None
    except StopIteration as stop:
        value = stop.value
    return first, value


@case()
def iter_with_sentinel(a, b):
    values = iter([3, 2, 1, 0, 5])
    taken = list(iter(lambda: next(values), 0))
    return taken, a * sum(taken)


@case()
def generator_in_dict_comprehension(a, b):
    def pairs():
        for i, t in enumerate((a, b)):
            yield f"t{i}", t * (i + 1)

    return {k: v for k, v in pairs()}


@case()
def itertools_tee_and_chain_from_iterable(a, b):
    left, right = itertools.tee([1, 2, 3])
    flat = list(itertools.chain.from_iterable([[a], [b, a]]))
    return list(left), sum(right), torch.stack(flat).sum(0)


@case(_module_list_and_input)
def module_list_slice_and_negative_index(layers, x):
    h = x
    for layer in layers[:-1]:
        h = torch.relu(layer(h))
    return layers[-1](h), len(layers[1:]), type(layers[1:]).__name__


@case(_batch_norm_and_input)
def batch_norm_training_updates_buffers(bn, x):
    y = bn(x)
    return y, bn.running_mean.clone(), bn.num_batches_tracked.clone()


@case(_counted_and_input)
def module_attribute_bumped_per_call(m, x):
    first = m(x)
    second = m(x)
    return first, second, m.calls


@case(_sequential_and_input)
def sequential_slice_and_eval_dropout(net, x):
    head = net[:2]
    return head(x), net(x), len(head), net.training, [n for n, _ in net.named_children()]


@case(_sequential_and_input)
def state_dict_keys_and_buffers(net, x):
    keys = list(net.state_dict().keys())
    shapes = [p.shape for p in net.parameters()]
    return keys, shapes, net(x).shape, len(list(net.buffers()))


@case()
def dropout_functional_not_training(a, b):
    return F.dropout(a, p=0.5, training=False), torch.nn.functional.relu6(b)
