"""Held-out-style cases written from real code's idioms:
tensors, torch functions, numpy interop and shapes (nn.Module objects: functions_heldout_e2.py).
"""

from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F

from tests.conformance.registry import randint, randn
from tests.dynamo_style import functions_heldout_e2  # noqa: F401 - registers its cases
from tests.dynamo_style.registry import case


@case()
def e_stride_contiguity_of_views(a, b):
    t = a.t()
    n = a.narrow(1, 1, 2)
    return (t.stride(), t.is_contiguous(), n.stride(0), n.is_contiguous(),
            t.contiguous().stride(), a.mT.shape, a.T.is_contiguous(), n.storage_offset())


@case()
def e_ndim_numel_dim_nelement(a, b):
    c = a.unsqueeze(0)
    return c.ndim, c.dim(), c.numel(), c.nelement(), a[0].ndim, a.sum().ndim, len(c.shape)


@case()
def e_size_arithmetic_and_compare(a, b):
    s = a.shape
    t = s + (5,)
    u = torch.Size([3, 4])
    return t, s == u, s == (3, 4), s != [3, 4], s[::-1], s.numel(), u * 2, tuple(s) < (4, 0)


@case()
def e_view_write_aliases_base(a, b):
    c = a.clone()
    v = c.view(12)
    v[3] = 100.0
    r = c.reshape(4, 3)
    r[0, 0] = -1.0
    return c, v, r


@case()
def e_transpose_inplace_write(a, b):
    c = b.clone()
    t = c.transpose(0, 1)
    t.mul_(2)
    t[1].zero_()
    return c, t.is_contiguous()


@case()
def e_unbind_split_chunk_views(a, b):
    c = a.clone()
    rows = c.unbind(0)
    rows[1].add_(10)
    parts = c.split([1, 3], dim=1)
    parts[0].fill_(0)
    chunks = c.chunk(2, dim=1)
    return c, len(parts), [p.shape for p in chunks]


@case()
def e_index_ellipsis_none_slices(a, b):
    x = a.reshape(3, 2, 2)
    return x[..., 0], x[None, :, 1], x[1:, ..., None].shape, x[:, None, ::2], x[-1, ...]


@case()
def e_bool_mask_index_and_setitem(a, b):
    c = a.clone()
    mask = c > 0
    c[mask] = 0.0
    d = b.clone()
    d[d < 0] = -1.0
    return c, d, mask.sum(), torch.where(mask, a, b)


@case()
def e_int_tensor_index(a, b):
    idx = torch.tensor([2, 0, 2])
    c = a.clone()
    c[idx, 1] = 5.0
    return a[idx], a[:, idx], c, a[idx, idx]


@case()
def e_setitem_slices_broadcast(a, b):
    c = torch.zeros(4, 5)
    c[1:3, ::2] = 1.0
    c[:, -1] = torch.arange(4.0)
    c[0] = b[0, :1]
    return c


@case(lambda: (randint(0, (3, 4)), randn(1, (3, 4))))
def e_scalar_promotion(i, f):
    return ((i + 1).dtype, (i * 1.5).dtype, (i / 2).dtype, (i // 2).dtype,
            (f * 2).dtype, (i + True).dtype, (i > 0).dtype, (i.float() + i).dtype,
            (i ** 2).dtype, (i.to(torch.int32) + 3).dtype, i * 1.5)


@case()
def e_factories_with_kwargs(a, b):
    z = torch.zeros(2, 3, dtype=torch.int32)
    o = torch.ones((2,), dtype=torch.float64, device=a.device)
    r = torch.arange(1, 10, 2, dtype=torch.float32)
    ls = torch.linspace(0, 1, steps=5)
    f = torch.full((2, 2), 7, dtype=torch.int16)
    e = torch.empty_like(a).fill_(3)
    t = torch.tensor([[1, 2], [3, 4]], dtype=torch.float32)
    return z, o, r, ls, f, e, t, f.dtype, torch.full((2,), 1.5).dtype


@case()
def e_tensor_from_python_values(a, b):
    n = a.shape[0]
    t = torch.tensor([n, n * 2, 3])
    u = torch.tensor(2.5)
    v = torch.tensor([True, False])
    w = torch.as_tensor([1.0, 2.0], dtype=torch.float64)
    return t, u, v, w, t.dtype, u.dtype, v.dtype


@case(breaks=True)
def e_tolist_in_python(a, b):
    vals = a[0].tolist()
    return sum(vals) + b


@case(breaks=True)
def e_item_into_python_branch(a, b):
    if a.max().item() > 10:
        return a
    return b * a.mean().item()


@case()
def e_where_cat_stack(a, b):
    w = torch.where(a > 0, a, b)
    w2 = torch.where(a > b, 1.0, 0.0)
    c = torch.cat([a, b], dim=-1)
    s = torch.stack((a, b), dim=1)
    return w, w2, c.shape, s.shape, torch.hstack([a, b]).shape, torch.vstack([a, b])


@case()
def e_einsum_matmul_bmm(a, b):
    x = a.reshape(1, 3, 4).expand(2, 3, 4)
    y = b.reshape(1, 4, 3).expand(2, 4, 3)
    return (torch.bmm(x, y), torch.einsum("bij,bjk->bik", x, y), a @ b.T,
            torch.einsum("ij->j", a), torch.matmul(a[0], b.T), a.mm(b.t()))


@case()
def e_reductions_keepdim_dim_tuples(a, b):
    x = a.reshape(3, 2, 2)
    return (x.sum(dim=(0, 2)), x.mean((1, 2), keepdim=True), x.amax(dim=(-1, -2)),
            x.std(dim=1, keepdim=True), x.prod(0), torch.sum(x, dim=[0, 1]),
            x.var(dim=(0,), unbiased=False), x.norm(dim=-1))


@case()
def e_max_min_namedtuples(a, b):
    m = a.max(dim=1)
    vals, idx = a.min(0, keepdim=True)
    mm = torch.max(a, 1)
    ag = a.argmax(dim=1)
    return m.values, m.indices, vals, idx, mm[0], mm.indices, ag, type(m).__name__, torch.max(a, b)


@case()
def e_sort_topk_kthvalue(a, b):
    s = a.sort(dim=1, descending=True)
    t = torch.topk(a, 2, dim=0)
    k = a.kthvalue(2, dim=1)
    am = torch.argsort(a, dim=0)
    return s.values, s.indices, t.values, t.indices, k.values, am, a.msort()


def _seeded():
    torch.manual_seed(3)
    return randn(0, (3, 4)), randn(1, (3, 4))


@case(_seeded)
def e_random_ops_shapes_and_ranges(a, b):
    r = torch.rand(3, 4)
    n = torch.randn_like(a, dtype=torch.float64)
    i = torch.randint(0, 5, (2, 3))
    p = torch.randperm(6)
    return ((a + r).shape, n.dtype, ((r >= 0) & (r < 1)).all(), ((i >= 0) & (i < 5)).all(),
            p.sort().values, torch.bernoulli(torch.ones(3)), i.dtype)


@case()
def e_dtype_objects(a, b):
    d = a.dtype
    i = torch.int64
    return (d.is_floating_point, i.is_floating_point, d.itemsize, i.itemsize, d.is_complex,
            torch.is_floating_point(a), a.is_floating_point(), a.element_size(),
            d == torch.float, str(d), d.is_signed, torch.bool.itemsize)


@case()
def e_requires_grad_probes_on_made(a, b):
    x = a.detach().requires_grad_(True)
    y = (x * 2).sum()
    z = x.data * 3
    return y.requires_grad, z.requires_grad, x.grad is None, x.is_leaf, (x * 2).is_leaf, y.detach()


@case()
def e_numpy_interop(a, b):
    n = a.numpy()
    m = np.abs(n) + np.ones_like(n)
    s = np.sum(m, axis=0)
    back = torch.from_numpy(s)
    return back, n.shape, m.dtype == np.float32, np.mean(m), torch.as_tensor(np.maximum(n, 0))


@case()
def e_numpy_array_methods(a, b):
    x = b.numpy()
    y = x.reshape(4, 3).T
    z = np.concatenate([x, x], axis=1)
    return torch.from_numpy(y.copy()), z.shape, x.max(axis=1), np.where(x > 0, x, 0.0).sum()


@case()
def e_inplace_on_input_views(a, b):
    a[0].add_(1)
    a[:, 1].mul_(0)
    b.t()[0].fill_(9)
    return a.sum(), b


@case()
def e_inplace_ops_return_self(a, b):
    c = a.clone()
    d = c.add_(1).mul_(2).clamp_(max=3)
    return d is c, c, c.abs_().sqrt_()


@case()
def e_expand_repeat_tile(a, b):
    v = a[:, :1]
    return (v.expand(-1, 5), v.expand_as(a), a.repeat(2, 1), a.tile((1, 2)).shape,
            v.repeat_interleave(2, dim=0), torch.broadcast_to(a[0], (2, 3, 4)).shape)


@case()
def e_gather_scatter_index_select(a, b):
    idx = torch.tensor([[0, 1], [2, 3], [1, 1]])
    g = a.gather(1, idx)
    s = torch.zeros(3, 4).scatter_(1, idx, 1.0)
    sel = a.index_select(0, torch.tensor([2, 0]))
    ia = torch.zeros(3, 4).index_add_(0, torch.tensor([0, 0, 1]), b)
    return g, s, sel, ia, a.masked_fill(a > 0, -1.0), torch.take(a, torch.tensor([0, 5]))


@case()
def e_flatten_unflatten_squeeze(a, b):
    x = a.reshape(3, 1, 4, 1)
    return (x.flatten(), x.flatten(1).shape, x.squeeze().shape, x.squeeze(1).shape,
            x.squeeze(-1).unsqueeze(0).shape, a.unflatten(1, (2, 2)).shape,
            torch.flatten(x, start_dim=2).shape, x.movedim(1, 3).shape, a.permute(1, 0).shape)


@case()
def e_size_unpack_and_new_shapes(a, b):
    n, d = a.shape
    h = d // 2
    x = a.view(n, 2, h).transpose(1, 2).reshape(n, -1)
    y = a.new_zeros(n, h)
    z = a.new_full((2,), float(d))
    return x, y, z, a.size(-1), a.size(dim=0), a.shape[-2:]


@case()
def e_size_methods_and_errors(a, b):
    s = a.size()
    try:
        s[5]
        err = None
    except IndexError:
        err = "index"
    return s.index(4), s.count(3), len(s), list(reversed(s)), err, isinstance(s, tuple)


@case()
def e_tensor_bool_ops_and_any_all(a, b):
    m = a > 0
    return (m & (b > 0), m | ~m, m ^ (b < 0), m.any(dim=1), m.all(), m.sum(), m.float().mean(),
            torch.logical_and(m, b > 0), m.int())


@case()
def e_inplace_python_scalar_ops(a, b):
    c = a.clone()
    c += 1
    c *= 2.5
    c -= b
    c /= 3
    c **= 2
    i = torch.arange(6)
    i += 2
    i //= 2
    i %= 3
    return c, i, i.dtype


@case()
def e_reverse_ops_with_scalars(a, b):
    return (1 - a, 2 / (b.abs() + 1), 3 ** a.clamp(-1, 1), 5 // (torch.arange(1, 4)),
            7 % torch.arange(1, 5), -a, abs(b), +a)


@case()
def e_comparison_chain_on_0d(a, b):
    s = a.sum()
    m = torch.tensor(0.5)
    return (s > m, (s == s), torch.maximum(s, m), torch.minimum(a, b), a.max(), b.min(),
            torch.clamp(a, min=b))


@case()
def e_type_conversions_methods(a, b):
    i = a.long()
    return (i.dtype, a.int().dtype, a.half().dtype, a.double().dtype, a.bool().dtype,
            a.to(torch.int8).dtype, a.to(b).dtype, a.type(torch.float64).dtype,
            a.type_as(i).dtype, a.to(dtype=torch.bfloat16).dtype, a.byte().dtype)


@case()
def e_cumulative_and_diff(a, b):
    return (a.cumsum(1), a.cumprod(0), torch.cummax(a, 0).values, torch.diff(a, dim=1),
            a.logcumsumexp(1), torch.cummin(b, 1).indices)


@case()
def e_tril_triu_diag_eye(a, b):
    sq = a[:, :3]
    return (sq.tril(), sq.triu(1), torch.diag(sq), torch.diagonal(sq, offset=1), torch.eye(3),
            torch.eye(2, 3, dtype=torch.int64), sq.trace(), torch.diag_embed(a[0]).shape)


@case()
def e_clamp_variants_and_nan(a, b):
    x = a.clone()
    x[0, 0] = float("nan")
    return (x.clamp(-0.5, 0.5), torch.nan_to_num(x, nan=0.0), x.isnan(), torch.isfinite(x),
            x.nansum(), torch.clamp_min(a, 0), a.clip(max=0.2))


@case()
def e_meshgrid_and_outer(a, b):
    xs = torch.arange(3)
    ys = torch.arange(2)
    gx, gy = torch.meshgrid(xs, ys, indexing="ij")
    return (gx, gy, torch.outer(a[0], b[0]), torch.cartesian_prod(xs, ys).shape,
            torch.kron(a[:1, :2], b[:1, :2]))


@case()
def e_roll_flip_rot(a, b):
    return (a.roll(1, 0), a.flip(1), torch.rot90(a, 1, (0, 1)), a.fliplr(),
            torch.roll(b, shifts=(1, 2), dims=(0, 1)))


@case()
def e_unique_consecutive_free_ops(a, b):
    i = torch.tensor([3, 1, 2, 3, 1])
    edges = torch.tensor([-1.0, 0.0, 1.0])
    return (torch.sort(i).values, i.argsort(stable=True), torch.bucketize(a, edges),
            torch.searchsorted(edges, b))


@case()
def e_complex_views(a, b):
    c = torch.complex(a, b)
    return c.real, c.imag, c.abs(), c.angle(), torch.view_as_real(c).shape, c.conj().imag, c.dtype


@case()
def e_masked_and_where_scalar_forms(a, b):
    return (torch.where(a > 0, a, 0.0), torch.where(a > 0, 1, 0).dtype, a.masked_fill(b > 0, 0),
            torch.where(a > 0, torch.tensor(2), torch.tensor(3)), a.where(a > b, b))


@case()
def e_setitem_with_tensor_index_and_broadcast(a, b):
    c = a.clone()
    c[torch.tensor([0, 2])] = b[0]
    c[:, torch.tensor([1])] = -1.0
    c[1, 1:3] = torch.tensor([7.0, 8.0])
    c[..., 0] = c[..., 3]
    return c


@case()
def e_view_dtype_and_contiguous_transpose(a, b):
    t = a.t()
    return (t.contiguous().view(-1), t.reshape(-1), a.view(torch.int32).dtype, t.is_contiguous(),
            t.contiguous().is_contiguous())


@case()
def e_zeros_ones_like_variants(a, b):
    return (torch.zeros_like(a, dtype=torch.int64), torch.ones_like(b).sum(),
            torch.full_like(a, 2.5), torch.rand_like(a).shape, torch.empty(2, 3).shape,
            torch.ones(()).ndim, torch.zeros(0).numel())


@case()
def e_arange_variants(a, b):
    return (torch.arange(5), torch.arange(0, 1, 0.25), torch.arange(10, 0, -3),
            torch.arange(3.0).dtype,
            torch.arange(2, dtype=torch.float64), torch.arange(a.shape[0] * 2).view(-1, 2))


@case()
def e_norms_and_dist(a, b):
    return (torch.linalg.norm(a), a.norm(p=1, dim=1), torch.dist(a, b), torch.cdist(a, b).shape,
            F.cosine_similarity(a, b, dim=1), torch.linalg.vector_norm(b, ord=2, dim=0))


@case()
def e_softmax_family_and_logsumexp(a, b):
    return (a.softmax(-1), torch.log_softmax(a, dim=0), a.logsumexp(1), torch.sigmoid(a),
            torch.tanh(b), a.exp().log(), torch.special.expit(b), F.softplus(a))


@case()
def e_sum_dtype_and_mean_dtype(a, b):
    i = torch.arange(6)
    return (i.sum(dtype=torch.float32), i.float().mean(), i.mean(dtype=torch.float64),
            i.sum().dtype, torch.tensor([True, True]).sum())


@case()
def e_numpy_from_tensor_math(a, b):
    x = a.numpy()
    y = b.numpy()
    z = np.matmul(x, y.T) + np.exp(x).sum(axis=1, keepdims=True)
    return torch.from_numpy(z), np.std(y, axis=0).shape, (x > y).any(), x.dtype == np.float32


@case()
def e_numpy_constructors_mixed_with_tensors(a, b):
    grid = np.linspace(0.0, 1.0, 4)
    eye = np.eye(3, 4)
    t = torch.from_numpy(eye).float() * a
    return t, torch.as_tensor(grid).dtype, torch.tensor(np.arange(3)).sum(), grid.shape


@case()
def e_scalar_tensor_python_number_mix(a, b):
    s = a.sum()
    n = torch.tensor(3)
    return s * 2 + 1, n + 1.5, (n * 2).dtype, (n / 2).dtype, torch.tensor(2.0) ** n, n.float() / 4


@case()
def e_tensor_new_methods(a, b):
    return (a.new_tensor([1, 2]), a.new_empty(2, 3).shape, a.new_ones((2,)), a.new_zeros(3).dtype,
            b.new_full((2, 2), 3), a.new_tensor([1, 2]).dtype, torch.zeros_like(a).new_ones(1))


@case()
def e_unfold_as_strided_and_stride_tricks(a, b):
    x = torch.arange(10.0)
    w = x.unfold(0, 3, 2)
    s = torch.as_strided(x, (3, 3), (1, 1))
    return w, s, w.stride(), s.is_contiguous(), x.view(2, 5).unfold(1, 2, 1).shape


@case()
def e_max_min_on_ints_and_ties(a, b):
    i = torch.tensor([[3, 7, 7], [1, 1, 0]])
    return (i.max(dim=1), i.min(0), i.argmax(), i.amax(1), torch.aminmax(i), i.max(),
            i.median(dim=1).values, i.mode(dim=1).values)


@case()
def e_sort_stable_and_topk_smallest(a, b):
    i = torch.tensor([2, 1, 2, 1, 0])
    s = torch.sort(i, stable=True)
    t = torch.topk(a, 2, dim=1, largest=False, sorted=True)
    return s.values, s.indices, t.values, t.indices, torch.sort(b, dim=0, descending=True)[1]


@case()
def e_einsum_variants(a, b):
    return (torch.einsum("ij,ij->i", a, b), torch.einsum("ij,kj->ik", a, b),
            torch.einsum("i,j->ij", a[0], b[0]), torch.einsum("ii->i", a[:, :3]),
            torch.einsum("...j,j->...", a, b[0]), torch.einsum(a, [0, 1], b, [0, 1], [1]))
