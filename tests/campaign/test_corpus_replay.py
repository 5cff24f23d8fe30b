"""A campaign replays a corpus of program files before it draws (`parity fuzz --corpus`), and a
guided campaign writes the programs that reached new branches as such files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.app.campaign_corpus import corpus_files, share
from oracle.judge import program as programs
from tests.campaign.test_campaign import parity

PLANTED = "tests.campaign.planted_subjects"
WRONG_VALUE = "mismatch-value:planted:wrong-value-abs:out:value"

HITS_ABS = '''"""The planted subject gets torch.abs wrong."""
import torch


def program(x):
    return torch.abs(x) * 2


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, generator=g),), {}
'''

MISSES_ABS = HITS_ABS.replace("torch.abs(x)", "torch.neg(x)").replace(
    "gets torch.abs wrong", "gets torch.neg right")


def _corpus(folder: Path) -> Path:
    folder.mkdir()
    (folder / "a_hits_abs.py").write_text(HITS_ABS)
    (folder / "b_misses_abs.py").write_text(MISSES_ABS)
    (folder / "notes.txt").write_text("not a program")
    return folder


def test_corpus_files_are_taken_in_name_order_and_dealt_to_shards(tmp_path):
    folder = _corpus(tmp_path / "corpus")
    single = tmp_path / "single.py"
    single.write_text(MISSES_ABS)
    files = corpus_files([str(folder), str(single)])
    assert [f.name for f in files] == ["a_hits_abs.py", "b_misses_abs.py", "single.py"]
    assert corpus_files([str(folder), str(folder / "a_hits_abs.py")]) == files[:2]
    assert share(files, (0, 2)) == [files[0], files[2]]
    assert share(files, (1, 2)) == [files[1]]
    assert share(files, (0, 1)) == files


def test_a_campaign_replays_its_corpus_and_a_failing_one_is_a_finding(tmp_path):
    out = tmp_path / "run"
    done = parity("fuzz", "--subject", f"{PLANTED}:WrongValue", "--corpus",
                  str(_corpus(tmp_path / "corpus")), "--budget", "6s", "--workers", "1",
                  "--out", str(out), "--no-shrink", "--quiet", timeout=180)
    assert done.returncode == 1, done.stderr
    summary = json.loads((out / "summary.json").read_text())
    corpus = summary["corpus"]
    assert (corpus["files"], corpus["replayed"]) == (2, 2)
    by_name = {Path(p).name: v for p, v in corpus["verdicts"].items()}
    spec = f"{PLANTED}:WrongValue"
    assert by_name == {"a_hits_abs.py": {spec: "mismatch-value"},
                       "b_misses_abs.py": {spec: "pass"}}
    assert sum(summary["verdicts"].values()) == summary["programs"] >= 2
    wrong = [f for f in summary["failures"] if f["signature"] == WRONG_VALUE]
    assert wrong, summary["failures"]
    originals = [(out / f["repro"]).with_name("original.py").read_text() for f in wrong]
    assert HITS_ABS in originals


@pytest.mark.parametrize("path", ["missing-folder", "empty"])
def test_a_corpus_without_programs_is_a_one_line_usage_error(tmp_path, path):
    (tmp_path / "empty").mkdir()
    done = parity("fuzz", "--corpus", str(tmp_path / path), "--budget", "1s",
                  "--out", str(tmp_path / "run"))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("parity: error: --corpus")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


@pytest.mark.slow
def test_a_guided_campaign_writes_what_reached_new_branches_as_a_corpus(tmp_path):
    out = tmp_path / "run"
    done = parity("fuzz", "--guided", "--budget", "10s", "--workers", "1", "--out", str(out),
                  "--timeout", "30s", "--no-shrink", "--quiet", timeout=240)
    assert done.returncode in (0, 1), done.stderr
    kept = sorted((out / "corpus").glob("*.py"))
    summary = json.loads((out / "summary.json").read_text())
    assert kept and len(kept) == summary["coverage"]["kept"]
    for path in kept:
        assert callable(programs.load(str(path)).program)
    # and it replays as a corpus
    again = tmp_path / "again"
    done = parity("fuzz", "--corpus", str(out / "corpus"), "--budget", "20s", "--workers", "1",
                  "--out", str(again), "--no-shrink", "--quiet", timeout=240)
    assert done.returncode in (0, 1), done.stderr
    replayed = json.loads((again / "summary.json").read_text())["corpus"]
    assert replayed["files"] == len(kept) and replayed["replayed"] >= 1
