"""Which corpus programs reach which lines of the mutated package, so that each mutant's campaign
replays first the corpus programs that run its line (`parity mutate`).

Like the per-test coverage of mutation tools for unit tests, this orders work and drops none:
every mutant's campaign still replays the whole corpus (as far as its share of the budget goes)
and then draws; the programs that can tell the mutant apart simply come first. Lines are
measured once, on the unmutated package, each program traced alone in a child process (one
program's check after another, the subjects' caches warm, so a program reaching a line only
when it is the first to compile something may be missed: that costs order, not soundness).
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

from oracle.app.mutation import Mutant

Lines = dict[str, set[int]]   # file in the package -> lines run


def order_for(mutant: Mutant, corpus: list[Path], lines: dict[str, Lines]) -> list[Path]:
    """The corpus, the programs that run the mutant's line first (each group in its order)."""
    def runs_it(path: Path) -> bool:
        return mutant.line in lines.get(str(path), {}).get(mutant.file, ())

    return [p for p in corpus if runs_it(p)] + [p for p in corpus if not runs_it(p)]


def reaching(mutant: Mutant, lines: dict[str, Lines]) -> int:
    """How many corpus programs run the mutant's line."""
    return sum(mutant.line in program.get(mutant.file, ()) for program in lines.values())


def regressions(unmutated: dict[str, dict[str, str]],
                mutated: dict[str, dict[str, str]]) -> list[tuple[str, str]]:
    """(program, subject) of the corpus programs a subject compiled on the unmutated package
    (pass) and no longer compiles on the mutant (unsupported: it falls back or raises
    Unsupported). The conformance gate blocks this as a regression; the gate's other
    regressions (a pass now failing) reach the campaign as findings by their signatures."""
    return sorted((program, spec) for program, verdicts in mutated.items()
                  for spec, verdict in verdicts.items()
                  if verdict == "unsupported"
                  and unmutated.get(program, {}).get(spec) == "pass")


def package_lines(base: Path, arcs) -> Lines:
    """The lines of the package folder `base` that `(file, from, to)` arcs run, by file
    relative to it."""
    lines: Lines = {}
    for path, a, b in arcs:
        resolved = Path(path).resolve()
        if resolved.is_relative_to(base):
            name = resolved.relative_to(base).as_posix()
            lines.setdefault(name, set()).update(n for n in (a, b) if n > 0)
    return lines


def corpus_lines_main() -> None:
    """In the child (cwd: a folder holding the unmutated copy): trace each corpus program's
    check against each subject alone; write {"lines": {program: {file: [lines]}}, "verdicts":
    {program: {subject: verdict}}} to the given file."""
    from oracle.app.branch_tracer import BranchTracer
    from oracle.judge import differential, subjects

    args = json.loads(sys.argv[1])
    base = (Path.cwd() / args["package"]).resolve()
    resolved = [(spec, subjects.resolve(spec)) for spec in args["subjects"]]
    found: dict[str, dict[str, list[int]]] = {}
    verdicts: dict[str, dict[str, str]] = {}
    for program in args["corpus"]:
        tracer = BranchTracer(args["package"])  # a fresh one: every arc of this program
        arcs: set = set()
        for spec, subject in resolved:
            result, reached = tracer.run(functools.partial(differential.check, program,
                                                           subject, label=spec))
            arcs |= reached
            verdicts.setdefault(program, {})[spec] = str(result.verdict)
        found[program] = {name: sorted(v) for name, v in package_lines(base, arcs).items()}
    Path(args["out"]).write_text(json.dumps({"lines": found, "verdicts": verdicts}))
