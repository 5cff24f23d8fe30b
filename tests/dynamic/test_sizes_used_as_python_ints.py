"""A size that became symbolic (automatic dynamic, after a call with another shape) used where
no symbolic op models it (`n / 2`, `n ** 2`, `float(n)`, `range(n)`, `n | 1`, `math.sqrt`)
is specialised: the ShapeEnv guards it equal to its value and the trace goes on, so the
function compiles fullgraph, recompiling per value of that size only, as torch.compile does
when it specialises. Each call is compared with eager; the compile count is checked."""

import math

import pytest
import torch

import compiler
from tests.differential import assert_same

EXPRESSIONS = [
    "n ** 2", "n / 2", "n / m", "float(n)", "str(n)", "hash(n)", "divmod(n, 2)", "n | 1",
    "n << 1", "bool(n & 1)", "list(range(n))", "sum(range(n))", "round(n / 3)",
    "math.ceil(n / 2)", "int(math.sqrt(x.numel()))", "n ** 0.5", "[0] * n",
    "torch.ones(int(n * 1.5)).shape",
]
SHAPES = [(2, 3), (4, 5), (3, 3), (4, 5), (6, 2)]


@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_a_symbolic_size_used_as_an_int_is_specialised(expression):
    namespace = {"torch": torch, "math": math}
    exec(f"def f(x):\n    n, m = x.shape\n    return x.sum(), ({expression})\n", namespace)
    f = namespace["f"]
    compiled = compiler.compile(f, fullgraph=True)
    for shape in SHAPES:
        x = torch.randn(*shape)
        assert_same(compiled(x), f(x))
    # the first shape static, then one entry per distinct first size seen after it (4, 3, 6)
    assert compiler.stats(compiled).compiles == 4


def test_sizes_that_stay_symbolic_do_not_recompile_per_value():
    def f(x):
        n, m = x.shape
        return x.reshape(n * m).sum() + n // 2, x.new_zeros(n // 2 + 1).shape

    compiled = compiler.compile(f, fullgraph=True)
    for shape in SHAPES:
        x = torch.randn(*shape)
        assert_same(compiled(x), f(x))
    assert compiler.stats(compiled).compiles == 2
