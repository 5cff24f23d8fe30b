"""How a run's results are shown: the verdict table, one line per failure, JSON and JUnit XML."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from oracle.app import junit
from oracle.judge.differential import Result
from oracle.judge.verdict import Verdict


def table(results: list[Result], subjects: list[str]) -> str:
    """Rows are verdicts that occurred, columns are subjects."""
    counts = Counter((r.subject, r.verdict) for r in results)
    verdicts = [v for v in Verdict if any(counts[(s, v)] for s in subjects)]
    width = max([len(str(v)) for v in verdicts] + [7])
    cols = [max(len(s), 5) for s in subjects]
    lines = ["verdict".ljust(width) + "".join(f"  {s:>{w}}" for s, w in zip(subjects, cols,
                                                                           strict=True))]
    for verdict in verdicts:
        cells = "".join(f"  {counts[(s, verdict)]:>{w}}" for s, w in zip(subjects, cols,
                                                                           strict=True))
        lines.append(str(verdict).ljust(width) + cells)
    return "\n".join(lines)


def failure_lines(results: list[Result]) -> list[str]:
    shown = [r for r in results if r.verdict.is_failure or r.verdict is Verdict.INVALID]
    return [f"{r.verdict} {r.subject} {r.program}: {r.message}" for r in shown]


def compile_counts(results: list[Result], subjects: list[str]) -> list[str]:
    """Programs where subjects compiled a different number of times: information only."""
    by_program: dict[str, dict[str, int | None]] = {}
    for r in results:
        by_program.setdefault(r.program, {})[r.subject] = r.compiles[-1] if r.compiles else None
    lines = []
    for program, counts in sorted(by_program.items()):
        known = {v for v in counts.values() if v is not None}
        if len(known) > 1:
            cells = " ".join(f"{s}={counts.get(s)}" for s in subjects)
            lines.append(f"compiles {program}: {cells}")
    return lines


def write_json(path: str, results: list[Result], seconds: float) -> None:
    verdicts = Counter(str(r.verdict) for r in results)
    data = {"programs": len({r.program for r in results}), "seconds": round(seconds, 3),
            "verdicts": dict(verdicts), "results": [r.as_dict() for r in results]}
    Path(path).write_text(json.dumps(data, indent=2, default=str) + "\n")


def write_junit(path: str, results: list[Result], subjects: list[str]) -> None:
    """One testsuite per subject, one testcase per program; failures carry the explanation."""
    suites = []
    for subject in subjects:
        suite = junit.Suite(subject)
        for r in (r for r in results if r.subject == subject):
            case = junit.Case(r.program, subject, seconds=r.seconds)
            if r.verdict.is_failure:
                case.outcome, case.type, case.message = junit.FAILED, str(r.verdict), r.signature
                case.text = r.message
            elif r.verdict is Verdict.INVALID:
                case.outcome, case.type, case.message = junit.ERROR, "invalid", r.message
            elif _skipped(r):
                case.outcome, case.message = junit.SKIPPED, f"{r.verdict}: {r.message}"
            suite.cases.append(case)
        suites.append(suite)
    junit.write(path, "parity", suites)


def _skipped(r: Result) -> bool:
    return r.verdict in (Verdict.NONDETERMINISTIC, Verdict.UNSUPPORTED)
