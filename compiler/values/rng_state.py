"""The random number generators' state in a trace: `torch.manual_seed(s)`,
`torch.set_rng_state(t)`, and generators made in the compiled code (`torch.Generator()`,
`g.manual_seed(s)`, passed as `generator=`).

The graph's random ops draw from the real generators when it runs, in its order, as eager's
ops would; a call that changes a generator's state is one node of the graph in its place
among them, so the draws after it see it, and the state after the graph is eager's. The trace
itself draws nothing (fake tensors) and changes no state. The graph is marked as drawing
random numbers, so that a graph raising at run time puts the global state back before its
frame runs again eagerly (compiler/cache/graph_raised.py).

Refused: with a backend that compiles the graph (it would run the call once, when it traces
the graph, and keep none of it), inside a subgraph (it cannot replay a state change), and a
seed that is no plain int.
"""

from __future__ import annotations

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue


def _check_recordable(ctx, what: str) -> None:
    from compiler.values.subgraph import SubgraphBuilder
    if ctx.backend_compiles:
        raise Unsupported(f"{what} with a backend that compiles the graph (it would run once, "
                          f"when the backend traces it)", BreakReason.UNSUPPORTED_CALL)
    if isinstance(ctx.graph, SubgraphBuilder):
        raise Unsupported(f"{what} inside a function traced as a subgraph",
                          BreakReason.UNSUPPORTED_CALL)


def _record(ctx, kind: str, target, args: tuple):
    """A node of its own that changes a generator's state; the graph draws random numbers."""
    node = ctx.graph.graph.create_node(kind, target, args, {})
    ctx.graph.op_count += 1  # an op: the graph is made even if it holds nothing else
    ctx.graph.effects.draws_random = True
    return node


def _seed(args: list[Value], kwargs: dict[str, Value], what: str) -> int:
    given = list(args) + ([kwargs["seed"]] if "seed" in kwargs else [])
    if len(given) != 1 or set(kwargs) - {"seed"}:
        raise RaisedByProgram(TypeError(f"{what}() takes 1 argument (seed)"))
    if not given[0].is_constant() or type(given[0].as_constant()) is not int:
        raise Unsupported(f"{what} of a seed that is no plain int", BreakReason.UNSUPPORTED_CALL)
    seed = given[0].as_constant()
    try:
        torch.Generator().manual_seed(seed)  # out of range raises as eager's would
    except (RuntimeError, ValueError, OverflowError) as exc:
        raise RaisedByProgram(exc) from None
    return seed


def manual_seed(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    seed = _seed(args, kwargs, "torch.manual_seed")
    _check_recordable(tx.ctx, "torch.manual_seed")
    _record(tx.ctx, "call_function", torch.manual_seed, (seed,))
    return DefaultGeneratorValue()


def set_rng_state(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.tensor import TensorValue
    given = list(args) + ([kwargs["new_state"]] if "new_state" in kwargs else [])
    if len(given) != 1 or set(kwargs) - {"new_state"} or not isinstance(given[0], TensorValue):
        raise Unsupported("torch.set_rng_state of anything but one tensor",
                          BreakReason.UNSUPPORTED_CALL)
    state = given[0]
    fake = state.example
    if fake.dtype != torch.uint8 or fake.dim() != 1 or fake.shape[0] != _STATE_SIZE:
        raise Unsupported("torch.set_rng_state of a tensor other than a saved state",
                          BreakReason.UNSUPPORTED_CALL)
    _check_recordable(tx.ctx, "torch.set_rng_state")
    _record(tx.ctx, "call_function", torch.set_rng_state, (state.node,))
    return ConstantValue(None)


_STATE_SIZE = torch.get_rng_state().shape[0]


class DefaultGeneratorValue(Value):
    """What `torch.manual_seed` gives back: torch's default generator, the one object."""

    def __init__(self):
        super().__init__(None)

    def python_type(self) -> type:
        return torch.Generator

    def held_object(self):
        return torch.default_generator

    def fixed_object(self):
        return torch.default_generator


def construct_generator(tx, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`torch.Generator()` (on the CPU): made by a node of the graph when it runs."""
    device = list(args) + ([kwargs["device"]] if "device" in kwargs else [])
    if set(kwargs) - {"device"} or len(device) > 1 or device and not (
            device[0].is_constant() and str(device[0].as_constant()) == "cpu"):
        raise Unsupported("torch.Generator on another device than the CPU",
                          BreakReason.UNSUPPORTED_CALL)
    _check_recordable(tx.ctx, "torch.Generator")
    node = tx.ctx.graph.graph.call_function(torch.Generator, ())
    tx.ctx.graph.op_count += 1
    return GeneratorValue(node)


class GeneratorValue(Value):
    """A generator the compiled code made: the graph's node makes it when the graph runs; its
    seed is set by a node of its own; the graph's random ops take it as `generator=`. It may
    not leave the frame (the generator the graph made is not one of its outputs)."""

    def __init__(self, node):
        super().__init__(None)
        self.node = node
        self.example = torch.Generator()  # what the fake run is given: draws nothing from it

    def python_type(self) -> type:
        return torch.Generator

    def is_fresh_object(self) -> bool:
        return True

    def as_fx_argument(self, part: str):
        return self.node if part == "node" else self.example

    def getattr(self, tx, name: str) -> Value:
        if name == "manual_seed":
            return _SeedMethod(self)
        if name == "device":
            return ConstantValue(torch.device("cpu"))
        raise Unsupported(f"attribute {name!r} of a generator made in the compiled code",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)

    def reconstruct(self, plan) -> str:
        raise Unsupported("a generator made in the compiled code leaving it",
                          BreakReason.UNSUPPORTED_VALUE)


class _SeedMethod(Value):
    def __init__(self, generator: GeneratorValue):
        super().__init__(None)
        self.generator = generator

    def call(self, tx, args, kwargs) -> Value:
        seed = _seed(args, kwargs, "Generator.manual_seed")
        _check_recordable(tx.ctx, "Generator.manual_seed")
        _record(tx.ctx, "call_method", "manual_seed", (self.generator.node, seed))
        return self.generator  # the generator itself, as eager's
