"""`__context__` of the exceptions a trace raises, as CPython sets it (implicit chaining).

CPython sets it when an exception is raised (not re-raised) while another is being handled:
the handled one becomes its context, and a cycle that would make is cut where the chain
reaches the raised exception again. Raised with nothing handled, an exception keeps the
context it had. The trace keeps its own record, by identity, rather than the real objects'
attribute (the tracer's own Python code raises some of them):

- `raise exc` records the handled exception (the innermost one any traced frame handles);
- an error an operation raised (first seen by the trace) is recorded the same way, unless
  Python set a cause or context on it, or it arrives in a generator's frame (`throw()` chains
  nothing): then its context is unknown;
- a generator's frame met before any handled exception (what is handled there depends on who
  resumes it) makes it unknown.

Reading a context that is unknown is refused; reading one the trace never set (None, or what
the caller of the compiled code handles) is guarded on the caller handling nothing. The
program assigning `__context__` replaces the record (a cycle it makes is followed without
hanging, as CPython's cut does).

It also records which exceptions were raised in the trace, and which have no traceback: one
made and never raised, or whose `__traceback__` the program set to None since it was last
raised. Reading a traceback that exists is refused.
"""

from __future__ import annotations

import inspect
import sys
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.exception_state import NoHandledExceptionGuard
from compiler.values.base import RaisedByProgram

UNKNOWN = object()
_GENERATOR_FLAGS = (inspect.CO_GENERATOR | inspect.CO_COROUTINE
                    | inspect.CO_ASYNC_GENERATOR)


def unchained(frame, exc: BaseException) -> RaisedByProgram:
    """`exc` raised by a generator's throw(), which keeps its `__context__` as it was (it
    chains nothing) and gives it a traceback."""
    frame.ctx.exception_contexts.mark_raised(exc)
    raised = RaisedByProgram(exc)
    raised.context_recorded = True
    return raised


def handled_tracker(tx) -> Any:
    """The tracker of the exception the innermost traced frame handles, None, or UNKNOWN (a
    generator frame on the way: what its caller handles is not known)."""
    frame = tx
    while frame is not None:
        if frame.exc_stack:
            return frame.exc_stack[-1]
        if frame.code.co_flags & _GENERATOR_FLAGS:
            return UNKNOWN
        frame = frame.parent
    return None


def _handled(tx) -> Any:
    """The exception the innermost traced frame handles, None, or UNKNOWN."""
    tracker = handled_tracker(tx)
    if tracker is None or tracker is UNKNOWN:
        return tracker
    exc = getattr(tracker, "exc", None)
    return exc if isinstance(exc, BaseException) else UNKNOWN


class ExceptionContexts:
    """The trace's record of `__context__`, by exception identity."""

    def __init__(self):
        self._by_id: dict[int, tuple[BaseException, Any]] = {}
        self._unknown_all = False  # a cycle could not be followed: no context is known
        self._raised: dict[int, BaseException] = {}
        self._cleared: dict[int, BaseException] = {}  # traceback set to None since raised

    def mark_raised(self, exc: BaseException) -> None:
        """`exc` was raised (or re-raised) in the trace: it has a traceback from now on."""
        self._raised[id(exc)] = exc
        self._cleared.pop(id(exc), None)

    def set_traceback(self, exc: BaseException, present: bool) -> None:
        """The program set `exc.__traceback__` to None (False) or to a traceback (True)."""
        if present:
            self.mark_raised(exc)  # (a traceback the trace handed out: of a raised one)
        else:
            self._cleared[id(exc)] = exc

    def was_raised(self, exc: BaseException) -> bool:
        """Whether `exc` was raised in the trace (its traceback may since be set to None)."""
        return self._raised.get(id(exc)) is exc

    def has_traceback(self, exc: BaseException) -> bool:
        return self.was_raised(exc) and self._cleared.get(id(exc)) is not exc

    def assign(self, exc: BaseException, context: BaseException | None) -> None:
        """The program's `exc.__context__ = context`."""
        self._by_id[id(exc)] = (exc, context)

    def _entry(self, exc: BaseException) -> Any:
        found = self._by_id.get(id(exc))
        return found[1] if found is not None and found[0] is exc else None

    def _has_entry(self, exc: BaseException) -> bool:
        found = self._by_id.get(id(exc))
        return found is not None and found[0] is exc

    def raised_by_statement(self, tx, exc: BaseException) -> None:
        """`raise exc` (with or without `from`): chain what is handled, cutting a cycle."""
        self.mark_raised(exc)
        handled = _handled(tx)
        if handled is None or handled is exc:
            return
        if handled is not UNKNOWN:
            self._cut_cycle(handled, exc)
        self._by_id[id(exc)] = (exc, handled)

    def _cut_cycle(self, handled: BaseException, exc: BaseException) -> None:
        """CPython's cut: the first link whose context is `exc` loses it; a cycle already in
        the chain (made by assigning `__context__`) ends the walk once it is gone round."""
        link, seen = handled, {id(handled)}
        while self._has_entry(link):
            context = self._entry(link)
            if context is UNKNOWN:
                self._unknown_all = True
                return
            if context is exc:
                self._by_id[id(link)] = (link, None)
                return
            if context is None or id(context) in seen:
                return
            seen.add(id(context))
            link = context

    def raised_by_operation(self, tx, exc: BaseException) -> None:
        """An error an operation raised, seen by the trace for the first time: chained as a
        raise statement's, unless Python chained it already (C code's `raise ... from`) or
        it is delivered in a generator's frame (`throw()` chains nothing). One raised before
        in the trace and delivered again (thrown into a generator) keeps its context."""
        if self.was_raised(exc) or self._has_entry(exc):
            self.mark_raised(exc)
            return
        self.mark_raised(exc)
        plain = exc.__cause__ is None and exc.__context__ is None
        if not plain or tx.code.co_flags & _GENERATOR_FLAGS:
            self._by_id[id(exc)] = (exc, UNKNOWN)
        else:
            self.raised_by_statement(tx, exc)

    def context_of(self, tx, exc: BaseException) -> BaseException | None:
        context = self._entry(exc)
        if context is UNKNOWN or self._unknown_all:
            raise Unsupported("the __context__ of an exception raised where the tracer does "
                              "not know what was handled", BreakReason.UNSUPPORTED_ATTRIBUTE)
        if context is not None or self._has_entry(exc):
            return context
        if sys.exc_info()[1] is not None:  # the trace runs in the call: what its caller handles
            raise Unsupported("the __context__ of an exception in code called while an "
                              "exception is handled", BreakReason.UNSUPPORTED_ATTRIBUTE)
        tx.ctx.add_guard(NoHandledExceptionGuard(None))
        return None
