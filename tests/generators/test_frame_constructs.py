"""Constructs that reach the frame machinery (generators/constructs_frames.py): each is drawn,
runs as intended, shrinks to off, tells a planted mis-compilation of its construct (rewritten
into the source) apart from the right answer, and passes against our compiler."""

from __future__ import annotations

from itertools import islice

import pytest

from generators import strategies
from generators.features import FEATURES, IDIOM_FEATURES
from oracle.judge.differential import check
from oracle.judge.subjects import resolve
from oracle.judge.verdict import Verdict
from tests.generators.construct_helpers import (
    BASE,
    assert_shrinks_to_off,
    drawn_programs_running_as_intended,
    planted_told_apart,
    programs_using,
)

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
    drawn_programs_running_as_intended(idiom, BASE, minimum=40)


@pytest.mark.parametrize("idiom", FRAMES)
def test_construct_shrinks_to_off(idiom):
    assert_shrinks_to_off(idiom, BASE)


@pytest.mark.parametrize("idiom", FRAMES)
def test_a_planted_miscompilation_of_the_construct_changes_the_outcome(idiom, tmp_path):
    pattern, replace = PLANTS[idiom]
    told = planted_told_apart(idiom, BASE, pattern, replace, tmp_path,
                              every_program_planted=True)
    assert told >= 6, f"{idiom}: only {told} programs told the planted bug apart"


@pytest.mark.parametrize("idiom", FRAMES)
def test_programs_using_the_construct_pass_against_our_compiler(idiom, tmp_path):
    """No false alarm: what the construct observes, our compiler keeps."""
    checked = 0
    for seed, program in islice(programs_using(idiom, BASE), 4):
        path = tmp_path / f"p{seed}.py"
        path.write_text(program.source)
        result = check(str(path), resolve("ours"))
        assert result.verdict in (Verdict.PASS, Verdict.UNSUPPORTED), \
            f"{result.verdict}: {result.message}\n{program.source}"
        checked += 1
    assert checked == 4
