"""Errors the compiler raises: Unsupported (with a BreakReason), CompilerBug.

Unsupported names the construct, the file and the line; outside fullgraph it is caught and the
frame is split at a graph break or runs eagerly.
"""

from __future__ import annotations

import enum


class BreakReason(enum.Enum):
    """Why tracing stopped: the closed set of graph-break causes."""

    UNSUPPORTED_OPCODE = "unsupported opcode"
    UNSUPPORTED_CALL = "call of an unsupported function"
    DATA_DEPENDENT = "control flow or value that depends on tensor data"
    UNSUPPORTED_VALUE = "value the tracer cannot model"
    UNSUPPORTED_ATTRIBUTE = "attribute access the tracer cannot model"
    SIDE_EFFECT = "side effect the tracer cannot replay"
    EXCEPTION = "exception raised while tracing"
    INLINE_LIMIT = "inlining depth limit"
    SKIPPED_FRAME = "frame kind that is never traced"


class CompilerError(Exception):
    """Base of the compiler's own errors."""


class Unsupported(CompilerError):
    """The tracer met something it cannot model: names the construct, file and line."""

    def __init__(self, what: str, reason: BreakReason = BreakReason.UNSUPPORTED_VALUE,
                 where: str | None = None):
        self.what = what
        self.reason = reason
        self.where = where
        self.break_index: int | None = None  # top-frame instruction the graph can break at
        self.raised: BaseException | None = None  # set when the frame raises this, uncaught
        # it reads the frame it runs in (globals(), eval): the frame cannot break there, where
        # the runner, not the program's frame, would run it
        self.frame_bound = False
        super().__init__(self._render())

    def _render(self) -> str:
        at = f" at {self.where}" if self.where else ""
        return f"{self.what}{at} ({self.reason.value})"

    def located(self, where: str) -> Unsupported:
        """Attach the file:line of the instruction being traced, once (innermost wins)."""
        if self.where is None:
            self.where = where
            self.args = (self._render(),)
        return self


class CompilerBug(CompilerError):
    """An internal invariant failed: a bug in the compiler, never the user's fault."""
