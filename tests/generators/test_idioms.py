"""Idioms of real modelling code as generator constructs: each is drawn, runs, changes what it
reads between calls where it says so, and is judged `pass` against today's compiler."""

from __future__ import annotations

import pytest

from bench.bench_generators import draw_programs, idiom_coverage, idiom_table, ran_as_intended
from generators import strategies
from generators.features import FEATURES, IDIOM_FEATURES
from oracle.judge.differential import check
from oracle.judge.subjects import OursSubject
from oracle.judge.verdict import Verdict
from tests.generators.construct_helpers import build_for_seed

# Each idiom is drawn in at least this share of programs (the benchmark publishes the table).
MIN_SHARE_PCT = 0.2
SAMPLE = 1000


def _program_with(idiom: str, seed: int, flags=()):
    """A program whose statements are `idiom` (each drawn with varied parameter bytes)."""
    flags = frozenset({idiom, "recall_values", "mutate_between_calls", *flags})
    return build_for_seed(idiom, seed, flags)


def _first_program_with(idiom: str, flags=()):
    for seed in range(40):
        program = _program_with(idiom, seed, flags)
        if idiom in program.features_used:
            return program
    raise AssertionError(f"no program uses {idiom}")


def test_every_idiom_is_a_feature_flag_and_a_construct():
    assert set(IDIOM_FEATURES) <= set(FEATURES)
    assert set(IDIOM_FEATURES) <= set(strategies.CONSTRUCTS)


@pytest.mark.parametrize("idiom", IDIOM_FEATURES)
def test_idiom_program_runs_and_passes_against_todays_compiler(idiom, tmp_path):
    program = _first_program_with(idiom)
    ok, why = ran_as_intended(program)
    assert ok, f"{why}\n{program.source}"
    path = tmp_path / f"{idiom}.py"
    path.write_text(program.source)
    result = check(str(path), OursSubject())
    assert result.verdict in (Verdict.PASS, Verdict.UNSUPPORTED), (
        f"{result.verdict}: {result.message}\n{program.source}")


def test_module_idioms_also_sit_on_the_program_module():
    program = _first_program_with("module_hooks", flags=("nn_module",))
    assert "class Program(torch.nn.Module)" in program.source
    assert ".register_forward" in program.source


def test_changes_between_calls_are_run_before_a_later_call():
    program = _first_program_with("dict_views")
    calls = program.source.split("def calls():")[1]
    assert "TABLE" in calls or "yield" in calls
    probes = _first_program_with("probes")
    # a config object's attribute changes between calls when the probe reads one
    if "CFG" in probes.source.split("def calls():")[0]:
        assert "CFG" in probes.source.split("def calls():")[1]


def test_every_idiom_is_drawn_in_a_share_of_programs():
    programs, _, _ = draw_programs(SAMPLE)
    coverage = idiom_coverage(programs)
    rare = {idiom: share for idiom, share in coverage.items() if share < MIN_SHARE_PCT}
    assert not rare, f"idioms drawn too rarely in {SAMPLE} programs:\n{idiom_table(coverage)}"


def test_idiom_table_lists_every_idiom():
    table = idiom_table({idiom: 1.0 for idiom in IDIOM_FEATURES})
    assert all(f"| {idiom} | 1.0% |" in table for idiom in IDIOM_FEATURES)
