"""One grad-mode object entered more than once behaves as torch's: `no_grad()` and
`enable_grad()` save the mode on every entry and restore it on exit; `set_grad_enabled(b)` sets
its mode when made and on every entry, and every exit restores the mode saved when it was
made. Compared with eager under fullgraph."""

from __future__ import annotations

import pytest
import torch

from tests.differential import check_same, one_graph


def reused_no_grad(a):
    ng = torch.no_grad()
    w = torch.ones(2, requires_grad=True)
    out = []
    for _ in range(2):
        with ng:
            out.append((w * a).requires_grad)
    return out


def reused_set_grad_enabled(a):
    w = torch.ones(2, requires_grad=True)
    sg = torch.set_grad_enabled(False)
    out = [(w * a).requires_grad]
    with sg:
        out.append((w * a).requires_grad)
    out.append((w * a).requires_grad)
    with sg:
        out.append((w * a).requires_grad)
    out.append((w * a).requires_grad)
    torch.set_grad_enabled(True)
    return out


def nested_same_no_grad(a):
    w = torch.ones(2, requires_grad=True)
    ng = torch.no_grad()
    with ng:
        with ng:
            pass
    r = (w * a).requires_grad
    torch.set_grad_enabled(True)
    return r


def reused_enable_grad_under_no_grad(a):
    w = torch.ones(2, requires_grad=True)
    eg = torch.enable_grad()
    with torch.no_grad():
        with eg:
            first = (w * a).requires_grad
        inner = (w * a).requires_grad
    with eg:
        second = (w * a).requires_grad
    return first, inner, second


@pytest.mark.parametrize("fn", [reused_no_grad, reused_set_grad_enabled, nested_same_no_grad,
                                reused_enable_grad_under_no_grad])
def test_a_grad_mode_object_entered_again_matches_eager(fn):
    one_graph(check_same(fn, torch.ones(2)))
    assert torch.is_grad_enabled()
