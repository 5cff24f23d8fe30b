"""Multi-call probes for random numbers inside the compiled code: the draws of each call and
the global RNG state the calls leave behind (the next eager draw) must be eager's, with draws
in the graph, across graph breaks, in a frame whose graph raises and runs again eagerly, with
seeds set inside, saved and restored states, and generators.
"""

from __future__ import annotations

import random

import pytest
import torch
import torch.nn.functional as F

import compiler
from tests.differential import assert_same
from tests.dynamo_style.calls_support import sample as _x


def _same_draws(fn, make_args, calls=3, fullgraph=False, backend="eager"):
    """Eager then compiled from the same seed: each call's result, then the next draw."""
    def run(f):
        torch.manual_seed(1234)
        random.seed(99)
        results = [f(*make_args()) for _ in range(calls)]
        return results, torch.rand(3), random.random()

    expected = run(fn)
    compiler.reset()
    with compiler.config.patch(raise_internal_errors=True):
        compiled = compiler.compile(fn, fullgraph=fullgraph, backend=backend)
        actual = run(compiled)
    assert_same(actual, expected)
    return compiler.stats(compiled)


def draws_in_graph(a):
    return a + torch.rand(3, 4), torch.randn(2), F.dropout(a, 0.3, training=True)


def test_draws_in_the_graph_follow_the_global_state():
    stats = _same_draws(draws_in_graph, lambda: (_x(),), fullgraph=True)
    assert stats.graphs == 1


def draws_around_a_break(a):
    r = torch.rand(2)
    print("break")
    return a.sum() + r, torch.randint(0, 9, (3,))


def test_draws_around_a_graph_break():
    stats = _same_draws(draws_around_a_break, lambda: (_x(),))
    assert stats.graph_breaks


def draws_then_bad_index(a, i):
    r = torch.rand(3)
    try:
        picked = a[i]
    except IndexError:
        picked = None
    return r, picked


def test_draws_in_a_graph_that_raises_and_runs_again():
    _same_draws(draws_then_bad_index, lambda: (_x(0, (3,)), torch.tensor([7])))


def seeded_inside(a):
    torch.manual_seed(5)
    return a + torch.rand(3, 4), torch.randperm(4)


@pytest.mark.parametrize("fullgraph", [False, True])
def test_manual_seed_inside(fullgraph):
    _same_draws(seeded_inside, lambda: (_x(),), fullgraph=fullgraph)


def test_manual_seed_inside_with_a_compiling_backend():
    _same_draws(seeded_inside, lambda: (_x(),), backend="aot_eager")


def seeded_then_bad_index(a, i):
    torch.manual_seed(3)
    r = torch.rand(3)
    try:
        picked = a[i]
    except IndexError:
        picked = torch.rand(1)
    return r, picked


def test_manual_seed_in_a_graph_that_raises_and_runs_again():
    _same_draws(seeded_then_bad_index, lambda: (_x(0, (3,)), torch.tensor([7])))


def save_draw_restore(a):
    state = torch.get_rng_state()
    x = torch.rand(4)
    torch.set_rng_state(state)
    return x, torch.rand(4), a


def test_rng_state_saved_and_restored_inside():
    _same_draws(save_draw_restore, lambda: (_x(),))


def state_only(a):
    return torch.get_rng_state(), a * 2


def test_rng_state_returned():
    _same_draws(state_only, lambda: (_x(),))


def python_random(a):
    k = random.random()
    return a * k, random.randint(0, 5)


def test_python_random_module_draws():
    _same_draws(python_random, lambda: (_x(),))


def with_generator(a, g):
    return a + torch.rand(3, 4, generator=g), torch.randint(0, 5, (2,), generator=g)


def test_generator_passed_in():
    def run(f):
        g = torch.Generator().manual_seed(8)
        return [f(_x(), g) for _ in range(3)], torch.rand(3, generator=g)
    torch.manual_seed(0)
    expected = run(with_generator)
    torch.manual_seed(0)
    compiled = compiler.compile(with_generator)
    assert_same(run(compiled), expected)


def seeded_generator_inside(a):
    g = torch.Generator()
    g.manual_seed(4)
    return a + torch.randn(3, 4, generator=g), torch.rand(2, generator=g)


def test_generator_made_inside():
    _same_draws(seeded_generator_inside, lambda: (_x(),))


def shuffle_argument(items, a):
    rng = random.Random(11)
    rng.shuffle(items)
    return a * rng.random(), rng.choice(items)


def test_local_random_shuffles_a_list_passed_in():
    def run(f):
        items = [1, 2, 3, 4, 5]
        return f(items, _x()), items
    compiled = compiler.compile(shuffle_argument, fullgraph=True)
    assert_same(run(compiled), run(shuffle_argument))
    assert_same(run(compiled), run(shuffle_argument))


def unseeded(a):
    return a * random.Random().random()


def random_object_returned(a):
    rng = random.Random(2)
    rng.random()
    return rng, a


def test_local_random_unseeded_or_leaving_is_refused():
    for fn in (unseeded, random_object_returned):
        with pytest.raises(compiler.Unsupported):
            compiler.compile(fn, fullgraph=True)(_x())
    rng, _ = compiler.compile(random_object_returned)(_x())
    assert rng.random() == random_object_returned(_x())[0].random()


def is_compiling_variants(a):
    return (torch.compiler.is_compiling(), torch.compiler.is_dynamo_compiling(),
            torch._utils.is_compiling(), torch.jit.is_scripting(), a + 1)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_is_compiling_is_the_compiler_s_answer():
    assert is_compiling_variants(_x())[:4] == (False, False, False, False)
    compiled = compiler.compile(is_compiling_variants, fullgraph=True)
    assert compiled(_x())[:4] == (True, True, True, False)


def reseeded_from_os(a):
    rng = random.Random(1)
    rng.seed()
    return a * rng.random()


def test_local_random_reseeded_from_the_os_is_refused():
    with pytest.raises(compiler.Unsupported):
        compiler.compile(reseeded_from_os, fullgraph=True)(_x())
