"""Speculating a user callable into a graph of its own (a subgraph), for the constructs that
run a function under torch's own machinery: a custom autograd Function's forward, the
function a torch.func transform applies to.

The callable is traced by the same translator, over the same trace context, while the
context's graph builder is swapped for one that records into a fresh graph. What it reads
from outside (a tensor of the enclosing graph, a global or a parameter) becomes an extra
input of the subgraph ("lifted"). The speculation is refused (Unsupported) when the callable
does something the subgraph cannot replay: a side effect on anything that existed before it
ran (a container, an object, a cell, a global), an in-place write to one of its inputs, a
random draw, a grad mode left changed, a symbolic size read from outside, or an output that
is not a tensor.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import torch
import torch.fx as fx

from compiler import config
from compiler.errors import BreakReason, Unsupported
from compiler.graph.builder import GraphBuilder
from compiler.graph.effects import EffectWatch
from compiler.values.base import Value
from compiler.values.constant import ConstantValue


class SubgraphBuilder(GraphBuilder):
    """Records a subgraph's nodes; shares the enclosing trace's fake mode and shapes, and
    adds the inputs met while speculating (a parameter, a global tensor) to the enclosing
    graph, from which they are lifted."""

    def __init__(self, outer: GraphBuilder):  # noqa: D107 - GraphBuilder's state, shared
        self.outer = outer
        self.graph = fx.Graph()
        self.fake_mode = outer.fake_mode
        self.shapes = outer.shapes
        self.inputs = outer.inputs
        self._last_placeholder = None
        self.op_count = 0
        self.constants: dict[str, Any] = {}
        self.effects = EffectWatch()
        self.lifted: list[fx.Node] = []  # the enclosing graph's nodes it reads, once finished

    def add_input(self, source, real, dims=None):
        return self.outer.add_input(source, real, dims)

    def add_int_input(self, source, real):
        return self.outer.add_int_input(source, real)

    def argument(self, index: int, fake: torch.Tensor) -> fx.Node:
        node = self.placeholder(f"arg{index}")
        node.meta["example_value"] = fake
        return node

    def _complete_inputs(self) -> None:
        """Each node of the enclosing graph that the subgraph uses becomes a placeholder of it,
        after its own arguments; `lifted` gets those nodes, in the order of the new
        placeholders."""
        graph = self.graph
        lifted: dict[fx.Node, fx.Node] = {}

        def local(arg: fx.Node) -> fx.Node:
            if arg.graph is graph:
                return arg
            if arg.meta.get("symbolic") or isinstance(arg.meta.get("example_value"),
                                                      torch.SymInt):  # torch.func takes none
                raise Unsupported("a symbolic size read inside a subgraph from outside it",
                                  BreakReason.UNSUPPORTED_CALL)
            if arg not in lifted:
                placeholder = self.placeholder(f"free{len(lifted)}")
                placeholder.meta["example_value"] = arg.meta.get("example_value")
                lifted[arg] = placeholder
            return lifted[arg]

        for node in list(graph.nodes):
            if node.op == "placeholder":
                continue
            node.args = fx.node.map_arg(node.args, local)
            node.kwargs = fx.node.map_arg(node.kwargs, local)
        self.lifted = list(lifted)


@dataclasses.dataclass
class Subgraph:
    """A speculated callable: its graph module, the result trackers it returned (tensors of
    the subgraph), and the enclosing graph's nodes it reads, passed after its own arguments."""

    module: fx.GraphModule
    outputs: list[Value]
    returned_tuple: bool
    lifted: list[fx.Node]


def sample_fake(fake: torch.Tensor, *, select: int | None = None,
                requires_grad: bool | None = None) -> torch.Tensor:
    """A fresh fake tensor like `fake` (one slice of it along `select`), with no history."""
    shape, stride = list(fake.shape), list(fake.stride())
    if select is not None:
        del shape[select], stride[select]
    grad = fake.requires_grad if requires_grad is None else requires_grad
    with fake.fake_mode:
        fresh = torch.empty_strided(shape, stride, dtype=fake.dtype, device=fake.device)
    return fresh.requires_grad_(grad) if grad and fresh.is_floating_point() else fresh


def speculate(tx, fn: Value, args: list[Value | torch.Tensor], what: str, *,
              grad_enabled: bool | None = None, more_outputs=None,
              hidden_inputs=()) -> Subgraph:
    """Trace `fn(*args)` into a subgraph. A fake tensor among `args` is an input of the
    subgraph (a placeholder); any other argument is a tracker passed as it is (a constant).
    `more_outputs(outputs)`, called once `fn` returned, gives tensors the subgraph returns
    after what `fn` returned (then always as one tuple). Each of `hidden_inputs` (an object
    with a fake tensor `fake`) is an input too, reached otherwise than as an argument: its
    tracker is set as its `value`."""
    ctx = tx.ctx
    outer = ctx.graph
    inner = SubgraphBuilder(outer)
    first_serial = Value.next_serial()
    watch = ctx.side_effects.watch()
    effects_before = ctx.side_effects.snapshot()
    grad_before = torch.is_grad_enabled()
    ctx.graph = inner
    finished = False
    try:
        if grad_enabled is not None:
            torch._C._set_grad_enabled(grad_enabled)
        call_args: list[Value] = []
        for index, given in enumerate(args):
            if isinstance(given, (torch.Tensor, Input)):
                given = given if isinstance(given, Input) else Input(given)
                value = _placeholder(ctx, inner, index, given)
                given = value if given.same_as is None else call_args[given.same_as]
            call_args.append(given)
        for index, hidden in enumerate(hidden_inputs, start=len(args)):
            hidden.value = _placeholder(ctx, inner, index, Input(hidden.fake))
        result = fn.call(tx, call_args, {})
        if torch.is_grad_enabled() != (grad_before if grad_enabled is None else grad_enabled):
            raise Unsupported(f"{what} leaves the grad mode changed", BreakReason.UNSUPPORTED_CALL)
        outputs, returned_tuple = _tensor_outputs(result, what)
        extra = more_outputs(outputs) if more_outputs is not None else []
        _check_no_effects(ctx, inner, watch, first_serial, effects_before, what)
        subgraph = _finish(inner, outputs, returned_tuple, extra)
        finished = True
        return subgraph
    finally:
        torch._C._set_grad_enabled(grad_before)
        ctx.graph = outer
        _forget_inner_tensors(ctx, inner)
        ctx.side_effects.unwatch(watch)
        if not finished:  # take back the uses its nodes made of the enclosing graph's nodes
            for node in reversed(list(inner.graph.nodes)):
                inner.graph.erase_node(node)


@dataclasses.dataclass
class Input:
    """An argument of the speculated call that is an input of the subgraph: its fake tensor,
    the type the function sees (a Parameter), and the earlier input it is the same object as
    (the function then gets that one's tracker: `x is y` holds)."""

    fake: torch.Tensor
    real_type: type = torch.Tensor
    same_as: int | None = None


def _forget_inner_tensors(ctx, inner: SubgraphBuilder) -> None:
    """The subgraph's tensors are not the enclosing graph's: an in-place op after it must not
    find them as its receiver. (Inputs met inside stay: they are the enclosing graph's.)"""
    for key, value in list(ctx.tensor_of_fake.items()):
        if getattr(value, "node", None) is not None and value.node.graph is inner.graph:
            del ctx.tensor_of_fake[key]


def _placeholder(ctx, inner: SubgraphBuilder, index: int, given: Input) -> Value:
    from compiler.values.tensor import TensorValue
    value = TensorValue(inner.argument(index, given.fake), given.fake, real_type=given.real_type)
    ctx.register_tensor(given.fake, value)
    return value


def _tensor_outputs(result: Value, what: str) -> tuple[list[Value], bool]:
    from compiler.values.containers import TupleValue
    from compiler.values.tensor import TensorValue
    returned_tuple = type(result) is TupleValue
    outputs = list(result.items) if returned_tuple else [result]
    if not outputs or not all(isinstance(o, TensorValue) for o in outputs):
        raise Unsupported(f"{what} returns something other than a tensor or a tuple of "
                          f"tensors", BreakReason.UNSUPPORTED_CALL)
    return outputs, returned_tuple


def _check_no_effects(ctx, inner: SubgraphBuilder, watch: list, first_serial: int, before,
                      what: str) -> None:
    def refuse(why: str):
        raise Unsupported(f"{what} {why}", BreakReason.SIDE_EFFECT)

    if not ctx.side_effects.same_as(before):
        refuse("writes to an object, a global or a cell that exists outside it")
    if any(value.serial < first_serial for value in watch):
        refuse("changes a container, an object or a variable that exists outside it")
    if inner.effects.draws_random:
        refuse("draws random numbers")
    for node in _inputs_read(inner):
        fake = node.meta.get("example_value")
        if isinstance(fake, torch.Tensor) and inner.effects.writes(fake):
            refuse("writes one of its inputs in place (or a tensor from outside it)")


def _inputs_read(inner: SubgraphBuilder) -> list[fx.Node]:
    """Its placeholders, and the nodes of the enclosing graph its nodes use (not lifted yet)."""
    found: dict[fx.Node, None] = {}
    for node in inner.graph.nodes:
        if node.op == "placeholder":
            found[node] = None
        for used in node.all_input_nodes:
            if used.graph is not inner.graph:
                found[used] = None
    return list(found)


def _finish(inner: SubgraphBuilder, outputs: list[Value], returned_tuple: bool,
            extra: list[Value]) -> Subgraph:
    module = inner.finish([o.node for o in outputs + extra],
                          as_tuple=returned_tuple or bool(extra))
    if config.raise_internal_errors:
        inner.graph.lint()
    return Subgraph(module, outputs, returned_tuple, inner.lifted)


def constant_argument(value: Value, what: str) -> Any:
    """A non-tensor argument of a subgraph's call, as a constant the graph can spell."""
    if isinstance(value, ConstantValue) and isinstance(
            value.as_constant(), (int, float, bool, str, type(None))):
        return value.as_constant()
    raise Unsupported(f"{what} with an argument that is neither a tensor nor a constant "
                      f"({value})", BreakReason.UNSUPPORTED_CALL)
