"""Graph-break splitting at run time: after the graph before a break, run the breaking
instruction in Python, then call the resume function (itself compiled) for the rest.
"""

from __future__ import annotations

import functools
import types
import weakref
from typing import Any

import torch

from compiler.bytecode.instructions import bytecode_of
from compiler.bytecode.resume import resume_code
from compiler.errors import BreakReason, Unsupported
from compiler.symbolic.breakable import BREAKABLE, CALL, JUMP_KEEPING, JUMP_POPPING, NULL, RAISES
from compiler.symbolic.ops_exceptions import blocks_around


def _enter_blocks(stack: list) -> None:
    """Before the breaking instruction: the states of the `with` blocks around it that the
    graph left (autocast, inference mode) entered anew, outermost first
    (compiler/values/block_exits.py)."""
    from compiler.values.block_exits import BlockExit
    BlockExit.enter_all(stack)


def _leave_blocks(stack: list, exc: BaseException) -> None:
    """The breaking instruction raised inside `with` blocks with resumable exits (the only
    blocks a break resumes in, bar try blocks) and no handler: their exits run, innermost
    first, as CPython's handlers would."""
    from compiler.values.block_exits import BlockExit
    BlockExit.leave_all(stack, exc)


def _call_module():
    from compiler.module_entry import _call_module
    return _call_module


class _CalleeTable(weakref.WeakKeyDictionary):
    """The frames compiled for callees at breaks, by callee, for one compiled callable; made
    again when `compiler.reset()` gives it new statistics."""

    def __init__(self, stats):
        super().__init__()
        self.stats = stats


def _callee_table(frame) -> _CalleeTable:
    table = getattr(frame, "callee_frames", None)
    if table is None or table.stats is not frame.stats:
        table = frame.callee_frames = _CalleeTable(frame.stats)
    return table


class BreakRunner:
    """Runs one break point of one compiled frame; owns its resume functions."""

    def __init__(self, owner, point):
        self.owner = owner
        self.point = point
        code = owner.function.__code__
        self.code = code
        instructions = bytecode_of(code).instructions
        self.inst = instructions[point.index]
        self.op = BREAKABLE[self.inst.opname]  # what the translator split at, described
        following = point.index + 1
        self.next_offset = instructions[following].offset if following < len(instructions) else -1
        self.resumes: dict[tuple, Any] = {}
        # An exception of the breaking instruction goes to the innermost block's handler, in
        # a resume function: a copy of the code, so the blocks around it are those of CPython.
        # Only `with` blocks around (their exits resumable): they run here (no handler to
        # resume).
        bytecode = bytecode_of(code)
        self.handler = bytecode.handler_for(self.inst.offset)
        self.only_with_blocks = all(kind == "with" for kind, _, _ in
                                    blocks_around(bytecode, self.inst.offset))
        self._prepare()

    def _prepare(self) -> None:
        """Make every resume function this break can need now, at compile time: one that
        cannot be made must turn the break into an eager fallback, not fail mid-call."""
        nulls = list(self.point.stack_nulls)
        made = set(self.point.bound) | set(self.point.cells)
        unbound = frozenset(n for n in self.code.co_varnames if n not in made)
        if not set(self.code.co_cellvars) <= set(self.point.cells):
            raise Unsupported("a graph break before the frame made its cells",
                              BreakReason.UNSUPPORTED_VALUE)
        exits = []
        if self.handler is not None and not self.only_with_blocks:  # where an exception goes
            handler = self.handler
            exits.append((handler.target, nulls[:handler.depth] + [False] * (1 + handler.lasti)))
        if self.op.flow != RAISES:  # nothing else runs after a raise
            exits += self.op.exits(self.inst, nulls, self.next_offset)
        for target, layout in exits:
            self._resume_function(target, tuple(layout), unbound)

    def continue_from(self, stack_values, local_values):
        values = iter(stack_values)
        stack = [NULL if null else next(values) for null in self.point.stack_nulls]
        n_bound = len(self.point.bound)
        frame_locals = dict(zip(self.point.bound, local_values[:n_bound]))
        frame_locals.update(zip(self.point.cells, local_values[n_bound:]))  # cell objects
        _enter_blocks(stack)  # (an inference-mode block's sets the grad mode of before it)
        torch._C._set_grad_enabled(self.point.grad_mode)  # the graph restored the caller's
        try:
            target = self._execute(stack)
        except BaseException as exc:
            if self.handler is None or self.only_with_blocks:
                _leave_blocks(stack, exc)
                raise
            return self._resume_in_handler(exc, stack, frame_locals)
        return self._resume(target, stack, frame_locals)

    # -- the breaking instruction -------------------------------------------------------------
    def _execute(self, stack: list) -> int:
        """Run the instruction on the real stack; return where the frame continues."""
        op, inst = self.op, self.inst
        taken = op.pops(inst, [slot is NULL for slot in stack])
        operands = stack[len(stack) - taken:]
        del stack[len(stack) - taken:]
        if op.flow == CALL:
            fn, args, kwargs = op.run(inst, *operands, kw_names=self.point.kw_names or ())
            stack.append(self._compiled_callee(fn)(*args, **kwargs))
            return self.next_offset
        result = op.run(inst, *operands)
        if op.flow == JUMP_POPPING:
            return inst.argval if result else self.next_offset
        if op.flow == JUMP_KEEPING:
            if result:
                stack.extend(operands)
                return inst.argval
            return self.next_offset
        if op.null_below:
            stack.append(NULL)
        if op.pushes:
            stack.append(result)
        return self.next_offset

    def _compiled_callee(self, fn):
        """A Python function, method or module called at a break runs as a compiled frame of
        its own, with its own cache, guards, graphs and breaks (what CPython would call: a
        module through its call path, hooks included). Anything else runs as it is."""
        if isinstance(fn, types.MethodType) and isinstance(fn.__func__, types.FunctionType):
            if _is_torch_internal(fn.__func__):
                return fn  # torch's machinery (a custom autograd Function's apply): as it is
            return functools.partial(self._callee_frame(fn.__func__), fn.__self__)
        if isinstance(fn, torch.nn.Module) and self.owner.original is _call_module():
            return fn  # the module's own call path (hooks) could not be traced whole: as is
        if isinstance(fn, types.FunctionType) and _is_torch_internal(fn):
            return fn  # torch's machinery (a torch.func transform's wrapper): as it is
        if isinstance(fn, (types.FunctionType, torch.nn.Module)):
            return self._callee_frame(fn)
        return fn

    def _callee_frame(self, fn):
        """One frame per callee for the whole compiled callable (its entry, resume functions
        and callees share the table): a recursive callee reuses its frame, so its cache limit
        bounds the compiles, and then it runs eagerly."""
        table = _callee_table(self.owner)
        frame = table.get(fn)
        if frame is None:
            if isinstance(fn, torch.nn.Module):
                from compiler.module_entry import CompiledModule
                frame = CompiledModule(fn, backend=self.owner.backend_spec,
                                       fullgraph=self.owner.fullgraph, dynamic=self.owner.dynamic,
                                       stats=self.owner.stats, nested=True)
                self.owner.nested_frames.append(frame)
            else:
                frame = self.owner.nested(fn)
            frame.callee_frames = table
            table[fn] = frame
        return frame

    # -- resuming -----------------------------------------------------------------------------
    def _resume_function(self, target: int, nulls: tuple, unbound: frozenset):
        key = (target, nulls, unbound)
        compiled = self.resumes.get(key)
        if compiled is None:
            code = resume_code(self.code, target, list(nulls), set(unbound))
            fn = self.owner.function
            resume_fn = types.FunctionType(code, fn.__globals__, code.co_name, None,
                                           fn.__closure__)
            compiled = self.owner.nested(resume_fn)
            compiled.callee_frames = _callee_table(self.owner)
            self.resumes[key] = compiled
        return compiled

    def _resume_in_handler(self, exc: BaseException, stack: list, frame_locals: dict):
        """As CPython unwinds to a handler: the stack cut to the handler's depth, then the
        offset of the raising instruction if the handler wants it, then the exception."""
        handler = self.handler
        del stack[handler.depth:]
        if handler.lasti:  # in code units of the resume function, whose prologue comes first
            nulls = tuple(slot is NULL for slot in stack) + (False, False)
            unbound = frozenset(n for n in self.code.co_varnames if n not in frame_locals)
            resume = self._resume_function(handler.target, nulls, unbound).function.__code__
            stack.append((self.inst.offset + len(resume.co_code) - len(self.code.co_code)) // 2)
        stack.append(exc)
        return self._resume(handler.target, stack, frame_locals)

    def _resume(self, target: int, stack: list, frame_locals: dict):
        varnames = self.code.co_varnames
        nulls = tuple(slot is NULL for slot in stack)
        unbound = frozenset(n for n in varnames if n not in frame_locals)
        compiled = self._resume_function(target, nulls, unbound)
        args = [frame_locals.get(n) for n in varnames]
        args += [slot for slot in stack if slot is not NULL]
        args += [frame_locals[n] for n in self.code.co_cellvars if n not in varnames]
        return compiled(*args)


def _is_torch_internal(fn) -> bool:
    """A function of torch's own modules other than nn's module code: the tracer does not
    model the interpreter state such code keeps (functorch's transform levels). A transform's
    wrapper carries the module of the function it wraps: its code tells where it was made."""
    from compiler.symbolic.translator import NEVER_INLINED
    from compiler.values.torch_functions import made_by_functorch
    defined_in = fn.__globals__.get("__name__") or ""
    if defined_in in NEVER_INLINED:  # (the regular expressions')
        return True
    # the module it says, and the one whose globals it has (torch.cond says "torch")
    return any(module == "torch" or (module.startswith("torch.") and not module.startswith(
        "torch.nn.")) for module in (fn.__module__ or "", defined_in)) or made_by_functorch(fn)
