"""NumPy scalars made from constants in the trace (`np.float32(0.5)`) are constants: their
arithmetic is NumPy's, and a tensor op given one computes with the real scalar, so the result
dtype follows eager's promotion (np.bool_ times an int32 tensor is float32)."""

import numpy as np
import pytest
import torch

import compiler
from tests.differential import check_same, one_graph

INPUTS = {
    "float32": lambda: torch.randn(3, 4, generator=torch.Generator().manual_seed(0)),
    "float16": lambda: torch.randn(3, 4, generator=torch.Generator().manual_seed(1)).half(),
    "int32": lambda: torch.arange(12, dtype=torch.int32).reshape(3, 4),
}


def scaled(a):
    return a * np.float32(0.5) + np.float64(2.0), np.int64(3) * a, a * np.bool_(True)


def scalar_arithmetic(a):
    s = np.float32(0.25) * 2 + np.float32(1)
    k = np.int32(7) // 2
    return a * s, s, k, type(s) is np.float32, isinstance(k, np.integer), np.float64(s) > 0.5


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
@pytest.mark.parametrize("dtype", sorted(INPUTS))
@pytest.mark.parametrize("fn", [scaled, scalar_arithmetic])
def test_numpy_scalars_made_in_the_trace_are_one_graph(fn, dtype, backend):
    stats = check_same(fn, INPUTS[dtype](), backend=backend)
    one_graph(stats)


def scalar_of_tensor_data(a):
    return np.float32(a.sum())


def test_numpy_scalar_of_tensor_data_is_refused():
    with pytest.raises(compiler.Unsupported):
        compiler.compile(scalar_of_tensor_data, fullgraph=True)(INPUTS["float32"]())
    compiler.reset()
    check_same(scalar_of_tensor_data, INPUTS["float32"](), fullgraph=False)


def test_len_of_a_numpy_scalar_raises_eagers_text():
    def program(x):
        try:
            return len(x.numpy().sum())
        except TypeError as error:
            return x + 1, str(error)

    check_same(program, torch.randn(3), fullgraph=False)


def test_missing_attribute_of_an_array_raises_eagers_text():
    def program(x):
        try:
            return x.numpy().no_such_thing
        except AttributeError as error:
            return x + 1, str(error)

    check_same(program, torch.randn(3), fullgraph=False)
