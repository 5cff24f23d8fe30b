"""`parity mutate`: the four mutation operators, seeded sampling, isolation of the mutant, the
kill rule (a new failure against the unmutated baseline, or a package that no longer imports)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.app import cli
from oracle.app.mutation import OPERATORS, package_sites, sample, sites

ROOT = Path(__file__).resolve().parents[2]
CORPUS_FILE = ROOT / "corpora" / "seed" / "arith_001_scalar_mul.py"

SOURCE = '''"""Docstring 1 < 2 is not mutated."""
LIMIT = 3


def f(x, seen):
    assert x is not None
    if x < LIMIT:
        seen.append(x)
    return x == 2
'''

# A subject whose only flip-compare kills it (every value becomes None) and whose only
# negate-if changes nothing anyone can see.
TOY = '''"""A subject that runs programs as they are."""


class Toy:
    name = "toy"

    def __init__(self):
        self.broken = False
        self.note = ""

    def compile(self, fn):
        def compiled(*args, **kwargs):
            out = fn(*args, **kwargs)
            return None if self.broken is True else out

        return compiled

    def stats(self, compiled):
        return None

    def reset(self):
        if self.broken:
            self.note = "reset"
'''


def test_each_operator_is_found_and_applied_in_place():
    found = {}
    for mutant in sites(SOURCE, "m.py"):
        found.setdefault(mutant.operator, mutant)    # the first in source order
    assert set(found) == set(OPERATORS)
    assert "if (x >= LIMIT):" in found["flip-compare"].apply(SOURCE)
    assert "if not (x < LIMIT):" in found["negate-if"].apply(SOURCE)
    assert "        pass\n" in found["drop-call"].apply(SOURCE)
    assert "LIMIT = 4" in found["off-by-one"].apply(SOURCE)
    for mutant in found.values():
        mutated = mutant.apply(SOURCE)
        ast.parse(mutated)
        assert len(mutated.splitlines()) == len(SOURCE.splitlines())
    # The docstring, the assertion and `x == 2` beside `x < LIMIT`: every compare is a site,
    # nothing inside the docstring or the assert is.
    lines = sorted({m.line for m in sites(SOURCE, "m.py")})
    assert lines == [2, 7, 8, 9]


def test_sampling_is_seeded_and_takes_the_operators_in_turn():
    found = package_sites(ROOT / "compiler")
    first = sample(found, 8, seed=3)
    assert first == sample(found, 8, seed=3) and first != sample(found, 8, seed=4)
    assert [m.operator for m in first] == list(OPERATORS) * 2
    assert len(set(first)) == 8


def test_bad_input_is_a_one_line_usage_error(capsys, tmp_path):
    for argv in (["--mutants", "0"], ["--budget", "soon"], ["--package", str(tmp_path)],
                 ["--seed", "-1"], ["--workers", "none"]):
        assert cli.main(["mutate", *argv]) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("parity: error: ") and err.count("\n") == 1, err


def test_list_prints_the_sample_without_running_it(capsys):
    assert cli.main(["mutate", "--mutants", "4", "--seed", "1", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 4 and all(op in line for op, line in zip(OPERATORS, out))


@pytest.mark.slow
def test_a_planted_killing_mutant_is_killed_and_a_harmless_one_survives(tmp_path):
    package = tmp_path / "toysubject"
    package.mkdir()
    (package / "__init__.py").write_text(TOY)
    before = (package / "__init__.py").read_text()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "oracle", "mutate", "--package", str(package), "--subject",
         "toysubject:Toy", "--mutants", "2", "--budget", "3s", "--workers", "1",
         "--timeout", "30s", "--corpus", str(CORPUS_FILE), "--json", str(tmp_path / "m.json")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert (package / "__init__.py").read_text() == before, "the real package is never edited"
    report = json.loads((tmp_path / "m.json").read_text())
    assert report["baseline_failures"] == [] and report["corpus"] == 1
    status = {m["mutant"]["operator"]: m for m in report["mutants"]}
    assert status["flip-compare"]["status"] == "killed"
    assert status["flip-compare"]["corpus_reaching"] == 1  # the corpus file runs that line
    assert status["flip-compare"]["how"].startswith("mismatch-")
    assert status["negate-if"]["status"] == "survived"
    assert status["negate-if"]["reached"] is True
    assert report["score"]["killed"] == 1 and report["score"]["score"] == 0.5
    assert "mutation score: 1 of 2 killed (50%)" in done.stdout


def test_the_corpus_is_the_repositorys_for_the_compiler_and_none_for_other_packages(tmp_path):
    from oracle.app.mutation_cli import _plan

    def plan(*argv):
        return _plan(cli.build_parser().parse_args(["mutate", *argv]))

    seed = sorted((ROOT / "corpora" / "seed").glob("*.py"))
    default = plan().corpus
    assert seed and set(seed) <= set(default) and all(p.is_absolute() for p in default)
    assert plan("--no-corpus").corpus == []
    (tmp_path / "__init__.py").write_text("")
    assert plan("--package", str(tmp_path), "--subject", "ours").corpus == []
    assert plan("--corpus", str(seed[0])).corpus == [seed[0]]
    for argv in (["--corpus", str(tmp_path / "none")], ["--corpus", str(seed[0]), "--no-corpus"]):
        with pytest.raises(cli.UsageError):
            plan(*argv)


def test_corpus_programs_that_run_the_mutated_line_are_replayed_first():
    from oracle.app.mutation import Mutant
    from oracle.app.mutation_corpus import order_for, reaching

    mutant = Mutant("values/a.py", 7, 0, 7, 5, "flip-compare", "x < y", "(x >= y)")
    corpus = [Path("p0.py"), Path("p1.py"), Path("p2.py"), Path("p3.py")]
    lines = {"p0.py": {"values/a.py": {1, 2}}, "p1.py": {"values/a.py": {7}},
             "p2.py": {"values/b.py": {7}}, "p3.py": {"values/a.py": {6, 7, 8}}}
    assert order_for(mutant, corpus, lines) == [corpus[1], corpus[3], corpus[0], corpus[2]]
    assert reaching(mutant, lines) == 2
    assert order_for(mutant, corpus, {}) == corpus  # nothing measured: the corpus as it is


def test_a_corpus_program_that_no_longer_compiles_is_a_regression():
    from oracle.app.mutation_corpus import regressions

    unmutated = {"a.py": {"ours": "pass"}, "b.py": {"ours": "unsupported"},
                 "c.py": {"ours": "pass", "torch": "pass"}, "d.py": {"ours": "pass"}}
    mutated = {"a.py": {"ours": "unsupported"}, "b.py": {"ours": "unsupported"},
               "c.py": {"ours": "pass", "torch": "unsupported"}, "d.py": {"ours": "timeout"},
               "e.py": {"ours": "unsupported"}}  # e.py: no unmutated verdict, no regression
    assert regressions(unmutated, mutated) == [("a.py", "ours"), ("c.py", "torch")]
    assert regressions({}, mutated) == []
