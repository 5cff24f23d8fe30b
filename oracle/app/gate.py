"""The conformance gate: this run's verdicts and compile counts against a recorded baseline.

A program that passed and now fails or falls back, or that compiles more often, is a regression;
the reverse is an improvement. The baseline only ratchets upward unless regressions are accepted.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from pathlib import Path

from oracle.judge.verdict import Verdict

FORMAT = 1
DEFAULT_GENERATED = 40
DEFAULT_SEED = 20240601



class ChangeKind(enum.StrEnum):
    """The closed set of changes one program and subject can show against the baseline, in the
    order they are reported; the value is what console, Markdown and JUnit show."""

    REGRESSION = "regression"
    IMPROVEMENT = "improvement"
    CHANGED = "changed"
    NEW = "new"
    REMOVED = "removed"
    SKIPPED = "skipped"


class BaselineError(ValueError):
    """An unreadable or malformed baseline file; the message is one line."""


@dataclass
class Baseline:
    subjects: list[str]
    seed: int = DEFAULT_SEED
    count: int = DEFAULT_GENERATED
    features: list[str] | None = None
    # program key -> subject -> {"verdict": str, "compiles": int | None}
    programs: dict[str, dict[str, dict]] = field(default_factory=dict)


@dataclass(frozen=True)
class Change:
    kind: ChangeKind
    program: str
    subject: str
    before: dict | None
    after: dict | None
    why: str
    message: str = ""  # the current result's explanation, when it failed


# --- the baseline file ---------------------------------------------------------------------

def load(path: str) -> Baseline:
    try:
        data = json.loads(Path(path).read_text())
    except OSError as exc:
        raise BaselineError(f"cannot read baseline {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise BaselineError(f"baseline {path} is not JSON: {exc}") from None
    try:
        return _parse(data)
    except KeyError as exc:
        raise BaselineError(f"baseline {path} is malformed: missing field {exc}") from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise BaselineError(f"baseline {path} is malformed: {exc}") from None


def _parse(data: dict) -> Baseline:
    if data.get("format") != FORMAT:
        raise ValueError(f"format {data.get('format')!r}, expected {FORMAT}")
    subjects = data["subjects"]
    if not subjects or not all(isinstance(s, str) for s in subjects):
        raise ValueError("'subjects' must be a non-empty list of subject specs")
    generated = data["generated"]
    programs = data["programs"]
    if not isinstance(programs, dict):
        raise TypeError("'programs' must be an object")
    for key, per_subject in programs.items():
        for subject, entry in per_subject.items():
            Verdict(entry["verdict"])  # ValueError names an unknown verdict
            if entry.get("compiles") is not None and not isinstance(entry["compiles"], int):
                raise TypeError(f"{key} {subject}: 'compiles' must be an integer or null")
    return Baseline(list(subjects), int(generated["seed"]), int(generated["count"]),
                    generated.get("features"), programs)


def dump(baseline: Baseline, path: str) -> None:
    """Stable, diff-friendly JSON: one line per program, keys sorted."""
    head = {"format": FORMAT, "subjects": baseline.subjects,
            "generated": {"seed": baseline.seed, "count": baseline.count,
                          "features": baseline.features}}
    lines = ["{"] + [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    lines.append('  "programs": {')
    rows = [f"    {json.dumps(key)}: {json.dumps(baseline.programs[key], sort_keys=True)}"
            for key in sorted(baseline.programs)]
    lines.append(",\n".join(rows))
    lines += ["  }", "}"]
    Path(path).write_text("\n".join(line for line in lines if line) + "\n")


# --- this run's entries --------------------------------------------------------------------

def program_key(path: str) -> str:
    """Corpus programs go by their path relative to the working directory when inside it."""
    resolved = Path(path).resolve()
    try:
        return resolved.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return resolved.as_posix()


def entry_of(result) -> dict:
    compiles = result.compiles[-1] if result.compiles else None
    return {"verdict": str(result.verdict), "compiles": compiles}


def current_programs(results, keys: dict[str, str]) -> dict[str, dict[str, dict]]:
    """Results (by file path) -> program key -> subject -> entry."""
    programs: dict[str, dict[str, dict]] = {}
    for r in results:
        programs.setdefault(keys[r.program], {})[r.subject] = entry_of(r)
    return programs


# --- judgement -----------------------------------------------------------------------------

def _rank(verdict: str) -> int:
    """pass > unsupported (fell back to eager) > any failure or a broken program."""
    return {"pass": 2, "unsupported": 1}.get(verdict, 0)


def judge(before: dict, after: dict) -> tuple[ChangeKind, str] | None:
    """The kind of change from `before` to `after` for one program and subject, and why."""
    was, now = before["verdict"], after["verdict"]
    if Verdict.NONDETERMINISTIC.value in (was, now):
        return ChangeKind.SKIPPED, "eager disagrees with itself"
    if _rank(now) < _rank(was):
        return ChangeKind.REGRESSION, f"{was} -> {now}"
    if _rank(now) > _rank(was):
        return ChangeKind.IMPROVEMENT, f"{was} -> {now}"
    if was != now:
        return ChangeKind.CHANGED, f"{was} -> {now}"
    old, new = before.get("compiles"), after.get("compiles")
    if _rank(now) == 0 or old is None or new is None or old == new:
        return None
    kind = ChangeKind.REGRESSION if new > old else ChangeKind.IMPROVEMENT
    return kind, f"{now}, compiles {old} -> {new}"


def compare(baseline: Baseline, current: dict[str, dict[str, dict]],
            messages: dict[tuple[str, str], str] | None = None) -> list[Change]:
    messages = messages or {}
    changes: list[Change] = []
    for key in sorted(baseline.programs.keys() | current.keys()):
        for subject in baseline.subjects:
            before = baseline.programs.get(key, {}).get(subject)
            after = current.get(key, {}).get(subject)
            if before is None and after is None:
                continue
            if before is None:
                found = (ChangeKind.NEW, after["verdict"])
            elif after is None:
                found = (ChangeKind.REMOVED, f"was {before['verdict']}")
            else:
                found = judge(before, after)
            if found is not None:
                message = messages.get((key, subject), "")
                changes.append(Change(found[0], key, subject, before, after, found[1], message))
    return changes


def updated(baseline: Baseline, current: dict[str, dict[str, dict]], changes: list[Change],
            accept_regressions: bool) -> Baseline:
    """The next baseline: this run's entries, except that a regression (unless accepted) or a
    skipped program keeps its recorded entry, so the baseline only moves upward."""
    keep = {(c.program, c.subject) for c in changes
            if c.kind == ChangeKind.SKIPPED
            or (c.kind == ChangeKind.REGRESSION and not accept_regressions)}
    programs: dict[str, dict[str, dict]] = {}
    for key, per_subject in current.items():
        for subject, entry in per_subject.items():
            if (key, subject) in keep:
                entry = baseline.programs.get(key, {}).get(subject, entry)
            programs.setdefault(key, {})[subject] = entry
    return Baseline(baseline.subjects, baseline.seed, baseline.count, baseline.features,
                    programs)


def counts(changes: list[Change]) -> dict[ChangeKind, int]:
    return {kind: sum(c.kind == kind for c in changes) for kind in ChangeKind}
