"""Size sweeps in the call sequence (sweep_batch, sweep_seq), the DYNAMIC hint mark_dynamic
writes, and later inputs whose shapes relate to the first one's."""

from __future__ import annotations

import torch
from hypothesis import HealthCheck, Phase, given, settings

import generators
from generators.builder import Builder
from generators.calls import first_call, sweeps
from generators.inputs import InputSpec, TensorSpec, tensor_spec, with_dim_size
from generators.ir import Kind
from generators.opargs import Picks
from generators.strategies import build
from oracle.judge.program import load


def specs(*shapes) -> list[InputSpec]:
    return [InputSpec(name, Kind.TENSOR, TensorSpec(shape)) for name, shape in zip("xyz", shapes)]


def swept(flags, inputs, lines=()) -> tuple[Builder, list[list[tuple]]]:
    """The sweep calls of a body made of `lines` (over x, y, z), as the shapes of each call."""
    b = Builder(frozenset(flags), module_mode=False)
    first_call(b, inputs)
    for line in lines:
        assert b.emit([line], ["t"], ["x"]) is not None, line
    shapes = [[eval(expr, {"torch": torch, "g": torch.Generator()}).shape
               for expr in call.args.values()] for call in sweeps(b, inputs)]
    return b, [[tuple(s) for s in call] for call in shapes]


def test_a_batch_sweep_grows_dim_0_then_falls_to_2_1_and_0_with_the_inputs_sharing_it():
    _, calls = swept({"sweep_batch"}, specs((3, 4), (3, 4), (1, 4)))
    assert calls == [[(n, 4), (n, 4), (1, 4)] for n in (4, 6, 2, 1, 0)]


def test_a_sequence_sweep_starts_at_0_1_and_2_then_grows_dim_1():
    _, calls = swept({"sweep_seq"}, specs((2, 3, 4), (3, 4), (2, 3, 1)))
    assert calls == [[(2, n, 4), (n, 4), (2, n, 1)] for n in (0, 1, 2, 5)]


def test_sizes_the_body_cannot_run_on_are_left_out():
    """`max()` of an empty tensor raises: the size-0 call is dropped, the others are kept."""
    _, calls = swept({"sweep_batch"}, specs((3, 4)), ["t = x.max()"])
    assert [c[0][0] for c in calls] == [4, 6, 2, 1]


def test_mark_dynamic_names_the_swept_dim_in_the_programs_dynamic_hint():
    b, calls = swept({"sweep_seq", "mark_dynamic"}, specs((2, 3, 4)))
    assert calls and "mark_dynamic" in b.features and "sweep_seq" in b.features
    assert [d.lines for d in b.defs] == [['DYNAMIC = {"x": [1]}']]


def test_one_sweep_per_program_and_no_hint_without_one():
    b, calls = swept({"sweep_batch", "sweep_seq", "mark_dynamic"}, specs((3, 4)))
    assert len(calls) == 5 and b.features >= {"sweep_batch"} and "sweep_seq" not in b.features
    b, calls = swept({"sweep_seq", "mark_dynamic"}, specs((3,)))  # rank 1: no dim 1 to sweep
    assert calls == [] and b.defs == []


def test_a_rendered_sweep_with_its_hint_is_a_valid_program_file(tmp_path):
    flags = frozenset({"sweep_batch", "mark_dynamic"})
    program = build(flags, specs((3, 4), (3, 4)), [], 5)
    path = tmp_path / "p.py"
    path.write_text(program.source)
    loaded = load(path)
    calls = list(loaded.calls())
    assert [args[0].shape[0] for args, _ in calls] == [3, 4, 6, 2, 1, 0]
    marks = loaded.dynamic_marks(*calls[1])
    assert [(tuple(t.shape), dim) for t, dim, _, _ in marks] == [((4, 4), 0)]


def test_with_dim_size_leaves_independent_and_broadcast_dims_alone():
    inputs = specs((3, 5), (5,), (3, 1))
    assert [s.tensor.shape for s in with_dim_size(inputs, 1, 7)] == [(3, 7), (7,), (3, 1)]
    assert [s.tensor.shape for s in with_dim_size(inputs, 0, 2)] == [(2, 5), (5,), (2, 1)]


def test_a_later_input_may_share_only_the_leading_dim_of_the_first():
    # relation byte 3, then rank byte 2 (RANKS[2] = 3) and sizes (2, 3, 1, 4) -> (3, 3, 1)
    spec = tensor_spec(Picks((3, 2, 0, 1, 2, 3)), frozenset(), like=(5, 2))
    assert spec.shape == (5, 3, 1)


def test_sweeps_keep_the_generators_valid(tmp_path):
    """Every drawn program with a sweep runs eagerly on every call it yields, and its DYNAMIC
    hint names a parameter of the function or module forward the oracle calls."""
    seen = []

    @settings(max_examples=100, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck), derandomize=True)
    @given(generators.programs(features=["sweep_batch", "sweep_seq", "mark_dynamic",
                                         "shape_arith", "noncontiguous", "aliasing",
                                         "nn_module"]))
    def check(program):
        path = tmp_path / f"p{len(seen)}.py"
        path.write_text(program.source)
        loaded = load(path)
        for args, kwargs in loaded.calls():
            loaded.program(*args, **kwargs)
            assert loaded.dynamic_marks(args, kwargs) or "mark_dynamic" not in program.features_used
        seen.append(program.features_used)

    check()
    assert sum("sweep_batch" in f or "sweep_seq" in f for f in seen) >= 20
    assert any("mark_dynamic" in f for f in seen)
    assert any({"mark_dynamic", "nn_module"} <= f for f in seen)


def test_render_puts_the_hint_before_the_program():
    program = build(frozenset({"sweep_batch", "mark_dynamic"}), specs((3, 4)), [], 5)
    assert program.source.index("DYNAMIC = ") < program.source.index("def program(")
