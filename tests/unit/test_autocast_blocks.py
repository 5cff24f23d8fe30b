"""`with torch.autocast(...)` in compiled code: entered and left in the graph (so the ops in
between cast as eager's do, and dtypes read in the trace are eager's), and never left entered
when the trace stops or the graph raises."""

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


def _pair():
    g = torch.Generator().manual_seed(0)
    return torch.randn(4, 4, generator=g), torch.randn(4, 4, generator=g)


def bf16_block(a, b):
    with torch.autocast("cpu"):
        y = a @ b
        inside = torch.is_autocast_enabled("cpu")
    z = a @ b
    return y, y.dtype, z.dtype, inside, torch.is_autocast_enabled("cpu")


def nested_blocks(a, b):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        x = a @ b
        with torch.autocast("cpu", enabled=False):
            y = a @ b
        with torch.autocast(device_type="cpu", dtype=torch.float16) as ac:
            z = torch.mm(a, b)
    return x.dtype, y.dtype, z.dtype, (x.float() + y + z.float()), ac is not None


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
@pytest.mark.parametrize("fn", [bf16_block, nested_blocks])
def test_autocast_block_is_one_graph(fn, backend):
    one_graph(check_same(fn, *_pair(), backend=backend))
    assert not torch._C._is_any_autocast_enabled()


def breaks_inside(a, b):
    with torch.autocast("cpu"):
        y = a @ b
        k = float(y.sum())  # tensor data: a break inside the block
    return y * k


def test_break_inside_an_autocast_block_is_refused_and_leaves_no_state():
    with pytest.raises(compiler.Unsupported):
        compiler.compile(breaks_inside, fullgraph=True)(*_pair())
    assert not torch._C._is_any_autocast_enabled()
    compiler.reset()
    check_same(breaks_inside, *_pair(), fullgraph=False)
    assert not torch._C._is_any_autocast_enabled()


def raises_at_run_time(a, index):
    with torch.autocast("cpu"):
        y = a[index] @ a
    return y


def test_graph_raising_inside_the_block_leaves_autocast_off():
    a, index = torch.ones(4, 4), torch.tensor([7])
    with pytest.raises(IndexError):
        raises_at_run_time(a, index)
    with pytest.raises(IndexError):
        compiler.compile(raises_at_run_time)(a, index)
    assert not torch._C._is_any_autocast_enabled()
    assert not torch.is_autocast_enabled("cpu")
