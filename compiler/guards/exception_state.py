"""The exception being handled where the compiled code is called, as a guard.

`sys.exc_info()` in a frame that handles no exception itself gives the exception its callers
are handling: a frame called from an `except` block sees the caller's. A trace that answered
`sys.exc_info()` from nothing being handled holds only while nothing is handled at the call.
"""

from __future__ import annotations

import dataclasses
import sys

from compiler.guards.guard import Binder, Condition, Guard, GuardKind


@dataclasses.dataclass(frozen=True)
class NoHandledExceptionGuard(Guard, kind=GuardKind.HANDLED_EXCEPTION):
    """No exception is being handled where the compiled code is called (expected: True)."""

    expected: bool = dataclasses.field(compare=False, default=True)

    def conditions(self, binder: Binder) -> list[Condition]:
        exc_info = binder.bind(sys.exc_info)
        return [Condition(f"{exc_info}()[1] is None",
                          lambda get: "no exception handled at the call (got "
                                      f"{get(exc_info + '()[1]')!r})")]

    def describe(self) -> str:
        return "sys.exc_info() == (None, None, None)"
