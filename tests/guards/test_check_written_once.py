"""Each cache entry's check function is written and compiled once, with the entry: a symbolic
trace's guards are final only once the ShapeEnv's relations join them, and the check written
before that was compiled for nothing (a large share of a model's compile)."""

from __future__ import annotations

import pytest
import torch

import compiler
from compiler.pysource import GeneratedFunction


@pytest.fixture
def written(monkeypatch):
    names = []
    build = GeneratedFunction.build

    def counting(self):
        names.append(self.name)
        return build(self)

    monkeypatch.setattr(GeneratedFunction, "build", counting)
    return names


def scaled(x, w):
    return (x @ w).relu() * x.shape[0]


@pytest.mark.parametrize("dynamic", [True, False])
def test_one_check_function_per_entry_written_by_the_compile(written, dynamic):
    compiled = compiler.compile(scaled, dynamic=dynamic, fullgraph=True)
    x, w = torch.randn(5, 3), torch.randn(3, 2)
    torch.testing.assert_close(compiled(x, w), scaled(x, w))
    assert written.count("___check") == 1  # at the compile, before any lookup
    torch.testing.assert_close(compiled(x, w), scaled(x, w))
    assert written.count("___check") == 1 and compiler.stats(compiled).compiles == 1
    y = torch.randn(7, 3)
    torch.testing.assert_close(compiled(y, w), scaled(y, w))
    assert compiler.stats(compiled).compiles == (1 if dynamic else 2)
    assert written.count("___check") == compiler.stats(compiled).compiles
