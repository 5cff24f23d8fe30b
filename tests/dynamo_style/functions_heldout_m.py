"""Held-out-style cases (part m): NumPy interop. Tensors read as arrays (`t.numpy()`, and
tensors given straight to NumPy functions), NumPy calls on them (reductions by axis and
keepdims, masks, np.where, joins, np.linalg, np.fft), dtype arguments in their spellings,
ndarray methods and attributes, NumPy scalars, arrays returned out of the frame and
written in place. Part two: functions_heldout_m2.py."""

from __future__ import annotations

import numpy as np
import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def t34(seed=0, dtype=torch.float32):
    return randn(seed, (3, 4), dtype=dtype)


def one_tensor(seed=0, shape=(3, 4), dtype=torch.float32):
    return lambda: (randn(seed, shape, dtype=dtype),)


def floats(seed=0, shape=(3, 4), dtype=np.float64):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def ints(seed=0, shape=(3, 4), dtype=np.int64):
    return np.random.default_rng(seed).integers(-6, 7, shape).astype(dtype)


# -- tensors read as arrays ------------------------------------------------------------------

@case(one_tensor())
def m_numpy_view_reductions_by_axis(t):
    a = t.numpy()
    return (a.sum(axis=0), a.mean(axis=1, keepdims=True), np.max(a, axis=-1),
            a.std(axis=0, ddof=1), np.prod(a, axis=0))


@case(one_tensor(1))
def m_numpy_back_to_tensor(t):
    a = np.tanh(t.numpy()) * 2 - 1
    return torch.from_numpy(a) + t, torch.as_tensor(a.T).shape


@case(one_tensor(2, (4, 4), torch.float64))
def m_numpy_linalg_of_view(t):
    a = t.numpy()
    spd = a @ a.T + 4 * np.eye(4)
    return (np.linalg.inv(spd), np.linalg.solve(spd, np.ones(4)), np.linalg.det(spd),
            np.linalg.norm(a, axis=1), np.linalg.cholesky(spd))


@case(one_tensor(3, (8,)))
def m_numpy_fft_roundtrip(t):
    a = t.numpy()
    spectrum = np.fft.rfft(a)
    back = np.fft.irfft(spectrum, n=8)
    return np.abs(spectrum), back, np.fft.fftshift(a), np.fft.fftfreq(8, d=0.5)


@case(one_tensor(4, (2, 3), torch.complex64))
def m_complex_view_parts(t):
    a = t.numpy()
    return a.real * 2, a.imag.copy(), np.abs(a), np.conj(a), a.T


@case(one_tensor(5))
def m_real_view_imag_is_zeros(t):
    a = t.numpy()
    return a.imag, a.real.sum(), a.imag.shape, torch.from_numpy(a.imag)


@case(lambda: (randn(6, (3,), torch.float32).requires_grad_(),))
def m_numpy_force_of_leaf(t):
    a = t.numpy(force=True)
    return a * 3, t.detach().numpy(force=False).sum()


@case(one_tensor(7))
def m_numpy_attributes(t):
    a = t.numpy()
    return a.ndim, a.shape, a.size, a.itemsize, a.nbytes, a.strides, a.dtype, a.T.strides


# -- tensors given to NumPy functions ------------------------------------------------------------

@case(one_tensor(8))
def m_like_functions_of_tensor(t):
    return (np.ones_like(t, dtype=np.float64), np.zeros_like(t), np.full_like(t, 0.25),
            np.empty_like(t).shape)


@case(one_tensor(9))
def m_tensor_in_numpy_join(t):
    return np.concatenate([t, t.numpy() * 2], axis=0), np.stack([t, t]).shape, np.asarray(t)


@case(one_tensor(10))
def m_ufunc_of_tensor_is_tensor(t):
    return np.exp(t), np.maximum(t, 0.0), np.isfinite(t), np.add(t, 1)


@case(one_tensor(11))
def m_numpy_norm_of_tensor(t):
    return np.linalg.norm(t, axis=0), np.dot(t, t.T), np.array(t).dtype


# -- dtype arguments in their spellings --------------------------------------------------------

@case(lambda: (ints(0),))
def m_astype_spellings(a):
    return (a.astype(np.float32), a.astype("float32"), a.astype(np.dtype("int16")),
            a.astype(float), a.astype(bool), a.astype(a.dtype))


@case(lambda: (floats(1),))
def m_constructors_with_dtype(a):
    return (np.zeros(3, dtype="int32"), np.ones((2, 2), np.float32), np.arange(4, dtype=float),
            np.full(2, 7, dtype=np.int8), np.eye(2, dtype=np.dtype("float16")), a.dtype)


@case(lambda: (floats(2),))
def m_dtype_queries(a):
    return (np.issubdtype(a.dtype, np.floating), a.dtype.kind, a.dtype.itemsize,
            np.result_type(a, np.float32), np.promote_types("int8", "uint8"), a.dtype.name)


@case(lambda: (floats(3), np.dtype("float32")))
def m_dtype_object_argument(a, dt):
    return a.astype(dt), np.zeros(2, dtype=dt), dt.itemsize


@case(one_tensor(12))
def m_finfo_limits(t):
    info = np.finfo(np.float32)
    return (torch.clamp(t, min=info.min, max=info.max), t + info.eps, info.bits,
            np.finfo(np.float64).tiny, np.iinfo(np.int16).max)


@case(lambda: (floats(4).astype(np.float32),))
def m_finfo_of_array_dtype(a):
    eps = np.finfo(a.dtype).eps
    return np.maximum(a, eps), eps


# -- reductions and masks ----------------------------------------------------------------------

@case(lambda: (floats(5),))
def m_boolean_mask_select(a):
    mask = a > 0
    return a[mask].shape if False else np.where(mask, a, 0.0), mask.sum(), mask.any(axis=1)


@case(lambda: (floats(6),))
def m_where_three_forms(a):
    return np.where(a > 0, a, -a), np.where(a > 0, 1, 0), np.where(a < 0, a, np.float32(0))


@case(lambda: (floats(7), ints(7)))
def m_mixed_dtype_arithmetic(a, b):
    return a + b, b / 2, b // 3, b % 4, (b * 2.5).dtype, b + np.int32(1), (b > 0) * b


@case(lambda: (ints(8, dtype=np.int32),))
def m_int32_reductions(a):
    return a.sum(), a.sum(dtype=np.int32), a.mean(), np.cumsum(a, axis=1), a.max(axis=0)


@case(lambda: (floats(9),))
def m_argmax_keepdims(a):
    return a.argmax(axis=1), np.argmin(a, axis=0), a.max(axis=1, keepdims=True) - a


@case(lambda: (floats(10, (6,)),))
def m_sort_and_take(a):
    s = np.sort(a)
    order = np.argsort(a, kind="stable")
    return s, order, np.take(a, order), np.searchsorted(s, 0.0)


@case(lambda: (floats(11),))
def m_clip_round(a):
    return np.clip(a, -0.5, 0.5), np.round(a, 2), a.clip(min=0), np.around(a * 10)


@case(lambda: (floats(12),))
def m_nan_handling(a):
    b = a.copy()
    b[0, 0] = np.nan
    return np.isnan(b), np.nan_to_num(b), np.sign(b), np.fmax(b, 0.0), np.maximum(b, 0.0)


# -- joins, shapes, views ----------------------------------------------------------------------

@case(lambda: (floats(13), floats(14)))
def m_join_and_split(a, b):
    c = np.concatenate((a, b), axis=1)
    left, right = np.split(c, 2, axis=1)
    return c.shape, np.vstack([a, b]), np.hstack([a, b]).shape, left - right


@case(lambda: (floats(15),))
def m_reshape_transpose_methods(a):
    return a.reshape(2, 6), a.reshape(-1), a.T, a.transpose(1, 0), np.swapaxes(a, 0, 1).copy()


@case(lambda: (floats(16),))
def m_view_write_visible(a):
    b = a.reshape(4, 3)
    b[0, 0] = 42.0
    row = a[1]
    row *= 0
    return a, b


@case(lambda: (floats(17),))
def m_copy_is_independent(a):
    c = a.copy()
    c[:] = 0
    d = np.array(a)
    d += 1
    return a, c, d


@case(lambda: (floats(18, (2, 3)),))
def m_expand_and_squeeze(a):
    e = np.expand_dims(a, 0)
    return e.shape, np.squeeze(e, axis=0), a[None, :, None].shape, np.atleast_2d(a[0]).shape


@case(lambda: (floats(19, (4,)), floats(20, (3,))))
def m_outer_and_meshgrid(x, y):
    gx, gy = np.meshgrid(x, y, indexing="ij")
    return np.outer(x, y), gx + gy, np.einsum("i,j->ij", x, y)


# -- NumPy scalars -------------------------------------------------------------------------------

@case(lambda: (floats(21),))
def m_scalar_results_types(a):
    s = a.sum()
    return s, type(s) is np.float64, a.max() - a.min(), np.float32(s).dtype if False else s * 2


@case(one_tensor(22))
def m_scalar_times_tensor(t):
    a = t.numpy()
    scale = a.mean()
    return t * scale, t + a.max(), t / a.std()


@case(lambda: (np.float32(1.5), np.int64(3)))
def m_scalar_arguments(x, n):
    return x * n, type(x * n), x / 2, n // 2, np.sqrt(x), np.float64(x) + 1


@case(lambda: (floats(23),))
def m_item_read_after_graph(a):
    total = a.sum()
    return total.item(), a[0, 0].item(), a.max() > 0 if False else float(a.shape[0])


@case(lambda: (floats(24, (5,)),))
def m_tensor_from_numpy_scalars(a):
    return torch.tensor([a[0], a[2], a.sum()]), torch.tensor([a.max(), 1.0], dtype=torch.float16)


@case(lambda: (ints(25, (6,)),))
def m_long_tensor_from_items(a):
    picks = [a[0], a[2], a[4]]
    return torch.LongTensor(picks), torch.tensor(picks).dtype


from tests.dynamo_style import functions_heldout_m2  # noqa: E402,F401  (part two)
