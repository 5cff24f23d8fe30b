"""Graph breaks inside inference-mode, autocast and nullcontext `with` blocks resume as CPython
runs them: the graph before the break, the breaking instruction in Python with the block's
state in force, then a compiled resume function inside the block, whose exit slot undoes that
block's enter and nothing else. Each case is compared with eager: results, the state observed
while the breaking instruction runs and after it inside the block, the global modes after the
call, and exceptions raised inside the block. record_function and @contextmanager blocks still
run the frame eagerly."""

import contextlib

import pytest
import torch

import compiler
from tests.differential import assert_same


def _state():
    return (
        torch.is_grad_enabled(),
        torch.is_inference_mode_enabled(),
        torch.is_autocast_enabled("cpu"),
        torch.get_autocast_dtype("cpu"),
        torch.is_autocast_cache_enabled(),
    )


class _Recorder:
    """A file for print(): the break runs print in Python, which writes here; each write
    records the global state it runs in."""

    def __init__(self):
        self.seen = []

    def write(self, text):
        if text:
            self.seen.append(_state())

    def flush(self):
        pass


def _run_both(fn, make_args, calls=3):
    """`fn(*args, rec)` compiled and eagerly on equal inputs: same results, same states seen
    at the breaks, the same global state after the call (the one before it)."""
    compiled = compiler.compile(fn)
    outside = _state()
    for _ in range(calls):
        args = make_args()
        eager_args = [
            a.detach().clone().requires_grad_(a.requires_grad) if isinstance(a, torch.Tensor) else a
            for a in args
        ]
        eager_rec, rec = _Recorder(), _Recorder()
        expected = fn(*eager_args, eager_rec)
        assert _state() == outside
        assert_same(fn_result := compiled(*args, rec), expected)
        assert _state() == outside, fn_result
        assert rec.seen == eager_rec.seen
    return compiler.stats(compiled)


def _resumes(stats):
    assert stats.graphs >= 2 and stats.graph_breaks and not stats.fallbacks, stats


def _leaf():
    return torch.randn(4, 4, requires_grad=True)


MANAGERS = {
    "inference_mode": lambda: torch.inference_mode(),
    "inference_mode_false": lambda: torch.inference_mode(False),
    "autocast_bf16": lambda: torch.autocast("cpu", dtype=torch.bfloat16),
    "autocast_disabled": lambda: torch.autocast("cpu", enabled=False),
    "nullcontext": lambda: contextlib.nullcontext(),
}


@pytest.mark.parametrize("name", list(MANAGERS))
def test_break_inside_block_resumes(name):
    make = MANAGERS[name]

    def f(x, rec):
        y = x * 2
        with make():
            z = y @ y
            print("brk", file=rec)
            inside = _state()
            z = z + 1
        return z.float().sum(), z.dtype, z.requires_grad, inside, _state()

    _resumes(_run_both(f, lambda: [_leaf()]))


def test_nested_blocks_mixed_with_grad_modes():
    def f(x, rec):
        with torch.no_grad():
            a = x + 1
            with torch.autocast("cpu", dtype=torch.bfloat16):
                b = a @ a
                with torch.enable_grad():
                    c = x @ x
                    print("one", file=rec)
                    d = c @ b.float()
                    s1 = _state()
                print("two", file=rec)
                e = d @ d
            s2 = _state()
        return a, b, c, d, e, [t.requires_grad for t in (a, b, c, d, e)], s1, s2

    _resumes(_run_both(f, lambda: [_leaf()]))


def test_enable_grad_inside_inference_mode():
    def f(x, rec):
        with torch.inference_mode():
            with torch.enable_grad():
                with torch.inference_mode(False):
                    y = x * 2
                    print("in", file=rec)
                    s = _state()
                    z = y + 1
        return z.is_inference(), y.is_inference(), s, _state()

    _resumes(_run_both(f, lambda: [torch.randn(3)]))


def test_inference_mode_inside_no_grad():
    def f(x, rec):
        with torch.no_grad():
            with torch.inference_mode():
                y = x * 2
                print("in", file=rec)
                z = y + 1
            w = x * 3
        return z, z.is_inference(), w.requires_grad, w.is_inference(), _state()

    _resumes(_run_both(f, lambda: [_leaf()]))


def test_two_breaks_in_one_block():
    def f(x, rec):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            y = x @ x
            print("a", file=rec)
            z = y @ y
            print("b", file=rec)
            w = z @ x
        return w.dtype, w.float().sum(), _state()

    _resumes(_run_both(f, lambda: [torch.randn(4, 4)]))


def _boom(rec):
    print("boom", file=rec)
    raise ValueError("boom")


@pytest.mark.parametrize("name", list(MANAGERS))
def test_a_raise_at_the_break_leaves_the_blocks(name):
    make = MANAGERS[name]

    def f(x, rec):
        with torch.no_grad():
            with make():
                y = x * 2
                with torch.enable_grad():
                    _boom(rec)
        return y

    compiled = compiler.compile(f)
    outside = _state()
    for _ in range(3):
        eager, got = _Recorder(), _Recorder()
        with pytest.raises(ValueError):
            f(torch.randn(3), eager)
        assert _state() == outside
        with pytest.raises(ValueError):
            compiled(torch.randn(3), got)
        assert _state() == outside
        assert got.seen == eager.seen
    assert not compiler.stats(compiled).fallbacks


def test_an_exception_handled_inside_the_block():
    def f(x, rec):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            y = x @ x
            try:
                print("try", file=rec)
                raise KeyError("k")
            except KeyError:
                s = _state()
            z = y @ y
        return z, s, _state()

    _run_both(f, lambda: [torch.randn(4, 4)])


def test_an_exception_leaving_the_block_after_the_break():
    def f(x, rec):
        with torch.inference_mode():
            y = x * 2
            print("in", file=rec)
            raise RuntimeError(str(torch.is_inference_mode_enabled()))
        return y

    compiled = compiler.compile(f)
    outside = _state()
    for _ in range(2):
        with pytest.raises(RuntimeError, match="True"):
            f(torch.randn(3), _Recorder())
        with pytest.raises(RuntimeError, match="True"):
            compiled(torch.randn(3), _Recorder())
        assert _state() == outside


def test_a_graph_raising_in_the_resume_function_inside_the_block():
    def f(x, idx, rec):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            y = x @ x
            print("in", file=rec)
            z = y[idx] + 1
        return z, _state()

    compiled = compiler.compile(f)
    compiled(torch.randn(4, 4), torch.tensor([1]), _Recorder())
    outside = _state()
    for _ in range(2):
        with pytest.raises((IndexError, RuntimeError)):
            f(torch.randn(4, 4), torch.tensor([10]), _Recorder())
        with pytest.raises((IndexError, RuntimeError)):
            compiled(torch.randn(4, 4), torch.tensor([10]), _Recorder())
        assert _state() == outside


def test_under_an_autocast_of_the_caller():
    def f(x, rec):
        with torch.autocast("cpu", enabled=False):
            y = x @ x
            print("in", file=rec)
            z = y @ y
        return z.dtype, _state()

    with torch.autocast("cpu", dtype=torch.bfloat16):
        _resumes(_run_both(f, lambda: [torch.randn(4, 4)]))


def _mine():
    return contextlib.contextmanager(_yields)()


def _yields():
    yield


def test_record_function_and_contextmanager_blocks_still_run_eagerly():
    for make in (lambda: torch.autograd.profiler.record_function("lbl"), _mine):

        def f(x, rec, make=make):
            y = x * 2
            with make():
                print("in", file=rec)
                z = y + 1
            return z

        assert _run_both(f, lambda: [torch.randn(3)]).fallbacks


@pytest.mark.parametrize("name", ["no_grad", *MANAGERS])
def test_a_resume_graph_that_cannot_run_again_leaves_the_blocks(name):
    """The resume function's graph writes an input in place, then raises on real data: it
    cannot run again eagerly, so its exception leaves as it is, and the blocks it was entered
    in are left first (also when the graph sets no grad mode)."""
    make = MANAGERS.get(name, torch.no_grad)

    def f(x, idx, rec):
        with torch.no_grad():
            with make():
                print("in", file=rec)
                x.add_(1)
                z = x[idx]
                print("after", file=rec)
        return z

    compiled = compiler.compile(f)
    compiled(torch.randn(4), torch.tensor([1]), _Recorder())
    outside = _state()
    for _ in range(2):
        x = torch.randn(4)
        eager_x = x.clone()
        with pytest.raises(IndexError):
            f(eager_x, torch.tensor([10]), _Recorder())
        with pytest.raises(IndexError):
            compiled(x, torch.tensor([10]), _Recorder())
        assert _state() == outside
        assert torch.equal(x, eager_x)


def test_autocast_as_value_still_runs_eagerly():
    def f(x, rec):
        with torch.autocast("cpu", dtype=torch.bfloat16) as ac:
            y = x @ x
            print("in", file=rec)
            z = y @ y
        return z, type(ac).__name__

    assert _run_both(f, lambda: [torch.randn(4, 4)]).fallbacks


def test_nullcontext_enter_result_across_breaks():
    def f(x, rec):
        with contextlib.nullcontext(x * 2) as y:
            print("a", file=rec)
            z = y + 1
            print("b", file=rec)
        return z, y

    _resumes(_run_both(f, lambda: [torch.randn(3)]))


def test_a_break_in_a_loop_of_blocks():
    def f(x, rec):
        for _ in range(3):
            with torch.autocast("cpu", dtype=torch.bfloat16):
                x = x @ x
                print("in", file=rec)
                x = x.float() / x.float().norm()
        return x, _state()

    _resumes(_run_both(f, lambda: [torch.randn(4, 4)]))
