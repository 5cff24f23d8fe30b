"""More conformance cases: tensor metadata, runtime queries, indexing, tensor ops, nn.functional."""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from tests.conformance.registry import case, randint, randn


def _seeded(module_factory):
    torch.manual_seed(0)
    return module_factory()


GLOBAL_LINEAR = _seeded(lambda: torch.nn.Linear(10, 4))
GLOBAL_MLP = _seeded(lambda: torch.nn.Sequential(
    torch.nn.Linear(10, 6), torch.nn.ReLU(), torch.nn.Linear(6, 3)))


@case()
def shape_last_dim_and_size(a, b):
    tail = a.size()[-2:]
    return a * a.shape[-1] + b * (a.size(0) * 2), tail, a.size(-1), b.shape[-2]


@case()
def torch_size_arithmetic(a, b):
    s = a.shape
    flags = (s + (3,), s[:1] * 2, torch.Size([10, 10]) == s, s < (11, 1), len(s + b.shape))
    return a.reshape(*s[::-1]) + b, flags, isinstance(s + (3,), torch.Size)


@case()
def new_factories_on_input(a, b):
    return (a.new_zeros(a.shape[0]), a.new_ones((2, 3)), a.new_full((2,), 3.0),
            a.new_tensor([1.0, 2.0]), a.long().new_zeros(2).dtype, a.new_empty(4).shape)


@case()
def like_factories(a, b):
    return (torch.zeros_like(a) + b, torch.ones_like(a, dtype=torch.int64),
            torch.full_like(b, 7.0), torch.empty_like(a).shape, torch.zeros_like(a[0]).dim())


@case()
def to_dtype_variants(a, b):
    return (a.to(torch.float64), a.double().dtype, b.to(a.long()).dtype,
            a.to(dtype=torch.int32), a.half().float(), a.to("cpu") is a, a.float() is a)


@case()
def type_as_and_result_dtype(a, b):
    i = (a * 4).int()
    return i.type_as(b), torch.result_type(i, b), torch.promote_types(torch.int32, torch.float16)


@case()
def transpose_contiguity(a, b):
    t = a.T
    c = t.contiguous()
    return c + b, t.is_contiguous(), c.is_contiguous(), t.stride(), c.stride(), a.stride(1)


@case()
def dim_numel_branching(a, b):
    if a.dim() == 2 and a.numel() == 100:
        out = a.flatten()[: b.numel() // 10]
    else:
        out = a
    return out, out.numel(), out.ndimension()


@case()
def dtype_equality_branch(a, b):
    out = a
    if a.dtype == torch.float32:
        out = out + b
    if a.dtype.is_floating_point and not b.long().dtype.is_floating_point:
        out = out * 2
    return out, a.dtype != torch.float64, str(a.long().dtype)


@case()
def device_type_queries(a, b):
    flags = (a.device.type == "cpu", a.device == torch.device("cpu"), a.is_cuda,
             str(b.device), a.get_device(), a.is_sparse)
    return a + b if flags[0] else a, flags


@case()
def torch_type_predicates(a, b):
    flags = (torch.is_tensor(a), torch.is_tensor(3), torch.is_floating_point(a.long()),
             torch.is_floating_point(b), torch.is_complex(a), a.is_floating_point())
    return a * sum(flags), flags


@case()
def default_dtype_and_grad_modes(a, b):
    with torch.no_grad():
        inside = torch.is_grad_enabled()
        with torch.enable_grad():
            nested = torch.is_grad_enabled()
    out = a.to(torch.get_default_dtype()) + b
    return out, inside, nested, torch.is_grad_enabled(), torch.get_default_dtype()


@case(lambda: (randn(0).requires_grad_(), randn(1)))
def enable_grad_inside_no_grad(a, b):
    with torch.no_grad():
        frozen = a * 2
        with torch.enable_grad():
            tracked = a * b
    return frozen, tracked, frozen.requires_grad, tracked.requires_grad


@case()
def inference_mode_query(a, b):
    before = torch.is_inference_mode_enabled()
    return a + b, before


@case()
def index_none_ellipsis_combo(a, b):
    return (a[None, :, ...], a[..., 0], a[:, None, 2], b[None, ..., None].shape,
            a[1, ..., None], a[..., -1:])


@case()
def fancy_index_lists(a, b):
    return a[:, [0, 2]], a[[1, 3], :], a[[0, 1], [2, 3]], b[[-1]], a[[[0], [1]], [2, 3]]


@case()
def index_with_constant_tensor(a, b):
    idx = torch.tensor([0, 1, 4])
    return a[idx], a[:, torch.arange(3)], b[idx, idx], a.index_select(1, idx)


@case()
def masked_fill_and_where_scalars(a, b):
    return (a.masked_fill(a > 0, 0), torch.where(a > 0, a, 0.0), torch.where(a > b, 1.0, -1.0),
            a.masked_fill(b < 0, float("-inf")).max(dim=1).values)


@case()
def inplace_on_clone(a, b):
    c = a.clone()
    c.add_(b)
    c.mul_(2)
    c[0] = 1
    c[:, 1] = b[:, 0]
    c[2:4, 5:] += 1
    return c, a


@case()
def mask_setitem_on_clone(a, b):
    c = a.clone()
    c[c > 0] = 0
    c[b < -1] = -1.0
    return c


@case()
def stack_cat_of_comprehensions(a, b):
    stacked = torch.stack([a * i for i in range(3)])
    catted = torch.cat([r for r in b.unbind(0)][:3])
    return stacked, catted, torch.stack([a, b], dim=-1).shape


@case()
def split_unpacking(a, b):
    x, y = torch.split(a, 5)
    p, q, r = b.split([2, 3, 5], dim=1)
    return x - y, p.sum(1) + q.sum(1) + r.sum(1), len(a.split(3))


@case()
def chunk_iteration(a, b):
    out = []
    for i, c in enumerate(torch.chunk(a, 3, dim=1)):
        out.append(c.sum(dim=1) * i)
    return out, [c.shape for c in b.chunk(4)]


@case()
def unbind_loop_accumulate(a, b):
    total = torch.zeros(10)
    for i, row in enumerate(b.unbind(0)):
        if i % 3 == 0:
            total = total + row * a[i]
    return total


@case()
def iterate_tensor_rows_directly(a, b):
    out = []
    for i, row in enumerate(a):
        if i >= 3:
            break
        out.append(row + b[i])
    return out, len(a)


@case()
def functional_norms_softmax(a, b):
    return (F.layer_norm(a, (10,)), F.softmax(a, dim=-1), F.log_softmax(b, dim=0), F.gelu(a),
            F.normalize(b, dim=1), F.silu(a), F.leaky_relu(b, 0.2))


@case(3)
def functional_linear_relu_dropout(a, b, c):
    h = F.relu(F.linear(a, b, c[0]))
    return F.dropout(h, p=0.5, training=False), F.hardtanh(h, 0.0, 1.0)


@case()
def global_linear_module(a, b):
    lin = GLOBAL_LINEAR
    return lin(a) + lin.bias, lin.weight.shape, lin.in_features, GLOBAL_LINEAR(b)


@case()
def global_sequential_module(a, b):
    n = sum(p.numel() for p in GLOBAL_MLP.parameters())
    return GLOBAL_MLP(a) * 2 + GLOBAL_MLP(b), n, len(GLOBAL_MLP)


@case()
def functional_losses(a, b):
    target = torch.arange(10) % 3
    return (F.mse_loss(a, b), F.l1_loss(a, b, reduction="sum"), F.cross_entropy(a, target),
            F.cosine_similarity(a, b, dim=1), F.smooth_l1_loss(a, b))


@case(lambda: (randint(0, low=0, high=5), randn(1)))
def functional_one_hot_embedding(a, b):
    return F.one_hot(a[0], num_classes=5), F.embedding(a[:2], b)


@case()
def conv_and_pooling(a, b):
    x = a[None, None]
    w = b[None, None, :3, :3]
    y = F.conv2d(x, w, padding=1)
    return y, F.max_pool2d(y, 2), F.avg_pool2d(x, 2).shape, F.pad(a, (1, 1, 0, 2)).shape


@case()
def method_chain_reductions(a, b):
    return (a.abs().sqrt().clamp(max=2).mean(dim=0, keepdim=True), a.sum(dim=(0, 1)),
            b.amax(dim=1), b.std(unbiased=False), a.var(dim=0, correction=0), a.prod(1).shape)


@case()
def argmax_argmin_keepdim(a, b):
    return a.argmax(), a.argmax(dim=1, keepdim=True), b.argmin(0), torch.max(a, 1).indices


@case()
def matmul_variants(a, b):
    return (a @ b.T, torch.mm(a, b), torch.matmul(a, b[0]), a.mv(b[0]),
            torch.bmm(a[None], b[None]), b[0] @ b[1])


@case()
def zero_dim_tensor_mixing(a, b):
    s = torch.tensor(2.0)
    k = b.sum()
    return a + s, a * k, s.dim(), (s * 3).shape, a / (k.abs() + 1)


@case()
def clamp_with_tensor_bounds(a, b):
    c = a.clone()
    c.clamp_(-0.5, 0.5)
    return torch.clamp(a, min=b), c, a.clamp(max=0.0).max() <= 0


@case()
def expand_repeat_tile(a, b):
    return (a[:1].expand(3, -1), a.repeat(2, 1), b.tile((1, 2)).shape,
            a[:2].repeat_interleave(2, dim=0), a[:, :1].expand_as(b))


@case()
def view_reshape_flatten_variants(a, b):
    return (a.view_as(b), a.reshape_as(b).is_contiguous(), a.flatten(), a.unflatten(1, (2, 5)),
            a.view(-1, 5).shape, a.T.reshape(-1)[:3], torch.flatten(a[None], 1).shape)


@case()
def squeeze_unsqueeze_movedim(a, b):
    x = a[None, :, None]
    return (x.squeeze(0).shape, x.squeeze().shape, a.unsqueeze(-1).shape,
            x.movedim(0, -1).shape, b.permute(1, 0), torch.swapaxes(b, 0, 1).stride())


@case(lambda: (randn(0), randint(1, low=0, high=10)))
def gather_scatter_ops(a, idx):
    g = a.gather(1, idx)
    s = torch.zeros(10, 10).scatter(1, idx[:, :1], 1.0)
    acc = torch.zeros(10).index_add(0, idx[0], a[0])
    return g, s, acc


@case()
def int_tensor_division_modes(a, b):
    i = (a * 10).long()
    j = (b * 10).long().abs() + 1
    return (i // 3, torch.div(i, j, rounding_mode="floor"), torch.div(a, b, rounding_mode="trunc"),
            torch.remainder(i, j), i % 4, torch.fmod(i, 3))


@case()
def bool_tensor_logic(a, b):
    m = (a > 0) & (b < 0)
    return m, ~m, m.sum(), torch.logical_xor(a > 0, b > 0), (a > 0) | m, m.any(dim=1)


@case()
def factories_from_shapes(a, b):
    return (torch.zeros(a.shape[0], b.shape[1] * 2), torch.ones(*a.shape), torch.arange(a.size(0)),
            torch.full(b.shape, 0.5), torch.eye(a.shape[0], dtype=torch.int64)[0])


@case()
def dtype_promotion_scalars(a, b):
    i = a.long()
    return i + 1.5, a.int() * 2, (a > 0) + 1, i / 2, (i * 1.0).dtype, torch.tensor(3) * a


@case()
def strides_and_storage_offset(a, b):
    return (a[2:].storage_offset(), a[:, 1].stride(), a[::2, ::3].stride(),
            a[3:, 2:].is_contiguous(), a[:, 1:4].contiguous().stride(), b.element_size())


@case()
def tensor_from_python_shapes(a, b):
    shape_t = torch.tensor([a.shape[0], 2])
    return a[: shape_t.numel()] * 2, torch.as_tensor([1.0, 2.0]), torch.tensor(a.shape)


@case()
def math_on_numel(a, b):
    k = math.prod(a.shape) // 25
    r = math.sqrt(a.numel())
    return a * k + b * r, math.ceil(a.shape[0] / 3), int(math.log2(a.numel())), a.sum() / a.numel()


@case()
def cumulative_and_diff(a, b):
    return a.cumsum(0), torch.cummax(b, dim=1).values, torch.diff(a, dim=1), a.logcumsumexp(1)


@case()
def sort_and_kthvalue(a, b):
    vals, idx = a.sort(dim=1, descending=True)
    return vals, idx, torch.kthvalue(b, 3, dim=0).values, torch.argsort(a[0])


@case(breaks=True)
def tensor_equal_allclose(a, b):
    return torch.equal(a, a.clone()), torch.allclose(a, a + 1e-9), a.eq(b).all()


@case(breaks=True)
def break_on_tensor_equal_branch(a, b):
    if torch.equal(a, b):
        return a
    return a + b


@case(breaks=True)
def break_on_tolist_sum(a, b):
    vals = a[0].tolist()
    return b * sum(vals), len(vals)


@case(breaks=True)
def break_on_unique(a, b):
    u = torch.unique((a * 2).round())
    return u, b + u.numel()


@case(breaks=True)
def break_on_range_of_tensor(a, b):
    n = int((a > 0).sum())
    out = b
    for _ in range(n % 4):
        out = out + 1
    return out


@case(breaks=True)
def break_on_numpy(a, b):
    arr = a.numpy()
    return b * float(arr.sum() > 0)
