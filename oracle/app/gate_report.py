"""How a gate run is shown: console lines, a Markdown summary for a pull request, JUnit XML."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from oracle.app import junit
from oracle.app.gate import Baseline, Change, ChangeKind, counts

REGRESSION, IMPROVEMENT, CHANGED = ChangeKind.REGRESSION, ChangeKind.IMPROVEMENT, ChangeKind.CHANGED
NEW, REMOVED, SKIPPED = ChangeKind.NEW, ChangeKind.REMOVED, ChangeKind.SKIPPED

MAX_LISTED = 50  # a pull-request comment stays readable


def headline(changes: list[Change], programs: int, subjects: list[str], seconds: float) -> str:
    n = counts(changes)
    return (f"gate: {programs} programs x {len(subjects)} subjects in {seconds:.1f} s: "
            f"{n[REGRESSION]} regressions, {n[IMPROVEMENT]} improvements, {n[CHANGED]} changed, "
            f"{n[NEW]} new, {n[REMOVED]} removed, {n[SKIPPED]} skipped")


def console_lines(changes: list[Change], listed: int = 20) -> list[str]:
    """Every regression, improvement and change of failure kind; the first `listed` of the
    new, removed and skipped programs (a fresh baseline makes every program new)."""
    lines = []
    for kind in ChangeKind:
        mine = [c for c in changes if c.kind == kind]
        limit = len(mine) if kind in (REGRESSION, IMPROVEMENT, CHANGED) else listed
        for c in mine[:limit]:
            tail = f": {c.message}" if c.message and kind in (REGRESSION, CHANGED) else ""
            lines.append(f"{kind} {c.subject} {c.program}: {c.why}{tail}")
        if len(mine) > limit:
            lines.append(f"{kind}: ... and {len(mine) - limit} more")
    return lines


def verdict_table(baseline: Baseline, current: dict[str, dict[str, dict]]) -> list[str]:
    """Markdown rows: verdict counts per subject, recorded -> now."""
    subjects = baseline.subjects
    was = Counter((s, e["verdict"]) for p in baseline.programs.values() for s, e in p.items())
    now = Counter((s, e["verdict"]) for p in current.values() for s, e in p.items())
    verdicts = sorted({v for _, v in was} | {v for _, v in now})
    rows = ["| verdict | " + " | ".join(subjects) + " |",
            "|---|" + "---:|" * len(subjects)]
    for verdict in verdicts:
        cells = [_delta(was[(s, verdict)], now[(s, verdict)]) for s in subjects]
        rows.append(f"| {verdict} | " + " | ".join(cells) + " |")
    return rows


def _delta(before: int, after: int) -> str:
    return str(after) if before == after else f"{after} (was {before})"


def markdown(baseline: Baseline, current: dict[str, dict[str, dict]], changes: list[Change],
             summary: str) -> str:
    n = counts(changes)
    status = (f"❌ {n[REGRESSION]} regression{'s' if n[REGRESSION] != 1 else ''}"
              if n[REGRESSION] else "✅ no regressions")
    parts = [f"## Parity gate: {status}", "", summary, ""]
    parts += verdict_table(baseline, current)
    sections = ((REGRESSION, "Regressions"), (IMPROVEMENT, "Improvements"),
                (CHANGED, "Failures that changed kind"), (NEW, "New programs"),
                (REMOVED, "Removed programs"), (SKIPPED, "Skipped (nondeterministic)"))
    for kind, title in sections:
        mine = [c for c in changes if c.kind == kind]
        if mine:
            parts += ["", f"### {title} ({len(mine)})", ""] + _bullets(mine)
    if n[IMPROVEMENT] or n[NEW] or n[REMOVED]:
        parts += ["", "Record the improvements and suite changes with "
                  "`parity gate ... --update-baseline`."]
    return "\n".join(parts) + "\n"


def _bullets(changes: list[Change]) -> list[str]:
    lines = []
    for c in changes[:MAX_LISTED]:
        detail = f" — {_one_line(c.message)}" if c.message and c.kind == REGRESSION else ""
        lines.append(f"- `{c.program}` ({c.subject}): {c.why}{detail}")
    if len(changes) > MAX_LISTED:
        lines.append(f"- ... and {len(changes) - MAX_LISTED} more")
    return lines


def _one_line(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def write_junit(path: str, baseline: Baseline, current: dict[str, dict[str, dict]],
                changes: list[Change]) -> None:
    """One testsuite per subject, one testcase per program: regressions fail, failures already
    recorded in the baseline are skipped as known, everything else passes."""
    by_case = {(c.program, c.subject): c for c in changes}
    suites = []
    for subject in baseline.subjects:
        suite = junit.Suite(f"gate:{subject}")
        for key in sorted(k for k, per in current.items() if subject in per):
            case = junit.Case(key, subject)
            change, entry = by_case.get((key, subject)), current[key][subject]
            if change is not None and change.kind == REGRESSION:
                case.outcome, case.type, case.message = junit.FAILED, "regression", change.why
                case.text = change.message
            elif entry["verdict"] not in ("pass", "unsupported"):
                case.outcome, case.message = junit.SKIPPED, f"known: {entry['verdict']}"
            suite.cases.append(case)
        suites.append(suite)
    junit.write(path, "parity-gate", suites)


def write_markdown(path: str, text: str) -> None:
    Path(path).write_text(text)
