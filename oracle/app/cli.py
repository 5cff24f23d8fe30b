"""The `parity` command (docs/architecture.md): run and explain here; the other subcommands
register themselves from their modules (gate_cli, campaign_cli, findings_cli, mutation_cli),
which share oracle/app/arguments.py and never import this module: no import cycle.

Exit status: 0 nothing failed, 1 failures, 2 usage error or unreadable input.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from oracle.app import campaign_cli, findings_cli, gate_cli, mutation_cli, report
from oracle.app.arguments import Parser, UsageError, program_files
from oracle.app.arguments import subjects as checked_subjects


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="parity", description="Check compiled PyTorch programs against eager.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    run = commands.add_parser("run", help="check program files against subjects")
    run.add_argument("paths", nargs="+", metavar="PATH")
    run.add_argument("--subject", action="append", metavar="SPEC",
                     help="ours[:backend], torch[:backend] or pkg.mod:attr, options after ? "
                          "(torch:eager?dynamic=true) (default: ours)")
    run.add_argument("--workers", type=int, default=1)
    run.add_argument("--timeout", type=float, default=30.0, help="seconds per program")
    run.add_argument("--memory-mb", type=int, default=None, help="address-space cap per worker")
    run.add_argument("--json", metavar="F")
    run.add_argument("--junit", metavar="F")
    explain = commands.add_parser("explain", help="print compiler.explain for each call")
    explain.add_argument("file", metavar="FILE")
    gate_cli.add_parsers(commands)       # gate and coverage
    campaign_cli.register(commands)      # fuzz and shrink
    findings_cli.register(commands)      # merge and report
    mutation_cli.register(commands)      # mutate
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args, extra = build_parser().parse_known_args(argv)
        if extra:
            raise UsageError(f"unrecognized arguments: {' '.join(extra)}")
        if args.command == "explain":
            return explain_command(args.file)
        if getattr(args, "handler", None) is not None:
            return args.handler(args)
        return run_command(args)
    except UsageError as exc:
        print(f"parity: error: {exc}", file=sys.stderr)
        return 2


def run_command(args) -> int:
    from oracle.app.pool import Task, WorkerPool  # spawns workers: only when there is work

    subjects = checked_subjects(args.subject or ["ours"])
    if args.workers < 1 or args.timeout <= 0:
        raise UsageError("--workers and --timeout must be positive")
    files = program_files(args.paths)
    tasks = [Task(os.fspath(f), s) for f in files for s in subjects]
    start = time.perf_counter()
    with WorkerPool(min(args.workers, len(tasks)), args.timeout, args.memory_mb) as pool:
        results = list(pool.run(tasks))
    order = {(t.path, t.subject): i for i, t in enumerate(tasks)}
    results.sort(key=lambda r: order[(r.program, r.subject)])
    seconds = time.perf_counter() - start
    _print(results, subjects, len(files), seconds)
    if args.json:
        report.write_json(args.json, results, seconds)
    if args.junit:
        report.write_junit(args.junit, results, subjects)
    if any(r.verdict.value == "invalid" for r in results):
        return 2
    return 1 if any(r.verdict.is_failure for r in results) else 0


def _print(results, subjects: list[str], programs: int, seconds: float) -> None:
    print(f"{programs} programs x {len(subjects)} subjects in {seconds:.1f} s")
    print(report.table(results, subjects))
    for line in report.compile_counts(results, subjects) if len(subjects) > 1 else []:
        print(line)
    for line in report.failure_lines(results):
        print(line)


def explain_command(file: str) -> int:
    from oracle.judge import program as programs

    try:
        loaded = programs.load(file)
        calls = list(loaded.calls())
    except programs.InvalidProgram as exc:
        raise UsageError(str(exc)) from None
    try:
        import compiler
    except Exception as exc:
        raise UsageError(f"the compiler does not import: {exc!r}") from None
    for index, (args, kwargs) in enumerate(calls):
        print(f"== call {index}")
        try:
            print(compiler.explain(loaded.program, *args, **kwargs))
        except Exception as exc:
            print(f"explain raised {type(exc).__name__}: {exc}")
    programs.unload(loaded)
    return 0
