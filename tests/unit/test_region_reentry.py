"""An autocast or inference_mode object entered again after it was left (a manager made once
and used by several `with` blocks) enters its mode anew each time, as torch's __enter__ does;
entering it again while it is still entered (which leaks the mode in eager) stays refused."""

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


def _pair():
    g = torch.Generator().manual_seed(0)
    return torch.randn(3, 4, generator=g), torch.randn(3, 4, generator=g)


def autocast_reused_in_loop(a, b):
    ac = torch.autocast("cpu", dtype=torch.bfloat16)
    out = []
    for _ in range(2):
        with ac:
            out.append(a @ b.t())
        out.append(a @ b.t())
    return [t.float() for t in out], [t.dtype for t in out]


def inference_mode_reused(a, b):
    im = torch.inference_mode()
    out = []
    for _ in range(2):
        with im:
            out.append((a * 2).is_inference())
        out.append((b * 2).is_inference())
    return out, a + b


@pytest.mark.parametrize("fn", [autocast_reused_in_loop, inference_mode_reused])
def test_manager_entered_again_after_leaving(fn):
    one_graph(check_same(fn, *_pair()))


def autocast_nested_same_object(a, b):
    ac = torch.autocast("cpu", dtype=torch.bfloat16)
    with ac:
        with ac:
            r = a @ b.t()
    return r.dtype


def test_manager_entered_again_while_entered_is_refused():
    try:
        with pytest.raises(compiler.Unsupported, match="twice"):
            compiler.compile(autocast_nested_same_object, fullgraph=True)(*_pair())
    finally:
        assert not torch.is_autocast_enabled("cpu")
