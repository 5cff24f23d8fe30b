"""One program, one subject -> one Verdict (DESIGN.md Contract 4), with its explanation.

Eager runs twice (it must agree with itself), the subject once; the first failing call decides,
and within a call: exception or value, then aliasing, then mutations, then recompile rules R1-R3.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from oracle import eager
from oracle.compare import Mismatch, compare, compare_exceptions, describe
from oracle.program import InvalidProgram
from oracle.subjects import Subject, classify
from oracle.verdict import Verdict


@dataclass
class Result:
    program: str
    subject: str
    verdict: Verdict
    detail: str = ""     # exception type, first differing output path, or violated rule
    message: str = ""    # one line a person can act on
    call: int | None = None
    compiles: list[int | None] = field(default_factory=list)  # after each call
    stats: dict | None = None
    seconds: float = 0.0       # wall time of the whole check
    run_seconds: float = 0.0   # of which inside compile and the program's calls

    @property
    def signature(self) -> str:
        """For deduplication: verdict:subject:detail."""
        return f"{self.verdict}:{self.subject}:{self.detail}"

    def as_dict(self) -> dict[str, Any]:
        return {"program": self.program, "subject": self.subject, "verdict": str(self.verdict),
                "detail": self.detail, "message": self.message, "call": self.call,
                "signature": self.signature, "compiles": self.compiles, "stats": self.stats,
                "seconds": round(self.seconds, 6)}


@dataclass
class _Finding:
    verdict: Verdict
    detail: str
    message: str
    call: int | None


def check(path: str, subject: Subject, label: str | None = None) -> Result:
    """Run `path` eagerly twice and under `subject` once, and judge."""
    start = time.perf_counter()
    label = label or subject.name
    result = Result(str(path), label, Verdict.PASS)
    try:
        finding, compiled = _judge(str(path), subject, result)
    except InvalidProgram as exc:
        finding, compiled = _Finding(Verdict.INVALID, "invalid", str(exc), None), None
    if compiled is not None:
        result.compiles = [c.stats.get("compiles") if c.stats else None for c in compiled.calls]
        result.stats = compiled.calls[-1].stats if compiled.calls else compiled.stats_before
    if finding is not None:
        result.verdict, result.detail = finding.verdict, finding.detail
        result.message, result.call = finding.message, finding.call
    result.seconds = time.perf_counter() - start
    return result


def _judge(path: str, subject: Subject, result: Result) -> tuple[_Finding | None, Any]:
    reference = eager.run(path)
    again = eager.run(path)
    result.run_seconds = reference.run_seconds + again.run_seconds
    unstable = _first_difference(reference, again)
    if unstable is not None:
        call, mismatch = unstable
        message = f"eager disagrees with itself at call {call}: {mismatch}"
        return _Finding(Verdict.NONDETERMINISTIC, mismatch.path, message, call), None
    subject.reset()
    side = eager.Side(prepare=subject.compile, stats=_safe_stats(subject),
                      classify=lambda exc: classify(subject, exc), signatures=True)
    try:
        compiled = eager.run(path, side)
    except eager.CompileFailed as failed:
        return _compile_failure(failed.raised), None
    except InvalidProgram as exc:
        message = f"calls() broke on the compiled side only: {exc}"
        return _Finding(Verdict.MISMATCH_MUTATION, "calls()", message, None), None
    result.run_seconds += compiled.run_seconds
    return _judge_calls(reference, compiled, subject), compiled


def _safe_stats(subject: Subject):
    def stats(compiled) -> dict | None:
        try:
            return subject.stats(compiled)
        except Exception:
            return None

    return stats


def _compile_failure(raised) -> _Finding:
    verdict = Verdict.UNSUPPORTED if raised.category == "unsupported" else Verdict.CRASH
    message = f"compile() raised {raised.type_name}: {raised.message} ({raised.where})"
    return _Finding(verdict, raised.type_name, message, None)


def _first_difference(a: eager.Trace, b: eager.Trace) -> tuple[int, Mismatch] | None:
    for e, g in zip(a.calls, b.calls, strict=True):
        found = _outcome_difference(e, g) or _mutation_difference(e, g)
        if found is not None:
            return e.index, found
    return None


def _outcome_difference(e: eager.CallRecord, g: eager.CallRecord) -> Mismatch | None:
    if e.raised and g.raised:
        return compare_exceptions(e.outcome, g.outcome, "out")
    if e.raised or g.raised:
        return Mismatch("out", "outcome", describe(e.outcome), describe(g.outcome))
    return compare(e.outcome, g.outcome, "out")


def _mutation_difference(e: eager.CallRecord, g: eager.CallRecord) -> Mismatch | None:
    args_e, args_g = e.args_after.items, g.args_after.items
    return (compare(args_e["'args'"], args_g["'args'"], "args")
            or compare(args_e["'kwargs'"], args_g["'kwargs'"], "kwargs")
            or _compare_named(e.globals_after, g.globals_after, "G")
            or _compare_named(e.cells_after, g.cells_after, "C"))


def _compare_named(expected: dict, actual: dict, prefix: str) -> Mismatch | None:
    for name in expected.keys() | actual.keys():
        if name not in actual or name not in expected:
            got = describe(actual[name]) if name in actual else "no such name"
            want = describe(expected[name]) if name in expected else "no such name"
            return Mismatch(f"{prefix}[{name!r}]", "presence", want, got)
        found = compare(expected[name], actual[name], f"{prefix}[{name!r}]")
        if found is not None:
            return found
    return None


def _judge_calls(reference: eager.Trace, compiled: eager.Trace, subject) -> _Finding | None:
    unsupported = None
    rules = _RecompileRules(compiled.stats_before)
    for e, g in zip(reference.calls, compiled.calls, strict=True):
        finding = _judge_call(e, g, subject)
        if finding is not None and finding.verdict is Verdict.UNSUPPORTED:
            unsupported = unsupported or finding
            continue
        if finding is None:
            finding = rules.observe(g)
        if finding is not None:
            return finding
    if unsupported is None:
        unsupported = _fell_back(compiled)
    return unsupported


def _judge_call(e: eager.CallRecord, g: eager.CallRecord, subject) -> _Finding | None:
    i = e.index
    if g.raised and not e.raised:
        raised = g.outcome
        where = f"call {i}: eager returned {describe(e.outcome)}; compiled raised " \
                f"{raised.type_name}: {raised.message} ({raised.where})"
        if raised.category == "unsupported":
            return _Finding(Verdict.UNSUPPORTED, raised.type_name, where, i)
        verdict = Verdict.CRASH if raised.category == "internal" else Verdict.MISMATCH_EXCEPTION
        return _Finding(verdict, raised.type_name, where, i)
    if e.raised:
        mismatch = _outcome_difference(e, g)
        if mismatch is not None:
            detail = g.outcome.type_name if g.raised else "returned"
            return _Finding(Verdict.MISMATCH_EXCEPTION, detail, f"call {i}: {mismatch}", i)
    else:
        mismatch = compare(e.outcome, g.outcome, "out") or _alias_difference(e, g)
        if mismatch is not None:
            return _Finding(Verdict.MISMATCH_VALUE, mismatch.path, f"call {i}: {mismatch}", i)
    mismatch = _mutation_difference(e, g)
    if mismatch is not None:
        return _Finding(Verdict.MISMATCH_MUTATION, mismatch.path, f"call {i}: {mismatch}", i)
    return None


def _alias_difference(e: eager.CallRecord, g: eager.CallRecord) -> Mismatch | None:
    for path, source in e.aliases.items():
        if g.aliases.get(path) != source:
            got = f"the input {g.aliases[path]}" if path in g.aliases else "a new object"
            return Mismatch(path, "identity", f"the input {source} itself", got)
    return None


def _fell_back(compiled: eager.Trace) -> _Finding | None:
    stats = compiled.calls[-1].stats if compiled.calls else None
    if stats and stats.get("fallbacks") and not stats.get("graphs"):
        message = f"ran eagerly: {stats['fallbacks']} fallbacks and no graph"
        return _Finding(Verdict.UNSUPPORTED, "fallback", message, None)
    return None


class _RecompileRules:
    """R1-R3 of Contract 4, checked from stats()["compiles"] after each call."""

    def __init__(self, before: dict | None):
        self.previous = (before or {}).get("compiles") or 0
        self.seen: dict[tuple, int] = {}

    def observe(self, record: eager.CallRecord) -> _Finding | None:
        stats = record.stats or {}
        compiles = stats.get("compiles")
        if compiles is None:
            return None
        i, signature = record.index, record.signature
        grew, first = compiles > self.previous, self.seen.get(signature)
        self.previous = compiles
        self.seen.setdefault(signature, i)
        reason = _last_reason(stats)
        if grew and first is not None:
            return _Finding(Verdict.RECOMPILE_EXCESS, "R1", f"call {i}: R1: inputs match call "
                            f"{first}'s metadata but it compiled again ({compiles} compiles)"
                            f"{reason}", i)
        if compiles > len(self.seen):
            return _Finding(Verdict.RECOMPILE_EXCESS, "R2", f"call {i}: R2: {compiles} compiles "
                            f"for {len(self.seen)} distinct input signatures{reason}", i)
        return _cache_limit(stats, i)


def _cache_limit(stats: dict, i: int) -> _Finding | None:
    limit = stats.get("cache_limit")
    if not limit:
        return None
    per_code = stats.get("compiles_by_code") or {"entry": stats["compiles"]}
    for code, count in per_code.items():
        if count > limit:
            message = f"call {i}: R3: code {code} compiled {count} times (cache limit {limit})"
            return _Finding(Verdict.RECOMPILE_EXCESS, "R3", message, i)
    return None


def _last_reason(stats: dict) -> str:
    reasons = stats.get("recompile_reasons") or []
    return f"; last recompile reason: {reasons[-1]}" if reasons else ""
