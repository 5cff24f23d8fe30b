"""ndarray arguments: the graph's input is torch.from_numpy of the array, so writes in the
graph are the caller's array's; results share memory with the inputs exactly where NumPy's
do (a later write of the input is seen through a view, never through a copy)."""

import numpy as np
import pytest
import torch

import compiler
from tests.differential import assert_same, check_same


def _both(fn, make_args, backend="eager", fullgraph=True):
    """Eager and compiled on equal fresh arguments: (results, arguments after) of each."""
    eager_args, compiled_args = make_args(), make_args()
    expected = fn(*eager_args)
    actual = compiler.compile(fn, backend=backend, fullgraph=fullgraph)(*compiled_args)
    assert_same(actual, expected)
    assert_same(compiled_args, eager_args, "arguments after the call")
    return actual


def _grid():
    return (np.arange(12.0).reshape(3, 4),)


# Each expression's result, read after the argument was overwritten: a view must see the
# write, a copy must not.
AFTER_WRITE = ["a[0, 0]", "a[0]", "a[:, 1]", "a[1:, ::2]", "a.T", "a.reshape(-1)",
               "a.reshape(4, 3)", "a.flatten()", "a.ravel()", "a.copy()", "np.copy(a)",
               "a.astype(np.float64)", "a.astype(np.float32)", "np.asarray(a)",
               "np.transpose(a)", "np.squeeze(a[None])", "np.expand_dims(a, 0)", "a[None, 0]",
               "a[[0, 2]]", "a[a > 5]", "a.sum(axis=0)", "a.max()", "a * 1",
               "np.array(a)", "np.ravel(a)", "a.swapaxes(0, 1)", "np.atleast_2d(a)",
               "a.diagonal()", "np.concatenate([a])", "a[..., 1]"]


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
@pytest.mark.parametrize("expression", AFTER_WRITE)
def test_results_alias_the_argument_as_numpys_do(expression, backend):
    namespace = {"np": np}
    exec(f"def f(a):\n    y = {expression}\n    a[:] = -1.0\n    return y", namespace)
    fn = namespace["f"]
    try:
        _both(fn, _grid, backend=backend)
    except compiler.Unsupported:
        _both(fn, _grid, backend=backend, fullgraph=False)


def test_written_argument_is_the_callers_array():
    def f(a):
        a[1] = 7.0
        np.multiply(a, 2, out=a)
        a.fill(a.dtype.type(1)) if False else None
        return a

    a = np.zeros(3)
    out = compiler.compile(f, fullgraph=True)(a)
    assert out is a and a.tolist() == [0.0, 14.0, 0.0]


def test_returned_argument_is_the_same_object():
    def f(a, b):
        return a, b[0], (a, b)

    a, b = np.ones(2), np.zeros((2, 2))
    out = compiler.compile(f, fullgraph=True)(a, b)
    assert out[0] is a and out[2][0] is a and out[2][1] is b
    assert np.shares_memory(out[1], b)


def test_guards_shape_dtype_and_layout():
    def f(a):
        return np.sin(a) * 2, a.strides

    compiled = compiler.compile(f, fullgraph=True)
    arrays = [np.ones((2, 3)), np.ones((2, 3)) * 2, np.ones((3, 3)),
              np.ones((2, 3), dtype=np.float32), np.asfortranarray(np.ones((2, 3))),
              np.ones((2, 6))[:, ::2], np.ones((2, 3), dtype=np.int64)]
    for a in arrays:
        assert_same(compiled(a), f(a))
    stats = compiler.stats(compiled)
    assert len(stats.recompiles) == len(arrays) - 2, stats.recompiles  # the 2nd: a hit


def test_arrays_torch_cannot_share_fall_back():
    def f(a):
        return a * 2

    for a in (np.arange(3, dtype=">f8"), np.arange(4.0)[::-1], np.array([1, 2], dtype=object),
              np.matrix([[1.0, 2.0]])):
        got, want = compiler.compile(f, fullgraph=False)(a), f(a)
        assert type(got) is type(want) and got.dtype == want.dtype
        assert (got == want).all()
        with pytest.raises(compiler.Unsupported):
            compiler.compile(f, fullgraph=True)(a)


def test_read_only_array_is_read_and_its_writes_raise_numpys_error():
    def read(a):
        return a * 2, a[1:].sum(), a.T.copy()

    def write_view(a):
        b = a[1:]
        b[0] = 5.0  # (the trace stops here: the rest runs on the rebuilt, read-only view)
        return a

    def write_copy(a):
        b = a.copy()
        b[0] = 1.0
        return b

    def sort(a):
        a.sort()

    def readonly():
        a = np.arange(3.0)
        a.setflags(write=False)
        return a

    assert_same(compiler.compile(read, fullgraph=True)(readonly()), read(readonly()))
    assert_same(compiler.compile(write_copy, fullgraph=True)(readonly()), write_copy(readonly()))
    for fn in (write_view, sort):
        with pytest.raises(ValueError, match="read-only") as raised:
            fn(readonly())
        with pytest.raises(ValueError, match="read-only") as compiled_raised:
            compiler.compile(fn, fullgraph=False)(readonly())
        assert str(compiled_raised.value) == str(raised.value)
    compiled = compiler.compile(read, fullgraph=True)
    compiled(np.arange(3.0))
    compiled(readonly())
    assert len(compiler.stats(compiled).recompiles) == 1  # writeable is guarded


def test_one_array_twice_then_two_arrays():
    def f(a, b):
        a[0] = 5.0
        return b * 2

    for backend in ("eager", "aot_eager"):
        compiler.reset()
        compiled = compiler.compile(f, backend=backend, fullgraph=True)
        for same in (False, True, False):
            x = np.arange(3.0)
            y = x if same else np.arange(3.0)
            expected_x = np.arange(3.0)
            expected_y = expected_x if same else np.arange(3.0)
            expected = f(expected_x, expected_y)
            assert_same(compiled(x, y), expected)
            assert_same((x, y), (expected_x, expected_y))


def test_view_argument_is_refused_for_a_compiling_backend_only():
    def f(a, b):
        a[0] = 5.0
        return b * 2

    base = np.arange(4.0)
    args = (base, base[1:])
    check_same(f, *args, backend="eager")
    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, backend="aot_eager", fullgraph=True)(np.arange(4.0), base[1:])


def test_array_result_dtypes_are_numpys():
    def f(a, t):
        return a / 2, np.arange(3), np.ones(2), a.sum(), torch.from_numpy(a) * t

    stats = check_same(f, np.arange(4), torch.ones(4))
    assert stats.graphs == 1 and not stats.graph_breaks


def test_graph_break_keeps_arrays():
    def f(a):
        b = a * 2
        m = a.sum
        print("break")
        b[0] = m()
        return a, b

    check_same(f, np.arange(3.0), fullgraph=False)


def test_iteration_reads_rows_when_taken():
    def f(a):
        seen = []
        for x in a:
            a[-1] = 9.0
            seen.append(x * 1)
        return seen

    check_same(f, np.arange(3.0))
    check_same(f, np.arange(6.0).reshape(3, 2))


def test_assignment_through_advanced_indexes():
    def repeated(a):
        a[[0, 0, 1]] = np.array([1.0, 2.0, 3.0])  # NumPy: the last wins; torch: undefined
        return a

    def masked(a):
        a[a > 0] = a[a < 0]  # NumPy checks the counts by value
        return a

    def scalar(a):
        a[a > 0] = 0.0
        a[[0, 0]] = 5.0
        a[np.array([1, 2])] = -1.0
        return a

    for fn in (repeated, masked):
        with pytest.raises(compiler.Unsupported):
            compiler.compile(fn, fullgraph=True)(np.arange(-2.0, 2.0))
    check_same(scalar, np.arange(-2.0, 2.0))


TENSOR_DTYPES = [torch.float32, torch.float64, torch.int32, torch.int64, torch.bool,
                 torch.float16]
SCALAR_DTYPES = [np.float64, np.float32, np.int64, np.int32, np.bool_, np.float16, np.uint8,
                 np.complex64]


@pytest.mark.parametrize("scalar_dtype", SCALAR_DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("tensor_dtype", TENSOR_DTYPES, ids=str)
def test_tensor_with_numpy_scalar_of_the_trace_is_bit_exact(tensor_dtype, scalar_dtype):
    t = torch.arange(1, 4).to(tensor_dtype) if tensor_dtype != torch.bool else (
        torch.arange(1, 4) % 2 == 0)
    a = np.array([1.5, 2.5, 0.0]).astype(scalar_dtype)
    for expression in ["t * a.sum()", "a.max() + t", "t > a.mean()", "t - a[0]", "a[1] / t",
                       "t ** a[2]", "a[0] - t", "t / a[1]", "a[0] // t", "t == a[0]"]:
        fn = eval(f"lambda t, a: {expression}")  # noqa: S307 - the expressions above
        try:
            expected = fn(t, a)
        except Exception as error:  # noqa: BLE001 - eager's error is the answer
            with pytest.raises((type(error), compiler.Unsupported)):
                compiler.compile(fn, fullgraph=True)(t, a)
            continue
        try:
            actual = compiler.compile(fn, fullgraph=True)(t, a)
        except compiler.Unsupported:
            continue
        assert actual.dtype == expected.dtype, expression
        assert torch.equal(actual, expected) or torch.allclose(
            actual.double(), expected.double(), rtol=0, atol=0, equal_nan=True), expression
