"""Sizes as symbols: an int read off a tensor with symbolic sizes (`x.shape[0]`, `len(x)`,
`x.numel()`) or computed from such ints, tracked as an FX node plus its SymInt.

It stays symbolic while it flows into tensor ops and through `+ - * // %`; a comparison asks the
ShapeEnv, which guards the relation it answered (`if n > 6` guards `n > 6`, not `n == 8`). Any
other use of it as a Python int (a dict key, a list length, a string, `range`, an output of
the frame) specialises it: `as_constant()` guards it equal to the size it was traced with.
An int argument of the frame traced as a symbol (`symbolic_int_argument`) is one too.
"""

from __future__ import annotations

import operator
from typing import Any

import torch
import torch.fx as fx
from torch.fx.experimental.symbolic_shapes import is_concrete_int

from compiler.values import registry
from compiler.values.base import Value
from compiler.values.constant import ConstantValue

SYMBOLIC_BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul,
                   "//": operator.floordiv, "%": operator.mod}
SYMBOLIC_COMPARE = {"<": operator.lt, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
                    ">": operator.gt, ">=": operator.ge}


class SymIntValue(Value):
    def __init__(self, node: fx.Node, example: torch.SymInt):
        super().__init__(None)
        self.node = node
        self.example = example

    def __repr__(self) -> str:
        return f"SymIntValue({self.node.name}: {self.example})"

    def as_fx_argument(self, part: str) -> Any:
        return getattr(self, part)  # the size's node, or its SymInt

    def reconstruct(self, plan) -> str:
        return plan.graph_output(self)  # a size computed in the graph, for every size

    def python_type(self) -> type:
        return int

    def is_constant(self) -> bool:
        return True  # as a Python int, at the price of a guard (as_constant)

    def as_constant(self) -> int:
        return int(self.example)  # the ShapeEnv guards the size equal to this value

    def bool(self, tx) -> bool:
        return bool(self.example != 0)  # guards the relation only

    def hash_key(self) -> Any:
        return self.as_constant()

    def getattr(self, tx, name: str) -> Value:
        return ConstantValue(self.as_constant()).getattr(tx, name)


class SymSliceValue(Value):
    """A slice with symbolic bounds (`t[:, a : n + a]`): symbolic in tensor indexing; as a
    Python constant, specialised like its bounds."""

    def __init__(self, parts: list[Value]):
        super().__init__(None)
        self.parts = parts

    def __repr__(self) -> str:
        return f"SymSliceValue({self.parts!r})"

    def python_type(self) -> type:
        return slice

    def is_constant(self) -> bool:
        return True

    def as_constant(self) -> slice:
        return slice(*(p.as_constant() for p in self.parts))

    @property
    def step(self) -> Value | None:
        return self.parts[2] if len(self.parts) == 3 else None

    def as_fx_argument(self, part: str) -> slice:
        return self.argument(part)

    def argument(self, part: str) -> slice:
        """The slice as the graph (`part="node"`) or the fake run (`"example"`) sees it."""
        def one(p: Value):
            return getattr(p, part) if isinstance(p, SymIntValue) else p.as_constant()
        return slice(*(one(p) for p in self.parts))


def symbolic_slice(parts: list[Value]) -> Value | None:
    """BUILD_SLICE: a SymSliceValue when a bound is symbolic and the others are ints or None."""
    if not any(isinstance(p, SymIntValue) for p in parts):
        return None
    if not all(isinstance(p, SymIntValue) or (isinstance(p, ConstantValue) and (
            p.value is None or type(p.value) is int)) for p in parts):
        return None
    return SymSliceValue(parts)


def symbolic_value(graph, target, args: tuple[Any, ...], example) -> Value:
    """The result of `target(*args)` on sizes: a SymIntValue, or a constant when the ShapeEnv
    knows its value already."""
    if isinstance(example, bool) or not isinstance(example, (int, torch.SymInt)):
        return registry.wrap_constant(example)
    if is_concrete_int(example):
        return ConstantValue(int(example))
    return SymIntValue(graph.symbolic_node(target, args, example), example)


def _operand(value: Value) -> tuple[Any, Any] | None:
    """(graph argument, example) of an int operand, or None for anything else."""
    if isinstance(value, SymIntValue):
        return value.node, value.example
    if isinstance(value, ConstantValue) and type(value.value) is int:
        return value.value, value.value
    return None


def is_symbolic(value: Value) -> bool:
    return isinstance(value, SymIntValue)


def specialised(value: Value) -> Value:
    """A size used where no symbolic op models the use (`n / 2`, `n ** 2`, `float(n)`,
    `range(n)`): its value as a constant, which the ShapeEnv guards equal to it, so the trace
    is reused for that size only; the other sizes stay symbolic."""
    return ConstantValue(value.as_constant()) if isinstance(value, SymIntValue) else value


def symbolic_binary(tx, symbol: str, a: Value, b: Value) -> Value | None:
    """`a <op> b` kept symbolic, or None (the caller specialises): only int operands, and
    division and modulo only by a nonzero constant."""
    fn = SYMBOLIC_BINARY.get(symbol)
    left, right = _operand(a), _operand(b)
    if fn is None or left is None or right is None:
        return None
    if symbol in ("//", "%") and (isinstance(b, SymIntValue) or right[1] == 0):
        return None
    return symbolic_value(tx.ctx.graph, fn, (left[0], right[0]), fn(left[1], right[1]))


def symbolic_compare(symbol: str, a: Value, b: Value) -> Value | None:
    """A comparison of sizes, answered by the ShapeEnv, which guards the relation."""
    left, right = _operand(a), _operand(b)
    if left is None or right is None:
        return None
    return ConstantValue(bool(SYMBOLIC_COMPARE[symbol](left[1], right[1])))


def symbolic_int_argument(ctx, value: int, source) -> Value | None:
    """An int argument of the frame (or one in a container, `_argument_source`) that the shape
    policy traces as a symbol
    (compiler/shapes/policy.py): an input of the graph, guarded on its type, the ShapeEnv
    guarding what the trace assumed of its value. None: it is a constant."""
    from compiler.guards.guard import GuardKind
    if not _argument_source(source) or not ctx.shape_policy.int_is_symbolic(
            source.expr(), value):
        return None
    made = ctx.graph.add_int_input(source, value)
    if made is None:
        return None
    ctx.guard(source, GuardKind.TYPE, int)
    return SymIntValue(*made)


def _argument_source(source) -> bool:
    """An argument of the frame, a global, or an item of a list, tuple or dict reached from
    one (a config dict's entry): not an attribute (a module's ints stay specialised)."""
    from compiler.guards.sources import GlobalSource, ItemSource, LocalSource
    while isinstance(source, ItemSource):
        source = source.base
    return isinstance(source, (LocalSource, GlobalSource))


def size_value(graph, tensor, dim: int, size) -> Value:
    """Dimension `dim` of a tensor tracker, of example size `size`."""
    if is_concrete_int(size):
        return ConstantValue(int(size))
    return SymIntValue(graph.symbolic_node(torch.ops.aten.sym_size.int, (tensor.node, dim),
                                           size), size)


def numel_value(graph, tensor) -> Value:
    numel = tensor.example.numel()
    if is_concrete_int(numel):
        return ConstantValue(int(numel))
    return SymIntValue(graph.symbolic_node(torch.ops.aten.sym_numel.default, (tensor.node,),
                                           numel), numel)
