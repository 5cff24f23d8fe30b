"""Size sweeps for the dynamic-shape tests: call a compiled function on inputs of several sizes,
compare each result with eager's, and return the compiler's statistics."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence

import torch

import compiler
from tests.differential import assert_same

BATCH_SWEEP = (2, 3, 5, 8, 16, 4, 7, 32, 9, 12)           # ten sizes, none specialised
WITH_ONE = (1, 2, 3, 5, 8, 16, 4, 7, 32, 9)               # 1 is specialised, as torch does


def sweep(fn, make_args: Callable[[int], tuple], sizes: Sequence[int], *, dynamic=None,
          backend="eager", fullgraph: bool = False, compiled=None) -> compiler.CompileStats:
    """Every size gives eager's result (outputs and input mutations)."""
    compiled = compiled or compiler.compile(fn, backend=backend, dynamic=dynamic,
                                            fullgraph=fullgraph)
    for size in sizes:
        args = make_args(size)
        eager_args, compiled_args = copy.deepcopy(args), copy.deepcopy(args)
        expected = fn(*eager_args)
        actual = compiled(*compiled_args)
        assert_same(actual, expected, f"size {size}")
        assert_same(compiled_args, eager_args, f"args at size {size}")
    return compiler.stats(getattr(compiled, "compiled", compiled))


def rows(width: int = 4, dtype=torch.float32) -> Callable[[int], tuple]:
    """Inputs `(x,)` with x of shape (n, width)."""
    def make(n: int) -> tuple:
        g = torch.Generator().manual_seed(n)
        return (torch.randn(n, width, generator=g).to(dtype),)
    return make
