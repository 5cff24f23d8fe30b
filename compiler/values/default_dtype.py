"""`torch.set_default_dtype(dtype)` in a trace (a helper that switches the default dtype for a
block and puts it back in `finally`, or a call that leaves it changed, as eager would).

The trace sets the default dtype for real, so that everything it builds or asks afterwards
sees the new one, as eager's code would: the factories' fake results (`torch.zeros(2)`), the
tensors it makes of Python data, the promotion of Python scalars, `torch.get_default_dtype()`.
The graph records the call, a node of its own in its place among the ops, so that its factory
ops run under the same default dtype as eager's and the default dtype after the graph is
eager's. The trace itself puts back the default dtype it started with when it ends, whether it
finished or stopped (a region that leaves the graph open until then: `ctx.open_regions`).

A graph that raises at run time (an index out of bounds on real data) may run its frame again
eagerly (compiler/cache/graph_raised.py), which starts from the caller's default dtype, not the
one the graph's node set: GraphRaised puts it back (its `sets_default_dtype`).

A backend that compiles the graph (aot_eager, inductor) traces it again, running the call at
compile time rather than on every call: refused there. A subgraph (a speculated function)
cannot hold the change either: refused.
"""

from __future__ import annotations

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue


class RestoreDefaultDtype:
    """Puts back the default dtype a trace started with, when the trace ends."""

    def __init__(self, dtype: torch.dtype):
        self.dtype = dtype

    def __exit__(self, *exc_info) -> None:
        torch.set_default_dtype(self.dtype)


def set_default_dtype(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.subgraph import SubgraphBuilder
    given = list(args) + ([kwargs["d"]] if "d" in kwargs else [])
    if len(given) != 1 or set(kwargs) - {"d"}:
        raise RaisedByProgram(TypeError("set_default_dtype() takes 1 argument"))
    if not given[0].is_constant():
        raise Unsupported("torch.set_default_dtype of a traced value",
                          BreakReason.UNSUPPORTED_CALL)
    dtype = given[0].as_constant()
    ctx = tx.ctx
    if ctx.backend_compiles:
        raise Unsupported("torch.set_default_dtype with a backend that compiles the graph (it "
                          "would run once, when the backend traces it)",
                          BreakReason.UNSUPPORTED_CALL)
    if isinstance(ctx.graph, SubgraphBuilder):
        raise Unsupported("torch.set_default_dtype inside a function traced as a subgraph",
                          BreakReason.UNSUPPORTED_CALL)
    before = torch.get_default_dtype()
    try:
        torch.set_default_dtype(dtype)  # raises as eager's would (an integer dtype)
    except (TypeError, ValueError, RuntimeError) as exc:
        raise RaisedByProgram(exc) from None
    if not any(type(r) is RestoreDefaultDtype for r in ctx.open_regions):
        ctx.open_regions.insert(0, RestoreDefaultDtype(before))  # left last, after all regions
    ctx.graph.graph.call_function(torch.set_default_dtype, (dtype,))
    ctx.graph.op_count += 1  # an op of its own: the graph is made even if it holds nothing else
    return ConstantValue(None)
