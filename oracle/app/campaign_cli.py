"""The campaign subcommands of `parity`: `fuzz` (oracle/app/campaign.py) and `shrink` (one file).

Bad arguments raise arguments.UsageError: one line, exit status 2.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from oracle.app import arguments
from oracle.app.arguments import UsageError


def register(commands) -> None:
    fuzz = commands.add_parser("fuzz", help="draw programs and check them until the budget ends")
    fuzz.add_argument("--subject", action="append", metavar="SPEC",
                      help="ours[:backend], torch[:backend] or pkg.mod:attr, options after ? "
                           "(torch:eager?dynamic=true) (default: ours)")
    fuzz.add_argument("--budget", default="60s", help="60s, 10m, 1h (default 60s)")
    fuzz.add_argument("--workers", default="auto", help="N or auto (= all cores)")
    fuzz.add_argument("--seed", default="0", help="fixes the draw (default 0)")
    fuzz.add_argument("--features", default=None, help="comma-separated generator features")
    fuzz.add_argument("--shard", default="0/1", help="I/N: this job's share of the campaign")
    fuzz.add_argument("--out", default=None, help="default .parity/runs/<time>")
    fuzz.add_argument("--db", default=None, help="Hypothesis example database of failing "
                      "programs, replayed first (default OUT/db; share one between runs)")
    fuzz.add_argument("--no-shrink", action="store_true")
    fuzz.add_argument("--shrink-budget", default="30s", help="per unique failure")
    fuzz.add_argument("--timeout", default="10s", help="per program and subject")
    fuzz.add_argument("--known-issues", default=None, metavar="F",
                      help="default ci/known-issues.toml when it exists")
    fuzz.add_argument("--quiet", action="store_true", help="no progress line or table")
    fuzz.add_argument("--cluster", default=None, metavar="ray|ray://HOST:PORT",
                      help="check on a Ray cluster: a local instance, or an existing one "
                      "(optional extra: pip install '.[ray]')")
    fuzz.add_argument("--actors", default=None, metavar="N", help="with --cluster: N actors "
                      "(default one per node), each with --workers worker processes")
    fuzz.add_argument("--corpus", action="append", metavar="PATH",
                      help="program files (or folders of them) replayed before drawing, for at "
                           "most half the budget; a guided run writes one as OUT/corpus")
    fuzz.add_argument("--guided", action="store_true", help="measure the frontend's branch "
                      "coverage per program and steer drawing towards new branches")
    fuzz.add_argument("--coverage", action="store_true",
                      help="measure branch coverage (as --guided) without steering")
    fuzz.add_argument("--coverage-of", default=None, metavar="PACKAGE",
                      help="the package to measure (default: compiler for ours, torch._dynamo "
                      "for torch; required for other subjects)")
    fuzz.set_defaults(handler=fuzz_command)
    shrink = commands.add_parser("shrink", help="reduce a failing program file")
    shrink.add_argument("file", metavar="FILE")
    shrink.add_argument("--subject", required=True, metavar="SPEC")
    shrink.add_argument("--out", default=None, metavar="F", help="the shrunk program (default: "
                        "print it)")
    shrink.add_argument("--repro", default=None, metavar="F", help="also a standalone repro.py")
    shrink.add_argument("--budget", default="60s")
    shrink.add_argument("--workers", default="auto")
    shrink.add_argument("--timeout", default="10s", help="per attempt")
    shrink.set_defaults(handler=shrink_command)


def fuzz_config(args):
    from hypothesis.errors import InvalidArgument

    from generators.features import check_features
    from oracle.app.campaign import Config
    from oracle.app.campaign_corpus import corpus_files
    from oracle.app.cluster import require_ray
    from oracle.app.cluster_spec import parse_cluster
    from oracle.judge import known_issues

    try:
        features = check_features(args.features) if args.features else None
    except InvalidArgument as exc:
        raise UsageError(f"--features: {exc}") from None
    if not args.seed.isdigit():
        raise UsageError(f"--seed {args.seed!r}: expected a non-negative integer")
    try:
        known = known_issues.load(args.known_issues)
    except known_issues.KnownIssuesError as exc:
        raise UsageError(str(exc)) from None
    cluster = parse_cluster(args.cluster, args.actors, UsageError,
                            None if args.workers == "auto" else arguments.workers(args.workers))
    if cluster is not None:
        require_ray(UsageError)
    subjects = arguments.subjects(args.subject or ["ours"])
    out = Path(args.out or f".parity/runs/{time.strftime('%Y%m%d-%H%M%S')}")
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: exists and is not a folder")
    return Config(
        subjects=subjects, coverage=_coverage(args, subjects), guided=args.guided,
        budget=arguments.duration(args.budget, "--budget"),
        workers=arguments.workers(args.workers), seed=int(args.seed), features=features,
        shard=arguments.shard(args.shard), out=out, db=args.db or None, shrink=not args.no_shrink,
        shrink_budget=arguments.duration(args.shrink_budget, "--shrink-budget"),
        timeout=arguments.duration(args.timeout, "--timeout"), known=known,
        progress=not args.quiet, cluster=cluster,
        corpus=corpus_files(args.corpus) if args.corpus else [])


def _coverage(args, subjects: list[str]) -> dict[str, str] | None:
    """Which package to measure for each subject, when coverage is asked for."""
    from oracle.app.branch_tracer import CoverageUnavailable, package_root
    from oracle.app.coverage_guided import frontend_of

    if not (args.guided or args.coverage or args.coverage_of):
        return None
    try:
        import coverage  # noqa: F401
    except ImportError:
        raise UsageError("--guided needs coverage.py: pip install coverage") from None
    packages = {}
    for spec in subjects:
        package = args.coverage_of or frontend_of(spec)
        if package is None:
            raise UsageError(f"--guided: subject {spec!r} has no known frontend; name the package "
                        "to measure with --coverage-of PACKAGE")
        try:
            package_root(package)
        except CoverageUnavailable as exc:
            raise UsageError(f"--coverage-of: {exc}") from None
        packages[spec] = package
    return packages


def fuzz_command(args) -> int:
    from oracle.app.campaign import run_campaign
    from oracle.app.cluster_spec import ClusterError

    config = fuzz_config(args)
    config.out.mkdir(parents=True, exist_ok=True)
    try:
        campaign = run_campaign(config)
    except ClusterError as exc:
        raise UsageError(str(exc)) from None
    print(f"summary: {config.out / 'summary.json'}")
    return 1 if any(f.known is None for f in campaign.findings.values()) else 0


def shrink_command(args) -> int:
    from oracle.app import reproduce
    from oracle.app.pool import Task, WorkerPool
    from oracle.app.shrinking import ShrinkError, shrink, shrink_key, size_line

    spec = arguments.subjects([args.subject])[0]
    try:
        source = Path(args.file).read_text()
        compile(source, args.file, "exec")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {args.file}: {exc}") from None
    except SyntaxError as exc:
        raise UsageError(f"{args.file} does not parse: line {exc.lineno}: {exc.msg}") from None
    budget = arguments.duration(args.budget, "--budget")
    timeout = arguments.duration(args.timeout, "--timeout")
    with WorkerPool(arguments.workers(args.workers), timeout) as pool:
        first = next(iter(pool.run([Task(str(Path(args.file).resolve()), spec)])))
        if not first.verdict.is_failure:
            raise UsageError(f"{args.file} does not fail under {spec} ({first.verdict}"
                        f"{': ' + first.message if first.message else ''}); nothing to shrink")
        key = shrink_key(first)
        print(f"shrinking {args.file} under {spec}: {key}", file=sys.stderr)
        try:
            shrunk = shrink(source, spec, first, pool, budget)
        except ShrinkError as exc:
            raise UsageError(str(exc)) from None
    result = shrunk.result
    print(size_line("before", source), file=sys.stderr)
    print(size_line("after ", shrunk.source), file=sys.stderr)
    print(f"{result.attempts} attempts ({result.accepted} accepted) in {result.seconds:.1f} s, "
          f"stopped at {result.stopped}", file=sys.stderr)
    if args.out:
        Path(args.out).write_text(shrunk.source + "\n")
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        print(shrunk.source)
    if args.repro:
        message = shrunk.last.message if shrunk.last else first.message
        Path(args.repro).write_text(reproduce.render_repro(shrunk.source, spec, key, message,
                                                           60.0))
        print(f"wrote {args.repro}", file=sys.stderr)
    return 1
