"""The exits of `with` blocks a graph break resumes inside (compiler/cache/breaks.py).

At a break inside a `with` block, the block's exit is a slot of the stack that the resume
function gets: it calls it where the block ends, as CPython's code calls the manager's
`__exit__`. A block whose exit can be handed over exactly has a *resumable exit*: its tracker
(`resumable_exit`) is rebuilt at the break as a real callable, a `BlockExit`, that undoes
exactly that block's enter and nothing else:

- a grad-mode block: sets back the mode of before the block (`RestoreGradMode`,
  compiler/values/torch_functions.py);
- an inference-mode or autocast block, a region (compiler/values/regions.py): the graph before
  the break leaves the region at its end; the break runner enters a real manager made with the
  block's settings before the breaking instruction runs (`enter`), and the slot calls that
  manager's `__exit__` (`ResumedRegion`);
- a `contextlib.nullcontext()` block: its exit is the manager's own `__exit__`, which does
  nothing, rebuilt with the object.

The breaking instruction runs with every block's state in force (outermost entered first), and
so does the resume function. An exception of the breaking instruction leaves them innermost
first (`BlockExit.leave_all`), as CPython's handlers would. In the resume function's trace, a
region entered at a break is an input whose exit is a graph break of its own: it runs in
Python, for real, since a graph cannot hold the manager it leaves.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value


class BlockExit:
    """A real exit handed to a resume function: called as `__exit__(type, value, traceback)`."""

    def enter(self) -> None:
        """At the break, before the breaking instruction: put the block's state in force again
        where the graph before the break left it (by default it did not)."""

    def __call__(self, *exc_info) -> Any:
        raise NotImplementedError

    def wrapped(self, ctx, source) -> Value:
        """The tracker of this exit read from `source` in a trace, guarded."""
        raise NotImplementedError

    @staticmethod
    def enter_all(values) -> None:
        """The blocks' states in force again, outermost first (the stack's order)."""
        for value in list(values):
            if isinstance(value, BlockExit):
                value.enter()

    @staticmethod
    def leave_all(values, exc: BaseException | None = None) -> None:
        """Run the exits among `values` innermost first, as CPython's handlers would when `exc`
        was raised inside the blocks. (None of them suppresses an exception.)"""
        exc_info = (type(exc), exc, exc.__traceback__) if exc is not None else (None,) * 3
        for value in reversed(list(values)):
            if isinstance(value, BlockExit):
                value(*exc_info)


class ResumedRegion(BlockExit):
    """The exit of an inference-mode or autocast block a break resumed inside: `make()` gives
    a real manager with the block's settings, entered at the break (after setting the grad
    mode of before the block, `grad_before`, which an inference-mode manager saves and gives
    back); the slot leaves it, once."""

    def __init__(self, make: Callable[[], Any], grad_before: bool | None = None):
        self.make = make
        self.grad_before = grad_before
        self.manager: Any = None
        self.left = False

    def enter(self) -> None:
        if self.manager is not None:  # entered at an earlier break, still open
            return
        if self.grad_before is not None:
            torch._C._set_grad_enabled(self.grad_before)
        manager = self.make()
        manager.__enter__()
        self.manager = manager

    def __call__(self, *exc_info) -> Any:
        if self.manager is None or self.left:
            return None
        self.left = True
        return self.manager.__exit__(*exc_info)

    def wrapped(self, ctx, source) -> Value:
        from compiler.guards.guard import GuardKind
        from compiler.guards.sources import AttrSource

        ctx.guard(source, GuardKind.TYPE, ResumedRegion)
        ctx.guard(AttrSource(source, "left"), GuardKind.EQUALS, self.left)
        if self.left or self.manager is None:
            raise Unsupported("the exit of a block that is not open", BreakReason.UNSUPPORTED_VALUE)
        return EnteredExitValue(source)

    def __repr__(self) -> str:
        return f"ResumedRegion({self.make!r})"


def resumed_autocast(device: str, dtype, enabled: bool, cache_enabled: bool) -> Callable:
    return functools.partial(torch.amp.autocast, device, dtype, enabled, cache_enabled)


def resumed_inference_mode(mode: bool) -> Callable:
    return functools.partial(torch.inference_mode, mode)


def is_resumable_exit(value: Value) -> bool:
    """A `with` block's exit a break can resume inside: a tracker that says so, or
    nullcontext's own `__exit__` bound to a nullcontext (it does nothing; the resume function
    gets the real bound method, rebuilt with its object)."""
    if value.resumable_exit:
        return True
    from compiler.values.callables import UserFunctionValue, UserMethodValue

    return (
        isinstance(value, UserMethodValue)
        and isinstance(value.function, UserFunctionValue)
        and value.function.fn is contextlib.nullcontext.__exit__
    )


def runs_no_program_code(value: Value) -> bool:
    """An exit an exception passes through without running code of the program."""
    return is_resumable_exit(value)


class EnteredExitValue(Value):
    """The exit of a region entered at a graph break (a ResumedRegion), an input of the resume
    function: rebuilt from its source at a later break; called, it is a graph break at the
    call, which runs it in Python."""

    resumable_exit = True

    def python_type(self) -> type:
        return ResumedRegion

    def call(self, tx, args, kwargs) -> Value:
        raise Unsupported(
            "leaving a block entered at a graph break (its manager is no value of the graph)",
            BreakReason.UNSUPPORTED_CALL,
        )


def wrap_block_exit(ctx, obj: BlockExit, source) -> Value:
    """A real exit met in a trace (an argument of a resume function): its own kind's tracker,
    guarded."""
    if type(obj).wrapped is BlockExit.wrapped:  # (a subclass made elsewhere)
        raise Unsupported(f"a {type(obj).__name__} object", BreakReason.UNSUPPORTED_VALUE)
    return obj.wrapped(ctx, source)
