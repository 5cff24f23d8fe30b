"""Multi-call probes for NumPy interop (part m): tensors given to NumPy functions across
dtypes, `numpy(force=True)` as requires_grad changes, in-place writes accumulating in the
caller's array, global arrays changed between calls, np.finfo of an argument's dtype, integer
division by zero on changing data, and arrays whose truth value NumPy refuses or not. Each
call is compared with eager; recompile counts are checked where guards decide."""

from __future__ import annotations

import numpy as np
import torch

from tests.dynamo_style.calls_support import run_calls


def _a(shape=(3, 4), dtype=np.float64, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def _t(shape=(3, 4), dtype=torch.float32, seed=0):
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed)).to(dtype)


def test_tensor_given_to_numpy_across_dtypes():
    def f(t):
        return np.ones_like(t, dtype=np.float64), np.full_like(t, 3), np.concatenate([t, t])

    calls = [(None, (_t(dtype=d),)) for d in (torch.float32, torch.float32, torch.float64,
                                               torch.int64, torch.float32)]
    stats = run_calls(f, calls, fullgraph=True)
    assert len(stats.recompiles) == 2, stats.recompiles


def test_ufunc_of_tensor_stays_a_tensor_across_calls():
    def f(t):
        return np.exp(t), np.isnan(t) * 1

    calls = [(None, (_t(seed=s),)) for s in range(3)] + [(None, (_t(dtype=torch.float64),))]
    stats = run_calls(f, calls, fullgraph=True)
    assert len(stats.recompiles) == 1, stats.recompiles


def test_numpy_force_as_requires_grad_changes():
    def f(t):
        return t.numpy(force=True) * 2

    calls = [(None, (_t(),)), (None, (_t().requires_grad_(),)), (None, (_t(seed=1),))]
    run_calls(f, calls, fullgraph=True)

    def g(t):
        return t.numpy() * 2  # eager's RuntimeError once the tensor requires grad

    run_calls(g, [(None, (_t(),)), (None, (_t().requires_grad_(),))], fullgraph=False)


def test_inplace_writes_accumulate_in_the_callers_array():
    shared = np.zeros(4)

    def f(a):
        a += 1.5
        a[0] *= 2
        return a.sum()

    compiled_results = []
    import compiler
    compiler.reset()
    cf = compiler.compile(f, fullgraph=True)
    eager = np.zeros(4)
    for _ in range(3):
        compiled_results.append(cf(shared))
        expected = f(eager)
        assert compiled_results[-1] == expected
    np.testing.assert_array_equal(shared, eager)
    assert len(compiler.stats(cf).recompiles) == 0


TABLE = np.arange(4.0)


def _bump_table():
    TABLE[:] = TABLE * 2 + 1


def _rebind_table():
    global TABLE
    TABLE = np.arange(4.0, dtype=np.float32)


def _reset_table():
    global TABLE
    TABLE = np.arange(4.0)


def test_global_array_changed_between_calls():
    def f(x):
        return x * TABLE, TABLE.dtype, np.diag(TABLE).sum()

    calls = [(None, (_a((4,)),)), (_bump_table, (_a((4,)),)), (_bump_table, (_a((4,)),)),
             (_rebind_table, (_a((4,)),)), (None, (_a((4,), seed=2),))]
    run_calls(f, calls, fullgraph=True, reset_state=_reset_table)


def test_finfo_of_the_arguments_dtype():
    def f(a):
        info = np.finfo(a.dtype)
        return np.clip(a, info.min / 2, info.max / 2), info.eps, info.bits

    calls = [(None, (_a(dtype=d),)) for d in (np.float32, np.float64, np.float32, np.float16)]
    stats = run_calls(f, calls, fullgraph=True)
    assert len(stats.recompiles) == 2, stats.recompiles


def test_integer_division_by_zero_on_changing_data():
    def f(a, b):
        return a // b, a % b, np.fmod(a, b)

    rng = np.random.default_rng(0)
    calls = [(None, (rng.integers(-9, 9, 6), rng.integers(-2, 3, 6))) for _ in range(4)]
    stats = run_calls(f, calls, fullgraph=True)
    assert len(stats.recompiles) == 0, stats.recompiles


def test_truth_value_error_then_single_item():
    def f(a):
        try:
            return "positive" if a > 0 else "not"
        except ValueError as exc:
            return str(exc)

    calls = [(None, (np.arange(3.0),)), (None, (np.zeros(0),)), (None, (np.ones(1),)),
             (None, (np.arange(2.0),))]
    run_calls(f, calls, fullgraph=False)


def test_tensor_of_numpy_scalars_across_dtypes():
    def f(a):
        return torch.tensor([a[0], a.sum(), 2.5]), torch.tensor([a[1] > 0, a[2] > 0])

    calls = [(None, (_a((3,), dtype=d),)) for d in (np.float64, np.float32, np.int64,
                                                     np.float64)]
    stats = run_calls(f, calls, fullgraph=True)
    assert len(stats.recompiles) == 2, stats.recompiles

    def g(a):  # np.float32 items for an integer dtype: eager's TypeError; float64: checked
        return torch.tensor([a[1], a[2]], dtype=torch.int32)

    calls = [(None, (_a((3,), dtype=d),)) for d in (np.float32, np.float64)]
    calls.append((None, (np.array([1.0, np.nan, 3e10]),)))
    run_calls(g, calls, fullgraph=False)
