"""`parity coverage`: which lines and branches of compiler/ a corpus (or a short campaign) reaches.

Programs run in this process under coverage.py through the subject `ours`; the lines nobody
reaches are the next features the generators should produce.
"""

from __future__ import annotations

import importlib.util
import json
import signal
import tempfile
import time
import warnings
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

from oracle.app.arguments import UsageError, duration, program_files

DEFAULT_PATHS = ["corpora/seed"]


def add_parser(commands) -> None:
    parser = commands.add_parser("coverage", help="line and branch coverage of compiler/")
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help=f"program files or folders (default: {' '.join(DEFAULT_PATHS)})")
    parser.add_argument("--budget", metavar="S",
                        help="also run generated programs for this long (60s, 2m)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the generated programs")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per program")
    parser.add_argument("--json", metavar="F")
    parser.set_defaults(handler=coverage_command)


def coverage_command(args) -> int:
    try:
        import coverage
    except ImportError:
        raise UsageError("coverage.py is not installed: pip install -e '.[test]'") from None
    budget = duration(args.budget, "--budget") if args.budget else 0.0
    files = program_files(args.paths or DEFAULT_PATHS)
    source = _compiler_folder()
    measured = coverage.Coverage(data_file=None, branch=True, source=[source])
    start = time.perf_counter()
    measured.start()
    try:
        verdicts = _check_files(files, args.timeout)
        if budget:
            verdicts += _campaign(budget, args.seed, args.timeout)
    finally:
        measured.stop()
    seconds = time.perf_counter() - start
    report = _report(measured, source)
    report.update(programs=sum(verdicts.values()), seconds=round(seconds, 3),
                  verdicts=dict(verdicts))
    _print(report)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    return 0


def _compiler_folder() -> str:
    spec = importlib.util.find_spec("compiler")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        raise UsageError("the compiler package is not importable from here")
    return list(spec.submodule_search_locations)[0]


class _Overtime(BaseException):
    """Raised into a program that runs too long; a BaseException, so `except Exception` in the
    program or the compiler does not swallow it."""


@contextmanager
def _deadline(seconds: float):
    def expire(signum, frame):
        raise _Overtime

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _check_files(files: list[str], timeout: float) -> Counter:
    """In this process (coverage sees only it); a program past `timeout` counts as `timeout`."""
    from oracle.judge import differential
    from oracle.judge.subjects import resolve

    subject = resolve("ours")
    subject.reset()  # imports the compiler outside any program's deadline
    verdicts: Counter = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for path in files:
            try:
                with _deadline(timeout):
                    verdict = str(differential.check(path, subject).verdict)
            except _Overtime:
                verdict = "timeout"
            verdicts[verdict] += 1
    return verdicts


def _campaign(budget: float, seed: int, timeout: float) -> Counter:
    """Generated programs, drawn in seeded batches, until the budget is spent."""
    from generators.suite import draw_sources

    deadline = time.monotonic() + budget
    verdicts: Counter = Counter()
    with tempfile.TemporaryDirectory(prefix="parity-coverage-") as folder:
        batch = 0
        while time.monotonic() < deadline:
            sources = draw_sources(20, seed + batch)
            for index, source in enumerate(sources):
                if time.monotonic() >= deadline:
                    break
                path = Path(folder) / f"b{batch}_{index}.py"
                path.write_text(source)
                verdicts += _check_files([str(path)], timeout)
            batch += 1
    return verdicts


def _report(measured, source: str) -> dict:
    from coverage.exceptions import NoDataError

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "coverage.json"
        try:
            measured.json_report(outfile=str(out))
        except NoDataError:
            raise UsageError("no compiler code ran: is the compiler importable?") from None
        data = json.loads(out.read_text())
    root = Path(source).parent
    rows = [_row(name, info["summary"], info.get("missing_lines", []), root)
            for name, info in data["files"].items()]
    rows.sort(key=lambda r: (-r["missing"], r["file"]))
    totals = _row("TOTAL", data["totals"], [], root)
    return {"totals": totals, "files": rows}


def _row(name: str, summary: dict, missing_lines: list[int], root: Path) -> dict:
    path = Path(name)
    shown = path.resolve().relative_to(root).as_posix() if path.is_absolute() else name
    branches = summary.get("num_branches", 0)
    missing_branches = summary.get("missing_branches", 0)
    statements, missing = summary["num_statements"], summary["missing_lines"]
    return {"file": shown, "statements": statements, "missing": missing,
            "branches": branches, "missing_branches": missing_branches,
            "line_percent": _percent(statements - missing, statements),
            "branch_percent": _percent(branches - missing_branches, branches),
            "missing_lines": missing_lines}


def _percent(part: int, whole: int) -> float:
    return round(100.0 * part / whole, 1) if whole else 100.0


def _print(report: dict) -> None:
    verdicts = ", ".join(f"{v} {n}" for v, n in sorted(report["verdicts"].items()))
    print(f"{report['programs']} programs through ours in {report['seconds']:.1f} s ({verdicts})")
    width = max(len(r["file"]) for r in report["files"] + [report["totals"]])
    print(f"{'file':<{width}}  {'lines':>6} {'miss':>5} {'line%':>6}  "
          f"{'branch':>6} {'miss':>5} {'br%':>6}")
    for row in report["files"] + [report["totals"]]:
        print(f"{row['file']:<{width}}  {row['statements']:>6} {row['missing']:>5} "
              f"{row['line_percent']:>5.1f}%  {row['branches']:>6} "
              f"{row['missing_branches']:>5} {row['branch_percent']:>5.1f}%")
