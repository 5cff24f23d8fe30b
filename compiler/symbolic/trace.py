"""Trace one call of a frame: wrap its arguments, run the translator, and produce the graph,
the guards and the output plan — or the Unsupported that stopped it, with the guards so far.
"""

from __future__ import annotations

import dataclasses
import types

import torch
import torch.fx as fx

from compiler.errors import BreakReason, Unsupported
from compiler.graph.output import OutputPlan
from compiler.guards.guard import Guard
from compiler.guards.sources import LocalSource
from compiler.symbolic import (  # noqa: F401 - registers the handlers
    ops_arith, ops_build, ops_call, ops_control, ops_exceptions, ops_load_store, ops_stack,
)
from compiler.symbolic.context import TraceContext
from compiler.symbolic.translator import Translator
from compiler.values.base import RaisedByProgram
from compiler.values.callables import UserFunctionValue, real_cell_value
from compiler.values.wrap import wrap


@dataclasses.dataclass
class TraceResult:
    guards: list[Guard]
    graph: fx.GraphModule | None = None
    example_inputs: list = dataclasses.field(default_factory=list)
    input_sources: list = dataclasses.field(default_factory=list)
    rebuild: object = None
    rebuild_source: str = ""
    env: dict = dataclasses.field(default_factory=dict)
    op_count: int = 0
    stopped: Unsupported | None = None      # why the frame must run eagerly
    raised: BaseException | None = None     # the program raises for these inputs


def trace_frame(fn: types.FunctionType, frame_locals: dict) -> TraceResult:
    ctx = TraceContext(fn.__globals__)
    grad_mode = torch.is_grad_enabled()
    try:
        return _trace(ctx, fn, frame_locals)
    except Unsupported as exc:
        return TraceResult(guards=list(ctx.guards.values()), stopped=exc)
    except RaisedByProgram as raised:
        stop = Unsupported(f"the program raises {type(raised.exc).__name__}: {raised.exc}",
                           BreakReason.EXCEPTION)
        return TraceResult(guards=list(ctx.guards.values()), stopped=stop, raised=raised.exc)
    finally:
        torch._C._set_grad_enabled(grad_mode)


def _trace(ctx: TraceContext, fn: types.FunctionType, frame_locals: dict) -> TraceResult:
    code = fn.__code__
    local_values = {name: wrap(ctx, value, LocalSource(name))
                    for name, value in frame_locals.items()}
    closure = [real_cell_value(ctx, cell) for cell in (fn.__closure__ or ())]
    function = UserFunctionValue(fn)
    translator = Translator(ctx, code, fn.__globals__, local_values, closure, function=function)
    result = translator.run()
    plan = OutputPlan(ctx)
    plan.replay(ctx.side_effects)
    rebuild, rebuild_source = plan.build(result)
    graph = None
    if ctx.graph.op_count or plan.outputs:
        graph = ctx.graph.finish(plan.outputs)
    return TraceResult(
        guards=list(ctx.guards.values()),
        graph=graph,
        example_inputs=[real for _, real, _ in ctx.graph.inputs],
        input_sources=[source for source, _, _ in ctx.graph.inputs],
        rebuild=rebuild,
        rebuild_source=rebuild_source,
        op_count=ctx.graph.count_ops() if graph is not None else 0,
    )
