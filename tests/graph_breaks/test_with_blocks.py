"""Graph breaks inside grad-mode `with` blocks resume (no eager fallback): the breaking
instruction runs in the block's mode and the resume function leaves the block as CPython would;
a break inside a manager whose exit is not resumable still runs the frame eagerly (try blocks:
test_try_blocks.py; autocast, inference mode and nullcontext blocks: test_resumed_blocks.py)."""

import pytest
import torch

import compiler
from tests.differential import assert_same


def _check(fn, *make_args, calls=2):
    compiled = compiler.compile(fn)
    for _ in range(calls):
        args = [make() for make in make_args]
        eager_args = [a.detach().clone().requires_grad_(a.requires_grad) for a in args]
        assert_same(compiled(*args), fn(*eager_args))
        assert torch.is_grad_enabled()
    return compiler.stats(compiled)


def _leaf():
    return torch.randn(4, requires_grad=True)


def test_break_inside_no_grad_resumes():
    def f(x):
        y = x * 2
        with torch.no_grad():
            z = y + 1
            if z.sum() > 0:
                z = z * 3
            w = z * x
        return w, y * 2, w.requires_grad, torch.is_grad_enabled()

    s = _check(f, _leaf, calls=4)
    assert s.graph_breaks and not s.fallbacks, s


def _grad_mode_after_reading(t):
    float(t.sum())  # tensor data: the call of this function is a break
    return torch.is_grad_enabled()


def test_the_breaking_call_runs_in_the_blocks_mode():
    seen = []

    def f(x):
        with torch.no_grad():
            y = x * 2
            seen.append(_grad_mode_after_reading(y))  # a break at a call
        return y, y.requires_grad

    s = _check(f, _leaf)
    assert seen == [False] * 4
    assert s.graph_breaks and not s.fallbacks, s


def test_nested_enable_grad_inside_no_grad():
    def f(x):
        with torch.no_grad():
            a = x + 1
            with torch.enable_grad():
                b = x * a
                n = int((b > 0).sum())
                c = b * n
            d = c + a
        return a, b, c, d, [t.requires_grad for t in (a, b, c, d)]

    s = _check(f, _leaf)
    assert s.graph_breaks and not s.fallbacks, s


def test_set_grad_enabled_block():
    def f(x):
        with torch.set_grad_enabled(False):
            y = x * 2
            print_free = float(y.sum())
        return y + print_free, y.requires_grad

    s = _check(f, _leaf)
    assert s.graph_breaks and not s.fallbacks, s


def test_a_raise_at_the_break_leaves_the_block():
    def boom(t):
        raise ValueError("boom")

    def f(x):
        with torch.no_grad():
            y = x * 2
            boom(y)
        return y

    compiled = compiler.compile(f)
    for _ in range(2):
        with pytest.raises(ValueError):
            compiled(_leaf())
        assert torch.is_grad_enabled()


def test_break_inside_try_resumes_but_another_manager_falls_back():
    def in_try(x):
        with torch.no_grad():
            try:
                y = x * 2
                print_free = float(y.sum())
            except ValueError:
                print_free = 0.0
        return y + print_free

    def in_other(x):
        with torch.autograd.profiler.record_function("label"):  # a label cannot be split
            y = x * 2
            print_free = float(y.sum())
        return y + print_free

    s = _check(in_try, _leaf)
    assert s.graph_breaks and not s.fallbacks, s
    s = _check(in_other, _leaf)
    assert s.fallbacks, s


def test_a_graph_raising_in_a_resume_function_leaves_the_block():
    def f(x, idx):
        with torch.no_grad():
            y = x * 2
            n = float(y.sum())
            z = y[idx] + n
        return z

    compiled = compiler.compile(f)
    compiled(torch.randn(4), torch.tensor([1]))
    with pytest.raises((IndexError, RuntimeError)):
        compiled(torch.randn(4), torch.tensor([10]))
    assert torch.is_grad_enabled()
    assert not compiler.stats(compiled).fallbacks
