"""Held-out-style cases written from real code's idioms: NumPy interop (ndarray arguments and
results, `np.*` functions and ndarray methods traced onto torch ops, NumPy scalars, mixing
tensors and arrays, in-place updates of arrays). The in-place, container, global and layout
cases are in functions_heldout_g2.py."""

from __future__ import annotations

import numpy as np
import torch

from tests.conformance.registry import randn
from tests.dynamo_style import functions_heldout_g2  # noqa: F401 - registers its cases
from tests.dynamo_style.registry import case


def arr(seed=0, shape=(3, 4), dtype=np.float64):
    values = np.random.default_rng(seed).standard_normal(shape)
    return values.astype(dtype)


def iarr(seed=0, shape=(3, 4), dtype=np.int64):
    return np.random.default_rng(seed).integers(-5, 6, shape).astype(dtype)


def one(make):
    return lambda: (make(),)


# -- ndarray arguments: math and results --------------------------------------------------------

@case(one(arr))
def g_sin_of_array_argument(a):
    return np.sin(a) * 2


@case(one(lambda: arr(1, dtype=np.float32)))
def g_float32_array_keeps_its_dtype_with_python_scalars(a):
    return a * 2.0 + 1, a / 3, a - 1.5


@case(one(iarr))
def g_int_array_true_division_is_float64(a):
    return a / 2, a // 2, a % 3, a * 2


@case(one(iarr))
def g_int_array_mean_and_sum(a):
    return np.mean(a), a.sum(axis=0), a.mean(axis=1), np.sum(a, axis=1, keepdims=True)


@case(lambda: (arr(0), arr(1)))
def g_two_arrays_arithmetic(a, b):
    return a * b + np.maximum(a, b) - np.minimum(a, 0)


@case(lambda: (arr(0, (3,)), arr(1, (4,))))
def g_broadcast_outer_by_new_axis(a, b):
    return a[:, None] + b[None, :], np.outer(a, b).shape


@case(one(arr))
def g_array_attributes(a):
    return a.shape, a.ndim, a.size, a.dtype, a.T.shape, a.itemsize, len(a)


@case(one(arr))
def g_reshape_and_astype(a):
    b = a.reshape(2, -1).astype(np.float32)
    return b, b.dtype, a.reshape(-1).shape


@case(one(arr))
def g_reductions_with_axis_and_keepdims(a):
    return (a.sum(axis=0, keepdims=True), np.mean(a, axis=1), a.max(axis=1), np.min(a),
            np.std(a, axis=0), a.var(), np.prod(a, axis=1))


@case(one(arr))
def g_reduction_returns_numpy_scalar(a):
    s = a.sum()
    return s, type(s) is np.float64, a.max() > a.min()


@case(one(arr))
def g_where_and_clip(a):
    return np.where(a > 0, a, 0.0), np.clip(a, -0.5, 0.5), a.clip(0, 1)


@case(lambda: (arr(0), arr(1)))
def g_concatenate_and_stack(a, b):
    return np.concatenate([a, b], axis=1), np.stack([a, b]), np.concatenate((a, b)).shape


@case(one(arr))
def g_linalg_norm(a):
    return np.linalg.norm(a), np.linalg.norm(a, axis=1)


@case(one(arr))
def g_argmax_and_sort(a):
    return np.argmax(a, axis=1), np.sort(a, axis=0), np.argmin(a)


@case(lambda: (arr(0), arr(1)))
def g_einsum_of_arrays(a, b):
    return np.einsum("ij,kj->ik", a, b), np.einsum("ij->i", a)


@case(lambda: (arr(0), arr(1, (4, 2))))
def g_matmul_and_dot(a, b):
    return a @ b, np.dot(a, b), np.matmul(a, b).T


@case(one(arr))
def g_cumulative_and_exp_log(a):
    return np.cumsum(a, axis=1), np.exp(a), np.log1p(np.abs(a)), np.sqrt(a ** 2)


@case(one(arr))
def g_any_all_comparisons(a):
    return (a > 0).any(), (a > -10).all(), np.any(a > 1, axis=0), a == a


@case(one(arr))
def g_pi_and_e_constants(a):
    return a * np.pi + np.e, np.cos(a * np.pi / 2)


@case(one(arr))
def g_numpy_float32_scalar_with_array(a):
    return a * np.float32(2.0), a.astype(np.float32) * np.float32(3), np.float32(2.0) + 1


@case(one(arr))
def g_float32_array_with_float64_scalar(a):
    b = a.astype(np.float32)
    return b * np.float64(2.0), b + 1.0, b * np.int64(2)


@case(one(iarr))
def g_int_array_with_float_scalar(a):
    return a * 1.5, a + np.float32(0.5), a.astype(np.int32) + 1


@case(one(arr))
def g_indexing_and_slicing(a):
    return a[0], a[1, 2], a[:, 1:3], a[::2], a[..., -1], a[None, 0].shape


@case(one(arr))
def g_squeeze_expand_transpose(a):
    b = np.expand_dims(a, 0)
    return b.shape, np.squeeze(b).shape, np.transpose(a), a.transpose(1, 0)


@case(one(arr))
def g_copy_is_independent(a):
    b = a.copy()
    return b * 2, b is a


@case(one(arr))
def g_flatten_and_ravel(a):
    return a.flatten(), np.ravel(a), a.ravel().shape


@case(one(arr), breaks=True)
def g_tolist_of_array(a):
    return (a * 2).tolist()


@case(one(arr), breaks=True)
def g_item_of_element(a):
    return a[0, 0].item() + 1


@case(one(arr))
def g_return_input_array_itself(a):
    return a


@case(one(arr))
def g_array_identity_and_type(a):
    b = a
    return b is a, type(a) is np.ndarray, isinstance(a, np.ndarray), isinstance(a * 2,
                                                                                 np.ndarray)


# -- creation ---------------------------------------------------------------------------------

@case(lambda: (randn(0, (2, 3)),))
def g_creation_functions(t):
    return (np.arange(6).reshape(2, 3), np.zeros((2, 3)), np.ones(3, dtype=np.float32),
            np.linspace(0, 1, 5), np.eye(3), np.full((2, 2), 7), t * 2)


@case(one(arr))
def g_creation_mixed_with_array_argument(a):
    return a + np.arange(4), a * np.ones((3, 1)), a - np.zeros_like(a), np.full_like(a, 2)


@case(lambda: (randn(0, (3,)),))
def g_numpy_result_from_constants_only(t):
    return np.arange(3) * 2, np.arange(3.0) / 2, t


# -- tensors and arrays together ----------------------------------------------------------------

@case(lambda: (randn(0, (3, 4)), arr(1)))
def g_tensor_plus_from_numpy(t, a):
    return t + torch.from_numpy(a), torch.from_numpy(a).dtype


@case(lambda: (randn(0, (3, 4)),))
def g_tensor_numpy_roundtrip(t):
    n = t.numpy()
    return torch.from_numpy(n * 2 + 1), n.dtype


@case(lambda: (randn(0, (3, 4)), arr(1)))
def g_as_tensor_and_tensor_of_array(t, a):
    return torch.as_tensor(a) * t, torch.tensor(a).sum(), torch.as_tensor(a).dtype


@case(lambda: (randn(0, (3, 4)), arr(1)))
def g_array_of_tensor_result(t, a):
    return (t * 2).numpy() + a, type(t.numpy())


@case(lambda: (randn(0, (3, 4)), np.float32(2.5)))
def g_numpy_scalar_argument_with_tensor(t, s):
    return t * s, (t * s).dtype, s * 2


@case(lambda: (randn(0, (3, 4)), np.int64(3)))
def g_numpy_int_argument_as_size(t, n):
    return torch.zeros(n), t[:n] * n, t.reshape(n, -1)


@case(lambda: (arr(0),))
def g_array_shape_to_torch_factory(a):
    return torch.zeros(a.shape), torch.ones(a.shape[0]), torch.empty(a.size).shape


@case(lambda: (randn(0, (3, 4)), arr(1)))
def g_tensor_numpy_of_param_shape(t, a):
    b = t.detach().numpy()
    return np.concatenate([b, a.astype(np.float32)]), b.sum(axis=0)


# -- dtypes, queries, arrays held by modules and objects ------------------------------------------

@case(one(lambda: arr(0, dtype=np.float32)))
def g_dtype_attributes_and_queries(a):
    d = a.dtype
    return (d.kind, d.name, d.itemsize, d.type, str(d), np.issubdtype(d, np.floating),
            np.result_type(a, 1.0), np.promote_types(d, np.int64), np.ndim(a), np.shape(a))


@case(one(iarr))
def g_dtype_kind_selects_branch(a):
    if a.dtype.kind in "iu":
        return a.astype(np.float64) / 2
    return a


@case(lambda: (arr(0, (3,)), arr(1, (3,))))
def g_array_of_arrays(a, b):
    return np.array([a, b]), np.asarray((a, b)).shape, np.array([a.sum(), b.sum()])


class _Masked(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mask = np.array([1.0, 0.0, 1.0, 1.0])
        self.scale = np.float32(0.5)

    def forward(self, x):
        return x * torch.from_numpy(self.mask).float() * self.scale


_MASKED = _Masked()


@case(lambda: (randn(0, (3, 4)),))
def g_module_holding_numpy_mask(x):
    return _MASKED(x)


class _Stats:
    def __init__(self):
        self.mean = np.array([0.5, -0.5, 1.0, 2.0])
        self.count = 0


@case(lambda: (_Stats(), arr(0)))
def g_object_array_attribute_updated(stats, a):
    stats.mean[:] = a.mean(axis=0)
    stats.count += 1
    return stats.mean * 2


@case(lambda: (arr(0),))
def g_torch_tensor_of_array_with_dtype(a):
    return torch.tensor(a, dtype=torch.float32), torch.as_tensor(a, dtype=torch.float64) + 1


@case(lambda: (arr(0, (4,)), arr(1, (3,))))
def g_meshgrid_of_arrays(x, y):
    gx, gy = np.meshgrid(x, y)
    ii, jj = np.meshgrid(x, y, indexing="ij")
    return gx * gy, ii.shape, jj.strides, len(np.meshgrid(x, y))


@case(one(arr))
def g_split_views_written(a):
    left, right = np.split(a, 2, axis=1)
    left[0, 0] = 99.0
    parts = np.array_split(a, 2)
    return a, right * 2, [p.shape for p in parts]


@case(one(arr))
def g_dtype_objects_made_in_function(a):
    dt = np.dtype("float32")
    return (np.ones(3, dtype=dt) * a[0, :3], isinstance(dt, np.dtype), dt.itemsize,
            np.dtype(a.dtype).name, a.astype(dt).dtype)


@case(lambda: (randn(0, (3, 4)), arr(1)))
def g_tensor_with_numpy_statistics(t, a):
    mean, std = a.mean(), a.std()
    return (t - mean) / std, t * a.max(), a.min() - t, t > np.median(a)
