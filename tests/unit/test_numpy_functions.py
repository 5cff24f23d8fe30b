"""Every listed NumPy function and method, on argument arrays of several dtypes with negative
values, halves, zeros and ties: the compiled answer is eager's (type, dtype, shape, values,
strides) or the call is refused; none gives another answer."""

import numpy as np
import pytest

import compiler
from tests.differential import assert_same

ARRAYS = {
    "float64": lambda: np.array([[-2.5, -0.5, 0.0, 0.5], [1.5, 2.5, 2.5, -1.0],
                                 [3.0, -3.0, 0.25, 7.5]]),
    "float32": lambda: np.array([[-2.5, -0.5, 0.0, 0.5], [1.5, 2.5, 2.5, -1.0],
                                 [3.0, -3.0, 0.25, 7.5]], dtype=np.float32),
    "int64": lambda: np.array([[-7, -1, 0, 3], [5, 5, 2, -4], [9, -9, 1, 6]]),
    "int32": lambda: np.array([[-7, -1, 0, 3], [5, 5, 2, -4], [9, -9, 1, 6]], dtype=np.int32),
    "bool": lambda: np.array([[True, False, True, True], [False, False, True, False],
                              [True, True, False, True]]),
}
EXPRESSIONS = [
    "np.round(a)", "np.around(a, 1)", "np.rint(a)", "np.trunc(a)", "np.fmod(a, 3)",
    "np.remainder(a, 3)", "np.mod(a, -3)", "np.floor_divide(a, -3)", "np.copysign(a, -1)",
    "np.logaddexp(a, 1)", "np.isclose(a, 2.5)", "np.median(a)", "np.median(a, axis=0)",
    "np.average(a, axis=1)", "np.ptp(a, axis=0)", "np.count_nonzero(a)", "np.diff(a)",
    "np.tile(a, 2)", "np.roll(a, 1, axis=1)", "np.repeat(a, 2, axis=0)", "np.kron(a, a[:1])",
    "np.cross(a[:, :3], a[:, 1:])", "np.tensordot(a, a.T, 1)", "np.diag(a)", "np.tril(a)",
    "np.triu(a, 1)", "np.trace(a)", "np.flip(a, 0)", "np.fliplr(a)", "np.hstack([a, a])",
    "np.vstack([a, a])", "np.column_stack([a[:, 0], a[:, 1]])", "np.swapaxes(a, 0, 1)",
    "np.moveaxis(a, 0, 1)", "np.take(a, [0, 2])", "np.atleast_1d(a)", "np.full_like(a, 3)",
    "np.sign(a)", "np.reciprocal(a)", "np.cbrt(a)", "np.fmax(a, 0)", "np.signbit(a)",
    "np.logical_and(a, a > 0)", "np.bitwise_and(a, 1)", "np.invert(a)", "np.greater(a, 1)",
    "np.sort(a, axis=0)", "np.sort(a, axis=None)", "np.argsort(a, kind='stable')",
    "np.argmax(a)", "np.argmin(a, axis=0)", "np.cumprod(a, axis=1)", "np.inner(a, a)",
    "np.vdot(a, a)", "np.linalg.norm(a, axis=0)", "np.linalg.det(a[:, :3])",
    "a.round(1)", "a.astype(np.int16)", "a.astype(bool)", "a.ptp()", "a.trace()",
    "a.repeat(2)", "a.take([1, 3])", "a.diagonal(1)", "a ** 2", "a // 2", "a % -2", "~a",
    "a & 3", "a | 1", "a ^ a", "-a", "abs(a)", "a > 0", "np.where(a > 0, a, -a)",
    "np.clip(a, -1, 1)", "np.maximum(a, a.T[:3].T)", "np.power(a, 2.0)", "np.std(a, ddof=1)",
    "np.var(a, axis=0)", "np.mean(a, axis=(0, 1))", "a.sum(axis=1, keepdims=True)",
    "np.array([1, 2, 3]) * a[0, :3]", "np.logspace(0, 2, 3)", "np.tri(3)",
    "np.clip(a, a_min=0, a_max=None)", "np.ascontiguousarray(a.T)", "np.nan_to_num(a / 0.0)",
    "np.percentile(a, 30)", "np.quantile(a, [0.25, 0.5], axis=0)", "np.append(a, [1, 2])",
    "np.median(a[0])", "np.searchsorted(np.sort(a[0]), 0.5)", "np.real(a)", "a.conj()",
    "a.real", "np.conj(a)",
]


@pytest.mark.parametrize("dtype", sorted(ARRAYS))
@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_listed_numpy_calls_are_eagers_or_refused(expression, dtype):
    namespace = {"np": np}
    exec(f"def f(a):\n    return {expression}", namespace)
    fn = namespace["f"]
    try:
        expected = fn(ARRAYS[dtype]())
    except Exception as error:  # noqa: BLE001 - NumPy refuses this dtype
        with pytest.raises((type(error), compiler.Unsupported)):
            compiler.compile(fn, fullgraph=True)(ARRAYS[dtype]())
        return
    try:
        actual = compiler.compile(fn, fullgraph=True)(ARRAYS[dtype]())
    except compiler.Unsupported:
        return
    assert type(actual) is type(expected)
    assert_same(actual, expected)
    if isinstance(expected, np.ndarray):
        assert actual.strides == expected.strides, (actual.strides, expected.strides)
