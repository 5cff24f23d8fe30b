"""Guard hunt over symbolic sizes: once a size has changed it is traced symbolic, and every
Python decision made on it (a branch, a loop, a dict key, a comparison with a global) must be
guarded (tests/guards/hunt_steps.py)."""

import sys

import torch

from tests.guards.hunt_steps import BOTH_MODES, call, run, step

pytestmark = BOTH_MODES
HERE = sys.modules[__name__]
COUNT = 3


def test_parity_of_a_size_decides_a_branch(fullgraph):
    def fn(x):
        return x * 2 if x.shape[0] % 2 == 0 else x.sum()

    run(
        fn,
        [
            call(torch.ones(2)),
            call(torch.ones(4)),
            call(torch.ones(5)),
            call(torch.ones(6)),
            call(torch.ones(7)),
        ],
        fullgraph=fullgraph,
    )


def test_sizes_of_two_arguments_compared(fullgraph):
    def fn(x, y):
        return x + y if x.shape == y.shape else x.sum() + y.sum()

    run(
        fn,
        [
            call(torch.ones(2), torch.ones(2)),
            call(torch.ones(3), torch.ones(3)),
            call(torch.ones(3), torch.ones(4)),
            call(torch.ones(5), torch.ones(5)),
        ],
        fullgraph=fullgraph,
    )


def test_loop_over_a_size(fullgraph):
    def fn(x):
        total = x[0] * 0
        for i in range(x.shape[0]):
            total = total + x[i] * i
        return total, x.shape[0] // 2, x.shape[0] / 2

    run(
        fn,
        [call(torch.ones(2)), call(torch.ones(3)), call(torch.ones(5)), call(torch.ones(2))],
        fullgraph=fullgraph,
    )


def test_size_used_as_a_dict_key_and_in_a_list(fullgraph):
    table = {2: 10.0, 3: 20.0}

    def fn(x):
        return x * table.get(x.shape[0], -1.0), [x.shape[0]] * 2, str(x.shape[0])

    run(
        fn,
        [call(torch.ones(2)), call(torch.ones(3)), call(torch.ones(4)), call(torch.ones(2))],
        fullgraph=fullgraph,
    )


def test_size_compared_with_a_global(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "COUNT", 3)

    def fn(x):
        return x.sum() if x.shape[0] > COUNT else x * 2

    run(
        fn,
        [
            call(torch.ones(2)),
            call(torch.ones(4)),
            step(lambda: setattr(HERE, "COUNT", 5), torch.ones(4)),
            call(torch.ones(6)),
        ],
        fullgraph=fullgraph,
    )


def test_view_with_sizes_computed_from_a_symbolic_size(fullgraph):
    def fn(x):
        n = x.shape[0]
        return x.reshape(n // 2, 2) if n % 2 == 0 else x.reshape(1, n), n * 1.5

    run(
        fn,
        [
            call(torch.arange(4.0)),
            call(torch.arange(6.0)),
            call(torch.arange(5.0)),
            call(torch.arange(8.0)),
        ],
        fullgraph=fullgraph,
    )


def test_int_argument_traced_symbolic_then_a_branch_on_it(fullgraph):
    def fn(x, n):
        out = x * n
        return out + 1 if n > 3 else out, n // 2, str(n), x[: n % 4]

    x = torch.arange(8.0)
    stats = run(
        fn,
        [call(x, 2), call(x, 3), call(x, 4), call(x, 5), call(x, 3), call(x, 0), call(x, True)],
        fullgraph=fullgraph,
    )
    assert stats.compiles <= 8, stats


def test_relation_on_a_symbolic_int_names_the_number(fullgraph):
    def fn(x, n):
        out = x * n
        return out + 1 if n > 3 else out

    x = torch.arange(8.0)
    stats = run(
        fn, [call(x, 2), call(x, 3), call(x, 4), call(x, 5), call(x, 3)], fullgraph=fullgraph
    )
    assert "L['n'] <= 3 (got 4)" in stats.recompiles, stats.recompiles
