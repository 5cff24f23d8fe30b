"""The one reader of each kind of `parity` argument (oracle/app/arguments.py), shared by every
subcommand: the same value means the same thing, and the same mistake says the same line."""

from __future__ import annotations

import pytest

from oracle.app import arguments
from oracle.app.arguments import UsageError
from oracle.app.cli import main


@pytest.mark.parametrize("text, seconds", [("60s", 60.0), ("10m", 600.0), ("1h", 3600.0),
                                           ("250ms", 0.25), ("90", 90.0), (" 1.5m ", 90.0)])
def test_durations(text, seconds):
    assert arguments.duration(text, "--budget") == pytest.approx(seconds)


@pytest.mark.parametrize("text", ["soon", "0s", "-1m", "10d", ""])
def test_a_bad_duration_names_its_option(text):
    with pytest.raises(UsageError, match=f"^--timeout {text!r}: expected a positive duration"):
        arguments.duration(text, "--timeout")


def test_subjects_are_checked_by_one_function():
    assert arguments.subjects(["ours", "torch:eager"]) == ["ours", "torch:eager"]
    with pytest.raises(UsageError, match="unknown subject 'nonsense'"):
        arguments.subjects(["ours", "nonsense"])


@pytest.mark.parametrize("argv", [
    ["fuzz", "--budget", "soon"],
    ["shrink", "{file}", "--subject", "ours", "--budget", "soon"],
    ["mutate", "--budget", "soon"],
    ["coverage", "--budget", "soon"],
])
def test_every_budget_is_read_alike(argv, capsys, tmp_path):
    program = tmp_path / "p.py"
    program.write_text("x = 1\n")
    assert main([a.format(file=program) for a in argv]) == 2
    assert capsys.readouterr().err.strip() == (
        "parity: error: --budget 'soon': expected a positive duration such as 60s, 10m or 1h")


@pytest.mark.parametrize("argv", [
    ["run", "x.py", "--subject", "nonsense"],
    ["fuzz", "--subject", "nonsense"],
    ["shrink", "f.py", "--subject", "nonsense"],
    ["mutate", "--subject", "nonsense"],
])
def test_every_subject_is_checked_alike(argv, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err.strip().startswith("parity: error: unknown subject 'nonsense'")


def test_shard_and_workers():
    assert arguments.shard("1/4") == (1, 4)
    assert arguments.workers("3") == 3 and arguments.workers("auto") >= 1
    for bad in ("4/4", "x"):
        with pytest.raises(UsageError, match="--shard"):
            arguments.shard(bad)
    with pytest.raises(UsageError, match="--workers '0'"):
        arguments.workers("0")
