"""Judging a campaign by the mutants it kills (`parity mutate`, oracle/app/mutation_cli.py).

Each mutant (oracle/app/mutation.py) goes into a fresh copy of the package in a temporary
folder; that folder is the working folder and first on the path of a child `python` that imports
the package (checking that the copy is what it gets) and runs one fixed-length campaign (no
shrinking; the corpus replayed first, then drawing) against the subjects, so the campaign and
its workers import the mutant and the real tree is never edited. A mutant is killed when its
package no longer imports, or when its campaign reports a failure whose signature the unmutated
package's campaign (same seed and budget, run first: the baseline) did not report and whose
program does not fail that way against the unmutated package either (checked with `parity run`),
or, as the conformance gate would, when a corpus program that the unmutated package compiled
(verdict pass, measured with the corpus lines) is unsupported under the mutant: a regression
(its `how` says `regression:`); otherwise it survived. The baseline also runs traced, for the
lines the campaign reaches, so each survivor says whether the campaign ever ran its line (not
reached: the generators never lead there; reached: they do, but no program told the mutant
apart).
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from oracle.app.mutation import Mutant
from oracle.app.mutation_corpus import Lines, order_for, package_lines, reaching, regressions

REPO = Path(__file__).resolve().parents[2]
STARTUP_TIMEOUT = 300.0   # the child imports torch and starts its workers


@dataclass
class Plan:
    package: Path            # the package folder to mutate
    subjects: list[str]
    budget: float            # seconds per campaign
    workers: int
    seed: int
    timeout: float           # per program
    corpus: list[Path] = field(default_factory=list)  # replayed first by every campaign


@dataclass
class Outcome:
    mutant: Mutant | None    # None: the baseline
    status: str              # killed, survived, error (the campaign itself failed)
    how: str                 # the import error or the new failure's signature
    programs: int
    seconds: float
    reached: bool | None = None  # did the baseline campaign or a corpus program run its line?
    corpus_reaching: int = 0     # corpus programs that run the mutated line (replayed first)

    def as_dict(self) -> dict:
        return {"mutant": self.mutant.as_dict() if self.mutant else None,
                "status": self.status, "how": self.how, "programs": self.programs,
                "seconds": round(self.seconds, 1), "reached": self.reached,
                "corpus_reaching": self.corpus_reaching}


class Runner:
    def __init__(self, plan: Plan):
        self.plan = plan
        self.baseline: set[str] = set()
        self.lines: dict[str, set[int]] = {}    # file in the package -> lines reached
        self.corpus_lines: dict[str, Lines] = {}  # corpus program -> its lines of the package
        self.corpus_verdicts: dict[str, dict[str, str]] = {}  # ... -> subject -> its verdict

    def run_baseline(self) -> list[Outcome]:
        """The unmutated package's campaign (its failures are no kill), and the same campaign
        traced, for the lines it reaches (tracing slows it: fewer programs, so it runs apart)."""
        outcome, summary = self._campaign(None, measure=False)
        self.baseline = _signatures(summary)
        traced, _ = self._campaign(None, measure=True)
        if self.plan.corpus and outcome.status != "error":
            self.corpus_lines = self._corpus_lines()
        return [outcome, traced]

    def run(self, mutant: Mutant) -> Outcome:
        corpus = order_for(mutant, self.plan.corpus, self.corpus_lines)
        outcome, _ = self._campaign(mutant, measure=False, corpus=corpus)
        outcome.corpus_reaching = reaching(mutant, self.corpus_lines)
        if outcome.status == "survived":
            outcome.reached = mutant.line in self.lines.get(mutant.file, ()) \
                or outcome.corpus_reaching > 0
        return outcome

    def _copy_package(self, root: Path) -> Path:
        """A copy of the (unmutated) package in `root`, without compiled files."""
        return Path(shutil.copytree(self.plan.package, root / self.plan.package.name,
                                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc")))

    def _corpus_lines(self) -> dict[str, Lines]:
        """Each corpus program's lines of the unmutated package (oracle/app/mutation_corpus.py);
        none when that cannot be measured (the campaigns then replay the corpus in order)."""
        name = self.plan.package.name
        with tempfile.TemporaryDirectory(prefix="parity-corpus-lines-") as folder:
            root = Path(folder)
            self._copy_package(root)
            args = {"package": name, "subjects": self.plan.subjects, "out": str(root / "l.json"),
                    "corpus": [str(f) for f in self.plan.corpus]}
            code = "from oracle.app.mutation_corpus import corpus_lines_main; corpus_lines_main()"
            try:
                subprocess.run([sys.executable, "-c", code, json.dumps(args)], cwd=root,
                               env=_env(root), capture_output=True, text=True,
                               timeout=STARTUP_TIMEOUT + 10 * len(self.plan.corpus))
                found = json.loads((root / "l.json").read_text())
            except (subprocess.TimeoutExpired, OSError, ValueError):
                return {}
        self.corpus_verdicts = found["verdicts"]
        return {program: {f: set(v) for f, v in files.items()}
                for program, files in found["lines"].items()}

    def _campaign(self, mutant: Mutant | None, measure: bool,
                  corpus: list[Path] | None = None) -> tuple[Outcome, dict]:
        start = time.monotonic()
        name = self.plan.package.name
        with tempfile.TemporaryDirectory(prefix="parity-mutant-") as folder:
            root = Path(folder)
            copy = self._copy_package(root)
            if mutant is not None:
                target = copy / mutant.file
                target.write_text(mutant.apply(target.read_text()))
            summary = self._child(root, name, measure,
                                  self.plan.corpus if corpus is None else corpus)
            failing = {f["signature"]: (root / "run" / f["repro"]).with_name("original.py")
                       for f in summary.get("failures", ())}
            failing = {sig: path.read_text() for sig, path in failing.items()
                       if sig not in self.baseline and path.exists()}
        if mutant is not None and failing:
            self._pre_existing(failing)
        seconds = time.monotonic() - start
        if "import_error" in summary:
            return Outcome(mutant, "killed" if mutant else "error",
                           f"import: {summary['import_error']}", 0, seconds), summary
        if "error" in summary:
            return Outcome(mutant, "error", summary["error"], 0, seconds), summary
        if measure:
            self.lines = {f: set(v) for f, v in summary.get("lines", {}).items()}
        new = sorted(_signatures(summary) - self.baseline)
        if mutant is not None and not new:  # no new failure: a program that no longer compiles
            new = [f"regression:{spec}:pass->unsupported:{Path(program).name}"
                   for program, spec in regressions(
                       self.corpus_verdicts, (summary.get("corpus") or {}).get("verdicts", {}))]
        status = "killed" if mutant is not None and new else "survived"
        return Outcome(mutant, status, new[0] if new else "", summary["programs"],
                       seconds), summary

    def _child(self, root: Path, name: str, measure: bool, corpus: list[Path]) -> dict:
        plan = self.plan
        args = {"subjects": plan.subjects, "budget": plan.budget, "workers": plan.workers,
                "seed": plan.seed, "timeout": plan.timeout, "out": str(root / "run"),
                "package": name, "measure": measure, "corpus": [str(f) for f in corpus]}
        code = "from oracle.app.mutation_run import campaign_main; campaign_main()"
        limit = plan.budget * 4 + STARTUP_TIMEOUT
        try:
            done = subprocess.run([sys.executable, "-c", code, json.dumps(args)], cwd=root,
                                  env=_env(root), capture_output=True, text=True, timeout=limit)
        except subprocess.TimeoutExpired:
            return {"error": f"the campaign did not end within {limit:.0f} s"}
        summary_path = root / "run" / "mutation.json"
        if done.returncode != 0 or not summary_path.exists():
            tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
            return {"error": f"the campaign failed (exit {done.returncode}): {tail}"}
        return json.loads(summary_path.read_text())


    def _pre_existing(self, failing: dict[str, str]) -> None:
        """Run the mutant's failing programs against the unmutated package: a failure they show
        there too (same signature) is the package's own, not the mutant's; it joins the
        baseline (a short baseline campaign need not have met it)."""
        with tempfile.TemporaryDirectory(prefix="parity-unmutated-") as folder:
            root = Path(folder)
            self._copy_package(root)
            files = []
            for n, source in enumerate(failing.values()):
                files.append(root / f"failing_{n}.py")
                files[-1].write_text(source)
            command = [sys.executable, "-m", "oracle", "run", *map(str, files),
                       "--timeout", str(self.plan.timeout * 3), "--json", str(root / "r.json")]
            for spec in self.plan.subjects:
                command += ["--subject", spec]
            try:
                subprocess.run(command, cwd=root, env=_env(root), capture_output=True,
                               timeout=STARTUP_TIMEOUT + 60 * len(files))
                results = json.loads((root / "r.json").read_text())["results"]
            except (subprocess.TimeoutExpired, OSError, ValueError):
                return
        # The campaign's key is the result's signature and where the exception came from.
        unmutated = {r["signature"] for r in results}
        self.baseline |= {key for key in failing if key.partition("@")[0] in unmutated}


def _signatures(summary: dict) -> set[str]:
    return {f["signature"] for f in summary.get("failures", ())}


def _env(root: Path) -> dict:
    """The mutant's folder first, then this repository (for oracle and generators)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(root), str(REPO),
                                                    env.get("PYTHONPATH", "")) if p)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def campaign_main() -> None:
    """In the child: one campaign as `_child` describes it, its summary in OUT/mutation.json."""
    from oracle.app.campaign import Config, run_campaign

    args = json.loads(sys.argv[1])
    out = Path(args["out"])
    out.mkdir(parents=True, exist_ok=True)
    measure = args["package"] if args["measure"] else None
    try:  # a mutant that breaks the import is killed without a campaign
        module = importlib.import_module(args["package"])
    except BaseException as exc:
        text = f"{type(exc).__name__}: {exc}".splitlines()[0][:200]
        (out / "mutation.json").write_text(json.dumps({"import_error": text}))
        return
    if not Path(module.__file__).resolve().is_relative_to(Path.cwd().resolve()):
        raise RuntimeError(f"{args['package']} was imported from {module.__file__}, not the copy")
    config = Config(subjects=args["subjects"], budget=args["budget"], workers=args["workers"],
                    seed=args["seed"], out=out, shrink=False, progress=False, verify=False,
                    timeout=args["timeout"], corpus=[Path(f) for f in args["corpus"]],
                    coverage={s: measure for s in args["subjects"]} if measure else None)
    campaign = run_campaign(config)
    summary = json.loads((out / "summary.json").read_text())
    if campaign.branches is not None:
        arcs = ((path, a, b) for path, pairs in campaign.branches.arcs.items()
                for a, b in pairs)
        lines = package_lines(Path.cwd().resolve() / measure, arcs)
        summary["lines"] = {name: sorted(v) for name, v in lines.items()}
    (out / "mutation.json").write_text(json.dumps(summary))
