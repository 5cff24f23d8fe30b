"""`parity fuzz` and `parity shrink` end to end (subprocesses and in-process), the summary
schema, known issues, shards, example-database replay, SIGTERM and bad input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generators.draw import Drawer, StopDrawing
from oracle.app import cli
from oracle.app.campaign import belongs
from oracle.app.shrinking import shrink_key
from oracle.judge import known_issues
from oracle.judge.differential import Result
from oracle.judge.verdict import Verdict

ROOT = Path(__file__).resolve().parents[2]
PLANTED = "tests.campaign.planted_subjects"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def parity(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "oracle", *args], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=timeout)


def test_fuzz_finds_shrinks_and_writes_a_standalone_repro(tmp_path):
    out = tmp_path / "run"
    done = parity("fuzz", "--subject", f"{PLANTED}:WrongValue", "--budget", "12s",
                  "--workers", "2", "--out", str(out), "--db", str(tmp_path / "db"),
                  "--shrink-budget", "10s", "--quiet")
    assert done.returncode == 1, done.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert {"programs", "seconds", "verdicts", "failures"} <= summary.keys()
    assert summary["programs"] > 0 and summary["stopped"] == "budget"
    assert sum(summary["verdicts"].values()) == summary["programs"]
    wrong = [f for f in summary["failures"]
             if f["signature"] == "mismatch-value:planted:wrong-value-abs:out:value"]
    assert wrong, summary["failures"]
    failure = wrong[0]
    assert set(failure) >= {"signature", "kind", "subject", "repro", "repro_lines",
                            "original_lines"}
    assert failure["kind"] == "mismatch-value" and failure["repro_lines"] <= 12
    assert failure["subject"] == "planted:wrong-value-abs" and failure["reproduced"] is True
    repro = out / failure["repro"]
    assert (repro.parent / "original.py").exists()
    text = repro.read_text()
    assert "torch.testing.assert_close(" in text and "assert torch.testing" not in text
    assert len(text.splitlines()) <= 25, text
    ran = subprocess.run([sys.executable, str(repro)], cwd=ROOT, env=ENV,
                         capture_output=True, text=True, timeout=120)
    assert ran.returncode == 1 and "AssertionError: Tensor-likes are not close" in ran.stderr
    assert (out / "summary.md").read_text().startswith("# parity fuzz")


@pytest.mark.slow
def test_two_bugs_on_one_output_path_are_two_findings(tmp_path):
    out = tmp_path / "run"
    done = parity("fuzz", "--subject", f"{PLANTED}:TwoWrongValues", "--budget", "25s",
                  "--workers", "2", "--out", str(out), "--shrink-budget", "10s", "--quiet",
                  timeout=240)
    assert done.returncode == 1, done.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["database"] == str(out / "db")
    found = [f for f in summary["failures"] if f["signature"].endswith(":out:value")]
    shrunk = [(out / f["repro"]).parent.joinpath("shrunk.py").read_text() for f in found]
    calls = {op for op in ("abs", "sigmoid") for text in shrunk if f"{op}(" in text}
    assert calls == {"abs", "sigmoid"}, shrunk
    assert all(f["reproduced"] for f in found)


@pytest.mark.slow
def test_a_timeout_that_finishes_with_more_time_is_withdrawn(tmp_path):
    out = tmp_path / "run"
    done = parity("fuzz", "--subject", f"{PLANTED}:SlowCompile", "--budget", "6s",
                  "--workers", "2", "--out", str(out), "--timeout", "1s", "--quiet")
    summary = json.loads((out / "summary.json").read_text())
    assert summary["verdicts"].get("timeout"), summary["verdicts"]
    assert done.returncode == 0 and summary["failures"] == [], done.stderr
    assert summary["withdrawn"] and "slow, not hung" in summary["withdrawn"][0]["why"]
    assert not list((out / "failures").glob("timeout*"))


def test_sigterm_stops_cleanly_and_writes_the_summary(tmp_path):
    out = tmp_path / "run"
    process = subprocess.Popen(
        [sys.executable, "-m", "oracle", "fuzz", "--subject", f"{PLANTED}:Hang",
         "--budget", "10m", "--workers", "1", "--out", str(out), "--db", "",
         "--no-shrink", "--quiet"], cwd=ROOT, env=ENV,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (out / "summary.json").exists() and time.monotonic() < deadline:
        time.sleep(0.5)
    time.sleep(2)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["stopped"] == "SIGTERM", stderr
    assert process.returncode in (0, 1)


@pytest.mark.parametrize("argv, words", [
    (["fuzz", "--budget", "soon"], "--budget"),
    (["fuzz", "--shard", "2/2"], "--shard"),
    (["fuzz", "--workers", "0"], "--workers"),
    (["fuzz", "--subject", "nosuch"], "unknown subject"),
    (["fuzz", "--features", "teleport"], "unknown features"),
    (["fuzz", "--seed", "-1"], "--seed"),
    (["shrink", "missing.py", "--subject", "ours"], "cannot read"),
    (["shrink", "x.py"], "--subject"),
])
def test_bad_input_is_one_line_and_exit_2(argv, words, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("parity: error:") and words in err and "\n" not in err


def test_bad_known_issues_file_is_a_usage_error(tmp_path, capsys):
    bad = tmp_path / "known.toml"
    bad.write_text("[[issue]]\nlink = 'x'\n")
    assert cli.main(["fuzz", "--known-issues", str(bad)]) == 2
    assert "signature" in capsys.readouterr().err


def test_known_issues_match_signature_patterns(tmp_path):
    path = tmp_path / "known.toml"
    path.write_text('[[issue]]\nsignature = "crash:ours:*"\nlink = "https://x/1"\n'
                    'note = "lowering"\n')
    issues = known_issues.load(str(path))
    assert known_issues.match(issues, "crash:ours:KeyError").link == "https://x/1"
    assert known_issues.match(issues, "crash:torch:eager:KeyError") is None


def test_shrink_key_cuts_output_paths_to_their_root_and_drops_global_names():
    result = Result("p.py", "ours", Verdict.MISMATCH_VALUE, "out[2]['a']")
    assert shrink_key(result) == "mismatch-value:ours:out"
    result = Result("p.py", "ours", Verdict.MISMATCH_MUTATION, "G['SCALE'][0]")
    assert shrink_key(result) == "mismatch-mutation:ours:G"
    assert shrink_key(Result("p.py", "ours", Verdict.CRASH, "KeyError")) == "crash:ours:KeyError"


def test_shards_deal_the_stream_round_robin_after_the_replays():
    shards = [[k for k in range(20) if belongs(k, 2, (i, 3))] for i in range(3)]
    assert all(k in s for s in shards for k in (0, 1))
    rest = sorted(k for s in shards for k in s if k >= 2)
    assert rest == list(range(2, 20))


def _draw(drawer: Drawer, n: int, save_at: int | None = None) -> list[str]:
    sources: list[str] = []

    def offer(program, choices):
        if len(sources) == n:
            raise StopDrawing
        sources.append(program.source)
        if len(sources) - 1 == save_at:
            drawer.save(choices)

    drawer.run(offer)
    return sources


def test_the_seed_fixes_the_draw_and_the_database_replays_failures_first(tmp_path):
    first = _draw(Drawer(None, 7, str(tmp_path / "db")), 30, save_at=25)
    assert _draw(Drawer(None, 7, None), 30) == first
    again = Drawer(None, 7, str(tmp_path / "db"))
    assert again.replays == 1
    assert _draw(again, 2)[0] == first[25]


def test_shrink_command_reduces_a_failing_file(tmp_path, capsys):
    program = tmp_path / "bug.py"
    program.write_text(
        "import torch\n\nSCALE = 2.0\n\n\ndef program(x, y):\n    a = x * SCALE\n"
        "    b = y.sin() + a\n    c = torch.abs(b) - 1\n    d = c.sum() + y.mean()\n"
        "    return a, d\n\n\ndef calls():\n    g = torch.Generator().manual_seed(0)\n"
        "    yield (torch.randn(4, 3, generator=g), torch.randn(4, 3, generator=g)), {}\n")
    out, repro = tmp_path / "small.py", tmp_path / "repro.py"
    code = cli.main(["shrink", str(program), "--subject", f"{PLANTED}:WrongValue",
                     "--workers", "2", "--budget", "30s", "--out", str(out),
                     "--repro", str(repro)])
    err = capsys.readouterr().err
    assert code == 1 and "before:" in err and "after :" in err and "attempts" in err
    assert "abs" in out.read_text() and len(out.read_text().splitlines()) <= 8
    assert "torch.testing.assert_close(" in repro.read_text()


def test_shrink_of_a_passing_program_is_a_usage_error(tmp_path, capsys):
    program = tmp_path / "fine.py"
    program.write_text("import torch\n\ndef program(x):\n    return x + 1\n\n"
                       "def calls():\n    yield (torch.ones(2),), {}\n")
    assert cli.main(["shrink", str(program), "--subject", f"{PLANTED}:WrongValue",
                     "--workers", "1"]) == 2
    assert "does not fail" in capsys.readouterr().err
