"""One program, one subject -> one Verdict (docs/verdicts.md), with its explanation.

Eager runs twice (it must agree with itself), the subject once; the first failing call decides,
and within a call: exception or value, then aliasing, then mutations, then recompile rules R1-R3.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field
from typing import Any

from oracle.judge import eager, size_reference
from oracle.judge.compare import Mismatch, compare, compare_exceptions, describe
from oracle.judge.origin import owner_packages
from oracle.judge.program import InvalidProgram
from oracle.judge.rules import RecompileRules
from oracle.judge.subjects import Subject, classify
from oracle.judge.verdict import Verdict


@dataclass
class Result:
    program: str
    subject: str         # the spec the task named (how to get the subject again)
    verdict: Verdict
    detail: str = ""     # exception type, first differing output path, or violated rule
    message: str = ""    # one line a person can act on
    call: int | None = None
    compiles: list[int | None] = field(default_factory=list)  # after each call
    stats: dict | None = None
    seconds: float = 0.0       # wall time of the whole check
    run_seconds: float = 0.0   # of which inside compile and the program's calls
    name: str = ""             # the subject's own name, for signatures
    aspect: str = ""           # what differs at `detail`: value, dtype, stride, requires_grad ...
    origin: str = ""           # where the subject's exception came from (exception verdicts)
    eager: tuple[str, ...] = ()  # eager's outcome per call: "returned" or the exception type
    unsupported: str = ""      # the first call the subject declined, even when a later failed
    arcs: frozenset = frozenset()  # frontend arcs new to the worker (oracle/app/branch_tracer.py)

    @property
    def signature(self) -> str:
        """For deduplication: verdict:subject:detail, with the subject's name."""
        return f"{self.verdict}:{self.name or self.subject}:{self.detail}"

    def as_dict(self) -> dict[str, Any]:
        return {"program": self.program, "subject": self.subject, "name": self.name,
                "verdict": str(self.verdict), "detail": self.detail, "aspect": self.aspect,
                "origin": self.origin, "message": self.message, "call": self.call,
                "signature": self.signature, "compiles": self.compiles, "stats": self.stats,
                "eager": list(self.eager), "unsupported": self.unsupported,
                "seconds": round(self.seconds, 6)}


@dataclass
class _Finding:
    verdict: Verdict
    detail: str
    message: str
    call: int | None
    aspect: str = ""
    origin: str = ""


def check(path: str, subject: Subject, label: str | None = None) -> Result:
    """Run `path` eagerly twice and under `subject` once, and judge."""
    start = time.perf_counter()
    name = str(getattr(subject, "name", "") or "")
    result = Result(str(path), label or name, Verdict.PASS, name=name)
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
        result.aspect, result.origin = finding.aspect, finding.origin
    result.seconds = time.perf_counter() - start
    return result


def _judge(path: str, subject: Subject, result: Result) -> tuple[_Finding | None, Any]:
    reference = eager.run(path)
    again = eager.run(path)
    result.run_seconds = reference.run_seconds + again.run_seconds
    result.eager = tuple(c.outcome.type_name if c.raised else "returned" for c in reference.calls)
    unstable = _first_difference(reference, again)
    if unstable is not None:
        call, mismatch = unstable
        message = f"eager disagrees with itself at call {call}: {mismatch}"
        return _Finding(Verdict.NONDETERMINISTIC, mismatch.path, message, call), None
    subject.reset()
    owners: list[str] = []  # the packages whose code the compiled callables run

    def prepare(fn):
        compiled = subject.compile(fn)
        owners.extend(owner_packages(compiled))
        return compiled

    side = eager.Side(prepare=prepare, stats=_safe_stats(subject), mark=_marker(subject),
                      classify=lambda exc: classify(subject, exc, tuple(owners)),
                      signatures=True)
    try:
        compiled = eager.run(path, side)
    except eager.CompileFailed as failed:
        return _compile_failure(failed.raised), None
    except InvalidProgram as exc:
        message = f"calls() broke on the compiled side only: {exc}"
        return _Finding(Verdict.MISMATCH_MUTATION, "calls()", message, None), None
    result.run_seconds += compiled.run_seconds
    return _judge_calls(reference, compiled, result), compiled


def _marker(subject: Subject):
    """The subject's `mark_dynamic` hook for DYNAMIC hints; without one, hints are ignored."""
    hook = getattr(subject, "mark_dynamic", None)
    if hook is None:
        return None
    return lambda tensor, dim, low, high: hook(tensor, dim, min=low, max=high)


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
    return _Finding(verdict, raised.type_name, message, None, origin=raised.origin)


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


def _judge_calls(reference: eager.Trace, compiled: eager.Trace, result: Result) -> _Finding | None:
    """The first call that fails decides; a call the subject declines does not stop judging,
    so later calls (and their bugs) are still seen."""
    unsupported = None
    rules = RecompileRules(compiled.stats_before,
                           reference=functools.partial(size_reference.accepts, result.program))
    for e, g in zip(reference.calls, compiled.calls, strict=True):
        finding = _judge_call(e, g)
        if finding is not None and finding.verdict is Verdict.UNSUPPORTED:
            unsupported = unsupported or finding
            result.unsupported = result.unsupported or finding.message
            rules.observe(e.index, g.signature, g.stats, returned=False)  # its compiles excused
            continue
        if finding is None:
            returned = not e.raised and not g.raised
            breach = rules.observe(e.index, g.signature, g.stats, returned)
            if breach is not None:
                finding = _Finding(Verdict.RECOMPILE_EXCESS, breach.rule, breach.message,
                                   e.index)
        if finding is not None:
            return finding
    wrong = _graph_was_wrong(compiled) or _internal_error(compiled)
    if wrong is not None:
        return wrong
    if unsupported is None:
        unsupported = _fell_back(compiled)
    return unsupported


def _judge_call(e: eager.CallRecord, g: eager.CallRecord) -> _Finding | None:
    i = e.index
    if g.raised and (not e.raised or _outcome_difference(e, g) is not None):
        return _subject_raised(e, g)
    if e.raised:
        if _outcome_difference(e, g) is not None:  # eager raised, the subject returned
            message = f"call {i}: {_outcome_difference(e, g)}"
            return _Finding(Verdict.MISMATCH_EXCEPTION, "returned", message, i, "outcome")
    else:
        mismatch = (compare(e.outcome, g.outcome, "out") or _alias_difference(e, g)
                    or _repeat_difference(e, g))
        if mismatch is not None:
            return _Finding(Verdict.MISMATCH_VALUE, mismatch.path, f"call {i}: {mismatch}", i,
                            _aspect(mismatch))
    mismatch = _mutation_difference(e, g)
    if mismatch is not None:
        return _Finding(Verdict.MISMATCH_MUTATION, mismatch.path, f"call {i}: {mismatch}", i,
                        _aspect(mismatch))
    return None


def _subject_raised(e: eager.CallRecord, g: eager.CallRecord) -> _Finding:
    """The subject raised where eager returned, or raised another type than eager's."""
    i, raised = e.index, g.outcome
    did = (f"raised {e.outcome.type_name}: {e.outcome.message}" if e.raised
           else f"returned {describe(e.outcome)}")
    message = (f"call {i}: eager {did}; compiled raised {raised.type_name}: {raised.message} "
               f"({raised.where})")
    if raised.category == "unsupported":
        verdict = Verdict.UNSUPPORTED
    elif raised.category == "internal":
        verdict = Verdict.CRASH
    else:
        verdict = Verdict.MISMATCH_EXCEPTION
    return _Finding(verdict, raised.type_name, message, i, "exception", raised.origin)


def _aspect(mismatch: Mismatch) -> str:
    """The kind of difference, without counts: "value (3 of 4 elements)" -> "value"."""
    return mismatch.what.split(" ")[0]


def _alias_difference(e: eager.CallRecord, g: eager.CallRecord) -> Mismatch | None:
    for path, source in e.aliases.items():
        if g.aliases.get(path) != source:
            got = f"the input {g.aliases[path]}" if path in g.aliases else "a new object"
            return Mismatch(path, "identity", f"the input {source} itself", got)
    return None


def _repeat_difference(e: eager.CallRecord, g: eager.CallRecord) -> Mismatch | None:
    """Objects eager returned at two places must be one object in the subject's result too;
    containers eager returned apart must stay apart (tensors may be merged: a compiler that
    folds two equal computations into one output is not judged on identity alone)."""
    def root(repeats: dict, path: str) -> str:
        return repeats[path][0] if path in repeats else path

    for path in sorted(e.repeats.keys() | g.repeats.keys()):
        if path in e.repeats and root(g.repeats, path) != root(g.repeats, e.repeats[path][0]):
            return Mismatch(path, "identity", f"the object at {e.repeats[path][0]}",
                            "another object")
        if path in g.repeats and not g.repeats[path][1]:
            other = g.repeats[path][0]
            if root(e.repeats, path) != root(e.repeats, other):
                return Mismatch(path, "identity", "another object", f"the object at {other}")
    return None


def _graph_was_wrong(compiled: eager.Trace) -> _Finding | None:
    """A subject that reports graphs which raised where the eager run of the same frame
    returned (it then answered with eager's result): a compiler bug, though the value is right."""
    for g in compiled.calls:
        if g.stats and g.stats.get("wrong_graphs"):
            message = (f"call {g.index}: {g.stats['wrong_graphs']} compiled graph(s) raised where "
                       "eager returned (the subject re-ran the frame eagerly)")
            return _Finding(Verdict.CRASH, "graph-raised", message, g.index)
    return None


def _internal_error(compiled: eager.Trace) -> _Finding | None:
    """A subject that reports exceptions of its own code while tracing (it then ran the frame
    eagerly, so values are right): a compiler bug, keyed by the exception's type and the module
    of the subject that raised it."""
    for g in compiled.calls:
        errors = (g.stats or {}).get("internal_errors")
        if errors:
            first = errors[0]
            message = (f"call {g.index}: the compiler's own code raised {first['type_name']}: "
                       f"{first['message']} at {first['where']} while tracing (it ran the "
                       "frame eagerly)")
            return _Finding(Verdict.CRASH, f"internal:{first['type_name']}", message, g.index,
                            "exception", first["module"])
    return None


def _fell_back(compiled: eager.Trace) -> _Finding | None:
    stats = compiled.calls[-1].stats if compiled.calls else None
    if stats and stats.get("fallbacks") and not stats.get("graphs"):
        message = f"ran eagerly: {stats['fallbacks']} fallbacks and no graph"
        return _Finding(Verdict.UNSUPPORTED, "fallback", message, None)
    return None
