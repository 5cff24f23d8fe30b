"""A graph op that fails only at run time (a tensor index out of bounds, bad gather indices, a
singular matrix) raises from inside the compiled graph, where the trace on fake tensors saw no
error. The compiled frame then behaves as eager would: the frame runs again eagerly from its
start when the graph performed no observable effect (RNG state restored), so an except or
finally of the frame runs and the side effects before the op happen; a graph that writes its
inputs in place runs again only after they are put back: when a handler or a deferred side
effect could tell, the inputs it writes are copied before it runs (refused when one requires
grad, whose autograd history a copy cannot put back). Every test compares with eager: results
or the raised exception, argument mutations, logs, the RNG state, and the compile counts.
"""

import copy

import pytest
import torch

import compiler
from compiler.errors import Unsupported
from tests.differential import assert_same

GOOD, BAD = torch.tensor([1]), torch.tensor([10])


def _outcome(fn, args):
    try:
        return ("returned", fn(*args)), args
    except Exception as exc:  # compared by type and message
        return ("raised", type(exc), str(exc)), args


def _differential(fn, *arg_sets, calls=2, fullgraph=False, seed=None):
    """Each argument set, `calls` times, eagerly and compiled on deep copies (with the same
    seed when given): same results or exceptions, same argument mutations, same RNG state
    afterwards. Returns the compiled stats."""
    compiled = compiler.compile(fn, fullgraph=fullgraph)
    for args in arg_sets:
        for _ in range(calls):
            if seed is not None:
                torch.manual_seed(seed)
            expected = _outcome(fn, copy.deepcopy(args))
            eager_rng = torch.get_rng_state()
            if seed is not None:
                torch.manual_seed(seed)
            actual = _outcome(compiled, copy.deepcopy(args))
            assert_same(actual, expected)
            assert torch.equal(torch.get_rng_state(), eager_rng)
            assert torch.is_grad_enabled()
    return compiler.stats(compiled)


@pytest.mark.parametrize("fullgraph", [False, True])
def test_an_index_out_of_bounds_inside_try_goes_to_the_handler(fullgraph):
    def f(x, idx, log):
        try:
            y = x[idx] * 2
            log.append("indexed")
        except IndexError as e:
            log.append(type(e).__name__)
            y = x
        return y

    x = torch.arange(4.0)
    s = _differential(f, (x, GOOD, []), (x, BAD, []), (x, GOOD, []), fullgraph=fullgraph)
    # the eager run after a failing graph is neither a compile nor a recompile
    assert (s.frames, s.compiles, s.graphs, s.recompiles, s.fallbacks) == (1, 1, 1, [], []), s


def test_finally_runs_and_the_same_exception_leaves():
    def f(x, idx, log):
        try:
            y = x[idx] + 1
        finally:
            log.append("finally")
        return y

    x = torch.arange(4.0)
    s = _differential(f, (x, BAD, []), (x, GOOD, []))
    assert (s.frames, s.graphs, s.fallbacks) == (1, 1, []), s


class _Box:
    def __init__(self):
        self.value = 0

    def __deepcopy__(self, memo):
        box = _Box()
        box.value = self.value
        return box

    def __eq__(self, other):
        return isinstance(other, _Box) and self.value == other.value


WRITTEN = None


def test_side_effects_before_a_failing_op_happen_without_a_handler():
    def f(x, idx, log, box):
        global WRITTEN
        log.append(x.sum())
        box.value = 7
        WRITTEN = "by f"
        return torch.index_select(x, 0, idx) + 1

    global WRITTEN
    x = torch.arange(4.0)
    WRITTEN = None
    compiled = compiler.compile(f)
    log, box = [], _Box()
    with pytest.raises(IndexError) as raised:
        compiled(x, BAD, log, box)
    assert WRITTEN == "by f"
    with pytest.raises(IndexError) as expected:
        f(x, BAD, [], _Box())
    assert str(raised.value) == str(expected.value)
    assert len(log) == 1 and torch.equal(log[0], x.sum()) and box.value == 7
    assert WRITTEN == "by f"
    s = _differential(f, (x, BAD, [], _Box()), (x, GOOD, [], _Box()))
    assert (s.frames, s.graphs, s.fallbacks) == (1, 1, []), s


@pytest.mark.parametrize("op", [
    lambda x, idx: torch.gather(x, 0, idx),
    lambda x, idx: torch.nn.functional.embedding(idx, x.reshape(4, 1)),
    lambda x, idx: x.index_select(0, idx),
], ids=["gather", "embedding", "index_select"])
def test_bad_indices_of_other_ops_go_to_the_handler(op):
    def f(x, idx, log):
        log.append(1)
        try:
            y = op(x, idx)
        except (IndexError, RuntimeError) as e:
            log.append(type(e).__name__)
            y = -x
        return y

    x = torch.arange(4.0)
    s = _differential(f, (x, BAD, []), (x, GOOD, []))
    assert (s.frames, s.graphs, s.fallbacks) == (1, 1, []), s


def test_a_singular_matrix_goes_to_the_handler():
    def f(a, log):
        try:
            r = torch.linalg.inv(a) * 2
        except RuntimeError as e:
            log.append(type(e).__name__)
            r = a
        return r

    s = _differential(f, (torch.zeros(2, 2), []), (torch.eye(2), []))
    assert (s.frames, s.graphs, s.fallbacks) == (1, 1, []), s


@pytest.mark.parametrize("fullgraph", [False, True])
def test_random_ops_before_a_failing_op_leave_the_eager_rng_state(fullgraph):
    def f(x, idx, log):
        a = torch.nn.functional.dropout(x, 0.5, training=True)
        b = torch.randn(3)
        try:
            y = x[idx] + a.sum() + b.sum()
        except IndexError:
            log.append("handled")
            y = a + b.sum()
        return y

    def g(x, idx):
        a = torch.rand_like(x)
        return x[idx] + a

    x = torch.arange(1.0, 5.0)
    s = _differential(f, (x, BAD, []), (x, GOOD, []), fullgraph=fullgraph, seed=3)
    assert (s.frames, s.graphs, s.fallbacks) == (1, 1, []), s
    s = _differential(g, (x, BAD), (x, GOOD), fullgraph=fullgraph, seed=4)
    assert (s.frames, s.graphs, s.fallbacks) == (1, 1, []), s


def _mutate_then_fail_in_try(x, idx, log):
    x.add_(1)
    try:
        y = x[idx]
    except IndexError:
        log.append("handled")
        y = x
    return y


def test_an_input_mutated_in_place_under_a_handler_is_put_back_and_run_again():
    s = _differential(_mutate_then_fail_in_try, (torch.arange(4.0), BAD, []),
                      (torch.arange(4.0), GOOD, []))
    assert (s.graphs, s.fallbacks) == (1, []), s
    compiled = compiler.compile(_mutate_then_fail_in_try, fullgraph=True)
    assert_same(compiled(torch.arange(4.0), GOOD, []),
                _mutate_then_fail_in_try(torch.arange(4.0), GOOD, []))


def test_an_input_requiring_grad_mutated_in_place_under_a_handler_is_refused():
    def f(x, idx, log):
        with torch.no_grad():
            x.mul_(2)
        try:
            y = x[idx]
        except IndexError:
            log.append("handled")
            y = x
        return y

    leaf = torch.arange(4.0, requires_grad=True)
    s = _differential(f, (leaf, BAD, []), (leaf, GOOD, []))
    assert s.graphs == 0 and s.fallbacks, s
    with pytest.raises(Unsupported, match="in place"):
        compiler.compile(f, fullgraph=True)(torch.arange(4.0, requires_grad=True), GOOD, [])


def test_a_buffer_written_by_batch_norm_under_a_handler_is_put_back():
    bn = torch.nn.BatchNorm1d(4).train()

    def f(x, idx, log):
        try:
            y = bn(x)[idx]
        except IndexError:
            log.append("handled")
            y = x
        return y, bn.running_mean.clone(), bn.num_batches_tracked.clone()

    x = torch.randn(3, 4)
    compiled = compiler.compile(f)
    eager_bn = copy.deepcopy(bn)
    for idx in (BAD, GOOD, BAD):
        log, eager_log = [], []
        actual = compiled(x, idx, log)
        bn_state, bn.running_mean = bn.running_mean, eager_bn.running_mean
        bn_count, bn.num_batches_tracked = bn.num_batches_tracked, eager_bn.num_batches_tracked
        expected = f(x, idx, eager_log)
        bn.running_mean, bn.num_batches_tracked = bn_state, bn_count
        assert_same((actual, log), (expected, eager_log))
    assert compiler.stats(compiled).graphs == 1


def test_an_input_mutated_in_place_after_a_deferred_side_effect_is_put_back():
    def f(x, idx, log):
        log.append("before")
        x.mul_(2)
        return x[idx]

    s = _differential(f, (torch.arange(4.0), BAD, []), (torch.arange(4.0), GOOD, []))
    assert (s.graphs, s.fallbacks) == (1, []), s


def test_an_optimizer_step_over_a_list_of_parameters_compiles():
    def step(params, grads, lr):
        for p, g in zip(params, grads):
            p.sub_(g * lr)
        params[-1] = params[-1].clone().zero_()
        return sum(p.sum() for p in params)

    def tensors(n):
        return [torch.randn(3) for _ in range(n)]

    s = _differential(step, (tensors(3), tensors(3), 0.1))
    assert (s.graphs, s.fallbacks) == (1, []), s


def test_an_input_mutated_in_place_with_nothing_else_to_tell_still_compiles():
    def f(x, idx, log):
        x.mul_(2)
        y = x[idx]
        log.append("after")   # after the failing op: eager never gets here either
        return y

    s = _differential(f, (torch.arange(4.0), BAD, []), (torch.arange(4.0), GOOD, []))
    assert (s.frames, s.graphs, s.fallbacks) == (1, 1, []), s


def test_a_resume_function_runs_again_with_its_own_arguments():
    def f(x, idx, log):
        y = x * 2
        log.append(float(y.sum()))    # a graph break: the rest is a resume function
        log.append("resumed")
        try:
            z = y[idx]
        except IndexError:
            log.append("handled")
            z = y
        return z

    x = torch.arange(4.0)
    s = _differential(f, (x, BAD, []), (x, GOOD, []))
    assert (s.frames, s.graphs, len(s.graph_breaks), s.fallbacks) == (2, 2, 1, []), s


def test_a_graph_raising_inside_a_no_grad_block_runs_again_in_the_callers_mode():
    def f(x, idx, log):
        try:
            with torch.no_grad():
                y = x[idx] * 2
        except IndexError:
            log.append(torch.is_grad_enabled())
            y = x * 3
        return y

    x = torch.arange(4.0, requires_grad=True)
    s = _differential(f, (x, BAD, []), (x, GOOD, []))
    assert (s.frames, s.graphs, s.fallbacks) == (1, 1, []), s


def test_a_compiled_module_whose_forward_catches_a_bad_index():
    class Pick(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.log = []

        def forward(self, x, idx):
            self.log.append("called")
            try:
                return self.weight_like(x)[idx]
            except IndexError:
                self.log.append("handled")
                return x.sum()

        def weight_like(self, x):
            return x * 2

    eager, compiled_module = Pick(), Pick()
    compiled = compiler.compile(compiled_module)
    x = torch.arange(4.0)
    for idx in (BAD, GOOD, BAD):
        assert_same(compiled(x, idx), eager(x, idx))
    assert compiled_module.log == eager.log
    s = compiler.stats(compiled)   # the log's length is guarded: each call compiles
    assert (s.graphs, s.frames, s.fallbacks) == (3, 3, []), s


def test_a_resume_function_entered_in_a_no_grad_block_runs_again_and_leaves_it():
    def f(x, idx, log):
        try:
            with torch.no_grad():
                y = x * 2
                log.append(float(y.sum()))   # a break inside the block
                z = y[idx]
        except IndexError:
            log.append(torch.is_grad_enabled())
            z = x
        return z

    x = torch.arange(4.0, requires_grad=True)
    s = _differential(f, (x, BAD, []), (x, GOOD, []))
    assert (s.frames, s.graphs, len(s.graph_breaks), s.fallbacks) == (2, 2, 1, []), s


def _raising_backend(gm, example_inputs):
    def run(*inputs):
        raise RuntimeError("a backend's bug")
    return run


def test_a_graph_raising_where_eager_does_not_is_recorded_not_hidden():
    def f(x, log):
        log.append("called")
        return x * 2

    x = torch.arange(4.0)
    with pytest.raises(compiler.errors.CompilerBug, match="a backend's bug"):
        compiler.compile(f, backend=_raising_backend)(x, [])
    with compiler.config.patch(raise_internal_errors=False):
        compiled = compiler.compile(f, backend=_raising_backend)
        log = []
        assert_same(compiled(x, log), f(x, []))
    assert log == ["called"]
    assert any("where the eager run did not" in why for why in compiler.stats(compiled).fallbacks)


def test_a_graph_raising_after_it_set_the_default_dtype_reruns_under_the_callers():
    import contextlib

    @contextlib.contextmanager
    def default(dtype):
        old = torch.get_default_dtype()
        torch.set_default_dtype(dtype)
        try:
            yield
        finally:
            torch.set_default_dtype(old)

    def f(x, idx, log):
        try:
            with default(torch.float64):
                z = torch.zeros(2)
                y = x[idx] * 2
        except IndexError as e:
            log.append(type(e).__name__)
            y = None
        return z, y, torch.get_default_dtype()

    x = torch.arange(4.0)
    try:
        s = _differential(f, (x, BAD, []), (x, GOOD, []))
        assert torch.get_default_dtype() is torch.float32
    finally:
        torch.set_default_dtype(torch.float32)
    assert (s.graphs, s.fallbacks) == (1, []), s


def _writes_an_expanded_input(a, b, how):
    try:
        if how == "method":
            a.add_(1)  # `a`'s elements overlap: eager raises before writing
        else:
            a += 1
    except RuntimeError:
        return b * 2
    return b


@pytest.mark.parametrize("how", ["method", "operator"])
def test_an_input_whose_elements_overlap_written_under_a_handler(how):
    """The graph raises where eager does; the inputs are put back byte for byte (an expanded
    tensor cannot be written element by element) and the frame runs again."""
    compiled = compiler.compile(_writes_an_expanded_input)
    for _ in range(2):
        a, eager_a = torch.zeros(4).expand(3, 4), torch.zeros(4).expand(3, 4)
        assert_same(compiled(a, torch.ones(3), how),
                    _writes_an_expanded_input(eager_a, torch.ones(3), how))
        assert_same(a, eager_a)
