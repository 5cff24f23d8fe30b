"""Regions of a trace: `with` blocks (or decorated functions) of a context manager whose mode
the compiler enters for real at trace time and records in the graph, an enter node and an exit
node around the ops of the block (`torch.autocast`, compiler/values/autocast.py;
`torch.inference_mode`, compiler/values/inference_mode.py).

A break inside a region whose state can be entered again exactly (`resumes_at_break`:
autocast, inference mode) resumes there: the graph before the break leaves the region at its
end (innermost first), and the block's exit on the stack is rebuilt as a real exit that the
break runner enters anew (compiler/values/block_exits.py). A break inside any other region is
refused (a record_function label would be split in two). A region the trace leaves open when it
stops is exited then (`leave_open_regions`). A manager left may be entered again (torch's
__enter__ saves the state anew each time); entered again while still entered (its exit would
then restore the wrong state) is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.constant import ConstantValue


class RegionValue(Value):
    """A manager object of the program whose block is a region. A subclass says which real
    manager it enters (`start`), what the graph records on entering (`enter_target`) and on
    leaving (`exit_target`, called with the enter node), and how a decorated function is run
    (`exits_on_raise`: whether an exception the caller's trace handles leaves the region)."""

    kind: str  # the manager's name in messages: "autocast", "inference_mode"
    enter_target: Callable
    exit_target: Callable
    exits_on_raise: bool

    def __init__(self):
        super().__init__(None)
        self.real: Any = None
        self.node = None
        self.grad_before = True  # the grad mode when the block was entered

    def resumed_exit(self) -> tuple[Callable[[], Any], bool | None] | None:
        """How a break inside the block enters it anew: a maker of the real manager, and the
        grad mode to set before entering it (None: any); None when it cannot be exact."""
        return None

    def is_fresh_object(self) -> bool:
        return True

    def start(self, tx) -> tuple[Any, tuple]:
        """The real manager to enter now and the arguments of the graph's enter node."""
        raise NotImplementedError

    def fresh(self) -> RegionValue:
        """A new object made as this one was: a decorated function enters one on each call."""
        raise NotImplementedError

    def enter(self, tx) -> Value:
        if self.node is not None:
            raise Unsupported(f"entering an {self.kind} object twice",
                              BreakReason.UNSUPPORTED_CALL)
        self.grad_before = torch.is_grad_enabled()
        self.real, enter_args = self.start(tx)
        self.real.__enter__()
        tx.ctx.open_regions.append(self.real)  # left innermost first should the trace stop
        self.node = tx.ctx.graph.graph.call_function(self.enter_target, enter_args)
        return ConstantValue(None)

    def enter_with(self, tx) -> tuple[Value, Value]:
        return RegionExitValue(self), self.enter(tx)

    def exit(self, tx) -> Value:
        tx.ctx.open_regions.remove(self.real)
        self.real.__exit__(None, None, None)
        tx.ctx.graph.graph.call_function(self.exit_target, (self.node,))
        self.node = None  # left: entering it again starts the mode anew (its real manager too)
        return ConstantValue(None)

    def call(self, tx, args, kwargs) -> Value:
        """Used as a decorator: each call of the function runs inside a region of its own."""
        if len(args) != 1 or kwargs or not is_function(args[0]):
            raise Unsupported(f"calling an {self.kind} object", BreakReason.UNSUPPORTED_CALL)
        return ManagedFunctionValue(self.fresh, args[0], self.exits_on_raise)


class RegionExitValue(Value):
    """The `__exit__` of a region's `with` block, on the stack while the block runs."""

    def __init__(self, manager: RegionValue):
        super().__init__(None)
        self.manager = manager

    @property
    def resumable_exit(self) -> bool:
        return self.manager.node is not None and self.manager.resumed_exit() is not None

    def call(self, tx, args, kwargs) -> Value:
        return self.manager.exit(tx)

    def reconstruct(self, plan) -> str:
        """At a break: the graph leaves the region at its end, after the regions inside it
        (rebuilt after it, being higher on the stack); the slot is a ResumedRegion the break
        runner enters anew."""
        from compiler.values.block_exits import ResumedRegion
        resumed = self.manager.resumed_exit() if self.manager.node is not None else None
        if resumed is None:
            raise Unsupported(f"a graph break inside an {self.manager.kind} block",
                              BreakReason.UNSUPPORTED_VALUE)
        graph = plan.ctx.graph.graph
        inner = next((n for n in graph.nodes if n.meta.get("leaves_at_break")), None)
        with graph.inserting_before(inner) if inner is not None else graph.inserting_after():
            node = graph.call_function(self.manager.exit_target, (self.manager.node,))
        node.meta["leaves_at_break"] = True
        make, grad_before = resumed
        return plan.temp(f"{plan.bind(ResumedRegion)}({plan.bind(make)}, {grad_before!r})")


class ManagedFunctionValue(Value):
    """A function of the program decorated with a mode manager (a region's, or a grad mode's:
    compiler/values/torch_functions.py): each call enters a manager `make_manager()` makes
    anew (as eager's decorator clones its manager), runs the function and leaves it; with
    `exits_on_raise`, also when the function raises an exception the caller's trace handles."""

    def __init__(self, make_manager: Callable[[], Value], inner: Value, exits_on_raise: bool):
        super().__init__(None)
        self.make_manager, self.inner, self.exits_on_raise = make_manager, inner, exits_on_raise

    def call(self, tx, args, kwargs) -> Value:
        manager = self.make_manager()
        manager.enter(tx)
        if not self.exits_on_raise:
            result = self.inner.call(tx, args, kwargs)
            manager.exit(tx)
            return result
        try:
            return self.inner.call(tx, args, kwargs)
        finally:
            manager.exit(tx)


def is_function(value: Value) -> bool:
    """A function of the program, which a manager object may decorate."""
    from compiler.values.callables import UserFunctionValue
    return isinstance(value, UserFunctionValue)


def leave_open_regions(ctx) -> None:
    """The trace stopped inside regions: leave them, innermost first."""
    while ctx.open_regions:
        ctx.open_regions.pop().__exit__(None, None, None)
