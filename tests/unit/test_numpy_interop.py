"""NumPy interop: tensors given to NumPy functions, Tensor.numpy(force=), value rules where
torch._numpy's emulation answers otherwise than NumPy (refused or corrected)."""

import numpy as np
import pytest
import torch

import compiler
from tests.differential import check_same


def fullgraph(fn, *args):
    return compiler.compile(fn, fullgraph=True)(*args)


def test_numpy_of_a_conjugate_view_raises_as_eager():
    def f(x):
        try:
            return x.conj().numpy() * 2
        except RuntimeError as exc:
            return str(exc)

    x = torch.randn(3, dtype=torch.complex64)
    assert fullgraph(f, x) == f(x)
    assert "conjugate bit" in f(x)


def test_numpy_force_true_detaches_and_resolves_the_conjugate():
    def f(x):
        return x.numpy(force=True), x.conj().detach().numpy(force=True)

    x = torch.randn(3, dtype=torch.complex64, requires_grad=True)
    got, want = fullgraph(f, x), f(x)
    for a, b in zip(got, want):
        assert type(a) is np.ndarray and a.dtype == b.dtype
        np.testing.assert_array_equal(a, b)
    assert np.shares_memory(got[0], x.detach().numpy())


def test_numpy_sign_of_nan_is_nan():
    def f(a):
        return np.sign(a), np.sign(a.astype(np.float32))

    a = np.array([np.nan, -2.0, 0.0, 3.0])
    got, want = fullgraph(f, a), f(a)
    for x, y in zip(got, want):
        np.testing.assert_array_equal(x, y)
        assert x.dtype == y.dtype


@pytest.mark.parametrize("op", [lambda a: a < -1, lambda a: a == 256, lambda a: np.less(a, -1),
                                lambda a: np.not_equal(a, 300)])
def test_python_int_out_of_an_integer_arrays_range_is_refused(op):
    a = np.array([0, 1, 255], dtype=np.uint8)
    with pytest.raises(compiler.Unsupported, match="out of its range"):
        fullgraph(op, a)
    check_same(op, a, fullgraph=False)


def test_python_int_within_range_is_traced():
    def f(a):
        return a < 3, a == 255, np.maximum(a, 7)

    check_same(f, np.array([0, 1, 255], dtype=np.uint8), fullgraph=True)


def test_complex_addition_is_refused():
    def f(a, b):
        return a + b

    a = np.array([1 + 2j, -1j])
    b = np.array([np.nan, 1.0])
    with pytest.raises(compiler.Unsupported, match="complex"):
        fullgraph(f, a, b)
    check_same(f, a, b, fullgraph=False)


def test_tensor_given_to_numpy_functions_is_read_as_its_array():
    def f(t):
        return (np.ones_like(t, dtype=np.float64), np.full_like(t, 2.5),
                np.concatenate([t, t.numpy()]), np.asarray(t), np.linalg.norm(t, axis=0))

    t = torch.arange(6.0).reshape(2, 3)
    check_same(f, t, fullgraph=True)
    got = fullgraph(f, t)
    assert np.shares_memory(got[3], t.numpy())


def test_ufunc_of_a_tensor_gives_a_tensor_as_eager():
    def f(t):
        return np.exp(t), np.isnan(t), np.maximum(t, 1.0)

    t = torch.tensor([0.0, float("nan"), 2.0])
    got, want = fullgraph(f, t), f(t)
    for x, y in zip(got, want):
        assert type(x) is torch.Tensor and x.dtype == y.dtype
        torch.testing.assert_close(x, y, equal_nan=True)


@pytest.mark.parametrize("fn", [lambda t: np.sum(t), lambda t: np.reshape(t, (3, 2)),
                                lambda t: np.shape(t)])
def test_numpy_calling_the_tensors_own_method_is_refused(fn):
    t = torch.arange(6.0).reshape(2, 3)
    with pytest.raises(compiler.Unsupported):
        fullgraph(fn, t)


def test_tensor_of_numpy_scalars():
    def f(a):
        x = np.array([1, 2, 3, 4, 5, 6], dtype=np.int64)
        return (torch.tensor([x[0], x[2], a[1], 0.1]), torch.LongTensor([x[1], x[3]]),
                torch.tensor([[a.sum(), a.max()], [a.min(), 1]], dtype=torch.float16))

    check_same(f, np.arange(3.0, dtype=np.float32), fullgraph=True)


def test_linalg_inverse_of_a_singular_matrix_raises_numpys_error():
    def f(a):
        try:
            return np.linalg.inv(a)
        except np.linalg.LinAlgError as exc:
            return str(exc)

    assert fullgraph(f, np.zeros((2, 2))) == "Singular matrix"
    check_same(f, np.eye(2) * 2, fullgraph=True)


def test_fft_of_single_precision_keeps_numpys_dtype():
    def f(a):
        return np.fft.fft(a), np.fft.rfft(a), np.fft.fftshift(a)

    check_same(f, np.arange(8, dtype=np.float32), fullgraph=True)


def test_finfo_attributes_are_constants():
    def f(t):
        info = np.finfo(np.float32)
        return t + info.min, t * info.eps, info.bits, info.dtype

    check_same(f, torch.randn(3), fullgraph=True)


def test_truth_value_of_an_array_raises_numpys_error():
    def f(a):
        try:
            return 1 if a else 0
        except ValueError as exc:
            return str(exc)

    for a in (np.arange(3), np.zeros(0)):
        assert fullgraph(f, a) == f(a)


def test_ufunc_out_into_an_empty_array_broadcasts():
    def f():
        x = np.arange(5)
        out = np.empty((5, 5))
        r = np.sin(x, out=out)
        return r is out, r

    check_same(f, fullgraph=True)


def test_integer_division_by_zero_is_numpys_zero():
    def f(a, b):
        return a // b, a % b, np.fmod(a, b), np.floor_divide(a, 0), a.astype(np.uint8) // 0

    a, b = np.array([5, -7, 3, 0]), np.array([2, 0, -2, 0])
    with compiler.config.patch(raise_internal_errors=True):
        check_same(f, a, b, fullgraph=True)


def test_a_view_numpy_makes_read_only_is_read_only():
    def f(a):
        try:
            np.diagonal(a)[0] = 5.0
        except ValueError as exc:
            return str(exc), a
        return None, a

    check_same(f, np.arange(9.0).reshape(3, 3), fullgraph=True)


def test_tensor_of_numpy_scalars_narrowing_is_refused():
    def f(a):
        return torch.tensor([a[0], a[1]], dtype=torch.int32)

    with pytest.raises(compiler.Unsupported, match="checks its value"):
        fullgraph(f, np.array([1.0, np.nan]))
    check_same(f, np.array([1.0, 2.0]), fullgraph=False)
    a32 = np.array([1.0, 2.0], dtype=np.float32)
    with pytest.raises(TypeError):
        fullgraph(f, a32)


@pytest.mark.parametrize("fn", [
    lambda a, b: a / b, lambda a, b: np.divide(a, 2), lambda a, b: np.arctan2(a, b),
    lambda a, b: np.sinc(a), lambda a, b: np.round(a / 3, 2), lambda a, b: a.sum() / 2,
    lambda a, b: np.logspace(0, 1, 3)])
def test_compiling_backend_keeps_numpys_float64(fn):
    """A traced graph replays its ops under the program's default dtype (float32): int / int
    must still be NumPy's float64."""
    a, b = np.array([3, 0, -2]), np.array([1, 1, 2])
    assert_dtypes = fn(a, b).dtype
    check_same(fn, a, b, fullgraph=True, backend="aot_eager")
    assert assert_dtypes == np.float64


def test_compiling_backend_refuses_what_it_cannot_make_default_free():
    with pytest.raises(compiler.Unsupported, match="default dtype"):
        compiler.compile(lambda: np.fft.fftfreq(4), fullgraph=True, backend="aot_eager")()


def test_ufunc_of_integers_in_numpys_float_loop():
    def f(u, i):
        return np.sqrt(u), np.sin(u > 3), np.hypot(i, i), np.exp(i.astype(np.int8))

    check_same(f, np.array([0, 4, 9, 255], dtype=np.uint8), np.array([3, 0, -2, 5]),
               fullgraph=True)


@pytest.mark.parametrize("dtype", [np.uint16, np.uint32, np.uint64])
def test_wide_unsigned_arrays_only_move(dtype):
    a = np.arange(6, dtype=dtype).reshape(2, 3)
    with compiler.config.patch(raise_internal_errors=True):
        check_same(lambda a: (a.T.copy(), a[0], np.concatenate([a, a]), a.astype(np.int64)), a,
                   fullgraph=True)
        for fn in (lambda a: a > 3, lambda a: a.max(), lambda a: a.sum()):
            with pytest.raises(compiler.Unsupported, match="few kernels"):
                fullgraph(fn, a)


def test_ndarray_item_is_read_after_the_graph():
    def f(a):
        s = a.sum()
        v = s.item()
        a[0] = 100.0
        return v, s, a[1].item(), (a > 0).all().item()

    check_same(f, np.arange(1.0, 4.0, dtype=np.float32), fullgraph=True)

    def g(a):
        try:
            return a.item()
        except ValueError as exc:
            return str(exc)

    assert fullgraph(g, np.arange(3)) == g(np.arange(3))
