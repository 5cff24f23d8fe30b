"""`torch._C._set_grad_enabled(b)`, the call torch's own grad-mode managers make, called by a
user's context manager or directly: the mode changes for the rest of the trace and in the
graph, and a frame that leaves it changed leaves it changed after the call, as eager does.
Compared with eager (results, requires_grad, the mode afterwards), fullgraph and not."""

import pytest
import torch

import compiler
from tests.differential import assert_same


class NoGrad:
    def __enter__(self):
        self.previous = torch.is_grad_enabled()
        torch._C._set_grad_enabled(False)

    def __exit__(self, *exc):
        torch._C._set_grad_enabled(self.previous)


def in_a_users_manager(x):
    with NoGrad():
        y = x * 2
    return y, y.requires_grad, (x * 3).requires_grad


def left_changed(x):
    torch._C._set_grad_enabled(False)
    return x * 2


def with_a_break_inside(x):
    with NoGrad():
        y = x * 2
        print("", end="")
        z = y + 1
    return z, z.requires_grad, (x + 1).requires_grad


@pytest.mark.parametrize("fn", [in_a_users_manager, left_changed, with_a_break_inside])
@pytest.mark.parametrize("fullgraph", [True, False])
def test_the_grad_mode_set_through_torch_c(fn, fullgraph):
    if fullgraph and fn is with_a_break_inside:
        pytest.skip("it breaks at print")
    compiled = compiler.compile(fn, fullgraph=fullgraph)
    for _ in range(2):
        x = torch.randn(3, requires_grad=True)
        try:
            expected = fn(x)
            expected_mode = torch.is_grad_enabled()
        finally:
            torch._C._set_grad_enabled(True)
        try:
            actual = compiled(x)
            actual_mode = torch.is_grad_enabled()
        finally:
            torch._C._set_grad_enabled(True)
        assert_same(actual, expected)
        assert actual_mode == expected_mode
    if fn is not with_a_break_inside:  # (a break inside a user's `with` runs the frame eagerly)
        assert compiler.stats(compiled).graphs >= 1 and not compiler.stats(compiled).fallbacks
