"""Held-out-style NumPy cases, part two (functions_heldout_m.py): writes (in-place operators,
`out=`, masks), arrays through globals, closures and containers, arrays leaving the frame
(identity and views kept), more of np.linalg / np.fft / statistics, NumPy's errors, and what
stays refused (NumPy's random generator, data-dependent shapes)."""

from __future__ import annotations

import numpy as np
import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def floats(seed=0, shape=(3, 4), dtype=np.float64):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def ints(seed=0, shape=(3, 4), dtype=np.int64):
    return np.random.default_rng(seed).integers(-6, 7, shape).astype(dtype)


# -- writes ----------------------------------------------------------------------------------------

@case(lambda: (ints(30),))
def m_inplace_int_ops(a):
    a += 2
    a *= 3
    a //= 2
    a -= a.min()
    return a, a.sum()


@case(lambda: (randn(31, (4, 3)),))
def m_inplace_through_tensor_view(t):
    n = t.numpy()
    n[1:] -= 1.0
    n[:, 0] *= 2
    return t.sum(dim=0), n.max()


@case(lambda: (floats(32),))
def m_mask_assignment(a):
    a[a < 0] = 0.0
    a[:, -1] = np.arange(3)
    return a, (a == 0).sum()


@case(lambda: (floats(33),))
def m_ufunc_out_preallocated(a):
    out = np.empty((3, 4))
    r = np.multiply(a, 2.0, out=out)
    grid = np.zeros((2, 4))
    np.add(a[0], 1.0, out=grid)
    return r is out, out, grid


@case(lambda: (floats(34),))
def m_fill_then_sort_copy(a):
    s = a.copy()
    s.sort(axis=0)
    a[0].fill(-1.0)
    return s, a


@case(lambda: (randn(35, (5,)),))
def m_tensor_write_seen_by_array(t):
    n = t.numpy()
    before = n.sum()
    t.mul_(2)
    return before, n.sum(), n


@case(lambda: (floats(36, (5,)),))
def m_mandelbrot_like_accumulate(c):
    z = np.zeros_like(c)
    count = np.zeros(c.shape, dtype=np.int64)
    for _ in range(4):
        z = z * z + c
        count += np.abs(z) <= 2
    return count, z


# -- globals, closures, containers ---------------------------------------------------------------

WEIGHTS = np.linspace(-1.0, 1.0, 4)
COUNTER = np.zeros(1)


@case(lambda: (floats(37),))
def m_global_array_read(a):
    return a @ WEIGHTS, WEIGHTS.sum() * a, WEIGHTS.dtype


@case(lambda: (randn(38, (2,)),))
def m_global_array_written(t):
    COUNTER[0] += 1.0
    return t + float(COUNTER.shape[0]), COUNTER.copy() * 0


def _normalizer(mean, std):
    def apply(a):
        return (a - mean) / std
    return apply


_NORM = _normalizer(np.array([0.5, -0.5, 0.0, 1.0]), np.array([1.0, 2.0, 4.0, 8.0]))


@case(lambda: (floats(39),))
def m_closure_arrays(a):
    return _NORM(a), _NORM(a[0])


@case(lambda: ([floats(40, (2,)), floats(41, (2,))], {"scale": np.float64(3.0)}))
def m_arrays_in_containers(items, opts):
    total = items[0] + items[1]
    items.append(total * opts["scale"])
    return items, np.stack(items).shape


# -- arrays leaving the frame -------------------------------------------------------------------

@case(lambda: (floats(42),))
def m_returned_identity_and_views(a):
    b = a + 1
    view = a[1:]
    return b, b, view, a, a.T


@case(lambda: (randn(43, (3, 3)),))
def m_returned_numpy_of_intermediate(t):
    u = (t * 2).numpy()
    return u, u.dtype, torch.from_numpy(u).sum()


# -- more of np.linalg, np.fft, statistics -------------------------------------------------------

@case(lambda: (floats(44, (3, 3)),))
def m_linalg_symmetric(a):
    s = a @ a.T
    return np.linalg.eigvalsh(s), np.linalg.matrix_power(a, 3), np.linalg.multi_dot([a, a, s])


@case(lambda: (floats(45, (4, 6)).astype(np.float32),))
def m_fft2_magnitude(img):
    spec = np.fft.fft2(img)
    return np.abs(np.fft.fftshift(spec)), np.fft.ifft2(spec).real, spec.dtype


@case(lambda: (floats(46, (7,)),))
def m_statistics(a):
    return (np.median(a), np.percentile(a, [25, 75]), np.quantile(a, 0.5), np.var(a),
            np.average(a, weights=np.arange(1.0, 8.0)), np.ptp(a))


@case(lambda: (ints(47, (6,)),))
def m_diff_roll_cumsum(a):
    return np.diff(a), np.roll(a, 2), np.cumsum(a), np.cumprod(a[:3]), np.diff(a, n=2)


@case(lambda: (floats(48, (4, 4)),))
def m_triangles_and_diagonals(a):
    d = np.diag(a)
    try:
        d[0] = 1.0
    except ValueError as exc:
        error = str(exc)
    return np.tril(a), np.triu(a, 1), d, np.diag(d), np.trace(a), np.diagonal(a, 1), error


@case(lambda: (floats(49, (2, 3)),))
def m_tile_repeat_pad_like(a):
    return np.tile(a, (2, 1)), np.repeat(a, 2, axis=1), a.repeat(3), np.kron(a, np.ones(2))


@case(lambda: (floats(50),))
def m_logical_masks(a):
    inside = np.logical_and(a > -0.5, a < 0.5)
    return inside, np.logical_not(inside).sum(), np.count_nonzero(inside, axis=0), inside.all()


# -- dtypes and promotion -----------------------------------------------------------------------

@case(lambda: (floats(51).astype(np.float32), ints(51, dtype=np.uint8) + 6))
def m_promotion_rules(f, u):
    return (f * 2.5, f + np.float64(1), u + 250, u * 2, u / 2, u - np.uint8(1), f + u,
            (f * 2.5).dtype, (u + 250).dtype)


@case(lambda: (ints(52), np.array([2, 0, -3, 0] * 3).reshape(3, 4)))
def m_integer_division_by_zero(a, b):
    return a // b, a % b, np.fmod(a, b), np.floor_divide(a, 0)


@case(lambda: (randn(53, (3,)),))
def m_numpy_constants_with_tensor(t):
    return t * np.pi, t + np.e, torch.clamp(t, max=np.inf), np.float32(2.0) * t


@case(lambda: (floats(54),))
def m_shapes_to_torch(a):
    return torch.zeros(a.shape), torch.ones(a.shape[::-1]).sum(), torch.from_numpy(a).T.shape


@case(lambda: (floats(55),))
def m_iterate_rows(a):
    total = np.zeros(4)
    for i, row in enumerate(a):
        total = total + row * i
    return total, [r.sum() for r in a]


# -- NumPy's errors ------------------------------------------------------------------------------

@case(lambda: (floats(56),))
def m_truth_value_error(a):
    try:
        if a > 0:
            return a
    except ValueError as exc:
        return str(exc), a.any()
    return None


@case(lambda: (np.arange(10),))
def m_builtin_min_on_array_raises(a):
    try:
        return min(a, 3)
    except ValueError as exc:
        return type(exc).__name__


@case(lambda: (floats(57, (2, 2)),))
def m_singular_matrix_error(a):
    try:
        return np.linalg.inv(a - a)
    except np.linalg.LinAlgError as exc:
        return "singular", str(exc)


@case(lambda: (np.array([0, 1, 255], dtype=np.uint8),),
      gap="a Python int out of an integer array's range: NumPy compares by value, refused")
def m_out_of_range_comparison(a):
    return a < -1, a == 256


# -- refused: NumPy's generator, data-dependent shapes ------------------------------------------

@case(lambda: (randn(58, (2,)),),
      gap="np.random draws from NumPy's generator; torch._numpy's would draw from torch's")
def m_numpy_random_seeded(t):
    np.random.seed(0)
    noise = np.random.randn(2)
    return t + torch.from_numpy(noise)


@case(lambda: (floats(60, (5,)),), gap="NumPy's flip is a view of negative strides: torch has none")
def m_flip_view(a):
    return np.flip(a) * 2


@case(lambda: (ints(59, (8,)),), gap="np.unique's shape depends on the values")
def m_unique_values(a):
    return np.unique(a)
