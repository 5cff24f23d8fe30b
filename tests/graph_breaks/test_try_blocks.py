"""Graph breaks inside `try` blocks resume inside the same block: the graph before the break
runs, the breaking instruction runs in Python (an exception it raises goes to the block's
handler, as CPython's exception table would send it), and the resume function continues in the
block, so except handlers and finally bodies behave exactly as in eager. A break inside an
except handler or an exceptional finally path (an exception being handled) is refused: that
frame runs eagerly. Every test compares results, raised exceptions and side effects with eager.
"""

import copy

import pytest
import torch

import compiler
from tests.differential import assert_same


def _outcome(fn, args):
    try:
        return ("returned", fn(*args)), args
    except Exception as exc:  # compared by type and message
        return ("raised", type(exc), str(exc)), args


def _differential(fn, *arg_sets, calls=2):
    """Each argument set, `calls` times, eagerly and compiled on deep copies: same results or
    same exceptions, same mutations of the arguments. Returns the compiled stats."""
    compiled = compiler.compile(fn)
    for args in arg_sets:
        for _ in range(calls):
            expected = _outcome(fn, copy.deepcopy(args))
            actual = _outcome(compiled, copy.deepcopy(args))
            assert_same(actual, expected)
            assert torch.is_grad_enabled()
    return compiler.stats(compiled)


ONE, THREE = torch.tensor([2.0]), torch.tensor([1.0, -2.0, 3.0])


def test_break_in_the_body_of_try_finally_resumes_and_finally_runs_once():
    def f(x, log):
        try:
            y = x + 1
            log.append(float(y.sum()))   # a break inside the try body
            z = y * 2
        finally:
            log.append("finally")
        return z

    s = _differential(f, (THREE, []))
    assert not s.fallbacks, s.fallbacks
    assert (len(s.graph_breaks), s.frames, s.graphs, s.ops) == (1, 2, 2, 3), s


def test_return_inside_try_finally_after_a_break():
    def f(x, log):
        try:
            y = x + 1
            log.append(float(y.sum()))
            return y * 2
        finally:
            log.append("finally")

    s = _differential(f, (THREE, []))
    assert not s.fallbacks, s.fallbacks
    assert (s.frames, s.graphs) == (2, 2), s


def test_an_exception_of_the_breaking_instruction_goes_to_the_except_handler():
    def f(x, log):
        try:
            y = x * 2
            k = float(y)                 # raises ValueError for more than one element
            log.append("converted")
            r = y + k
        except ValueError as e:
            log.append(type(e).__name__)
            r = y - 1
        return r

    s = _differential(f, (ONE, []), (THREE, []))
    # the entry frame is compiled once per shape; only the handler's resume function, entered
    # with the real exception, runs eagerly
    assert s.compiles == 2 and s.graphs >= 3, s
    assert s.fallbacks and all("ValueError" in why for why in s.fallbacks), s.fallbacks


def test_an_exception_propagates_through_finally_once():
    def f(x, log):
        try:
            y = x * 2
            log.append(float(y))         # raises for more than one element
            return y
        finally:
            log.append("finally")

    s = _differential(f, (ONE, []), (THREE, []))
    assert s.graph_breaks and s.compiles == 2 and s.graphs >= 2, s


def test_nested_try_blocks_send_the_exception_to_the_matching_handler():
    def f(x, log):
        try:
            try:
                y = x * 2
                k = float(y)             # ValueError: not caught by the inner handler
                r = y + k
            except KeyError:
                log.append("inner")
                r = y
            finally:
                log.append("inner finally")
            r = r * 3
        except ValueError:
            log.append("outer")
            r = x - 1
        return r

    _differential(f, (ONE, []), (THREE, []))


def test_break_inside_a_loop_inside_try():
    def f(x, log):
        total = x * 0
        try:
            for i in range(3):
                total = total + x * i
                if total.sum() > 2:      # a data-dependent jump inside the loop
                    log.append(i)
        except ValueError:
            log.append("never")
        finally:
            log.append("done")
        return total

    s = _differential(f, (THREE, []), (ONE, []))
    assert not s.fallbacks, s.fallbacks


def test_try_inside_no_grad_and_no_grad_inside_try():
    def try_in_block(x, log):
        with torch.no_grad():
            try:
                y = x * 2
                k = float(y)
            except ValueError:
                k = -1.0
            z = y + k
        return z, z.requires_grad, torch.is_grad_enabled()

    def block_in_try(x, log):
        try:
            with torch.no_grad():
                y = x * 2
                k = float(y)
            r = y + k
        except ValueError:
            r = x * 3
        return r, r.requires_grad, torch.is_grad_enabled()

    x1, x3 = ONE.clone().requires_grad_(), THREE.clone().requires_grad_()
    for fn in (try_in_block, block_in_try):
        _differential(fn, (x1, []), (x3, []))


def test_break_in_an_except_handler_runs_the_frame_eagerly():
    def f(x, log):
        try:
            y = x * 2
            raise ValueError("traced")
        except ValueError as e:
            log.append(float(y.sum()))   # a break while an exception is handled: refused
            r = y + len(str(e))
        return r

    s = _differential(f, (THREE, []))
    assert s.fallbacks and s.graphs == 0, s


def test_break_in_a_finally_body():
    def normal(x, log):
        try:
            y = x * 2
        finally:
            log.append(float(x.sum()))   # the normal path's copy: outside the try block
        return y + 1

    def exceptional(x, log):
        try:
            y = x * 2
            raise KeyError("k")
        finally:
            log.append(float(y.sum()))   # the exception path: refused
        return y

    s = _differential(normal, (THREE, []))
    assert not s.fallbacks and s.graph_breaks, s
    compiler.reset()
    s = _differential(exceptional, (THREE, []))
    assert s.fallbacks, s


def test_an_exception_raised_in_the_resumed_try_body_is_handled():
    def f(x, log):
        try:
            y = x + 1
            log.append(float(y.sum()))
            if len(log) > 0:
                raise KeyError("after the break")
            r = y
        except KeyError as e:
            log.append(str(e))
            r = y * 5
        return r

    _differential(f, (THREE, []))


def test_break_at_a_call_with_star_arguments_inside_try():
    def opaque(*args, **kwargs):
        return float(sum(a.sum() for a in args)) + kwargs["k"]

    def f(x, log, args, kwargs):
        try:
            y = x * 2
            r = opaque(y, *args, **kwargs)   # CALL_FUNCTION_EX at the break
            log.append(r)
        finally:
            log.append("finally")
        return y + r

    s = _differential(f, (THREE, [], (ONE,), {"k": 1.5}))
    assert s.compiles == 1 and s.graphs >= 2, s


def test_fullgraph_still_refuses_a_break_inside_try():
    def f(x):
        try:
            y = x + 1
            k = float(y.sum())
        finally:
            pass
        return y * k

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(THREE)


def test_break_in_a_frame_with_cells_of_its_own_keeps_them():
    def f(x, log, scale):
        keys = {f"k{i}": scale * i for i in range(3)}   # a comprehension: `scale` is a cell
        try:
            y = x * scale
            log.append(float(y.sum()))                   # a break with cells in the frame
            more = [scale + k for k in range(2)]         # read through the same cell
            z = y + keys["k2"] + more[1]
        finally:
            log.append(scale)
        return z

    s = _differential(f, (THREE, [], 2.0), (THREE, [], 3.0))
    assert not s.fallbacks and s.graph_breaks, s
    assert (s.compiles, s.graphs) == (2, 4), s


def test_a_cell_written_after_the_break_and_a_closure_over_it():
    def f(x, log, scale):
        bump = lambda t: t * scale                       # noqa: E731 - a closure over `scale`
        try:
            y = bump(x)
            log.append(float(y.sum()))
            scale = scale + 1                            # written through the cell
            z = bump(y)
        finally:
            log.append(scale)
        return z, scale

    s = _differential(f, (THREE, [], 2.0))
    assert s.graph_breaks and s.compiles == 1, s


def test_a_graph_op_raising_at_run_time_inside_try_goes_to_the_handler():
    def f(x, idx):
        try:
            y = x[idx] * 2
        except IndexError:
            y = x
        return y

    x = torch.arange(4.0)
    _differential(f, (x, torch.tensor([1])), (x, torch.tensor([10])))
