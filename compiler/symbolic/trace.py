"""Trace one call of a frame: wrap its arguments, run the translator, and produce the graph,
the guards and the output plan — or the Unsupported that stopped it, with the guards so far.

With `break_at`, the trace stops before that instruction of the frame (a graph break): the
output plan then rebuilds the stack and the locals there, for the resume function.
"""

from __future__ import annotations

import dataclasses
import types

import torch
import torch.fx as fx

from compiler import logs
from compiler.bytecode.resume import is_resume_code
from compiler.config import config
from compiler.errors import BreakReason, Unsupported
from compiler.graph.output import OutputPlan
from compiler.guards.guard import Guard
from compiler.guards.sources import LocalSource
from compiler.symbolic import (  # noqa: F401 - registers the handlers
    ops_arith,
    ops_build,
    ops_call,
    ops_control,
    ops_exceptions,
    ops_load_store,
    ops_match,
    ops_stack,
)
from compiler.symbolic.context import TraceContext
from compiler.symbolic.translator import NullValue, Translator
from compiler.values.base import RaisedByProgram
from compiler.values.callables import FrameCellValue, UserFunctionValue, real_cell_value
from compiler.values.containers import TupleValue
from compiler.values.generators import check_closed as check_generators_closed
from compiler.values.input_aliasing import check_instance_dict_aliases
from compiler.values.regions import leave_open_regions
from compiler.values.tensor_requires_grad import check_outputs as check_grad_outputs
from compiler.values.tensor_selection import check_outputs as check_selection_outputs
from compiler.values.wrap import wrap


@dataclasses.dataclass
class ResumePoint:
    """Where a trace stopped for a graph break, and the shape of the state there."""

    index: int                   # instruction index in the frame's code
    stack_nulls: list[bool]      # from the bottom: True where the slot is a NULL
    bound: list[str]             # locals that are bound, in co_varnames order
    kw_names: tuple[str, ...]
    grad_mode: bool = True       # the grad mode the breaking instruction runs in
    cells: list[str] = dataclasses.field(default_factory=list)  # the frame's own cells made


@dataclasses.dataclass
class TraceResult:
    guards: list[Guard]
    graph: fx.GraphModule | None = None
    example_inputs: list = dataclasses.field(default_factory=list)
    input_sources: list = dataclasses.field(default_factory=list)
    rebuild: object = None
    rebuild_source: str = ""
    op_count: int = 0
    stopped: Unsupported | None = None      # why the frame must run eagerly (or break)
    raised: BaseException | None = None     # the program raises for these inputs
    resume: ResumePoint | None = None       # set when the result ends at a graph break
    shapes: object = None                   # the ShapeInputs of the trace (compiler/shapes)
    # Should the graph raise at run time: may the frame run again eagerly (no input written in
    # place, or the written ones copied first), and must the RNG state be put back first.
    rerunnable: bool = True
    put_back: tuple[int, ...] = ()  # the graph inputs to copy before it runs, to put back
    draws_random: bool = False
    under_handler: bool = False   # a handler of a frame was around graph ops


def trace_frame(fn: types.FunctionType, frame_locals: dict,
                break_at: int | None = None, guard_aliasing: bool = True,
                shape_policy=None) -> TraceResult:
    """`guard_aliasing`: the backend bakes input aliasing into its code (all but eager, which
    runs the ops on the real tensors). `shape_policy` says which sizes are symbolic
    (compiler/shapes/policy.py; None: all specialised)."""
    from compiler.shapes.policy import ShapePolicy
    ctx = TraceContext(fn.__globals__)
    ctx.backend_compiles = guard_aliasing
    ctx.shape_policy = shape_policy or ShapePolicy(False)
    grad_mode = torch.is_grad_enabled()
    try:
        return _trace(ctx, fn, frame_locals, break_at)
    except Unsupported as exc:
        return TraceResult(guards=list(ctx.guards.values()), stopped=exc, raised=exc.raised)
    except RaisedByProgram as raised:
        stop = Unsupported(f"the program raises {type(raised.exc).__name__}: {raised.exc}",
                           BreakReason.EXCEPTION)
        return TraceResult(guards=list(ctx.guards.values()), stopped=stop, raised=raised.exc)
    finally:
        leave_open_regions(ctx)
        torch._C._set_grad_enabled(grad_mode)


def _trace(ctx: TraceContext, fn: types.FunctionType, frame_locals: dict,
           break_at: int | None) -> TraceResult:
    code = fn.__code__
    logs.log("bytecode", "tracing %s:\n%s", code.co_qualname, _disassembly(code))
    # A resume function's own cells come in as cell objects: their trackers are made first, so
    # that closures over them among the other arguments share them.
    own_cells = {name: FrameCellValue.of(ctx, frame_locals[name], name)
                 for name in (code.co_cellvars if is_resume_code(code) else ())}
    local_values = {name: wrap(ctx, value, LocalSource(name))
                    for name, value in frame_locals.items() if name not in own_cells}
    closure = [real_cell_value(ctx, cell) for cell in (fn.__closure__ or ())]
    function = UserFunctionValue(fn)
    translator = Translator(ctx, code, fn.__globals__, local_values, closure, function=function)
    translator.cells.update(own_cells)
    translator.break_at = break_at
    result = translator.run()
    resume = None
    if translator.stopped_at_break:
        result, resume = _state_at_break(translator)
    check_generators_closed(ctx)
    if ctx.backend_compiles:
        _guard_storage_aliasing(ctx)
    plan = OutputPlan(ctx)
    plan.remakes_classes = resume is None  # (a resume function would recompile per class)
    plan.replay(ctx.side_effects)
    rebuild, rebuild_source = plan.build(result)
    check_selection_outputs(ctx, plan.outputs)
    check_grad_outputs(ctx, plan.outputs)
    check_instance_dict_aliases(ctx)
    graph, put_back = None, ()
    if ctx.graph.op_count or plan.outputs or torch.is_grad_enabled() != ctx.grad_mode_at_start:
        graph = ctx.graph.finish(plan.outputs)
        put_back = _inputs_to_put_back(ctx)
        if config.raise_internal_errors:  # tests: a malformed graph is our bug, said here
            graph.graph.lint()
    return TraceResult(
        guards=list(ctx.guards.values()),
        graph=graph,
        example_inputs=ctx.graph.example_inputs(),
        input_sources=[source for source, _, _ in ctx.graph.inputs],
        rebuild=rebuild,
        rebuild_source=rebuild_source,
        op_count=ctx.graph.count_ops() if graph is not None else 0,
        resume=resume,
        shapes=ctx.graph.shapes,
        rerunnable=bool(put_back) or not ctx.graph.writes_inputs(),
        put_back=put_back,
        draws_random=ctx.graph.effects.draws_random,
        under_handler=ctx.ops_under_handler,
    )


def _inputs_to_put_back(ctx: TraceContext) -> tuple[int, ...]:
    """A graph that writes an input in place cannot run again eagerly as it is when one of its
    ops raises at run time (an index out of bounds, which fake tensors do not see). Leaving
    its exception as it is would be eager's behaviour, unless a handler of the frame was around
    the ops or a side effect deferred before them would be lost: then the inputs it writes are
    copied before it runs and put back before the eager run. An input that requires grad is
    refused: a copy cannot put back its autograd history."""
    if not (ctx.ops_under_handler or ctx.ops_after_side_effect):
        return ()
    written = ctx.graph.written_inputs()
    examples = ctx.graph.example_inputs()
    if any(examples[i].requires_grad for i in written):
        told_by = ("an exception handler is around its ops" if ctx.ops_under_handler
                   else "side effects are deferred before its ops")
        raise Unsupported(f"the graph writes an input that requires grad in place (it cannot "
                          f"run again eagerly should an op raise at run time) and {told_by}",
                          BreakReason.SIDE_EFFECT)
    return tuple(written)


def _disassembly(code: types.CodeType) -> str:
    import dis
    import io
    out = io.StringIO()
    dis.dis(code, file=out, depth=0)
    return out.getvalue()


def _guard_storage_aliasing(ctx: TraceContext) -> None:
    """Backends that functionalize (aot_eager, inductor) bake in which inputs share storage."""
    from compiler.guards.guard import storage_pattern
    from compiler.guards.kinds import StorageAliasingGuard
    tensors = ctx.local_tensor_values
    if len(tensors) >= 2:
        sources = tuple(t.source for t in tensors)
        reals = [real for source, real, _ in ctx.graph.inputs if source in sources]
        if len(reals) == len(sources):
            pattern = storage_pattern(reals)
            ctx.add_guard(StorageAliasingGuard(None, (sources, pattern)))


def _state_at_break(tx: Translator) -> tuple[TupleValue, ResumePoint]:
    """The values to rebuild at a break: (stack without NULLs, bound locals, then the frame's
    own cells as cell objects, which its resume function takes as they are)."""
    nulls = [isinstance(v, NullValue) for v in tx.stack]
    stack = [v for v in tx.stack if not isinstance(v, NullValue)]
    bound = [name for name in tx.code.co_varnames if name in tx.locals]
    cells = [name for name in tx.code.co_cellvars if name in tx.cells]
    local_values = [tx.locals[n] for n in bound] + [tx.cells[n] for n in cells]
    state = TupleValue([TupleValue(stack), TupleValue(local_values)])
    return state, ResumePoint(tx.index, nulls, bound, tuple(tx.kw_names),
                              torch.is_grad_enabled(), cells)
