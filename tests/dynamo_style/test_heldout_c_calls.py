"""Multi-call probes for builtins and containers: the compiled function is called several
times while a global container, a global constant or an input container changes between calls
(contents, order, key types); every call must agree with eager (a stale trace is a wrong
answer), and a repeat call with nothing changed does not recompile.
"""

from __future__ import annotations

import collections
import copy
import enum

import torch

import compiler
from tests.differential import assert_same, compiler_test_config  # noqa: F401

X = torch.arange(6.0).reshape(2, 3)


def _agree(fn, make_args, changes, fullgraph=True):
    """Call eager and compiled after each change (the first call before any) on copies of the
    same arguments, compare results and the arguments afterwards; return the stats."""
    compiled = compiler.compile(fn, fullgraph=fullgraph)
    for change in [None, *changes]:
        if change is not None:
            change()
        args = make_args()
        eager_args, compiled_args = copy.deepcopy(args), copy.deepcopy(args)
        assert_same(compiled(*compiled_args), fn(*eager_args))
        assert_same(compiled_args, eager_args, "args")
    return compiler.stats(compiled)


SCALES = [1, 2, 3]
TABLE = {"a": 1, "b": 2}
ALLOWED = {3, 1, 2}
LIMIT = 2
MODES = collections.OrderedDict(train=1, eval=0)


def test_global_list_grows_between_calls():
    def fn(x):
        return x * sum(SCALES) + len(SCALES), sorted(SCALES, reverse=True)[:2]

    stats = _agree(fn, lambda: (X,), [lambda: SCALES.append(10), lambda: None,
                                      lambda: SCALES.__setitem__(0, -4)])
    SCALES[:] = [1, 2, 3]
    assert stats.compiles == 3


def test_global_dict_reordered_with_same_keys():
    def fn(x):
        out = x
        names = []
        for k, v in TABLE.items():
            out = out * v + len(names)
            names.append(k)
        return out, names, list(TABLE)[0]

    def reorder():
        value = TABLE.pop("a")
        TABLE["a"] = value

    stats = _agree(fn, lambda: (X,), [reorder, lambda: None])
    TABLE.clear()
    TABLE.update(a=1, b=2)
    assert stats.compiles == 2


def test_global_set_changed_iteration_order_matters():
    def fn(x):
        order = list(ALLOWED)
        return x[:, : len(order)] * order[0], order, 2 in ALLOWED

    def grow():
        ALLOWED.update(range(40, 60))

    def shrink():
        for i in range(40, 59):
            ALLOWED.discard(i)

    _agree(fn, lambda: (X,), [grow, shrink, lambda: ALLOWED.discard(2)])
    ALLOWED.clear()
    ALLOWED.update({3, 1, 2})


def test_global_int_and_bool_key_swap():
    def fn(x, d):
        return x * d.get(1, 0), [type(k).__name__ for k in d], len({**d, True: 5})

    global LIMIT
    stats = _agree(fn, lambda: (X, {1: 2.0, "k": LIMIT}), [])
    assert stats.compiles == 1
    stats = _agree(fn, lambda: (X, {True: 3.0}), [])


def test_input_list_values_change_results():
    def fn(x, idx):
        keep = sorted(set(idx))
        first = idx.pop(0)
        idx.append(first)
        return x[:, keep[:2]] * first, keep

    compiled = compiler.compile(fn, fullgraph=True)
    for idx in ([2, 0, 2], [1, 1, 0], [0, 2], [2, 0, 2]):
        a, b = list(idx), list(idx)
        assert_same(compiled(X, a), fn(X, b))
        assert a == b
    assert compiler.stats(compiled).compiles <= 3


def test_global_ordered_dict_move_to_end():
    def fn(x):
        first = next(iter(MODES))
        return x + MODES[first], first, list(MODES.items())

    _agree(fn, lambda: (X,), [lambda: MODES.move_to_end("train"), lambda: None])
    MODES.move_to_end("eval")


class Phase(enum.Enum):
    WARM = 1
    MAIN = 2


PHASE = Phase.WARM


def test_global_enum_value_switched():
    def fn(x):
        factor = {Phase.WARM: 0.1, Phase.MAIN: 1.0}[PHASE]
        return x * factor, PHASE.name

    def switch():
        global PHASE
        PHASE = Phase.MAIN

    stats = _agree(fn, lambda: (X,), [switch, lambda: None])
    assert stats.compiles == 2


def test_input_defaultdict_and_counter_written():
    def fn(x, counts, tally):
        for w in ("a", "b", "a"):
            counts[w] += 1
        tally.update(["z"])
        return x * counts["a"], dict(counts), sorted(tally.items())

    for _ in range(2):
        _agree(fn, lambda: (X, collections.defaultdict(int, a=2),
                            collections.Counter({"z": 1})), [], fullgraph=False)


def test_global_deque_window_between_calls():
    window = collections.deque(maxlen=2)

    def fn(x):
        window.append(x.shape[0] + len(window))
        return x * sum(window), list(window)

    compiled = compiler.compile(fn)  # a deque from outside the frame is refused (wrap.py)
    expected_window = collections.deque(maxlen=2)
    for _ in range(3):
        expected_window.append(X.shape[0] + len(expected_window))
        expected = X * sum(expected_window), list(expected_window)
        assert_same(compiled(X), expected)
    assert list(window) == list(expected_window)


def test_equal_input_sets_in_other_orders():
    def fn(x, s):
        order = list(s)
        return x * order[0], order, s == {1, 9}, str(s)

    compiled = compiler.compile(fn, fullgraph=True)
    for s in ({1, 9}, {9, 1}, {1, 9}):
        assert_same(compiled(X, set(s) if False else s), fn(X, s))
    assert compiler.stats(compiled).compiles == 2


def test_input_set_after_removals_keeps_real_order():
    def fn(x, s):
        s.discard(0)
        return x * len(s), list(s), sorted(s)[:2]

    def make():
        s = set(range(50))
        for i in range(44):
            s.discard(i)
        return (X, s)

    _agree(fn, make, [lambda: None])


def test_graph_break_inside_loop_over_enumerate_and_zip():
    def fn(x, names):
        out = x
        for i, (name, w) in enumerate(zip(names, [1.0, 2.0, 3.0])):
            if out.sum() > 0:  # tensor data: a graph break inside the loop
                out = out * w + i
            else:
                out = out - len(name)
        for j, name in reversed(list(enumerate(names))):
            out = out + j * len(name)
        return out

    for sign in (1, -1, 1):
        stats = _agree(fn, lambda sign=sign: (X * sign, ["ab", "c", "def"]), [], fullgraph=False)
        assert stats.graph_breaks
