"""`parity mutate`: how many sampled first-order mutants of a package (default compiler/) one
fixed-length campaign each kills (oracle/app/mutation.py, oracle/app/mutation_run.py).

Bad arguments raise arguments.UsageError: one line, exit status 2.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from oracle.app import arguments
from oracle.app.arguments import UsageError, duration, workers

REPO = Path(__file__).resolve().parents[2]
DEFAULT_PACKAGE = REPO / "compiler"
DEFAULT_CORPUS = ("corpora/seed", "corpora/regressions", "corpora/coverage")


def register(commands) -> None:
    mutate = commands.add_parser("mutate", help="score the campaign by the mutants of a package "
                                 "it kills")
    mutate.add_argument("--package", default=None, metavar="DIR",
                        help="the package folder to mutate (default: compiler/)")
    mutate.add_argument("--subject", action="append", metavar="SPEC",
                        help="what the campaigns check (default: ours; required with --package)")
    mutate.add_argument("--mutants", default="30", metavar="N", help="how many (default 30)")
    mutate.add_argument("--budget", default="30s", help="per mutant's campaign (default 30s)")
    mutate.add_argument("--seed", default="0", help="fixes the sample and the campaigns")
    mutate.add_argument("--workers", default="2", help="N or auto (default 2)")
    mutate.add_argument("--timeout", default="10s", help="per program and subject")
    mutate.add_argument("--corpus", action="append", metavar="PATH",
                        help="program files each campaign replays first (default for compiler/: "
                             "the repository's corpora: " + ", ".join(DEFAULT_CORPUS) + ")")
    mutate.add_argument("--no-corpus", action="store_true", help="campaigns only draw")
    mutate.add_argument("--list", action="store_true", help="print the sample, run nothing")
    mutate.add_argument("--json", default=None, metavar="F")
    mutate.set_defaults(handler=mutate_command)


def _count(text: str, option: str) -> int:
    if not text.isdigit() or (option == "--mutants" and int(text) < 1):
        raise UsageError(f"{option} {text!r}: expected a "
                         f"{'positive' if option == '--mutants' else 'non-negative'} integer")
    return int(text)


def _plan(args):
    from oracle.app.mutation_run import Plan

    package = Path(args.package) if args.package else DEFAULT_PACKAGE
    if not (package / "__init__.py").is_file():
        raise UsageError(f"--package {package}: not a package folder (no __init__.py)")
    if args.package and not args.subject and package.resolve() != DEFAULT_PACKAGE:
        raise UsageError(f"--package {package}: name the subject that uses it with --subject")
    return Plan(package.resolve(), arguments.subjects(args.subject or ["ours"]),
                duration(args.budget, "--budget"), workers(args.workers),
                _count(args.seed, "--seed"), duration(args.timeout, "--timeout"),
                _corpus(args, package))


def _corpus(args, package: Path) -> list[Path]:
    """The corpus each campaign replays: as given; by default, for compiler/, the
    repository's corpora (those present); none with --no-corpus or another package."""
    from oracle.app.campaign_corpus import corpus_files

    if args.no_corpus:
        if args.corpus:
            raise UsageError("--corpus and --no-corpus: choose one")
        return []
    if args.corpus:
        given = args.corpus
    elif package.resolve() == DEFAULT_PACKAGE:
        given = [str(REPO / c) for c in DEFAULT_CORPUS if (REPO / c).is_dir()]
    else:
        given = []
    return [f.resolve() for f in corpus_files(given)] if given else []


def mutate_command(args) -> int:
    from oracle.app.mutation import package_sites, sample

    plan = _plan(args)
    count = _count(args.mutants, "--mutants")
    with tempfile.TemporaryDirectory(prefix="parity-mutate-") as folder:
        # One snapshot for the whole run: the tree may change while the campaigns go on.
        snapshot = Path(folder) / plan.package.name
        shutil.copytree(plan.package, snapshot,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        plan.package = snapshot
        found = package_sites(snapshot)
        if not found:
            raise UsageError(f"--package {args.package}: no mutation sites")
        return _run(args, plan, sample(found, count, plan.seed))


def _run(args, plan, mutants) -> int:
    from oracle.app.mutation_run import Runner

    if args.list:
        for n, mutant in enumerate(mutants, 1):
            print(f"{n:>3} {mutant.describe()}")
        return 0
    runner = Runner(plan)
    _say(f"baseline: {plan.package.name} unmutated, {plan.budget:g} s campaign against "
         f"{', '.join(plan.subjects)}, replaying {len(plan.corpus)} corpus files first "
         "(then traced, for the lines it reaches)")
    baseline = runner.run_baseline()
    if baseline[0].status == "error":
        raise UsageError(f"the baseline campaign failed: {baseline[0].how}")
    _say(f"baseline: {baseline[0].programs} programs, failures: "
         f"{', '.join(sorted(runner.baseline)) or 'none'}")
    outcomes = []
    for n, mutant in enumerate(mutants, 1):
        outcome = runner.run(mutant)
        outcomes.append(outcome)
        _say(f"[{n}/{len(mutants)}] {_line(outcome)}")
    print(report(outcomes))
    if args.json:
        Path(args.json).write_text(json.dumps({
            "package": args.package or "compiler", "subjects": plan.subjects, "budget": plan.budget,
            "workers": plan.workers, "seed": plan.seed, "corpus": len(plan.corpus),
            "score": score(outcomes),
            "baseline": [b.as_dict() for b in baseline],
            "baseline_failures": sorted(runner.baseline),
            "mutants": [o.as_dict() for o in outcomes]}, indent=2) + "\n")
    return 0


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _line(outcome) -> str:
    reached = {True: " (line reached)", False: " (line not reached)", None: ""}[outcome.reached]
    how = f": {outcome.how}" if outcome.how else ""
    return f"{outcome.status}{reached} {outcome.mutant.describe()}{how}"


def score(outcomes) -> dict:
    killed = sum(o.status == "killed" for o in outcomes)
    survived = [o for o in outcomes if o.status == "survived"]
    judged = killed + len(survived)
    return {"killed": killed, "survived": len(survived),
            "survived_reached": sum(bool(o.reached) for o in survived),
            "errors": sum(o.status == "error" for o in outcomes),
            "score": round(killed / judged, 3) if judged else None}


def report(outcomes) -> str:
    lines = [_line(o) for o in outcomes]
    s = score(outcomes)
    percent = f"{100 * s['score']:.0f}%" if s["score"] is not None else "n/a"
    lines.append(f"mutation score: {s['killed']} of {s['killed'] + s['survived']} killed "
                 f"({percent}); {s['survived']} survived ({s['survived_reached']} on lines the "
                 f"campaign reached); {s['errors']} errors")
    return "\n".join(lines)
