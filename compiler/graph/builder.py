"""Builds the FX graph of one trace: placeholders for real inputs, nodes for tensor ops.

Every node's result is computed on fake tensors (`node.meta['example_value']`), so tracing
learns shapes and dtypes without touching real data.
"""

from __future__ import annotations

import dataclasses
import logging
import operator
import sys
from collections.abc import Callable
from typing import Any

import torch
import torch.fx as fx
from torch._subclasses.fake_tensor import (
    DataDependentOutputException,
    DynamicOutputShapeException,
    FakeTensorMode,
)

from compiler.errors import BreakReason, Unsupported
from compiler.graph.effects import EffectWatch
from compiler.guards.sources import Source
from compiler.shapes.env import ShapeInputs, new_fake_mode
from compiler.shapes.policy import InputDims

# Fake-tensor propagation logs every failed meta kernel; a failure here is a graph break, not
# an error worth a traceback on the user's terminal.
logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)


def _is_numpy_scalar(arg: Any) -> bool:
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(arg, numpy.generic)


class GraphBuilder:
    def __init__(self):
        self.graph = fx.Graph()
        self.fake_mode: FakeTensorMode = new_fake_mode()
        self.shapes = ShapeInputs(self.fake_mode)
        self.inputs: list[tuple[Source, torch.Tensor | int, fx.Node]] = []  # ints: symbolic
        self._last_placeholder: fx.Node | None = None
        self.op_count = 0
        self.constants: dict[str, Any] = {}
        self.effects = EffectWatch()

    # -- inputs -------------------------------------------------------------------------------
    def add_input(self, source: Source, real: torch.Tensor, dims: InputDims | None = None
                  ) -> tuple[fx.Node, torch.Tensor]:
        node = self.placeholder(f"arg{len(self.inputs)}")
        fake = self.shapes.fakeify(source, real, dims)
        node.meta["example_value"] = fake
        node.meta["source"] = source.expr()
        self.inputs.append((source, real, node))
        return node, fake

    def add_int_input(self, source: Source, real: int) -> tuple[fx.Node, torch.SymInt] | None:
        """An int argument traced as a symbol: its input node and SymInt, or None when the
        ShapeEnv specialises it."""
        symint = self.shapes.int_input(source, real)
        if not isinstance(symint, torch.SymInt):
            return None
        node = self.placeholder(f"arg{len(self.inputs)}")
        node.meta["example_value"] = symint
        node.meta["source"] = source.expr()
        self.inputs.append((source, real, node))
        return node, symint

    def placeholder(self, name: str) -> fx.Node:
        """A new input node, after the graph's other inputs (the first: before any node)."""
        last = self._last_placeholder
        context = self.graph.inserting_after(last) if last is not None else \
            self.graph.inserting_before(None)
        with context:
            node = self.graph.placeholder(name)
        self._last_placeholder = node
        return node

    def attribute(self, obj: Any, prefix: str) -> fx.Node:
        """`obj` made an attribute of the graph module (named `prefix` and a number), and a
        get_attr node reading it."""
        name = f"{prefix}{len(self.constants)}"
        self.constants[name] = obj
        return self.graph.get_attr(name)

    # -- ops ----------------------------------------------------------------------------------
    def call(self, kind: str, target: Any, node_args: tuple, node_kwargs: dict,
             run: Callable[[], Any], description: str,
             fake_inputs: tuple[list, dict] | None = None) -> tuple[fx.Node, Any]:
        """Add one node and compute its fake result with `run`; unsupported ops break.
        `fake_inputs` (args, kwargs), what `run` calls the op on, lets a symbolic trace give
        an earlier run's result instead (compiler/shapes/op_memo.py)."""
        try:
            with self.fake_mode, self.shapes.dispatcher(), self.effects:
                result = self.shapes.run_op(kind, target, fake_inputs, run, self.effects)
        except (DataDependentOutputException, DynamicOutputShapeException) as exc:
            raise Unsupported(f"{description} depends on tensor data ({type(exc).__name__})",
                              BreakReason.DATA_DEPENDENT) from None
        except Unsupported:
            raise
        except Exception as exc:
            raise Unsupported(f"{description} failed while tracing: {type(exc).__name__}: "
                              f"{str(exc).splitlines()[0] if str(exc) else ''}",
                              BreakReason.EXCEPTION) from None
        node_args = fx.node.map_aggregate(node_args, self._lift)
        node_kwargs = fx.node.map_aggregate(node_kwargs, self._lift)
        node = self.graph.create_node(kind, target, node_args, node_kwargs)
        node.meta["example_value"] = result
        self.op_count += 1
        return node, result

    def getitem(self, node: fx.Node, index: int, fake: Any) -> fx.Node:
        item = self.graph.call_function(operator.getitem, (node, index))
        item.meta["example_value"] = fake
        item.meta["structural"] = True  # unpacks a multi-output op: not an op of its own
        return item

    def symbolic_node(self, target: Any, args: tuple, example: Any) -> fx.Node:
        """A node computing a size (`sym_size`, `s0 * 2`): not an op of its own, and removed
        at the end unless something uses it."""
        node = self.graph.call_function(target, args)
        node.meta["example_value"] = example
        node.meta["symbolic"] = True
        return node

    def example_inputs(self) -> list:
        """What the backend is given: the real inputs, or their fake tensors when sizes are
        symbolic (so that it compiles for every size the guards admit)."""
        if self.shapes.symbolic:
            return [node.meta["example_value"] for _, _, node in self.inputs]
        return [real for _, real, _ in self.inputs]

    def discard(self, node: fx.Node) -> None:
        """Remove a node whose result turned out to be a Python constant (metadata)."""
        self.graph.erase_node(node)
        self.op_count -= 1

    def _lift(self, arg: Any) -> Any:
        """A constant object the generated code cannot spell (a dataclass instance such as
        LinearCrossEntropyOptions, a NumPy scalar, a class such as torch.HalfTensor) becomes
        an attribute of the graph module, read by get_attr."""
        if not (dataclasses.is_dataclass(arg) and not isinstance(arg, type)
                or _is_numpy_scalar(arg) or isinstance(arg, type)):
            return arg
        return self.attribute(arg, "_constant")

    def finish(self, outputs: list[fx.Node], *, as_tuple: bool = True) -> fx.GraphModule:
        """The graph module: it returns `outputs` (as one tuple, else the single one); the
        size nodes nothing uses are dropped."""
        self.graph.output(tuple(outputs) if as_tuple else outputs[0])
        self._complete_inputs()
        for node in reversed(list(self.graph.nodes)):
            if node.meta.get("symbolic") and not node.users:
                self.graph.erase_node(node)
        root = torch.nn.Module()
        for name, value in self.constants.items():
            setattr(root, name, value)
        return fx.GraphModule(root, self.graph)

    def _complete_inputs(self) -> None:
        """Once the output is set: add the inputs the graph still lacks (none here; a
        subgraph's reads of the enclosing graph, compiler/values/subgraph.py)."""

    def writes_inputs(self) -> bool:
        """Whether an op writes an input (argument, parameter, buffer, global) in place."""
        return bool(self.written_inputs())

    def written_inputs(self) -> list[int]:
        """The positions among the graph's inputs of the tensors its ops write in place."""
        return [i for i, (_, real, node) in enumerate(self.inputs)
                if isinstance(real, torch.Tensor)
                and self.effects.writes(node.meta["example_value"])]

    def count_ops(self) -> int:
        return sum(1 for n in self.graph.nodes if n.op in ("call_function", "call_method",
                                                           "call_module")
                   and not n.meta.get("structural") and not n.meta.get("symbolic"))
