"""Conformance cases: tensor metadata, runtime queries, globals, control flow on constants."""

from __future__ import annotations

import math
import sys

import torch

from tests.conformance.registry import case, randint, randn

SCALE = 3
OFFSETS = [1.0, 2.0, 3.0]
TABLE = {"a": 1, "b": 2}
FLAG = True
BIAS = torch.ones(10, 10)
MODE = "train"
LAST_OUTPUT = None


def global_helper(x):
    return x * SCALE + 1


@case()
def shape_index(a, b):
    return a + b.shape[0], a.shape[-1] * b


@case()
def size_negative_dim(a, b):
    return a * a.size(-1) + b.size()[0]


@case()
def dim_ndim(a, b):
    return a * (a.dim() + b.ndim), a.ndimension()


@case()
def numel_len(a, b):
    return a * a.numel() / len(b), b.nelement()


@case()
def dtype_branch(a, b):
    if a.dtype == torch.float32:
        return a + b
    return a - b


@case()
def dtype_properties(a, b):
    return a.dtype.is_floating_point, a.is_floating_point(), str(a.dtype), a.dtype.itemsize


@case()
def device_checks(a, b):
    return (a + b) if a.device.type == "cpu" else a, a.is_cuda, str(a.device)


@case()
def isinstance_tensor(a, b):
    if isinstance(a, torch.Tensor) and not isinstance(b, (int, float)):
        return a * 2
    return b


@case()
def is_tensor_checks(a, b):
    return torch.is_tensor(a), torch.is_floating_point(b), torch.is_complex(a)


@case()
def contiguous_strides(a, b):
    t = a.t()
    return t.is_contiguous(), t.stride(), a.stride(0), t.contiguous() + b


@case()
def size_unpack(a, b):
    m, n = a.size()
    return torch.zeros(m, n) + b, m * n


@case()
def shape_tuple_ops(a, b):
    s = a.shape + (1,)
    return b.reshape(s), list(a.shape), tuple(b.shape[::-1]), s


@case()
def shape_equality(a, b):
    if a.shape == b.shape and a.shape == (10, 10):
        return a * b
    return a


@case()
def torch_size_type(a, b):
    s = a.size()
    return isinstance(s, tuple), isinstance(s, torch.Size), s == torch.Size([10, 10])


@case()
def new_zeros_shape(a, b):
    return a.new_zeros(a.shape) + b.new_full((10, 10), 2.0), a.new_empty(3).shape


@case()
def transpose_property(a, b):
    return a.T @ b, a.mT.shape


@case()
def requires_grad_property(a, b):
    return a.requires_grad, a.is_leaf, a.grad is None, b * 2


@case()
def layout_and_element_size(a, b):
    return a.layout == torch.strided, a.element_size(), a * 2


@case()
def grad_enabled_query(a, b):
    if torch.is_grad_enabled():
        return a + b
    return a - b


@case()
def default_dtype_query(a, b):
    dtype = torch.get_default_dtype()
    return dtype == torch.float32, torch.zeros(2, dtype=dtype)


@case()
def finfo_iinfo(a, b):
    eps = torch.finfo(a.dtype).eps
    return a + eps, torch.iinfo(torch.int32).max, torch.finfo(torch.float16).max


@case()
def cuda_available(a, b):
    return a + 1 if not torch.cuda.is_available() else a - 1


@case()
def python_version_check(a, b):
    if sys.version_info >= (3, 8):  # noqa: UP036 - the version query is the point
        return a * 2
    return a


@case()
def min_max_on_shapes(a, b):
    return a[: min(a.shape[0], 4)] + max(b.shape) + min(a.shape)


@case()
def global_scalar(a, b):
    return a * SCALE + b


@case()
def global_list_dict(a, b):
    return a * OFFSETS[1] + TABLE["b"], sum(OFFSETS)


@case()
def global_tensor(a, b):
    return a + BIAS, BIAS.sum()


@case()
def global_function_call(a, b):
    return global_helper(a) + global_helper(b)


@case()
def global_flag_branch(a, b):
    if FLAG and MODE == "train":
        return a * b
    return a + b


@case()
def global_write(a, b):
    global LAST_OUTPUT
    LAST_OUTPUT = a + b
    return LAST_OUTPUT * 2


@case()
def module_attribute_constant(a, b):
    return a * math.tau, torch.float32.is_floating_point


@case()
def if_else_constant(a, b):
    x = 3
    if x > 2:
        y = a + b
    else:
        y = a - b
    return y


@case()
def for_range_loop(a, b):
    out = a
    for i in range(4):
        out = out + b * i
    return out


@case()
def while_loop_counter(a, b):
    i = 0
    out = a
    while i < 5:
        out = out * 0.9 + b
        i += 1
    return out, i


@case()
def loop_break_continue(a, b):
    out = a
    for i in range(10):
        if i % 2 == 0:
            continue
        if i > 6:
            break
        out = out + i
    return out


@case()
def for_else_clause(a, b):
    for i in range(3):
        if i == 5:
            break
    else:
        a = a + 100
    return a + b


@case()
def nested_loops(a, b):
    total = a.new_zeros(())
    for i in range(3):
        for j in range(i):
            total = total + a[i, j] * b[j, i]
    return total


@case()
def loop_over_tensor_rows(a, b):
    out = []
    for row in a[:3]:
        out.append(row.sum())
    return torch.stack(out) + b[0, :3]


@case()
def ternary_constant(a, b):
    scale = 2 if len([1, 2, 3]) > 2 else 3
    return a * scale if scale < 3 else b


@case()
def none_checks(a, b, c=None):
    if c is None:
        c = a
    return c + b, c is a


@case()
def default_arguments(a, b, scale=2.0, add=True):
    return a * scale + b if add else a * scale


@case(lambda: (randn(0), randn(1), 3.0))
def keyword_only_call(a, b, c):
    def inner(x, *, factor=1.0, shift=0.0):
        return x * factor + shift
    return inner(a, factor=c) + inner(b, shift=c)


@case()
def star_args_call(a, b):
    def inner(*args):
        return sum(args[1:], args[0])
    return inner(a, b, a * 2)


@case()
def star_kwargs_call(a, b):
    def inner(x, **kwargs):
        return x * kwargs["scale"] + kwargs.get("bias", 0)
    return inner(a, scale=2), inner(b, scale=3, bias=1)


@case()
def unpack_call_args(a, b):
    args = (a, b)
    kwargs = {"alpha": 2}
    return torch.add(*args, **kwargs)


@case()
def assert_statement(a, b):
    assert a.shape == b.shape, "shapes differ"
    assert a.dim() == 2
    return a + b


@case()
def try_except_no_raise(a, b):
    try:
        out = a + b
    except RuntimeError:
        out = a
    return out


@case()
def try_finally(a, b):
    out = a
    try:
        out = out + b
    finally:
        out = out * 2
    return out


@case()
def caught_raise(a, b):
    try:
        raise ValueError("boom")
    except ValueError:
        return a + 1


@case()
def caught_key_error(a, b):
    d = {"x": a}
    try:
        return d["y"]
    except KeyError:
        return b


@case()
def negative_step_slice_raises(a, b):
    return a[1:5:2, ::-1]


@case()
def uncaught_user_error(a, b):
    if a.dim() == 2:
        raise TypeError("expected a 3-d tensor")
    return a


@case(lambda: (randint(0), randint(1)))
def int_tensor_metadata(a, b):
    return a.dtype == torch.int64, a.is_floating_point(), (a + b).dtype, (a / 2).dtype


@case(lambda: (randn(0, (2, 3, 4)), randn(1, (4, 5))))
def non_square_shapes(a, b):
    n, c, h = a.shape
    return (a @ b).sum(dim=(0, 1)), n + c + h, a.flatten(1).shape


@case(lambda: (randn(0), 4))
def python_int_in_shape(a, k):
    return a[:k] * 2, a.view(-1, k * 5).shape


@case()
def walrus_operator(a, b):
    if (n := a.shape[0]) > 5:
        return a * n
    return b


@case()
def constant_any_all(a, b):
    flags = [True, False, True]
    return a * any(flags) + b * all(flags), all([]), any(x > 2 for x in [1, 2, 3])
