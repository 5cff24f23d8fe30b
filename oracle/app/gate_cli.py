"""`parity gate` and `parity coverage`: their arguments and the commands themselves.

Registered into the `parity` parser by oracle/app/cli.py; usage errors are
arguments.UsageError (exit 2).
"""

from __future__ import annotations

import time
from pathlib import Path

from oracle.app import arguments, gate, gate_report
from oracle.app.arguments import UsageError, program_files


def add_parsers(commands) -> None:
    parser = commands.add_parser("gate", help="compare verdicts and compile counts with a baseline")
    parser.add_argument("paths", nargs="+", metavar="PATH")
    parser.add_argument("--baseline", required=True, metavar="F")
    parser.add_argument("--update-baseline", action="store_true",
                        help="record improvements, new and removed programs (creates F if absent)")
    parser.add_argument("--accept-regressions", action="store_true",
                        help="with --update-baseline: record regressions too")
    parser.add_argument("--markdown", metavar="F", help="summary for a pull-request comment")
    parser.add_argument("--junit", metavar="F")
    parser.add_argument("--subject", action="append", metavar="SPEC",
                        help="with --update-baseline: the subjects to record (default: ours)")
    parser.add_argument("--generated", type=int, metavar="N",
                        help=f"with --update-baseline: generated programs in the suite "
                             f"(default {gate.DEFAULT_GENERATED})")
    parser.add_argument("--generated-seed", type=int, metavar="N",
                        help="with --update-baseline: the generated suite's seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per program")
    parser.add_argument("--memory-mb", type=int, default=None)
    parser.add_argument("--work-dir", default=".parity/gate", metavar="DIR",
                        help="where the generated suite is written (default .parity/gate)")
    parser.set_defaults(handler=gate_command)

    from oracle.app import compiler_coverage

    compiler_coverage.add_parser(commands)


def gate_command(args) -> int:
    if args.workers < 1 or args.timeout <= 0:
        raise UsageError("--workers and --timeout must be positive")
    if args.accept_regressions and not args.update_baseline:
        raise UsageError("--accept-regressions needs --update-baseline")
    baseline = _baseline(args)
    arguments.subjects(baseline.subjects)
    files = _suite(args, baseline)
    start = time.perf_counter()
    results = _run(files, baseline.subjects, args)
    seconds = time.perf_counter() - start
    keys = {path: key for key, path in files.items()}
    current = gate.current_programs(results, keys)
    messages = {(keys[r.program], r.subject): r.message for r in results if r.message}
    changes = gate.compare(baseline, current, messages)
    summary = gate_report.headline(changes, len(files), baseline.subjects, seconds)
    print(summary)
    for line in gate_report.console_lines(changes):
        print(line)
    if args.markdown:
        gate_report.write_markdown(args.markdown,
                                   gate_report.markdown(baseline, current, changes, summary))
    if args.junit:
        gate_report.write_junit(args.junit, baseline, current, changes)
    regressions = gate.counts(changes)[gate.ChangeKind.REGRESSION]
    if args.update_baseline:
        gate.dump(gate.updated(baseline, current, changes, args.accept_regressions),
                  args.baseline)
        kept = "" if args.accept_regressions or not regressions else \
            f" ({regressions} regressions not recorded: fix them or --accept-regressions)"
        print(f"baseline {args.baseline} updated{kept}")
        if args.accept_regressions:
            return 0
    return 1 if regressions else 0


def _baseline(args) -> gate.Baseline:
    exists = Path(args.baseline).exists()
    changes_suite = args.subject or args.generated is not None or args.generated_seed is not None
    if changes_suite and not args.update_baseline:
        raise UsageError("--subject, --generated and --generated-seed change the baseline: "
                         "use them with --update-baseline")
    if exists:
        try:
            baseline = gate.load(args.baseline)
        except gate.BaselineError as exc:
            raise UsageError(str(exc)) from None
    elif args.update_baseline:
        baseline = gate.Baseline(["ours"])
    else:
        raise UsageError(f"cannot read baseline {args.baseline}: no such file "
                         "(create it with --update-baseline)")
    if args.subject:
        baseline.subjects = list(dict.fromkeys(args.subject))
    if args.generated is not None:
        if args.generated < 0:
            raise UsageError("--generated must not be negative")
        baseline.count = args.generated
    if args.generated_seed is not None:
        baseline.seed = args.generated_seed
    return baseline


def _suite(args, baseline: gate.Baseline) -> dict[str, str]:
    """Program key -> file: the corpus as given, then the fixed-seed generated suite."""
    from generators.suite import draw_sources, materialize

    files = {gate.program_key(path): path for path in program_files(args.paths)}
    try:
        sources = draw_sources(baseline.count, baseline.seed, baseline.features)
    except Exception as exc:
        raise UsageError(f"the generated suite could not be drawn: {exc!r}") from None
    files.update(materialize(sources, Path(args.work_dir) / "generated"))
    return files


def _run(files: dict[str, str], subjects: list[str], args) -> list:
    from oracle.app.pool import Task, WorkerPool  # spawns workers: only when there is work

    tasks = [Task(path, subject) for path in files.values() for subject in subjects]
    if not tasks:
        return []
    with WorkerPool(min(args.workers, len(tasks)), args.timeout, args.memory_mb) as pool:
        return list(pool.run(tasks))
