"""Held-out-style NumPy cases, part two: in-place updates of argument arrays (visible in the
caller's array after the call), arrays in containers, globals and closures, layouts other than
C order, NumPy scalars, iteration over arrays and data-dependent exits."""

from __future__ import annotations

import numpy as np
import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def arr(seed=0, shape=(3, 4), dtype=np.float64):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def iarr(seed=0, shape=(3, 4), dtype=np.int64):
    return np.random.default_rng(seed).integers(-5, 6, shape).astype(dtype)


def one(make):
    return lambda: (make(),)


# -- in-place updates of argument arrays ----------------------------------------------------------

@case(one(arr))
def g_inplace_add_visible_to_caller(a):
    a += 1
    return a.sum()


@case(one(arr))
def g_setitem_visible_to_caller(a):
    a[0] = 5
    a[1, 2] = -1.0
    return a * 2


@case(one(arr))
def g_ufunc_out_argument(a):
    r = np.add(a, 1, out=a)
    return r is a, a


@case(one(arr))
def g_inplace_on_a_slice(a):
    a[1:] *= 2
    return a


@case(one(arr))
def g_view_written_through(a):
    row = a[0]
    row += 10
    return a.sum(axis=1)


@case(one(arr))
def g_fill_and_inplace_sort(a):
    b = a.copy()
    b.sort(axis=1)
    a.fill(0.5)
    return b, a


@case(one(iarr))
def g_int_array_inplace_multiply(a):
    a *= 3
    a -= 1
    return a


@case(one(arr))
def g_setitem_with_slice_and_array(a):
    a[:, 0] = np.arange(3)
    a[2] = a[0] * 2
    return a


@case(lambda: (arr(0), randn(1, (3, 4))))
def g_array_updated_from_tensor(a, t):
    a[:] = t.numpy()
    return a


@case(lambda: (randn(0, (3, 4)),))
def g_tensor_written_through_its_numpy_view(t):
    n = t.numpy()
    n[0] = 1.0
    n *= 2
    return t


@case(one(arr))
def g_rebinding_does_not_write(a):
    b = a
    b = b + 1
    return a, b


@case(lambda: (arr(0), arr(1)))
def g_reassigned_argument_then_written(a, b):
    a = b
    a += 1
    return a, b


@case(lambda: (lambda x: (x, x))(arr(0)))
def g_same_array_passed_twice(a, b):
    a += 1
    return b * 2, a is b


# -- containers, globals, closures ------------------------------------------------------------

@case(lambda: ([arr(0), arr(1), arr(2)],))
def g_list_of_arrays(arrays):
    total = arrays[0]
    for x in arrays[1:]:
        total = total + x
    return total, np.stack(arrays).shape


@case(lambda: ({"x": arr(0), "y": arr(1), "scale": 2.0},))
def g_dict_of_arrays(d):
    return d["x"] * d["y"] * d["scale"], sorted(d)


@case(lambda: ({"x": arr(0)},))
def g_array_written_in_dict(d):
    d["x"][0, 0] = 100.0
    d["y"] = d["x"] * 2
    return d["x"].sum()


TABLE = np.linspace(0.0, 1.0, 12).reshape(3, 4)


@case(lambda: (randn(0, (3, 4), dtype=torch.float64),))
def g_global_array_read(t):
    return t * torch.from_numpy(TABLE), TABLE.mean(), (TABLE * 2).shape


def _scaler(weights):
    def apply(a):
        return a * weights + weights.sum()
    return apply


_SCALE = _scaler(np.array([1.0, 2.0, 3.0, 4.0]))


@case(one(arr))
def g_closure_array(a):
    return _SCALE(a)


@case(lambda: ((arr(0), 3),))
def g_array_in_tuple(pair):
    a, n = pair
    return a[:n] * n


# -- layouts and dtypes of arguments ------------------------------------------------------------

@case(one(lambda: np.asfortranarray(arr(0))))
def g_fortran_order_argument(a):
    return a * 2, a.copy(), a.T.copy(), np.sin(a)


@case(one(lambda: arr(0, (3, 8))[:, ::2]))
def g_strided_view_argument(a):
    return a + 1, a.sum(axis=0), a.copy()


@case(one(lambda: np.array(3.5)))
def g_zero_dim_array_argument(a):
    return a * 2, a.shape, a + np.ones(2)


@case(one(lambda: iarr(0, dtype=np.int32)))
def g_int32_array_promotion(a):
    return a + 1, a + np.int64(1), a * 1.0, a.sum(), a.dtype


@case(one(lambda: iarr(0) > 0))
def g_bool_array_argument(a):
    return a.sum(), ~a, a & True, np.where(a, 1, 2), a.any()


@case(one(lambda: arr(0).astype(np.float16)))
def g_float16_array(a):
    return a * 2, a.astype(np.float32)


# -- iteration and data-dependent values ----------------------------------------------------------

@case(one(arr))
def g_iterate_rows_of_array(a):
    total = np.zeros(4)
    for row in a:
        total = total + row
    return total


@case(one(arr), breaks=True)
def g_boolean_mask_index(a):
    return a[a > 0]


@case(one(arr), breaks=True)
def g_float_of_array_sum(a):
    return float((a > 0).sum()) + 1


@case(one(arr), breaks=True)
def g_branch_on_array_value(a):
    if a.sum() > 0:
        return a * 2
    return a - 2


@case(one(arr))
def g_fancy_index_by_list(a):
    return a[[0, 2]], a[:, [1, 3]]


@case(one(arr), gap="a negative-step view of an array has no torch tensor")
def g_reverse_slice(a):
    return a[::-1].copy(), a[:, ::-1] * 2


# -- NumPy scalars ----------------------------------------------------------------------------

@case(lambda: (randn(0, (3,)),))
def g_numpy_scalar_types(t):
    x, n = np.float32(2.0), np.int64(3)
    return t * x, (t * n).dtype, x * n, type(x * n), np.float64(1.5) + 1


@case(lambda: (np.float64(0.25), randn(0, (3,))))
def g_numpy_float64_argument(s, t):
    return t + s, s * 2, type(s * 2)


@case(lambda: (randn(0, (3,)),))
def g_numpy_scalar_in_torch_function(t):
    return torch.full((2,), np.float32(1.5)), torch.clamp(t, min=np.float64(-0.1)), t.pow(
        np.int64(2))


# -- values NumPy's answer depends on, and copies that must not see later writes ----------------

@case(lambda: (randn(0, (3, 4)),))
def g_element_of_tensor_view_is_a_copy(t):
    x = t.numpy()
    first, row = x[0, 0], x[0]
    t.add_(1)
    return first, row, x.flatten()


@case(one(lambda: np.array([1.0] * 20 + [0.0] * 20)), gap="unstable argsort of ties")
def g_argsort_of_ties(a):
    return np.argsort(a), a.argsort()


@case(one(lambda: np.array([1.0] * 20 + [0.0] * 20)))
def g_stable_argsort_of_ties(a):
    return np.argsort(a, kind="stable"), np.sort(a)


@case(lambda: (np.array([3, 4, 5]), np.array([-1, 1, 2])),
      gap="NumPy raises for negative integer powers; refused")
def g_integer_power_by_negative_array(a, e):
    return a ** e


@case(lambda: (randn(0, (3,)),))
def g_numpy_of_constants_folds(t):
    m = np.mean([1.0, 2.0, 4.0])
    if m > 2:
        t = t * m
    return t, np.sum([1, 2, 3]), np.array([1.5, 2.5]) * 2


def _read_only(a):
    a.setflags(write=False)
    return a


@case(one(lambda: _read_only(arr(0))))
def g_read_only_argument_read(a):
    return a * 2, a[1:].sum(), np.maximum(a, 0).copy()


@case(one(lambda: _read_only(arr(0))))
def g_read_only_view_written(a):
    b = a[1:]
    b[0] = 5.0
    return a


@case(one(arr))
def g_numpy_scalar_type_of_array_value(a):
    return np.float32(a.sum()), np.int64(a[0, 0] * 10), np.float64(a[0] * 2)
