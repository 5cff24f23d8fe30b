"""The closed set of verdicts one program gets against one subject (docs/verdicts.md)."""

from __future__ import annotations

import enum


class Verdict(enum.Enum):
    PASS = "pass"
    MISMATCH_VALUE = "mismatch-value"
    MISMATCH_EXCEPTION = "mismatch-exception"
    MISMATCH_MUTATION = "mismatch-mutation"
    CRASH = "crash"
    TIMEOUT = "timeout"
    ABORT = "abort"
    RECOMPILE_EXCESS = "recompile-excess"
    UNSUPPORTED = "unsupported"
    NONDETERMINISTIC = "nondeterministic"
    INVALID = "invalid"

    @property
    def is_failure(self) -> bool:
        """A fault of the subject; `unsupported`, `nondeterministic` and `invalid` are not."""
        return self not in _NOT_FAILURES

    def __str__(self) -> str:
        return self.value


_NOT_FAILURES = frozenset(
    {Verdict.PASS, Verdict.UNSUPPORTED, Verdict.NONDETERMINISTIC, Verdict.INVALID}
)
