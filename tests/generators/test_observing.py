"""Constructs that make effects observable (generators/constructs_observe.py): each is drawn,
runs as intended, shrinks to off, and a program using it tells a planted mis-compilation of
its construct (rewritten into the source) apart from the right answer."""

from __future__ import annotations

import re

import pytest
from hypothesis import find

from bench.bench_generators import ran_as_intended
from generators import strategies
from generators.features import FEATURES, IDIOM_FEATURES, feature_flags
from generators.inputs import INPUT_BYTES, input_specs
from generators.opargs import Picks
from oracle.judge import eager
from oracle.judge.compare import compare

OBSERVING = ("inplace_aliasing", "shared_returns", "view_mutation", "generator_protocol",
             "break_kwargs")
BASE = frozenset({"recall_values", "container_inputs"})


def _raws(idiom: str, seed: int) -> list[tuple]:
    raws = []
    for i in range(3):
        raw = bytearray((seed * 71 + i * 29 + j * 13) % 256
                        for j in range(strategies.STATEMENT_BYTES))
        raw[0] = strategies.CONSTRUCT_KIND
        raw[3] = strategies.CONSTRUCT_ORDER.index(idiom)
        raws.append(tuple(raw))
    return raws


def _programs(idiom: str, count: int = 60):
    """Programs whose statements are drawn as `idiom`, over varied parameter bytes."""
    for seed in range(count):
        flags = BASE | {idiom}
        specs = input_specs(Picks(bytes([seed * 37 % 256] * INPUT_BYTES)), flags)
        program = strategies.build(flags, specs, _raws(idiom, seed), raise_choice=5)
        if idiom in program.features_used:
            yield seed, program


def _outcomes(path) -> list:
    trace = eager.run(str(path))
    return [(c.outcome, c.args_after, c.repeats) for c in trace.calls]


def _differs(a: list, b: list) -> bool:
    return any(compare(x[0], y[0]) or compare(x[1], y[1]) or x[2] != y[2]
               for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("idiom", OBSERVING)
def test_each_observing_construct_is_an_idiom_flag_and_a_construct(idiom):
    assert idiom in IDIOM_FEATURES and idiom in FEATURES
    assert idiom in strategies.CONSTRUCTS


@pytest.mark.parametrize("idiom", OBSERVING)
def test_drawn_programs_run_as_intended(idiom):
    drawn = list(_programs(idiom))
    assert len(drawn) >= 40, f"{idiom} kept in only {len(drawn)} of 60 programs"
    for _, program in drawn:
        ok, why = ran_as_intended(program)
        assert ok, f"{why}\n{program.source}"


@pytest.mark.parametrize("idiom", OBSERVING)
def test_construct_shrinks_to_off(idiom):
    seed, program = next(_programs(idiom))
    flags = BASE  # the idiom's flag off: the same statement bytes apply catalogue ops
    specs = input_specs(Picks(bytes([seed * 37 % 256] * INPUT_BYTES)), flags)
    off = strategies.build(flags, specs, _raws(idiom, seed), raise_choice=5)
    assert idiom not in off.features_used and ran_as_intended(off)[0]
    # the flag itself: Hypothesis's smallest draw has it off, and it can be on
    assert find(feature_flags(FEATURES), lambda flags: True) == frozenset()
    assert find(feature_flags(FEATURES), lambda flags: idiom in flags) == {idiom}


# A planted mis-compilation of each construct, written into the program's source: the
# program must return something else (or leave its arguments otherwise) than before.
PLANTS = {
    # `acc += x` run as `acc = acc + x`: a second name keeps the old list
    "inplace_aliasing": (r"^(\s*)(\w+(?:\[\d\])?) (\+|\*|\||&|\^|-)= (.*)$",
                         lambda m: f"{m[1]}{m[2]} = {m[2]} {m[3]} {m[4]}"),
    # a view read as a copy: a write through one no longer shows in the other
    "view_mutation": (r"^(\s*)(v\d+) = (.*)$", lambda m: f"{m[1]}{m[2]} = ({m[3]}).clone()"),
    # the value sent into a generator lost on the way
    "generator_protocol": (r"\.send\((2\.0|1\.0|3\.0)\)", lambda m: ".send(None)"
                           if m[1] != "1.0" else ".send(0.0)"),
    # keyword arguments bound to the wrong parameters
    "break_kwargs": (r"shift=", lambda m: "k="),
}


@pytest.mark.parametrize("idiom", sorted(PLANTS))
def test_a_planted_miscompilation_of_the_construct_changes_the_outcome(idiom, tmp_path):
    pattern, replace = PLANTS[idiom]
    told = 0
    for seed, program in list(_programs(idiom))[:24]:
        planted = re.sub(pattern, replace, program.source, flags=re.M)
        if planted == program.source:
            continue
        right, wrong = tmp_path / f"right_{seed}.py", tmp_path / f"wrong_{seed}.py"
        right.write_text(program.source)
        wrong.write_text(planted)
        try:
            changed = _differs(_outcomes(right), _outcomes(wrong))
        except Exception:
            changed = True  # the planted program broke: also told apart
        told += changed
    assert told >= 6, f"{idiom}: only {told} programs told the planted bug apart"


def test_shared_returns_hold_one_object_at_two_places(tmp_path):
    repeated = 0
    for seed, program in list(_programs("shared_returns"))[:10]:
        path = tmp_path / f"p{seed}.py"
        path.write_text(program.source)
        repeated += any(c.repeats or c.aliases for c in eager.run(str(path)).calls)
    assert repeated >= 8
