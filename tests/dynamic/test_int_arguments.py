"""Automatic dynamic covers int arguments of the frame, as torch.compile's does: an int seen
with a second value is traced as a symbol from then on (one recompile, not one per value),
the ShapeEnv guarding only what the trace assumed of it (`n > 2`, not `n == 5`). A use that
needs the exact value (a list index, `range`, a string) specialises it, guarded; a trace refused
with an int symbol (a torch.func body reading it) is made again with ints specialised, so a
symbol never costs a graph break or a fullgraph refusal. Each call is compared with eager."""

import pytest
import torch

import compiler
from tests.dynamic.sweep import sweep

VALUES = (3, 4, 7, -2, 12, 5, 9, 30, 6, 11)


def _with(x_size: int = 3):
    def make(n: int) -> tuple:
        g = torch.Generator().manual_seed(abs(n))
        return torch.randn(x_size, generator=g), n
    return make


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
def test_an_int_seen_with_two_values_is_traced_as_a_symbol(backend):
    def f(x, n):
        return x * n + (n - 1) // 2, n * 3

    stats = sweep(f, _with(), VALUES, backend=backend, fullgraph=True)
    assert (stats.compiles, stats.graphs, stats.fallbacks) == (2, 2, []), stats
    assert len(stats.recompiles) == 1 and "L['n']" in stats.recompiles[0], stats.recompiles


def test_a_branch_on_the_int_guards_the_relation_only():
    def f(x, n):
        if n > 5:
            return x + n
        return x - n

    stats = sweep(f, _with(), VALUES, fullgraph=True)
    # first value, then a symbol with n <= 5, then one with n > 5
    assert stats.compiles == 3, stats


def test_an_int_used_as_a_size_makes_tensors_of_symbolic_size():
    def f(x, n):
        return torch.zeros(n, 2) + x.sum(), torch.arange(n) * 2

    stats = sweep(f, _with(), (2, 3, 5, 8, 4, 9), fullgraph=True)
    assert stats.compiles == 2, stats


@pytest.mark.parametrize("use", ["index", "range", "string", "dict_key"])
def test_a_use_needing_the_value_specialises_it_and_stays_right(use):
    def f(x, n):
        if use == "index":
            return x * [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130][n]
        if use == "range":
            return sum(x * i for i in range(n))
        if use == "string":
            return x + 1, f"n={n:03d}"
        return x * {3: 1.5, 4: 2.5}.get(n, -1.0)

    stats = sweep(f, _with(), (3, 4, 7, 12, 4, 3), fullgraph=True)
    assert stats.fallbacks == [] and stats.graph_breaks == [], stats


def test_a_torch_func_body_reading_the_int_is_traced_again_with_ints_specialised():
    def f(x, n):
        return torch.func.vmap(lambda row: row * n)(x.reshape(1, -1)), n + 1

    stats = sweep(f, _with(), (3, 4, 7, 12), fullgraph=True)
    assert stats.fallbacks == [] and stats.graph_breaks == [], stats


def test_bools_and_ints_in_containers_stay_constants():
    def f(x, flag, sizes):
        return (x + sizes[0]) if flag else x

    compiled = compiler.compile(f, fullgraph=True)
    for flag, k in ((True, 1), (False, 2), (True, 3), (False, 4)):
        x = torch.ones(2)
        assert torch.equal(compiled(x, flag, [k]), f(x, flag, [k]))


def test_ints_stay_specialised_when_dynamic_is_false():
    def f(x, n):
        return x * n

    stats = sweep(f, _with(), (3, 4, 7), dynamic=False, fullgraph=True)
    assert stats.compiles == 3, stats


def test_a_negative_value_after_a_positive_one_is_traced_right():
    def f(x, n):
        return x * abs(n) + max(n, 0), n < 0

    sweep(f, _with(), (3, 4, -5, 0, -1, 1, 7), fullgraph=True)


def test_an_int_in_a_config_dict_or_list_argument_is_traced_as_a_symbol():
    def f(x, cfg, sizes):
        return x * cfg["scale"] + sizes[1], cfg["name"]

    def make(n):
        return torch.ones(3), {"scale": n, "name": "a"}, [2, n + 1]

    stats = sweep(f, make, (3, 4, 7, 12, 5), fullgraph=True)
    assert stats.compiles == 2, stats


STEP = 0


def test_a_global_counter_written_by_the_function_is_traced_as_a_symbol():
    def f(x):
        global STEP
        STEP += 1
        return x * STEP

    compiled = compiler.compile(f, fullgraph=True)
    global STEP
    for _ in range(6):
        STEP_before = STEP
        expected = f(torch.ones(2))
        STEP = STEP_before
        assert torch.equal(compiled(torch.ones(2)), expected)
        assert STEP == STEP_before + 1
    assert compiler.stats(compiled).compiles == 2, compiler.stats(compiled)


def test_a_symbolic_size_or_int_in_an_f_string_is_specialised():
    def f(x, n):
        return x * 2, f"rows={x.shape[0]}, n={n:>4}", f"{x.size(0):d}"

    def make(n):
        g = torch.Generator().manual_seed(n)
        return torch.randn(n, 3, generator=g), n

    stats = sweep(f, make, (2, 3, 5, 3), fullgraph=True)
    assert stats.fallbacks == [] and stats.graph_breaks == [], stats
