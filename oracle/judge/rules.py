"""The recompile rules R1-R4, checked from a subject's `stats()["compiles"]` after each call.

Only calls that returned on both sides are judged, and only the compiles made during such
calls count: a subject may retry a trace that failed (not caching a failure is its right), so
a call that raises, eagerly or compiled, neither counts against a rule nor sets a precedent.

- R1: a call that returned, whose input metadata equals that of an earlier call that returned,
  compiles nothing.
- R2: the compiles made during calls that returned never exceed the number of distinct input
  metadata signatures among those calls (plus the compiles made by `compile()` itself).
- R3: no code object compiles more than `cache_limit` times during calls that returned; past
  the limit the subject must run eagerly and stay correct.
- R4 (subjects whose stats say `"dynamic": "auto"` or `"true"`): calls whose inputs differ only
  in tensor sizes of 2 or more (oracle.judge.signature.size_class: sizes 0 and 1 are specialised,
  equal sizes may share a symbol) form a sweep. Under automatic dynamic a sweep costs the entry
  frame at most one static compile plus one per dimension (tensor, dim) whose size changed
  within it (torch makes each dim symbolic at its first change: a dim changing at call 1 and
  another at call 2 is three compiles); under dynamic=True, one compile. Frames resumed after
  a graph break are left to R3: their inputs (data-dependent locals) are not in the signature.
  A recompile the subject reports as caused by a guard on a symbolic size relation
  (`"symbolic_recompiles"`: the call left the range the program's own branches guard) is
  not counted, nor one the reference (oracle.judge.size_reference: the guards of a symbolic trace of
  the program on the sweep's previous call) says the program forced, or cannot tell.

"Input metadata" is oracle.judge.signature's call signature: types, tensor dtype/device/shape/
stride/requires_grad and aliasing, Python scalar values, container structure, the program's
globals and closure cells, and torch's global modes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from oracle.judge.signature import size_class, tensor_sizes

RULES = {
    "R1": "a call that returned, with the input metadata of an earlier call that returned, "
          "compiles nothing",
    "R2": "compiles during calls that returned never exceed the distinct input metadata "
          "signatures among them",
    "R3": "no code object compiles more than cache_limit times during calls that returned",
    "R4": "once a dimension has been compiled symbolic, further sizes in its guarded range "
          "compile nothing: a sweep of sizes costs the entry frame one compile, plus one per "
          "dimension that changed in it under automatic dynamic",
}
# The subject `dynamic` policies R4 judges.
SWEEP_POLICIES = ("auto", "true")


@dataclass
class Breach:
    rule: str
    message: str


class RecompileRules:
    """Feed it each call's compiled-side record in order; it answers with the first breach."""

    def __init__(self, before: dict | None,
                 reference: Callable[[int, int], bool | None] | None = None):
        before = before or {}
        self.previous = before.get("compiles") or 0
        self.previous_by_code: dict[str, int] = dict(before.get("compiles_by_code") or {})
        self.counted = self.previous            # compiles attributed to calls that returned
        self.counted_by_code: dict[str, int] = dict(self.previous_by_code)
        self.seen: dict[tuple, int] = {}
        self.sweeps = Sweeps(before.get("symbolic_recompiles") or 0, reference)

    def observe(self, index: int, signature, stats: dict | None, returned: bool) -> Breach | None:
        stats = stats or {}
        compiles = stats.get("compiles")
        if compiles is None:
            return None
        grew = compiles - self.previous
        self.previous = compiles
        by_code = self._growth_by_code(stats)
        excused = self.sweeps.symbolic_growth(stats)
        if not returned:
            return None  # a failing call's compiles are excused, and it is no precedent
        self.counted += max(grew, 0)
        for code, n in by_code.items():
            self.counted_by_code[code] = self.counted_by_code.get(code, 0) + n
        first = self.seen.get(signature)
        self.seen.setdefault(signature, index)
        reason = _last_reason(stats)
        if grew > 0 and first is not None:
            return Breach("R1", f"call {index}: R1 ({RULES['R1']}): its inputs match call "
                          f"{first}'s metadata but it compiled again ({compiles} compiles)"
                          f"{reason}")
        if self.counted > len(self.seen):
            return Breach("R2", f"call {index}: R2 ({RULES['R2']}): {self.counted} compiles "
                          f"for {len(self.seen)} distinct input signatures{reason}")
        return (self._cache_limit(stats, index)
                or self.sweeps.observe(index, signature, stats, _entry_growth(stats, by_code, grew),
                                       excused))

    def _growth_by_code(self, stats: dict) -> dict[str, int]:
        now = {str(k): v for k, v in (stats.get("compiles_by_code") or {}).items()}
        growth = {k: v - self.previous_by_code.get(k, 0) for k, v in now.items()}
        self.previous_by_code = now
        return {k: v for k, v in growth.items() if v > 0}

    def _cache_limit(self, stats: dict, index: int) -> Breach | None:
        limit = stats.get("cache_limit")
        if not limit:
            return None
        per_code = self.counted_by_code or {"entry": self.counted}
        for code, count in per_code.items():
            if count > limit:
                return Breach("R3", f"call {index}: R3 ({RULES['R3']}): code {code} compiled "
                              f"{count} times in calls that returned (cache limit {limit})")
        return None


@dataclass
class Sweeps:
    """R4's bookkeeping: the entry frame's compiles per sweep (size class), and the dimensions
    whose size changed within each sweep."""

    symbolic: int = 0                     # the subject's symbolic_recompiles so far
    # (traced call, later call) -> do a symbolic trace's guards accept the later call?
    reference: Callable[[int, int], bool | None] | None = None
    compiles: dict[tuple, int] = field(default_factory=dict)   # (class, code) -> compiles
    excused: dict[tuple, int] = field(default_factory=dict)    # class -> symbolic recompiles
    calls: dict[tuple, list[int]] = field(default_factory=dict)  # class -> calls that returned
    first: dict[tuple, dict] = field(default_factory=dict)     # class -> its first call's sizes
    changed: dict[tuple, set] = field(default_factory=dict)    # class -> (tensor, dim) changed

    def symbolic_growth(self, stats: dict) -> int:
        now = stats.get("symbolic_recompiles") or 0
        grew, self.symbolic = max(now - self.symbolic, 0), now
        return grew

    def observe(self, index: int, signature, stats: dict, growth: dict[str, int],
                excused: int) -> Breach | None:
        policy = str(stats.get("dynamic"))
        if policy not in SWEEP_POLICIES or signature is None:
            return None
        sweep = size_class(signature)
        calls = self.calls.setdefault(sweep, [])
        calls.append(index)
        changed = self._changed_dims(sweep, signature)
        bound = 1 + len(changed) if policy == "auto" else 1
        self.excused[sweep] = self.excused.get(sweep, 0) + excused
        for code, n in growth.items():
            count = self.compiles[sweep, code] = self.compiles.get((sweep, code), 0) + n
            if n and count - self.excused[sweep] > bound:
                accepted = self._reference(calls)
                if not accepted:  # the program forced it, or no trace can tell: excused
                    self.excused[sweep] += n
                    continue
                return Breach("R4", f"call {index}: R4 ({RULES['R4']}; dynamic={policy}): "
                              f"calls {_listed(calls)} differ only in tensor sizes of 2 or more, "
                              f"which allows {_allowance(policy, changed)}, and code {code} "
                              f"compiled {count} times for them, though a "
                              f"symbolic trace of call {calls[-2]} accepts call {index}'s sizes"
                              f"{_last_reason(stats)}")
        return None

    def _changed_dims(self, sweep: tuple, signature) -> set[tuple[int, int]]:
        sizes = tensor_sizes(signature)
        first = self.first.setdefault(sweep, sizes)
        changed = self.changed.setdefault(sweep, set())
        changed.update(dim for dim, size in sizes.items() if first.get(dim, size) != size)
        return changed

    def _reference(self, calls: list[int]) -> bool | None:
        if self.reference is None or len(calls) < 2:
            return len(calls) >= 2 or None  # without a reference, the count alone
        return self.reference(calls[-2], calls[-1])


def _allowance(policy: str, changed: set[tuple[int, int]]) -> str:
    if policy != "auto":
        return "1 compile (dynamic=true: every size symbolic from the first)"
    if not changed:
        return "1 compile (one static; no dimension changed)"
    by_tensor: dict[int, list[int]] = {}
    for tensor, dim in sorted(changed):
        by_tensor.setdefault(tensor, []).append(dim)
    dims = "; ".join(f"tensor {tensor} dim{'s' if len(d) > 1 else ''} {', '.join(map(str, d))}"
                     for tensor, d in by_tensor.items())
    return (f"{1 + len(changed)} compiles (one static, one per dimension that changed: "
            f"{dims})")


def _entry_growth(stats: dict, by_code: dict[str, int], grew: int) -> dict[str, int]:
    """The compiles R4 judges: the entry frame's (the first code object a subject reports; a
    frame resumed after a graph break has inputs, such as data-dependent locals, that the call
    signature does not show, so R3 alone bounds its compiles)."""
    codes = stats.get("compiles_by_code")
    if not codes:
        return {"entry": max(grew, 0)}
    entry = str(next(iter(codes)))
    return {entry: by_code.get(entry, 0)}


def _listed(calls: list[int]) -> str:
    return ", ".join(map(str, calls[:8])) + (", ..." if len(calls) > 8 else "")


def _last_reason(stats: dict) -> str:
    reasons = stats.get("recompile_reasons") or []
    return f"; last recompile reason: {reasons[-1]}" if reasons else ""
