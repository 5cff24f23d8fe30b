"""Multi-call probes for control flow and frames: each compiled function is called several
times while the state it reads changes (globals, closure cells, config objects, torch
flags, argument types and lengths, None against a tensor, ints), or with graph breaks whose
side effects (appends, global and attribute writes, prints) must land in eager's order. Each
call is compared with eager (result, raised exception, printed text); a stale trace is a
wrong answer. Recompile counts are checked where the guards decide them.
"""

from __future__ import annotations

import contextlib
import enum

import pytest
import torch

from tests.dynamo_style.calls_support import run_calls
from tests.dynamo_style.calls_support import sample as _x

# -- guards on the state a trace read --

SCALE = 1.0


def _set_scale(value):
    def prepare():
        global SCALE
        SCALE = value
    return prepare


def scaled_by_global(a):
    return a * SCALE


def test_global_rebinding_recompiles_only_on_change():
    stats = run_calls(scaled_by_global, [(_set_scale(v), (_x(),)) for v in (1.0, 2.0, 2.0, 3)],
                      fullgraph=True, reset_state=_set_scale(1.0))
    assert len(stats.recompiles) == 2


def _cell_pair():
    k = 1

    def read(a):
        return a + k

    def set_k(value):
        def prepare():
            nonlocal k
            k = value
        return prepare
    return read, set_k


def test_closure_cell_rebinding_is_guarded():
    read, set_k = _cell_pair()
    stats = run_calls(read, [(set_k(v), (_x(),)) for v in (1, 5, 2.5, 5)], fullgraph=True)
    assert len(stats.recompiles) == 2


class Config:
    use_relu = True
    scale = 2


CFG = Config()


def _set_cfg(relu, scale):
    def prepare():
        CFG.use_relu, CFG.scale = relu, scale
    return prepare


def configured(a):
    if CFG.use_relu:
        a = a.relu()
    return a * CFG.scale


def test_config_object_fields_are_guarded():
    calls = [(_set_cfg(*v), (_x(),)) for v in ((True, 2), (False, 2), (False, 3), (True, 2))]
    run_calls(configured, calls, fullgraph=True, reset_state=_set_cfg(True, 2))


def grad_probe(a):
    return (a * 2).requires_grad, torch.is_grad_enabled()


def default_dtype_probe(a):
    return torch.ones(2).dtype, torch.tensor([1.0]) + a.sum()


def deterministic_probe(a):
    return a + 1 if torch.are_deterministic_algorithms_enabled() else a - 1


@pytest.mark.parametrize("fn, setter, values", [
    (grad_probe, torch.set_grad_enabled, (True, False, True)),
    (default_dtype_probe, torch.set_default_dtype, (torch.float32, torch.float64)),
    (deterministic_probe, torch.use_deterministic_algorithms, (False, True, False)),
])
def test_torch_flags_are_guarded(fn, setter, values):
    leaf = torch.ones(3, requires_grad=True)
    try:
        run_calls(fn, [((lambda v=v: setter(v)), (leaf,)) for v in values], fullgraph=True)
    finally:
        torch.set_grad_enabled(True)
        torch.set_default_dtype(torch.float32)
        torch.use_deterministic_algorithms(False)


def summed(xs):
    out = xs[0]
    for t in xs[1:]:
        out = out + t
    return out, len(xs), type(xs).__name__


def keyed(d):
    return sum(v for v in d.values()), sorted(d), list(d)


def maybe_added(a, b=None):
    return a * 2 if b is None else a + b


def test_argument_structure_changes():
    a, b = _x(0), _x(1)
    run_calls(summed, [(None, ([a, b],)), (None, ([a, b, a],)), (None, ((a, b),)),
                       (None, ([a],))], fullgraph=True)
    run_calls(keyed, [(None, ({"a": a},)), (None, ({"a": a, "b": b},)),
                      (None, ({"b": a, "a": b},))], fullgraph=True)
    stats = run_calls(maybe_added, [(None, (a, None)), (None, (a, b)), (None, (a, None))],
                      fullgraph=True)
    assert len(stats.recompiles) == 1


def int_used_three_ways(a, n):
    return a * n, n + 1, [a] * (n % 3)


def picked_by_flag(a, flag):
    return a if flag else -a


def by_type(a, obj):
    if isinstance(obj, bool):
        return a - 1
    if isinstance(obj, int):
        return a + obj
    if isinstance(obj, float):
        return a * obj
    return a - len(obj)


def test_scalar_arguments_changing():
    a = _x()
    run_calls(int_used_three_ways, [(None, (a, n)) for n in (1, 2, 3, 4, 5)], fullgraph=True)
    run_calls(picked_by_flag, [(None, (a, f)) for f in (True, False, 1, 0)], fullgraph=True)
    run_calls(by_type, [(None, (a, v)) for v in (1, 2.0, "abc", True, 3)], fullgraph=True)


class Mode(enum.Enum):
    A = 1
    B = 2


def by_mode(a, mode):
    return a + 1 if mode is Mode.A else a * mode.value


def helper(t):
    return t + 1


def calls_global_helper(a):
    return helper(a)


def _rebind_helper(fn):
    def prepare():
        global helper
        helper = fn
    return prepare


def scaled_by_default(a, k=2):
    return a * k


def uses_default(a):
    return scaled_by_default(a)


def _set_default(value):
    def prepare():
        scaled_by_default.__defaults__ = (value,)
    return prepare


def test_enum_global_function_and_defaults():
    a = _x()
    run_calls(by_mode, [(None, (a, m)) for m in (Mode.A, Mode.B, Mode.A)], fullgraph=True)
    original = helper
    run_calls(calls_global_helper, [(_rebind_helper(lambda t: t + 1), (a,)),
                                    (_rebind_helper(lambda t: t * 5), (a,))],
              fullgraph=True, reset_state=_rebind_helper(original))
    _rebind_helper(original)()
    run_calls(uses_default, [(_set_default(2), (a,)), (_set_default(7), (a,))],
              fullgraph=True, reset_state=_set_default(2))
    _set_default(2)()


# -- graph breaks with side effects --

COUNT = 0


def _reset_count():
    global COUNT
    COUNT = 0


def global_written_around_print(a):
    global COUNT
    COUNT += 1
    print("count", COUNT)
    COUNT += 10
    return a * COUNT


class Recorder:
    def __init__(self):
        self.n = 0
        self.hist = []


def attribute_written_around_print(a, rec):
    rec.n += 1
    rec.hist.append(a.sum())
    print("n", rec.n)
    rec.n *= 2
    return a + rec.n, rec.n, list(rec.hist)


def dict_written_around_print(a, d):
    d["a"] = a
    print("mid", sorted(d))
    d["b"] = d["a"] * 2
    del d["a"]
    return d


def test_writes_around_a_print_land_in_order():
    run_calls(global_written_around_print, [(None, (_x(),))] * 3, reset_state=_reset_count)
    run_calls(attribute_written_around_print, [(None, (_x(), Recorder()))] * 2)
    run_calls(dict_written_around_print, [(None, (_x(), {})), (None, (_x(), {"z": 1}))])


def branch_on_item(a, log):
    log.append("start")
    s = a.sum().item()
    log.append(s > 0)
    return (a * 2 if s > 0 else a * 3), log


def loop_while_item(a):
    n = 0
    while a.sum().item() > 0 and n < 4:
        a = a - 1
        n += 1
    return a, n


def tolist_branches(a):
    out = a
    for v in a[0].tolist():
        out = out + v if v > 0 else out - 1
    return out


def test_data_dependent_branches_across_calls():
    x = _x()
    run_calls(branch_on_item, [(None, (x, [])), (None, (-x.abs(), [])), (None, (x.abs(), []))])
    run_calls(loop_while_item, [(None, (x.abs(),)), (None, (-x.abs(),)), (None, (x.abs(),))])
    run_calls(tolist_branches, [(None, (x,)), (None, (_x(1),)), (None, (-x,))])


def _printing_helper(t, log):
    log.append("helper-before")
    print("helper print")
    log.append("helper-after")
    return t * 2


def break_in_callee(a, log):
    log.append("outer-before")
    r = _printing_helper(a, log) + 1
    log.append("outer-after")
    return r, log


def break_in_no_grad_loop(a):
    w = torch.ones(3, requires_grad=True)
    res = []
    for i in range(2):
        with torch.no_grad():
            print("it", i)
            res.append((w * i).requires_grad)
        res.append((w * i).requires_grad)
    return res, a.sum()


def break_in_try_handler(a, log):
    try:
        log.append(1)
        print("in try")
        raise ValueError("x")
    except ValueError as e:
        log.append(str(e))
        print("in except")
    finally:
        log.append("fin")
    return a, log


@contextlib.contextmanager
def _logged(log):
    log.append("enter")
    yield
    log.append("exit")


def break_in_contextmanager(a, log):
    with _logged(log):
        print("in body")
        a = a * 2
    return a, log


def break_in_generator(a):
    def g():
        for i in range(3):
            print("yield", i)
            yield a * i
    return sum(g())


def break_in_nested_loops(a):
    out = a
    for i in range(2):
        for j in range(2):
            if j == 1:
                print("ij", i, j)
            out = out + i * 10 + j
    return out


def closure_bumped_around_print(a):
    n = 0

    def bump(k):
        nonlocal n
        n += k
        print("bumped", n)
        n += 1
    bump(2)
    bump(3)
    return a * n, n


def inplace_around_print(a):
    a.mul_(2)
    print("x")
    a.add_(1)
    return a.sum()


@pytest.mark.parametrize("fn, args", [
    (break_in_callee, (_x(), [])), (break_in_no_grad_loop, (_x(),)),
    (break_in_try_handler, (_x(), [])), (break_in_contextmanager, (_x(), [])),
    (break_in_generator, (_x(),)), (break_in_nested_loops, (_x(),)),
    (closure_bumped_around_print, (_x(),)), (inplace_around_print, (_x(),)),
])
def test_break_positions_resume_with_side_effects_in_order(fn, args):
    run_calls(fn, [(None, args)] * 3)


# -- exceptions across calls --

LOG: list = []


def raises_after_append(a):
    LOG.append("before")
    if a.shape[0] == 3:
        raise ValueError("three")
    return a


def test_side_effects_before_an_uncaught_raise_are_kept():
    run_calls(raises_after_append, [(None, (_x(),)), (None, (_x(shape=(2, 2)),)),
                                    (None, (_x(),))], reset_state=LOG.clear)
    assert LOG == ["before"] * 3


class Failing(Exception):
    def __init__(self, msg):
        super().__init__(msg)
        self.seen = []


def mutates_exception_state(a, n):
    try:
        try:
            raise Failing("m")
        except Failing as e:
            for i in range(n):
                e.seen.append(i)
            raise
    except Failing as again:
        return a * len(again.seen), list(again.seen)


def test_exception_state_mutated_then_reraised():
    run_calls(mutates_exception_state, [(None, (_x(), n)) for n in (1, 3, 3)], fullgraph=True)


# -- state read after a graph break (the resume function's own guards) --

def global_read_on_both_sides(a):
    b = a * SCALE
    print("break")
    return b * SCALE


def global_written_then_read_after(a):
    global SCALE
    SCALE = SCALE + 1
    print("break")
    return a * SCALE


def config_read_on_both_sides(a):
    b = a + CFG.scale
    print("break")
    return b * CFG.scale


def _cell_across_break():
    k = 1

    def read(a):
        b = a + k
        print("break")
        return b * k

    def set_k(value):
        def prepare():
            nonlocal k
            k = value
        return prepare
    return read, set_k


def grad_mode_read_after_break(a):
    w = torch.ones(2, requires_grad=True)
    print("break")
    return (w * 2).requires_grad, a.sum()


def shape_read_after_break(a):
    b = a * 2
    print("break")
    return b.sum(0), b.shape


def test_resume_functions_guard_what_they_read():
    x = _x()
    run_calls(global_read_on_both_sides,
              [(_set_scale(v), (x,)) for v in (1.0, 2.0, 2.0, 1.0)], reset_state=_set_scale(1.0))
    run_calls(global_written_then_read_after, [(None, (x,))] * 3, reset_state=_set_scale(1.0))
    run_calls(config_read_on_both_sides, [(_set_cfg(True, v), (x,)) for v in (2, 3, 3)],
              reset_state=_set_cfg(True, 2))
    read, set_k = _cell_across_break()
    run_calls(read, [(set_k(v), (x,)) for v in (1, 4, 4)], reset_state=set_k(1))
    try:
        run_calls(grad_mode_read_after_break,
                  [((lambda v=v: torch.set_grad_enabled(v)), (x,)) for v in (True, False, True)])
    finally:
        torch.set_grad_enabled(True)
    run_calls(shape_read_after_break, [(None, (_x(shape=(n, 3)),)) for n in (2, 3, 4, 5)])
