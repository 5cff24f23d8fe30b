"""Constructs that reach the frame machinery (generators/constructs_frames.py): each is drawn,
runs as intended, shrinks to off, tells a planted mis-compilation of its construct (rewritten
into the source) apart from the right answer, and passes against our compiler."""

from __future__ import annotations

import re

import pytest
from hypothesis import find

from bench.bench_generators import ran_as_intended
from generators import strategies
from generators.features import FEATURES, IDIOM_FEATURES, feature_flags
from generators.inputs import INPUT_BYTES, input_specs
from generators.opargs import Picks
from oracle.judge.differential import check
from oracle.judge.subjects import resolve
from oracle.judge.verdict import Verdict
from tests.generators.test_observing import BASE, _differs, _outcomes, _programs, _raws

FRAMES = ("break_cells", "exception_context", "rerun_inplace")

# A planted mis-compilation of each construct, written into the program's source.
PLANTS = {
    # the resume function loses a cell written after the break (it reads the old value)
    "break_cells": (r"^(\s*)scale = scale - a$", lambda m: f"{m[1]}stale = scale - a"),
    # the trace records no __context__ for an exception raised while another is handled
    "exception_context": (r"\.__context__", lambda m: ".__cause__"),
    # the write is not put back before the frame runs again eagerly: the handler sees it twice
    "rerun_inplace": (r"^(\s*)(t\d+) = \((\w+)(\.running_mean)? \* -1\)\.sum\(\)$",
                      lambda m: f"{m[1]}{m[2]} = (({m[3]}{m[4] or ''} * 2 + 1) * -1).sum()"),
}


@pytest.mark.parametrize("idiom", FRAMES)
def test_each_frame_construct_is_an_idiom_flag_and_a_construct(idiom):
    assert idiom in IDIOM_FEATURES and idiom in FEATURES
    assert idiom in strategies.CONSTRUCTS


@pytest.mark.parametrize("idiom", FRAMES)
def test_drawn_programs_run_as_intended(idiom):
    drawn = list(_programs(idiom))
    assert len(drawn) >= 40, f"{idiom} kept in only {len(drawn)} of 60 programs"
    for _, program in drawn:
        ok, why = ran_as_intended(program)
        assert ok, f"{why}\n{program.source}"


@pytest.mark.parametrize("idiom", FRAMES)
def test_construct_shrinks_to_off(idiom):
    seed, program = next(_programs(idiom))
    specs = input_specs(Picks(bytes([seed * 37 % 256] * INPUT_BYTES)), BASE)
    off = strategies.build(BASE, specs, _raws(idiom, seed), raise_choice=5)
    assert idiom not in off.features_used and ran_as_intended(off)[0]
    assert find(feature_flags(FEATURES), lambda flags: idiom in flags) == {idiom}


@pytest.mark.parametrize("idiom", FRAMES)
def test_a_planted_miscompilation_of_the_construct_changes_the_outcome(idiom, tmp_path):
    pattern, replace = PLANTS[idiom]
    told = 0
    for seed, program in list(_programs(idiom))[:24]:
        planted = re.sub(pattern, replace, program.source, flags=re.M)
        assert planted != program.source, f"nothing planted in\n{program.source}"
        right, wrong = tmp_path / f"right_{seed}.py", tmp_path / f"wrong_{seed}.py"
        right.write_text(program.source)
        wrong.write_text(planted)
        try:
            changed = _differs(_outcomes(right), _outcomes(wrong))
        except Exception:
            changed = True  # the planted program broke: also told apart
        told += changed
    assert told >= 6, f"{idiom}: only {told} programs told the planted bug apart"


@pytest.mark.parametrize("idiom", FRAMES)
def test_programs_using_the_construct_pass_against_our_compiler(idiom, tmp_path):
    """No false alarm: what the construct observes, our compiler keeps."""
    checked = 0
    for seed, program in list(_programs(idiom))[:4]:
        path = tmp_path / f"p{seed}.py"
        path.write_text(program.source)
        result = check(str(path), resolve("ours"))
        assert result.verdict in (Verdict.PASS, Verdict.UNSUPPORTED), \
            f"{result.verdict}: {result.message}\n{program.source}"
        checked += 1
    assert checked == 4
