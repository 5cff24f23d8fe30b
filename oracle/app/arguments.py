"""What the `parity` subcommands share in reading their arguments: the one usage error (a
clear line, exit status 2), the parser that raises it, and one reader for each kind of value —
a duration, a worker count, subject specs, a shard, program files.

Every subcommand module imports this one and never oracle/app/cli.py, which registers them
all: the command line has no import cycle (tests/test_import_cycles.py).
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

from oracle.judge.subjects import SubjectSpecError, resolve

_DURATION = re.compile(r"^(\d+(?:\.\d+)?)(ms|s|m|h)?$")
_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, None: 1.0}

# A finding's scripts (oracle/app/reproduce.py) run themselves: they are not program files.
NOT_PROGRAMS = frozenset({"__init__.py", "repro.py", "check.py"})


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are UsageErrors (argparse would exit itself)."""

    def error(self, message: str):
        raise UsageError(message)


def duration(text: str, option: str) -> float:
    """Seconds of `text`: a positive number with ms, s, m or h (none: seconds) — 60s, 10m."""
    match = _DURATION.match(text.strip())
    if not match or float(match.group(1)) <= 0:
        raise UsageError(f"{option} {text!r}: expected a positive duration such as 60s, 10m "
                         "or 1h")
    return float(match.group(1)) * _UNITS[match.group(2)]


def workers(text: str) -> int:
    """A positive count of worker processes, or auto (= all cores)."""
    if text == "auto":
        return os.cpu_count() or 1
    if not text.isdigit() or int(text) < 1:
        raise UsageError(f"--workers {text!r}: expected a positive number or auto")
    return int(text)


def subjects(specs: list[str]) -> list[str]:
    """`specs` when each names a subject (oracle/judge/subjects.py), else the first one's
    error."""
    for spec in specs:
        try:
            resolve(spec)
        except SubjectSpecError as exc:
            raise UsageError(str(exc)) from None
    return specs


def shard(text: str) -> tuple[int, int]:
    """I/N: this job's share of a campaign."""
    match = re.fullmatch(r"(\d+)/(\d+)", text)
    if not match or not int(match.group(1)) < int(match.group(2)):
        raise UsageError(f"--shard {text!r}: expected I/N with 0 <= I < N")
    return int(match.group(1)), int(match.group(2))


def program_files(paths: list[str]) -> list[str]:
    """Files as given; folders searched for *.py (not __init__.py nor a finding's repro.py and
    check.py), sorted."""
    found: list[str] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            inside = sorted(p for p in path.rglob("*.py") if p.name not in NOT_PROGRAMS)
            if not inside:
                raise UsageError(f"no program files under {given}")
            found.extend(str(p) for p in inside)
        elif path.is_file():
            found.append(str(path))
        else:
            raise UsageError(f"no such file or folder: {given}")
    return found
