"""Every seed program runs through our compiler (eager backend) and matches eager.

A program the compiler cannot trace falls back to eager and is `unsupported`, which is allowed;
anything else but `pass` is a compiler bug. A sample also runs through Inductor (slow).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.judge.differential import check
from oracle.judge.subjects import resolve
from oracle.judge.verdict import Verdict

SEED = Path(__file__).resolve().parents[2] / "corpora" / "seed"
PROGRAMS = sorted(SEED.glob("*.py"))
ACCEPTED = {Verdict.PASS, Verdict.UNSUPPORTED}
INDUCTOR_SAMPLE = [p for p in PROGRAMS if p.name.startswith(
    ("arith_001", "module_001", "reductions_", "views_", "inplace_001", "functional_001"))][:4]


_RESULTS: dict[Path, object] = {}


def verdict_of(path: Path):
    """Each program is checked once per test process, however many tests ask."""
    if path not in _RESULTS:
        _RESULTS[path] = check(str(path), resolve("ours"))
    return _RESULTS[path]


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.stem)
def test_seed_program_matches_eager_under_our_compiler(path):
    result = verdict_of(path)
    assert result.verdict in ACCEPTED, f"{result.verdict}: {result.message}"


def test_most_seed_programs_compile_without_falling_back():
    verdicts = [verdict_of(path).verdict for path in PROGRAMS]
    compiled = sum(v is Verdict.PASS for v in verdicts)
    assert compiled / len(verdicts) >= 0.85, f"only {compiled}/{len(verdicts)} compiled"


@pytest.mark.slow
@pytest.mark.parametrize("path", INDUCTOR_SAMPLE, ids=lambda p: p.stem)
def test_seed_sample_matches_eager_under_inductor(path):
    result = check(str(path), resolve("ours:inductor"))
    assert result.verdict in ACCEPTED, f"{result.verdict}: {result.message}"
