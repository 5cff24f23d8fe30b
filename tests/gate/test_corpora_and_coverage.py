"""`parity run` replays nested corpus folders (regressions/ beside seed/); `parity coverage`
reports compiler/ line and branch coverage; the checked-in baseline passes on this tree."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.app.arguments import program_files
from oracle.app.cli import main

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = ROOT / "tests" / "oracle" / "programs"


def _parity(*argv: str, timeout: float = 240) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "oracle", *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_run_over_a_corpus_replays_its_regressions_folder(tmp_path, capsys):
    (tmp_path / "seed").mkdir()
    (tmp_path / "regressions").mkdir()
    shutil.copy(PROGRAMS / "nested.py", tmp_path / "seed" / "nested.py")
    shutil.copy(PROGRAMS / "same_inputs.py",
                tmp_path / "regressions" / "mismatch-value_001_same_inputs.py")
    (tmp_path / "regressions" / "README.md").write_text("# not a program\n")
    report = tmp_path / "run.json"
    status = main(["run", str(tmp_path), "--subject", "tests.oracle.planted:make_faithful",
                   "--json", str(report)])
    assert status == 0, capsys.readouterr()
    checked = {Path(r["program"]).relative_to(tmp_path).as_posix()
               for r in json.loads(report.read_text())["results"]}
    assert checked == {"seed/nested.py", "regressions/mismatch-value_001_same_inputs.py"}


def test_the_real_corpora_folder_includes_seed_and_regressions():
    found = program_files([str(ROOT / "corpora")])
    regressions = sorted((ROOT / "corpora" / "regressions").rglob("*.py"))
    assert {str(p) for p in regressions} <= set(found)
    assert sum("/corpora/seed/" in f for f in found) >= 100
    assert (ROOT / "corpora" / "regressions" / "README.md").is_file()


HANGS = '''"""Never returns. features: loops"""
import torch


def program(x):
    while True:
        x = x + 1


def calls():
    yield (torch.zeros(2),), {}
'''


def test_coverage_reports_compiler_files_sorted_by_missed_lines(tmp_path):
    out, hangs = tmp_path / "coverage.json", tmp_path / "hangs.py"
    hangs.write_text(HANGS)
    done = _parity("coverage", "corpora/seed/arith_001_scalar_mul.py",
                   "corpora/seed/closures_001_capture_int.py", str(hangs), "--timeout", "10",
                   "--json", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("3 programs through ours in ")
    assert "(pass 2, timeout 1)" in done.stdout.splitlines()[0]
    report = json.loads(out.read_text())
    files = [row["file"] for row in report["files"]]
    assert "compiler/entry.py" in files and all(f.startswith("compiler/") for f in files)
    missing = [row["missing"] for row in report["files"]]
    assert missing == sorted(missing, reverse=True)
    totals = report["totals"]
    assert 0 < totals["line_percent"] < 100 and totals["branches"] > 0
    assert done.stdout.rstrip().splitlines()[-1].startswith("TOTAL")


def test_coverage_rejects_a_bad_budget(capsys):
    assert main(["coverage", "--budget", "soon"]) == 2
    assert "--budget 'soon': expected a positive duration" in capsys.readouterr().err


@pytest.mark.slow
def test_the_checked_in_baseline_passes_on_this_tree(tmp_path):
    done = _parity("gate", "corpora", "--baseline", "ci/baseline.json", "--workers", "2",
                   "--work-dir", str(tmp_path), "--markdown", str(tmp_path / "gate.md"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 regressions" in done.stdout


def test_the_coverage_corpus_holds_valid_program_files():
    from oracle.judge import program as programs

    kept = sorted((ROOT / "corpora" / "coverage").glob("*.py"))
    assert len(kept) >= 50
    for path in kept:
        loaded = programs.load(str(path))
        assert callable(loaded.program) and list(loaded.calls()), path
        programs.unload(loaded)
