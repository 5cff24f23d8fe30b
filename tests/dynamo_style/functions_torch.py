"""numpy interop, torch.Size/dtype/device/finfo, tensor methods and attributes, grad mode,
isinstance/type/hasattr/getattr probes, global and nonlocal writes, inplace ops on inputs.
"""

from __future__ import annotations

import math

import numpy as np
import torch
import torch.nn.functional as F

from tests.conformance.registry import randint, randn
from tests.dynamo_style.registry import case

_COUNTER = 0
_SCALE = 2.5
_TABLE = {"gain": 3.0}


def _vector():
    return randn(0, (6,)), randn(1, (6,))


def _int_and_float():
    return randint(0, (3, 4)), randn(1, (3, 4))


def _leaf():
    return randn(0, (3, 4)).requires_grad_(), randn(1, (3, 4))


@case()
def numpy_roundtrip_ops(a, b):
    x = a.numpy()
    y = np.tanh(x) + np.square(x)
    return torch.from_numpy(y) * b


@case()
def numpy_reductions_and_shape(a, b):
    x = b.numpy()
    return torch.as_tensor(x.max(axis=0) - np.min(x, axis=1).mean()), x.shape, x.ndim


@case()
def numpy_constant_array_with_tensor(a, b):
    w = np.arange(4, dtype=np.float32)
    z = np.zeros((3, 4)) + np.ones(4) * 2
    return a * torch.from_numpy(w), torch.from_numpy(z) - b, np.linspace(0, 1, 3)


@case()
def numpy_dtype_of_array_passed_on(a, b):
    x = a.numpy()
    return torch.from_numpy(x + np.ones(x.shape[1], dtype=x.dtype)), np.full((2,), 3, x.dtype)


@case()
def numpy_scalar_constructor(a, b):
    return a * np.float32(0.5) + b


@case()
def numpy_math_constants(a, b):
    return a * np.pi + b * math.e, math.sqrt(16) + math.floor(2.7), math.isclose(0.1 + 0.2, 0.3)


@case()
def torch_size_operations(a, b):
    s = a.shape
    t = s[:1] + (7,)
    return (torch.zeros(t), s.numel(), isinstance(s, torch.Size), len(s), s == (3, 4),
            tuple(s), list(reversed(s)), s[-1])


@case()
def torch_size_built(a, b):
    s = torch.Size([2, a.shape[1]])
    return a.new_ones(s) + 1, s, type(s).__name__


@case()
def dtype_probes(a, b):
    dt = a.dtype
    return (a.to(torch.float64) if dt.is_floating_point else a, dt == torch.float32,
            dt.itemsize, str(dt), torch.promote_types(dt, torch.int64), dt.is_complex)


@case(_int_and_float)
def dtype_promotion_mixed(i, f):
    out = i + f
    return out, out.dtype, (i * 2).dtype, torch.result_type(i, 2.0)


@case()
def device_probes(a, b):
    d = a.device
    return (torch.ones(2, device=d), d.type, str(d), d == torch.device("cpu"), a.is_cpu,
            a.is_cuda)


@case()
def finfo_iinfo(a, b):
    fi = torch.finfo(a.dtype)
    ii = torch.iinfo(torch.int32)
    return a.clamp(min=fi.min, max=fi.max) + fi.eps, fi.bits, ii.max, fi.tiny > 0


@case()
def tensor_attributes(a, b):
    return (a.ndim, a.dim(), a.numel(), a.size(1), a.size(), a.stride(), a.is_contiguous(),
            a.requires_grad, a.is_leaf, a.T.is_contiguous(), a.element_size(), a.layout,
            a.is_floating_point(), a.grad is None)


@case()
def tensor_methods_chain(a, b):
    return (a.view(-1).unsqueeze(0).expand(2, 12).contiguous().reshape(4, 6).t()
            .flip(0).roll(1, 1).clamp_min(0).sum(dim=1, keepdim=True))


@case()
def tensor_indexing_kinds(a, b):
    return (a[0], a[:, 1:3], a[..., -1], a[None, 1], a[[0, 2]], a[:, torch.tensor([3, 0])],
            a[1:, ::2])


@case()
def tensor_setitem_on_clone(a, b):
    c = a.clone()
    c[0] = 1.0
    c[:, 2] = b[:, 2]
    c[1, 1:3] += 5
    return c


@case()
def inplace_on_input(a, b):
    a.add_(1).mul_(b)
    b.zero_()
    return a.sum()


@case()
def inplace_on_view_of_input(a, b):
    row = a[1]
    row.fill_(3.0)
    a.t()[0].clamp_(max=0.0)
    return a * b


@case()
def out_of_place_aliases_returned(a, b):
    return a, a.view(12), b.detach(), a[0]


@case()
def no_grad_block(a, b):
    w = a.clone().requires_grad_()
    with torch.no_grad():
        y = w * 2
    z = w * 3
    return y.requires_grad, z.requires_grad, torch.is_grad_enabled(), y.detach() + z.detach()


@case(_leaf)
def enable_grad_inside_no_grad(a, b):
    with torch.no_grad():
        x = a * 2
        with torch.enable_grad():
            y = a * 3
    return x.requires_grad, y.requires_grad, (x + y).sum()


@case(_leaf)
def set_grad_enabled_flag(a, b):
    with torch.set_grad_enabled(False):
        x = a + b
    return x, x.requires_grad


@case()
def no_grad_decorated_helper(a, b):
    @torch.no_grad()
    def helper(x):
        return x * 2

    return helper(a.requires_grad_()).requires_grad, helper(b)


@case()
def inference_mode_probe(a, b):
    return torch.is_inference_mode_enabled(), a + b


@case()
def isinstance_probes_on_torch(a, b):
    return (isinstance(a, torch.Tensor), isinstance(a.shape, tuple), isinstance(a.dtype,
            torch.dtype), isinstance(a, torch.nn.Parameter), isinstance(3, torch.Tensor))


@case()
def hasattr_probes_on_torch(a, b):
    return (hasattr(a, "shape"), hasattr(a, "nope"), hasattr(a.shape, "numel"),
            hasattr(torch, "relu"), hasattr(F, "not_a_function"), hasattr([a], "shape"),
            hasattr({"k": a}, "keys"), a)


@case()
def getattr_probes_on_torch(a, b):
    fn = getattr(torch, "sigmoid")  # noqa: B009 - the builtin is the probe
    act = getattr(F, "silu", None)
    return fn(a) + act(b), getattr(a, "missing_attr", "default"), getattr(a, "T").shape  # noqa: B009


@case()
def type_probes_on_torch(a, b):
    return (type(a) is torch.Tensor, type(a.shape) is torch.Size, type(a.dtype).__name__,
            a.__class__.__name__, type(a.size(0)) is int)


@case()
def global_write_counter(a, b):
    global _COUNTER
    _COUNTER = 0
    for _ in range(a.shape[0]):
        _COUNTER += 1
    return a * _COUNTER


@case()
def global_read_scale_and_table(a, b):
    return a * _SCALE + b * _TABLE["gain"]


@case()
def global_dict_mutated(a, b):
    _TABLE["last"] = a.shape[0]
    out = b * _TABLE["last"]
    del _TABLE["last"]
    return out


@case()
def nonlocal_list_and_scalar(a, b):
    seen = []
    total = 0

    def visit(t):
        nonlocal total
        seen.append(t.shape[0])
        total += t.numel()
        return t.abs()

    return visit(a) + visit(b), seen, total


@case()
def torch_functions_mix(a, b):
    return (torch.cat([a, b], dim=0), torch.stack([a, b]).mean(0), torch.where(a > 0, a, b),
            torch.matmul(a, b.t()), torch.einsum("ij,kj->ik", a, b), torch.softmax(a, -1))


@case()
def functional_ops(a, b):
    return (F.relu(a), F.gelu(b), F.layer_norm(a, (4,)), F.linear(a, b), F.dropout(a, 0.5,
            training=False), F.pad(a, (1, 1)))


@case()
def tensor_split_and_chunk(a, b):
    parts = a.chunk(2, dim=1)
    first, second = torch.split(b, [1, 2])
    return [p.sum() for p in parts], first * 2, second.shape, len(a.unbind(0))


@case()
def tensor_creation_like(a, b):
    return (torch.zeros_like(a), torch.ones_like(b, dtype=torch.int64), torch.full_like(a, 7),
            a.new_zeros(2, 3), a.new_tensor([1.0, 2.0]), torch.empty_like(a).fill_(1.0),
            torch.arange(a.shape[0]), torch.linspace(0, 1, 5), torch.eye(3))


@case()
def tensor_type_conversions(a, b):
    return (a.int(), a.long().float(), a.to(torch.float16), a.double().dtype, a.bool(),
            a.type(torch.float64), a.half().dtype)


@case(_vector)
def tensor_comparisons_and_logic(a, b):
    return (a > b, (a > 0) & (b < 0), torch.logical_or(a > 1, b > 1), a.eq(b), a.argmax(),
            torch.maximum(a, b), torch.isclose(a, a))


@case(_vector)
def tensor_python_scalar_args(a, b):
    k = a.shape[0] // 2
    return a.topk(k).values, a.kthvalue(2).values, torch.sort(b, descending=True)[0], a.cumsum(0)


@case(_vector, breaks=True)
def item_used_in_python(a, b):
    if a.sum().item() > 0:
        return a
    return b


@case(breaks=True)
def tolist_used_in_python(a, b):
    return [x * 2 for x in a[0].tolist()]


@case(breaks=True)
def bool_of_tensor_branch(a, b):
    if (a > 100).any():
        return a
    return b


@case()
def parameter_made_and_used(a, b):
    p = torch.nn.Parameter(torch.ones(4))
    return a * p, isinstance(p, torch.Tensor), p.requires_grad


@case()
def tensor_repr_free_probes(a, b):
    return a.shape[0] * a.shape[1] == a.numel(), a.dtype in (torch.float32, torch.float64), b


@case()
def torch_get_default_dtype(a, b):
    return torch.tensor([1.5]).dtype is torch.get_default_dtype(), torch.is_tensor(a), a


@case()
def tensor_iteration_rows(a, b):
    return [row * i for i, row in enumerate(a)]


@case()
def tensor_len_and_shape_unpack(a, b):
    rows, cols = a.shape
    return len(a) + rows, a.reshape(cols, rows)


@case(_leaf)
def backward_inside_compiled(a, b):
    loss = (a * b).sum()
    loss.backward()
    return a.grad, loss.detach()


@case(_leaf)
def grad_fn_and_detach_probes(a, b):
    y = a * 2
    return y.grad_fn is not None, y.detach().requires_grad, y.requires_grad, b.grad_fn is None


@case()
def dunder_methods_on_tensor(a, b):
    return a.__add__(b), a.__mul__(2), b.__neg__(), a.__getitem__(0), a.__len__()


@case()
def python_math_on_sizes(a, b):
    n = a.shape[1]
    return a * math.log2(n) + math.ceil(n / 3), n ** 2, n // 3, -n % 5, float(n) / 3


@case()
def min_max_builtin_over_sizes(a, b):
    return max(a.shape), min(b.size()), sum(a.shape), a.view(max(a.shape), -1)
