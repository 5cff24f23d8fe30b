"""torch.backends flags read in compiled code: guarded by value; availability queries fixed."""

import pytest
import torch

import compiler
from tests.differential import check_same


def test_cudnn_flag_is_guarded():
    def f(x):
        return x * 2 if torch.backends.cudnn.enabled else x - 1

    compiled = compiler.compile(f, fullgraph=True)
    before = torch.backends.cudnn.enabled
    try:
        for flag in (True, False, True):
            torch.backends.cudnn.enabled = flag
            assert torch.equal(compiled(torch.ones(2)), f(torch.ones(2)))
    finally:
        torch.backends.cudnn.enabled = before
    assert compiler.stats(compiled).recompiles


def test_flag_object_attribute_is_guarded():
    def f(x):
        return x + int(torch.backends.cuda.matmul.allow_tf32)

    compiled = compiler.compile(f, fullgraph=True)
    before = torch.backends.cuda.matmul.allow_tf32
    try:
        for flag in (False, True):
            torch.backends.cuda.matmul.allow_tf32 = flag
            assert torch.equal(compiled(torch.ones(2)), f(torch.ones(2)))
    finally:
        torch.backends.cuda.matmul.allow_tf32 = before


def test_availability_queries_in_one_graph():
    def f(x):
        flags = (torch.backends.mkldnn.is_available(), torch.backends.mps.is_available(),
                 torch.backends.openmp.is_available(), torch.backends.cuda.is_built())
        return x * sum(flags), flags

    stats = check_same(f, torch.randn(3))
    assert not stats.graph_breaks and not stats.fallbacks


def test_setting_a_flag_and_flags_context_are_refused():
    def set_flag(x):
        torch.backends.cudnn.benchmark = torch.backends.cudnn.benchmark
        return x + 1

    def flags_context(x):
        with torch.backends.cudnn.flags(enabled=False):
            return x + 1

    for fn in (set_flag, flags_context):
        with pytest.raises(compiler.Unsupported):
            compiler.compile(fn, fullgraph=True)(torch.ones(2))
        check_same(fn, torch.ones(2), fullgraph=False)
