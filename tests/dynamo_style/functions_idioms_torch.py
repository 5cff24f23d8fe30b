"""torch idioms of everyday model code: torch.Size and tensor attribute probes, in-place ops on
inputs, grad-mode forms (function, decorator, flag), tensors made to require grad in the
function, parameters and modules used and built, random numbers under a fixed seed, numpy scalars.
"""

from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _leaf():
    return randn(0, (3, 4)).requires_grad_(), randn(1, (3, 4))


def _net_and_input():
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(4, 6), torch.nn.ReLU(), torch.nn.Linear(6, 2))
    return net, randn(0, (3, 4))


def _module_dict_and_input():
    torch.manual_seed(0)
    blocks = torch.nn.ModuleDict({"up": torch.nn.Linear(4, 8), "down": torch.nn.Linear(8, 4)})
    return blocks, randn(0, (2, 4))


class Gain(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k
        self.register_buffer("offset", torch.full((4,), 0.5))

    def forward(self, x):
        return x * self.k + self.offset


class Holder:
    @torch.no_grad()
    def frozen(self, x):
        return x * 2


@case()
def torch_size_concat_slice_count(a, b):
    s = a.shape + torch.Size([5])
    return (s, s[1:], s.numel(), s.count(4), s.index(5), a.shape == (3, 4),
            torch.Size([3, 4]) == a.size(), type(s[:2]).__name__)


@case()
def tensor_attribute_probes(a, b):
    t = a.t()
    return (a.is_leaf, a.requires_grad, a.ndim, a.dim(), a.numel(), a.stride(), t.stride(),
            a.is_contiguous(), t.is_contiguous(), a.storage_offset(), a[1].storage_offset(),
            a.element_size(), a.is_floating_point(), a.is_complex(), a.itemsize, a.nbytes)


@case(_leaf)
def leaf_and_requires_grad_probes(a, b):
    y = a * 2
    return a.is_leaf, y.is_leaf, y.requires_grad, b.requires_grad, a.detach().is_leaf, y.sum()


@case()
def dtype_and_device_probes(a, b):
    d = a.to(torch.float64)
    return (d.dtype.is_floating_point, d.dtype.itemsize, torch.int32.is_signed,
            torch.promote_types(torch.int32, torch.float16), a.device.type, a.is_cpu,
            a.device == torch.device("cpu"), str(d.dtype), d.sum())


@case()
def size_with_negative_and_keyword_dims(a, b):
    return a.size(-1), a.size(dim=0), a.shape[-2:], a.new_zeros(a.shape[::-1]), a.flatten(-2)


@case()
def inplace_chain_on_input(a, b):
    a.add_(1).mul_(2)
    b.clamp_(min=0)
    return a.sum(), b


@case()
def inplace_on_input_row_and_column(a, b):
    a[0] += 1
    a[:, 1].zero_()
    b.masked_fill_(b > 0, 0.0)
    return a, b.sum()


@case()
def out_argument_into_fresh_buffer(a, b):
    buf = torch.empty(3, 4)
    torch.add(a, b, out=buf)
    torch.mul(buf, 2, out=buf)
    return buf


@case()
def requires_grad_on_made_tensor(a, b):
    w = torch.ones(4).requires_grad_()
    y = a * w
    return y.requires_grad, w.requires_grad, w.is_leaf, y.detach()


@case()
def requires_grad_made_then_no_grad_use(a, b):
    w = (a * 2).detach().requires_grad_(True)
    with torch.no_grad():
        frozen = w + b
    return frozen.requires_grad, (w * b).requires_grad, frozen


@case()
def no_grad_function_form(a, b):
    def double(x):
        return x * 2

    return torch.no_grad()(double)(a), torch.is_grad_enabled(), b


@case(_leaf)
def grad_decorated_method_of_made_object(a, b):
    y = Holder().frozen(a)
    return y.requires_grad, y


@case(_leaf)
def set_grad_enabled_called_as_function(a, b):
    before = torch.is_grad_enabled()
    torch.set_grad_enabled(False)
    x = a * 2
    torch.set_grad_enabled(before)
    y = a * 3
    return x.requires_grad, y.requires_grad, torch.is_grad_enabled(), x + y


@case(_leaf)
def enable_grad_decorated_helper_under_no_grad(a, b):
    @torch.enable_grad()
    def helper(x):
        return x * 2

    with torch.no_grad():
        y = helper(a)
        z = a * 2
    return y.requires_grad, z.requires_grad, y + z


@case(breaks=True)  # manual_seed changes global state: refused, so that it runs on every call
def manual_seed_then_rand(a, b):
    torch.manual_seed(3)
    r = torch.rand(3, 4)
    n = torch.randn(4)
    return a + r, n


@case()
def numpy_scalar_kinds(a, b):
    s = np.float32(0.25)
    k = np.int64(3)
    return a * s + b * k, a * np.float64(2.0)


@case()
def parameter_made_then_probed(a, b):
    p = torch.nn.Parameter(torch.zeros(4) + 1.5)
    q = torch.nn.Parameter(torch.ones(4), requires_grad=False)
    return (a * p + q).detach(), p.requires_grad, q.requires_grad, p.is_leaf


@case(_net_and_input)
def sequential_index_len_and_iteration(net, x):
    h = x
    kinds = []
    for layer in net:
        h = layer(h)
        kinds.append(type(layer).__name__)
    return h, len(net), net[0].out_features, kinds, net[-1].bias.shape


@case(_module_dict_and_input)
def module_dict_items_and_attributes(blocks, x):
    h = x
    for name, layer in blocks.items():
        h = layer(h) if name != "down" or h.shape[-1] == 8 else h
    return h, list(blocks.keys()), "up" in blocks, blocks["up"].weight.shape


@case(_net_and_input)
def named_parameters_sum_and_training_flag(net, x):
    total = sum(p.sum() for name, p in net.named_parameters() if "weight" in name)
    count = sum(p.numel() for p in net.parameters())
    return net(x) * total, count, net.training, len(list(net.children()))


@case()
def user_module_built_in_trace_with_buffer(a, b):
    g = Gain(3.0)
    return g(a), g.k, g.offset.shape, isinstance(g, torch.nn.Module)


@case()
def functional_with_shape_derived_args(a, b):
    normed = F.layer_norm(a, a.shape[-1:])
    padded = F.pad(b, (1, 1))
    return normed, padded.shape, F.softmax(a, dim=-1).sum(-1)


@case()
def where_and_clamp_with_scalars_and_tensors(a, b):
    return torch.where(a > 0, a, 0.0), torch.clamp(a, min=b), a.clamp(-0.5, 0.5), b.clip(max=0)


@case()
def new_tensor_constructors(a, b):
    return (a.new_full((2,), 7.0), a.new_ones(3), a.new_tensor([1.0, 2.0]),
            torch.zeros_like(a, dtype=torch.int64), torch.full_like(b, 2).dtype)


@case()
def to_and_type_as_conversions(a, b):
    i = a.to(torch.int32)
    return i.type_as(b) + b, a.to(b), a.double().dtype, i.float().dtype, a.half().dtype


@case()
def einsum_matmul_permute_star_dims(a, b):
    dims = (1, 0)
    return (torch.einsum("ij,kj->ik", a, b), a @ b.T, a.permute(*dims), a.mT, b.transpose(0, 1))


@case()
def stack_cat_split_unbind(a, b):
    rows = torch.stack([r * i for i, r in enumerate(a.unbind(0))])
    left, right = torch.split(b, [1, 3], dim=1)
    return torch.cat([rows, b], dim=-1), left.shape, right.sum(), len(a.unbind(1))


@case()
def finfo_eps_in_arithmetic(a, b):
    eps = torch.finfo(a.dtype).eps
    tiny = torch.finfo(torch.float16).tiny
    return a / (b.abs() + eps), eps > 0, tiny, torch.iinfo(torch.int8).max


@case()
def arange_from_shape_and_float_steps(a, b):
    n = a.shape[1]
    return torch.arange(n) * a, torch.arange(0.0, 1.0, 0.25), torch.linspace(0, n, 3)


@case()
def detach_clone_probes_on_leaf(a, b):
    c = a.clone()
    d = a.detach()
    return c.is_leaf, d.requires_grad, c is a, d is a, d.shape == c.shape, c.sum() + d.sum()
