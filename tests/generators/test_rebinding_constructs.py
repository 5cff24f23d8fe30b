"""Constructs that rebind what the compiled code read between calls
(generators/constructs_rebinding.py): each is drawn, runs as intended, shrinks to off, tells a
stale trace (the rebinding not seen by the later call: planted by leaving the rebinding out of
calls()) apart from the right answer, and passes against our compiler."""

from __future__ import annotations

import re
from itertools import islice

import pytest

from generators import strategies
from generators.constructs_rebinding import CONSTRUCTS
from generators.features import FEATURES, IDIOM_FEATURES
from oracle.judge.differential import check
from oracle.judge.subjects import resolve
from oracle.judge.verdict import Verdict
from tests.generators import construct_helpers
from tests.generators.construct_helpers import (
    assert_shrinks_to_off,
    differs,
    drawn_programs_running_as_intended,
    outcomes,
    programs_using,
)

REBINDING = tuple(CONSTRUCTS)
BASE = construct_helpers.BASE | {"mutate_between_calls"}
# A line calls() runs between two calls that is not a call, the generator or a declaration.
BETWEEN = re.compile(r"^    (?!yield |g = torch\.Generator|global ).+\n", re.M)


def _stale(source: str) -> str:
    """The program as a compiler that missed every rebinding runs it: calls() leaves them out."""
    head, calls = source.split("def calls():")
    return head + "def calls():" + BETWEEN.sub("", calls)


@pytest.mark.parametrize("idiom", REBINDING)
def test_each_rebinding_construct_is_an_idiom_flag_and_a_construct(idiom):
    assert idiom in IDIOM_FEATURES and idiom in FEATURES
    assert strategies.CONSTRUCTS[idiom] is CONSTRUCTS[idiom]


@pytest.mark.parametrize("module_mode", [False, True])
@pytest.mark.parametrize("idiom", REBINDING)
def test_drawn_programs_run_as_intended_and_rebind_between_calls(idiom, module_mode):
    drawn = drawn_programs_running_as_intended(
        idiom, BASE, minimum=50, flags=("nn_module",) if module_mode else ())
    for program in drawn:
        assert "mutate_between_calls" in program.features_used
        assert _stale(program.source) != program.source


@pytest.mark.parametrize("idiom", REBINDING)
def test_construct_shrinks_to_off(idiom):
    assert_shrinks_to_off(idiom, BASE)


@pytest.mark.parametrize("idiom", REBINDING)
def test_a_stale_trace_changes_the_outcome(idiom, tmp_path):
    told = checked = 0
    for seed, program in islice(programs_using(idiom, BASE), 20):
        right, wrong = tmp_path / f"right_{seed}.py", tmp_path / f"wrong_{seed}.py"
        right.write_text(program.source)
        wrong.write_text(_stale(program.source))
        told += differs(outcomes(right), outcomes(wrong))
        checked += 1
    assert told >= checked * 3 // 4, f"{idiom}: only {told} of {checked} programs tell it"


@pytest.mark.parametrize("idiom", REBINDING)
def test_programs_using_the_construct_pass_against_our_compiler(idiom, tmp_path):
    """No false alarm: a correct compiler recompiles where the program rebound what it read,
    and the oracle's R1 signature lets it."""
    for seed, program in islice(programs_using(idiom, BASE), 6):
        path = tmp_path / f"p{seed}.py"
        path.write_text(program.source)
        result = check(str(path), resolve("ours"))
        assert result.verdict in (Verdict.PASS, Verdict.UNSUPPORTED), \
            f"{result.verdict}: {result.message}\n{program.source}"
