"""Held-out-style cases (second part of functions_heldout_j.py): dtype queries and promotion,
torch.Size, assertions and compiler queries, tensor attributes, type conversions, `out=`
arguments and in-place writes through views of the inputs.
"""

from __future__ import annotations

import torch

from tests.conformance.registry import randint, randn
from tests.dynamo_style.registry import case

# -- dtype queries and promotion --------------------------------------------------------------

@case()
def j_finfo_iinfo_fields(a, b):
    f = torch.finfo(a.dtype)
    h = torch.finfo(torch.float16)
    i = torch.iinfo(torch.int32)
    return (f.eps, f.tiny, f.max, f.min, f.bits, f.resolution, h.max, i.max, i.min, i.bits,
            a.clamp(min=f.tiny), torch.finfo(torch.bfloat16).eps)


@case()
def j_promote_result_can_cast(a, b):
    ints = a.long()
    return (torch.promote_types(torch.int8, torch.uint8), torch.result_type(ints, 1.5),
            torch.result_type(ints, 2), torch.result_type(a, ints),
            torch.result_type(torch.tensor(1.0, dtype=torch.float64), a),
            torch.can_cast(torch.float64, torch.int64), torch.can_cast(torch.int8, torch.float16),
            torch.result_type(2, 3.5))


@case()
def j_python_scalar_promotion(a, b):
    ints = (a * 10).int()
    flags = a > 0
    half = a.half()
    return ((ints * 2.5).dtype, (ints + 1).dtype, (ints / 2).dtype, (flags + 1).dtype,
            (flags + True).dtype, (half + 1.5).dtype, (ints // 3).dtype, (a + 1j).dtype,
            ints * 2.5, flags * 2)


@case()
def j_zero_dim_tensor_promotion(a, b):
    d = torch.tensor(2.0, dtype=torch.float64)
    i = torch.tensor(3)
    ints = (a * 10).to(torch.int32)
    return ((a * d).dtype, (ints + i).dtype, (ints * d).dtype, (a.half() * d).dtype,
            (torch.ones(2, dtype=torch.float64) + a[0, :2]).dtype, a * d, ints + i)


@case()
def j_torch_where_with_scalars(a, b):
    cond = a > 0
    return (torch.where(cond, a, 0.0), torch.where(cond, 1, 0), torch.where(cond, 1.0, b),
            torch.where(cond, 2, b.long()), a.where(cond, -1.0))


@case(gap="torch.where(cond): a data-dependent output size (the graph builder's)")
def j_torch_where_condition_only_length(a, b):
    return len(torch.where(a > 0)), a + 1


# -- torch.Size and shapes --------------------------------------------------------------------

@case()
def j_size_operations(a, b):
    s = a.shape
    t = s + (5,)
    u = torch.Size([2, 3])
    return (t, type(t).__name__, s.numel(), s[-1], s[1:], u == (2, 3), list(s), len(t),
            s.count(4), s.index(4), tuple(reversed(s)), a.new_zeros(s[::-1]).shape,
            torch.Size((1,)) + s)


@case()
def j_broadcast_shapes_and_expand(a, b):
    shape = torch.broadcast_shapes(a.shape, (1, 4), (2, 1, 1))
    return shape, a.expand(shape).sum(0), torch.broadcast_shapes((3,), (1,)), \
        torch.broadcast_tensors(a, b[0])[1].shape


@case()
def j_torch_assert_on_shapes(a, b):
    torch._assert(a.shape[0] == 3, "rows")
    torch._assert(a.dim() == 2, "dims")
    return a + b


@case()
def j_jit_and_compiler_queries_as_guards(a, b):
    out = a
    if not torch.jit.is_scripting():
        out = out + 1
    if not torch.jit.is_tracing():
        out = out * 2
    return out


@case(gap="torch.testing.assert_close compares data (torch.compile refuses too)")
def j_testing_assert_close_inside(a, b):
    torch.testing.assert_close(a, a.clone())
    return a + b


# -- tensor attributes ------------------------------------------------------------------------

@case(lambda: (randn(0, (2, 3, 4, 5)), randn(1, (3, 4))))
def j_memory_format_queries(a, b):
    cl = a.contiguous(memory_format=torch.channels_last)
    last = torch.channels_last
    return (a.is_contiguous(), cl.is_contiguous(), cl.is_contiguous(memory_format=last),
            a.is_contiguous(memory_format=last), cl.stride(), cl.dim_order(),
            a.dim_order(), cl + 1)


@case()
def j_tensor_attributes(a, b):
    h = a.half()
    return (a.element_size(), h.element_size(), a.itemsize, a.nbytes, a.layout, a.device,
            a.is_sparse, a.is_quantized, a.is_meta, a.is_cuda, a.is_complex(), a.dtype.is_signed,
            a.ndim, a.storage_offset(), a[1:].storage_offset(), h.dtype.itemsize)


@case()
def j_tensor_attributes_of_grad_inputs(a, b):
    x = a.detach().requires_grad_()
    y = x.sum(1)
    return x.is_leaf, y.is_leaf, y.requires_grad, x.grad is None, b.requires_grad, b.is_leaf


# -- type conversions -------------------------------------------------------------------------

@case()
def j_type_conversions(a, b):
    return (a.to(torch.float64), a.type(torch.float64), a.half(), a.bool(), a.double(),
            a.long(), a.int(), a.to(b), a.to("cpu", torch.float16), a.to(device="cpu",
            dtype=torch.int32), a.type_as(b.double()), a.type(), a.short().dtype, a.byte().dtype)


@case()
def j_to_same_dtype_is_self(a, b):
    same = a.to(torch.float32)
    copy = a.to(torch.float32, copy=True)
    return same is a, copy is a, a.float() is a, a.type(torch.float32) is a, a.type() == b.type()


@case()
def j_type_string_conversion(a, b):
    return a.type("torch.DoubleTensor"), a.type(torch.int64).dtype, b.cfloat().dtype, b.bfloat16()


# -- out= and in-place through views ----------------------------------------------------------

@case(lambda: (randn(0, (3, 4)), randn(1, (3, 4)), torch.empty(3, 4)))
def j_out_argument_input(a, b, out):
    r = torch.add(a, b, out=out)
    torch.mul(a, 2, out=out)
    return r is out, out


@case()
def j_out_argument_fresh(a, b):
    buf = torch.empty(4)
    torch.sum(a, dim=0, out=buf)
    c = torch.empty(0)
    torch.matmul(a, b.t(), out=c)
    return buf, c, c.shape


@case(lambda: (randn(0, (3, 4)), torch.zeros(3, dtype=torch.int64), torch.zeros(3)))
def j_out_tuple_for_max(a, idx, val):
    torch.max(a, dim=1, out=(val, idx))
    return val, idx


@case()
def j_inplace_on_row_view_of_input(a, b):
    a[0].add_(1)
    a[:, 1].mul_(2)
    b.view(-1)[:3].zero_()
    return a.sum(), b


@case()
def j_inplace_on_transposed_and_diagonal(a, b):
    a.t().mul_(2)
    a[:3, :3].diagonal().fill_(-1)
    b.unsqueeze(0).squeeze(0).copy_(torch.ones(3, 4))
    return a, b


@case()
def j_inplace_through_unbind_and_split(a, b):
    first, *_ = a.split(1)
    first.add_(10)
    rows = b.unbind(0)
    rows[2].sub_(5)
    return a, b


@case(lambda: (randint(0, (3, 4)), randn(1, (3, 4))))
def j_inplace_int_input_with_float_scalar_raises(a, b):
    a.add_(1)
    try:
        a.mul_(torch.tensor(1.5))
    except RuntimeError:
        return a, "raised"
    return a, "kept"


# -- more: aliasing of conversions, grad flags on inputs, promotion corners --------------------

@case()
def j_detach_and_data_alias_input(a, b):
    d = a.detach()
    d.mul_(2)
    e = b.data
    e.add_(1)
    return d, e, a.sum(), d is a


@case(gap="requires_grad_() on an input, a result with history leaving (torch.compile too)")
def j_requires_grad_on_input_visible_after(a, b):
    a.requires_grad_()
    y = (a * b).sum()
    return y, a.requires_grad, y.requires_grad, y.grad_fn is not None


@case(lambda: (randn(0, (3, 4)).requires_grad_(), randn(1, (3, 4))))
def j_detach_inplace_on_grad_input(a, b):
    c = a * 2
    c.detach_()
    return c, c.requires_grad, a.requires_grad, c.is_leaf


@case()
def j_to_returns_alias_or_copy(a, b):
    same = a.to(torch.float32)
    other = a.to(torch.float64)
    same.add_(1)
    return same, other, a


@case(lambda: (randint(0, (3, 4)), randn(1, (3, 4))))
def j_int_tensor_promotion_corners(a, b):
    return (a / 2, a // 2, a % 3, a ** 2, a * True, (a > 0) & (a < 5), a.float().mean(),
            torch.where(a > 0, a, 0.5), torch.true_divide(a, 3), a.sum(dtype=torch.float64),
            a.to(torch.uint8), torch.clamp(a, min=0.5))


@case()
def j_scalar_tensor_and_item_free_math(a, b):
    s = a.sum()
    t = torch.tensor(3)
    return s * 2, s + t, (t * 1.5).dtype, t.float() / 2, torch.full_like(a, 7, dtype=torch.int32)


@case(lambda: (randn(0, (3, 4)), randn(1, (4,))))
def j_out_into_input_with_broadcast(a, b):
    torch.add(a, b, out=a)
    torch.mul(b, 2, out=b)
    return a, b


@case(lambda: (randn(0, (3, 4)), torch.empty(2)))
def j_out_resizes_input_buffer(a, out):
    torch.sum(a, 1, out=out)
    return out, out.shape


@case()
def j_inplace_through_expand_refused_by_eager(a, b):
    e = b[0].expand(3, 4)
    try:
        e.add_(1)
    except RuntimeError:
        return "raised", b
    return "ok", b


@case()
def j_size_arithmetic_and_comparisons(a, b):
    s = a.shape
    return (s == torch.Size([3, 4]), s != (4, 3), s < (4,), s * 2, torch.Size(list(s) + [1]),
            sum(s), max(s), s.numel() == a.numel(), hash(s) == hash((3, 4)), tuple(s[:1]))


@case()
def j_default_and_promoted_dtypes_queries(a, b):
    return (torch.get_default_dtype(), torch.tensor(1).dtype, torch.tensor(1.0).dtype,
            torch.tensor(True).dtype, torch.tensor(1j).dtype, torch.arange(3).dtype,
            torch.arange(3.0).dtype, torch.full((1,), 2).dtype, torch.full((1,), 2.0).dtype,
            torch.zeros(1, dtype=torch.get_default_dtype()).dtype)


@case()
def j_type_of_int_and_half_methods(a, b):
    h = a.half()
    return (h + h).dtype, (h * 2.0).dtype, (h + a).dtype, h.float().dtype, h.to(a).dtype, \
        a.bfloat16().dtype, (a.bfloat16() + h).dtype


@case()
def j_is_compiling_probe_same_math(a, b):
    scale = 2 if torch.compiler.is_compiling() else 2
    dynamo = 1 if torch.compiler.is_dynamo_compiling() else 1
    return a * scale + dynamo


@case()
def j_out_into_view_of_input(a, b):
    torch.add(a[0], b[0], out=a[1])
    torch.mul(b[:, 0], 3, out=b[:, 1])
    return a, b


@case()
def j_inplace_masked_and_index_put(a, b):
    a.masked_fill_(a > 0, 0.0)
    b[b < 0] = -1.0
    idx = torch.tensor([0, 0, 2])
    a[idx] += 1
    return a, b


@case()
def j_inplace_strided_and_unbound(a, b):
    x = a[::2]
    x.mul_(2)
    torch.Tensor.add_(b, 1)
    a.T.sub_(0.5)
    return x, a.T, b


@case(lambda: (randn(0, (4,)).expand(3, 4), randn(1, (3, 4))),
      gap="an in-place write to an input whose elements overlap (torch.compile refuses too)")
def j_inplace_on_expanded_input_raises(a, b):
    try:
        a.add_(1)
    except RuntimeError:
        return b * 2
    return b


@case(lambda: (randn(0, (3, 4)), torch.zeros(3, 4, dtype=torch.int64)),
      gap="the fake run's error becomes Unsupported where eager raises it (torch.compile too)")
def j_out_dtype_mismatch_raises(a, out):
    try:
        torch.add(a, 1.5, out=out)
    except RuntimeError:
        return "raised", out.shape
    return "ok", out


@case()
def j_copy_from_transposed_and_view_as(a, b):
    c = b.view(4, 3)
    a.copy_(c.t())
    v = a.view_as(a)
    v.add_(1)
    return v, a, v is a


@case()
def j_factories_raising_on_python_data(a, b):
    caught = []
    try:
        torch.tensor([[1, 2], [3]])
    except ValueError:
        caught.append("ragged")
    try:
        torch.zeros(-1)
    except RuntimeError:
        caught.append("negative")
    try:
        torch.arange(0, 5, 0)
    except RuntimeError:
        caught.append("step")
    return a + 1, caught


@case()
def j_legacy_tensor_constructors(a, b):
    sized = torch.FloatTensor(2, 3).fill_(1.5)
    return (torch.LongTensor([1, 2]), torch.FloatTensor([1.5]), sized, torch.BoolTensor([True]),
            torch.Tensor([[1, 2]]), torch.Tensor().shape, torch.Tensor(a.shape).zero_(),
            torch.DoubleTensor((1, 2)) + a[0, :2])
