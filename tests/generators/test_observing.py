"""Constructs that make effects observable (generators/constructs_observe.py): each is drawn,
runs as intended, shrinks to off, and a program using it tells a planted mis-compilation of
its construct (rewritten into the source) apart from the right answer."""

from __future__ import annotations

from itertools import islice

import pytest
from hypothesis import find

from generators import strategies
from generators.features import FEATURES, IDIOM_FEATURES, feature_flags
from oracle.judge import eager
from tests.generators.construct_helpers import (
    BASE,
    assert_shrinks_to_off,
    drawn_programs_running_as_intended,
    planted_told_apart,
    programs_using,
)

OBSERVING = ("inplace_aliasing", "shared_returns", "view_mutation", "generator_protocol",
             "break_kwargs")


@pytest.mark.parametrize("idiom", OBSERVING)
def test_each_observing_construct_is_an_idiom_flag_and_a_construct(idiom):
    assert idiom in IDIOM_FEATURES and idiom in FEATURES
    assert idiom in strategies.CONSTRUCTS


@pytest.mark.parametrize("idiom", OBSERVING)
def test_drawn_programs_run_as_intended(idiom):
    drawn_programs_running_as_intended(idiom, BASE, minimum=40)


@pytest.mark.parametrize("idiom", OBSERVING)
def test_construct_shrinks_to_off(idiom):
    assert_shrinks_to_off(idiom, BASE)
    # the flag itself: Hypothesis's smallest draw has it off
    assert find(feature_flags(FEATURES), lambda flags: True) == frozenset()


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
    told = planted_told_apart(idiom, BASE, pattern, replace, tmp_path,
                              every_program_planted=False)
    assert told >= 6, f"{idiom}: only {told} programs told the planted bug apart"


def test_shared_returns_hold_one_object_at_two_places(tmp_path):
    repeated = 0
    for seed, program in islice(programs_using("shared_returns", BASE), 10):
        path = tmp_path / f"p{seed}.py"
        path.write_text(program.source)
        repeated += any(c.repeats or c.aliases for c in eager.run(str(path)).calls)
    assert repeated >= 8
