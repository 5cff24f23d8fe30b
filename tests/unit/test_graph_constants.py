"""Arguments of graph ops that generated Python cannot spell (a class such as torch.HalfTensor,
a dataclass instance, a NumPy scalar) are attributes of the graph module: the graph compiles on
every backend and gives eager's result."""

import numpy as np
import pytest
import torch

import compiler
from tests.differential import assert_same


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
def test_a_legacy_tensor_type_class_as_an_argument(backend):
    def f(a, b):
        m = a.type(torch.HalfTensor)
        return b.type(m.type()), m

    a, b = torch.randn(3), torch.randn(3)
    compiled = compiler.compile(f, fullgraph=True, backend=backend)
    assert_same(compiled(a, b), f(a, b))


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
def test_a_numpy_scalar_as_an_argument(backend):
    def f(a):
        return a * np.float32(2.5) + np.int64(3)

    a = torch.randn(3)
    assert_same(compiler.compile(f, fullgraph=True, backend=backend)(a), f(a))
