"""Multi-call probes for NumPy interop: a compiled function called with arrays of new shapes,
dtypes and layouts, with global arrays changed in place or rebound between calls, with
arrays and other types in turn, and with writes that must reach the caller's array on every
call. Each call is compared with eager; recompile counts are checked where guards decide."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import compiler
from tests.differential import assert_same
from tests.dynamo_style.calls_support import run_calls


def _a(shape=(3, 4), dtype=np.float64, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def scaled_sum(a):
    return (a * 2).sum(axis=0), a.dtype, a.shape


def test_new_shapes_recompile_and_agree():
    calls = [(None, (_a(s),)) for s in [(3, 4), (3, 4), (5, 4), (2,), (3, 4)]]
    stats = run_calls(scaled_sum, calls, fullgraph=True)
    assert len(stats.recompiles) == 2, stats.recompiles


def test_new_dtypes_keep_numpys_result_dtypes():
    def f(a):
        return a / 2, a + 1, a.mean(), np.sqrt(np.abs(a)), a.sum()

    calls = [(None, (_a(dtype=d),)) for d in (np.float64, np.float32, np.int64, np.int32,
                                                 np.float16, np.float32)]
    stats = run_calls(f, calls, fullgraph=True)
    assert len(stats.recompiles) == 4, stats.recompiles
    # uint8: NumPy's sqrt gives float16, torch._numpy's float64: refused, eager's answer
    run_calls(lambda a: np.sqrt(a), [(None, (_a(dtype=np.uint8),))], fullgraph=False)


def test_layouts_recompile_and_results_keep_numpys_strides():
    def f(a):
        b = np.sin(a)
        return b, b.strides, a.T.copy().strides, (a * 1).flags["C_CONTIGUOUS"]

    base = _a((4, 6))
    calls = [(None, (x,)) for x in (base, np.asfortranarray(base), base[:, ::2],
                                     base.T, base)]
    run_calls(f, calls, fullgraph=False)


TABLE = np.linspace(0.0, 1.0, 6)


def _write_table(value):
    def prepare():
        TABLE[0] = value
    return prepare


def _rebind_table(array):
    def prepare():
        global TABLE
        TABLE = array
    return prepare


def read_table(t):
    return t * torch.from_numpy(TABLE), TABLE.sum()


def test_global_array_written_between_calls_is_read_live():
    x = torch.ones(6, dtype=torch.float64)
    stats = run_calls(read_table, [(_write_table(v), (x,)) for v in (0.0, 5.0, -2.0)],
                      fullgraph=True, reset_state=_write_table(0.0))
    assert not stats.recompiles, stats.recompiles


def test_global_array_rebound_recompiles_on_shape_only():
    x = torch.ones(6, dtype=torch.float64)
    calls = [(_rebind_table(np.zeros(6)), (x,)), (_rebind_table(np.ones(6)), (x,)),
             (_rebind_table(np.ones(6, dtype=np.float32)), (x,))]
    stats = run_calls(read_table, calls, fullgraph=True,
                      reset_state=_rebind_table(np.linspace(0.0, 1.0, 6)))
    assert len(stats.recompiles) == 1, stats.recompiles


def test_array_then_list_then_tensor_arguments():
    def f(x):
        if isinstance(x, np.ndarray):
            return np.cos(x)
        if isinstance(x, torch.Tensor):
            return x.cos()
        return [v * 2 for v in x]

    calls = [(None, (_a((3,)),)), (None, ([1.0, 2.0],)), (None, (torch.ones(3),)),
             (None, (_a((3,), seed=1),))]
    run_calls(f, calls, fullgraph=True)


def test_writes_reach_the_callers_array_on_every_call():
    def f(a, i):
        a[i] = a[i] * 10
        np.add(a, 1, out=a)
        return a.max()

    compiled = compiler.compile(f, fullgraph=True)
    mine, theirs = np.arange(4.0), np.arange(4.0)
    for i in (0, 1, 3, 1):
        assert_same(compiled(mine, i), f(theirs, i))
        assert_same(mine, theirs)
    assert compiler.stats(compiled).recompiles  # i is specialised


def test_returned_argument_identity_on_each_call():
    def f(a, b):
        b[0] = a.sum()
        return b

    compiled = compiler.compile(f, fullgraph=True)
    for n in (2, 2, 3):
        b = np.zeros(n)
        assert compiled(np.ones(n), b) is b and b[0] == n


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
def test_same_array_twice_then_distinct(backend):
    def f(a, b):
        a[0] = -1.0
        return b + 1, a is b

    compiled = compiler.compile(f, backend=backend, fullgraph=True)
    for same in (False, True, True, False):
        x, y = np.zeros(3), np.zeros(3)
        xe, ye = np.zeros(3), np.zeros(3)
        args, eager_args = ((x, x), (xe, xe)) if same else ((x, y), (xe, ye))
        assert_same(compiled(*args), f(*eager_args))
        assert_same(args, eager_args)


def test_numpy_scalar_arguments_of_new_types():
    def f(t, s):
        return t * s, s * 2, type(s * 2)

    t = torch.ones(3)
    calls = [(None, (t, s)) for s in (np.float32(2.0), np.float32(3.0), np.float64(2.0),
                                      np.int64(2), 2.0)]
    run_calls(f, calls, fullgraph=True)


def test_tensor_numpy_view_written_then_tensor_read():
    def f(t):
        n = t.numpy()
        n[0] = 3.0
        return t * 2, n.sum()

    run_calls(f, [(None, (torch.zeros(3),)), (None, (torch.ones(3),)),
                  (None, (torch.ones(4),))], fullgraph=True)
