"""What the tests of a family of idiom constructs share: programs whose statements are drawn as
one construct, the checks each construct passes (drawn programs run as intended, the
construct shrinks to off), and telling a planted mis-compilation apart by running the right
and the planted program eagerly."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from itertools import islice
from pathlib import Path

from hypothesis import find

from bench.bench_generators import ran_as_intended
from generators import strategies
from generators.features import FEATURES, feature_flags
from generators.inputs import INPUT_BYTES, input_specs
from generators.ir import Program
from generators.opargs import Picks
from oracle.judge import eager
from oracle.judge.compare import compare

# The flags on beside the construct's own: values recalled and container inputs.
BASE = frozenset({"recall_values", "container_inputs"})


def statement_raws(idiom: str, seed: int) -> list[tuple]:
    """Three statements drawn as `idiom`, their parameter bytes varied by `seed`."""
    raws = []
    for i in range(3):
        raw = bytearray((seed * 71 + i * 29 + j * 13) % 256
                        for j in range(strategies.STATEMENT_BYTES))
        raw[0] = strategies.CONSTRUCT_KIND
        raw[3] = strategies.CONSTRUCT_ORDER.index(idiom)
        raws.append(tuple(raw))
    return raws


def build_for_seed(idiom: str, seed: int, flags: frozenset[str]) -> Program:
    """The program of `seed`'s inputs and statements (drawn as `idiom`) under `flags`."""
    specs = input_specs(Picks(bytes([seed * 37 % 256] * INPUT_BYTES)), flags)
    return strategies.build(flags, specs, statement_raws(idiom, seed), raise_choice=5)


def programs_using(idiom: str, base: frozenset[str], count: int = 60,
                   flags=()) -> Iterator[tuple[int, Program]]:
    """(seed, program) for the seeds below `count` whose program (flags `base`, `idiom` and
    `flags` on) kept the construct."""
    for seed in range(count):
        program = build_for_seed(idiom, seed, base | {idiom, *flags})
        if idiom in program.features_used:
            yield seed, program


def drawn_programs_running_as_intended(idiom: str, base: frozenset[str], minimum: int,
                                       flags=()) -> list[Program]:
    """The programs of 60 seeds that kept `idiom`: at least `minimum`, each ran as intended."""
    drawn = [program for _, program in programs_using(idiom, base, flags=flags)]
    assert len(drawn) >= minimum, f"{idiom} kept in only {len(drawn)} of 60 programs"
    for program in drawn:
        ok, why = ran_as_intended(program)
        assert ok, f"{why}\n{program.source}"
    return drawn


def assert_shrinks_to_off(idiom: str, base: frozenset[str]) -> None:
    """With the idiom's flag off, the same statement bytes apply catalogue ops; and
    Hypothesis's smallest flag set that has the idiom on has nothing else on."""
    seed, _ = next(programs_using(idiom, base))
    off = build_for_seed(idiom, seed, base)
    assert idiom not in off.features_used and ran_as_intended(off)[0]
    assert find(feature_flags(FEATURES), lambda flags: idiom in flags) == {idiom}


def outcomes(path) -> list:
    trace = eager.run(str(path))
    return [(c.outcome, c.args_after, c.repeats) for c in trace.calls]


def differs(a: list, b: list) -> bool:
    return any(compare(x[0], y[0]) or compare(x[1], y[1]) or x[2] != y[2]
               for x, y in zip(a, b, strict=True))


def planted_told_apart(idiom: str, base: frozenset[str], pattern: str,
                       replace: Callable[[re.Match], str], folder: Path,
                       every_program_planted: bool) -> int:
    """How many of the first 24 programs using `idiom` run otherwise (or break) once
    `pattern` is rewritten by `replace` in their source. A program the pattern does not
    match is skipped, or fails the test when `every_program_planted`."""
    told = 0
    for seed, program in islice(programs_using(idiom, base), 24):
        planted = re.sub(pattern, replace, program.source, flags=re.M)
        if every_program_planted:
            assert planted != program.source, f"nothing planted in\n{program.source}"
        elif planted == program.source:
            continue
        right, wrong = folder / f"right_{seed}.py", folder / f"wrong_{seed}.py"
        right.write_text(program.source)
        wrong.write_text(planted)
        try:
            changed = differs(outcomes(right), outcomes(wrong))
        except Exception:
            changed = True  # the planted program broke: also told apart
        told += changed
    return told
