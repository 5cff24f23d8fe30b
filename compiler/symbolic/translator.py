"""The translator: runs one frame's bytecode over value trackers, one handler per opcode.

The entry frame and every inlined call get their own Translator (stack, locals, cells) over a
shared TraceContext. A program-level exception is routed through the exception table.
"""

from __future__ import annotations

import inspect
import types
from typing import Any

from compiler.bytecode.instructions import bytecode_of
from compiler.config import config
from compiler.errors import BreakReason, CompilerBug, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import (
    MISSING,
    ConstantSource,
    DictStorageItemSource,
    GlobalSource,
    ItemSource,
)
from compiler.symbolic.breakable import BREAKABLE_OPCODES, splits_when_raising
from compiler.symbolic.context import TraceContext
from compiler.symbolic.ops_exceptions import resumable_blocks_around
from compiler.symbolic.registry import HANDLERS, UNSUPPORTED_OPCODES
from compiler.values.base import RaisedByProgram, Value
from compiler.values.callables import CellValue, UserFunctionValue, bind_arguments
from compiler.values.constant import FLAG_TYPES, ConstantValue
from compiler.values.objects import MUTABLE_STATE


class NullValue(Value):
    """The NULL that 3.11 pushes below a callable (PUSH_NULL, LOAD_GLOBAL with bit 0)."""

    def __repr__(self) -> str:
        return "NULL"


NULL = NullValue()

# Modules whose Python functions are never inlined: they are called in Python at a graph break.
# The regular expression functions read and fill a module-level cache of compiled patterns,
# which any other code changes: inlining them would guard on that cache.
NEVER_INLINED = frozenset({"re", "re._compiler", "re._parser", "re._casefix"})


class Translator:
    def __init__(self, ctx: TraceContext, code: types.CodeType, f_globals: dict,
                 local_values: dict[str, Value], closure: list[CellValue] | None = None,
                 parent: Translator | None = None, function: UserFunctionValue | None = None):
        self.ctx = ctx
        self.code = code
        self.bytecode = bytecode_of(code)
        self.f_globals = f_globals
        self.locals: dict[str, Value] = dict(local_values)
        self.cells: dict[str, CellValue] = {}
        for name, cell in zip(code.co_freevars, closure or ()):
            self.cells[name] = cell
        self.parent = parent
        self.function = function
        self.depth = 0 if parent is None else parent.depth + 1
        self.stack: list[Value] = []
        self.ip = 0
        self.index = 0
        self.kw_names: tuple[str, ...] = ()
        self.exc_stack: list[Value] = []
        self.result: Value | None = None
        self.suspended: Value | None = None  # a generator's frame: the value it yields now
        self.closing_runs_code = False  # ... at a yield where GeneratorExit runs program code
        self.break_at: int | None = None   # stop before this instruction (a graph break)
        self.stopped_at_break = False

    # -- the loop -----------------------------------------------------------------------------
    def run(self) -> Value:
        instructions = self.bytecode.instructions
        while self.result is None and self.suspended is None:
            if self.ip >= len(instructions):
                raise CompilerBug(f"fell off the end of {self.code.co_name}")
            self.index = self.ip
            if self.index == self.break_at:
                self.stopped_at_break = True
                return None
            inst = instructions[self.ip]
            self.ip += 1
            handler = HANDLERS.get(inst.opname)
            ops = self.ctx.graph.op_count
            try:
                if handler is None:
                    reason = UNSUPPORTED_OPCODES.get(inst.opname, "no handler")
                    raise Unsupported(f"opcode {inst.opname} ({reason})",
                                      BreakReason.UNSUPPORTED_OPCODE)
                handler(self, inst)
            except RaisedByProgram as raised:
                self.route_exception(raised)
            except Unsupported as exc:
                if (self.parent is None and exc.break_index is None and not exc.frame_bound
                        and inst.opname in BREAKABLE_OPCODES
                        and resumable_blocks_around(self, inst.offset)):
                    exc.break_index = self.index
                raise exc.located(self.where()) from None
            if self.ctx.graph.op_count != ops:
                self.ctx.note_ops(self, inst.offset)
        return self.result

    def where(self) -> str:
        line = self.bytecode.line_of(self.index)
        return f"{self.code.co_filename}:{line}"

    def route_exception(self, raised: RaisedByProgram) -> None:
        """Jump to the handler of the current instruction, or let the exception leave."""
        if not raised.context_recorded:  # an error an operation raised, seen here first
            raised.context_recorded = True
            self.ctx.exception_contexts.raised_by_operation(self, raised.exc)
        offset = self.bytecode.instructions[self.index].offset
        entry = self.bytecode.handler_for(offset)
        inst = self.bytecode.instructions[self.index]
        if entry is None and self.parent is None and splits_when_raising(inst):
            # The frame raises: compile what comes before, then run the instruction in Python
            # (it raises there, for real; should it not, the resume function goes on).
            stop = Unsupported(f"the program raises {type(raised.exc).__name__}",
                               BreakReason.EXCEPTION)
            stop.break_index = self.index
            stop.raised = raised.exc
            raise stop.located(self.where())
        if entry is None:
            raise raised
        from compiler.values.exceptions import ExceptionValue
        del self.stack[entry.depth:]
        if entry.lasti:
            self.stack.append(ConstantValue(offset))
        self.stack.append(ExceptionValue(raised.exc, raised=True))
        self.ip = self.bytecode.index(entry.target)

    # -- stack --------------------------------------------------------------------------------
    def push(self, value: Value) -> None:
        self.stack.append(value)

    def pop(self) -> Value:
        return self.stack.pop()

    def popn(self, n: int) -> list[Value]:
        if n == 0:
            return []
        values = self.stack[-n:]
        del self.stack[-n:]
        return values

    def jump(self, inst) -> None:
        self.ip = self.bytecode.index(inst.argval)

    def const(self, value: Any) -> Value:
        from compiler.values.wrap import wrap_constant
        return wrap_constant(value)

    # -- globals ------------------------------------------------------------------------------
    def global_source(self, name: str):
        if self.f_globals is self.ctx.f_globals:
            return GlobalSource(name)
        value = self.f_globals.get(name)
        if str(self.f_globals.get("__name__", "")).startswith("torch.") and (
                type(value) not in FLAG_TYPES and not isinstance(value, MUTABLE_STATE)):
            return None  # torch's own functions, classes, modules are fixed: no guard
        # (its tables, such as the global module hooks, are state: guarded like any other)
        # any other module's globals, and torch's flags (`mha._is_fastpath_enabled`): guarded
        label = self.ctx.label_for(self.f_globals, "globals")
        return ItemSource(ConstantSource(label, self.f_globals), name)

    def load_global(self, name: str) -> Value:
        from compiler.values.wrap import wrap
        written = self.ctx.side_effects.global_writes.get((id(self.f_globals), name))
        if written is not None:
            if written[2] is None:
                raise RaisedByProgram(NameError(f"name {name!r} is not defined"))
            return written[2]
        if name in self.f_globals:
            return wrap(self.ctx, self.f_globals[name], self.global_source(name))
        builtins = self.f_globals.get("__builtins__", __builtins__)
        table = builtins if isinstance(builtins, dict) else builtins.__dict__
        self._guard_lookup(self.f_globals, name)  # not shadowed by a global made later
        self._guard_lookup(table, name)  # nor `builtins.name` replaced
        if name in table:
            return wrap(self.ctx, table[name], None)
        raise RaisedByProgram(NameError(f"name {name!r} is not defined"))

    def _guard_lookup(self, namespace: dict, name: str) -> None:
        """Guard what `namespace` holds under `name` now (MISSING when absent), except in
        torch's own modules, whose names are fixed (global_source)."""
        if str(self.f_globals.get("__name__", "")).startswith("torch."):
            return
        label = self.ctx.label_for(namespace, "globals")
        self.ctx.guard(DictStorageItemSource(ConstantSource(label, namespace), name),
                       GuardKind.ID, namespace.get(name, MISSING))

    # -- calls --------------------------------------------------------------------------------
    def inline_call(self, fn: UserFunctionValue, args: list[Value],
                    kwargs: dict[str, Value]) -> Value:
        code = fn.code
        if self.depth >= config.inline_depth:
            raise Unsupported(f"inlining {fn.name} past depth {config.inline_depth}",
                              BreakReason.INLINE_LIMIT)
        if code.co_flags & (inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR |
                            inspect.CO_ITERABLE_COROUTINE):
            raise Unsupported(f"calling coroutine {fn.name}", BreakReason.SKIPPED_FRAME)
        module = fn.f_globals.get("__name__")
        if module in NEVER_INLINED:
            raise Unsupported(f"calling {module}.{fn.name}: run in Python",
                              BreakReason.SKIPPED_FRAME)
        bound = bind_arguments(code, fn.name, fn.defaults(self.ctx), fn.kwdefaults(self.ctx),
                               args, kwargs)
        inner = Translator(self.ctx, code, fn.f_globals, bound, fn.closure(self.ctx),
                           parent=self, function=fn)
        if code.co_flags & inspect.CO_GENERATOR:
            from compiler.values.generators import GeneratorValue
            generator = GeneratorValue(inner)  # its body runs one step per next()
            self.ctx.generators.append(generator)
            return generator
        return inner.run()

    def super_of(self, cls: type, obj: Value) -> Value:
        """`super(cls, obj)`; the zero-argument form finds both in the frame (below)."""
        from compiler.values.super_lookup import SuperValue
        return SuperValue(cls, obj)

    def zero_argument_super(self) -> Value:
        cell = self.cells.get("__class__")
        first = self.code.co_varnames[0] if self.code.co_argcount else None
        if cell is None or first is None:
            raise RaisedByProgram(RuntimeError("super(): no arguments"))
        owner = cell.load(self).as_constant()
        first_value = self.locals.get(first)
        if first_value is None and first in self.cells:
            first_value = self.cells[first].load(self)
        return self.super_of(owner, first_value)
