"""`torch.cond(pred, true_fn, false_fn, operands)` and torch's `wrap` operator in a trace.

With a Python constant as the predicate (a bool, or a size comparison the ShapeEnv answered
and guards), eager torch.cond just calls the branch it names: so does the trace, inlining it.

With a tensor predicate, eager torch.cond captures both branches whole and runs the one the
data picks. The trace does the same: each branch is speculated into a subgraph (refused when
it has side effects, draws random numbers, writes its inputs, or returns anything but a
tensor or a tuple of tensors, as eager's capture refuses them), both must give outputs alike
(shape, dtype, device, strides), and the graph gets one node of torch's `cond` operator over
the two subgraphs, which every backend knows. Both subgraphs take the same inputs: the
operands, then what either branch reads from outside (lifted), each taking the other's
lifted inputs unused.
"""

from __future__ import annotations

import torch
import torch.fx as fx
from torch._higher_order_ops.cond import cond_op
from torch._higher_order_ops.wrap import wrap

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.subgraph import Subgraph, sample_fake, speculate
from compiler.values.torch_functions import MODELLED_CALLS


def _refused(why: str) -> Unsupported:
    return Unsupported(f"torch.cond {why}", BreakReason.UNSUPPORTED_CALL)


def _bound(args: list[Value], kwargs: dict[str, Value]) -> tuple[Value, ...]:
    names = ("pred", "true_fn", "false_fn", "operands")
    if len(args) > len(names) or set(kwargs) - set(names):
        raise _refused("with unexpected arguments")
    given = dict(zip(names, args))
    for name, value in kwargs.items():
        if name in given:
            raise _refused(f"given {name} twice")
        given[name] = value
    if not {"pred", "true_fn", "false_fn"} <= set(given):
        raise _refused("without its predicate and both branches")
    return given["pred"], given["true_fn"], given["false_fn"], given.get("operands")


def _operand_items(tx, operands: Value | None) -> list[Value]:
    from compiler.values.containers import ListValue, TupleValue
    from compiler.values.tensor import TensorValue
    if operands is None:
        return []
    if type(operands) not in (TupleValue, ListValue):
        raise _refused("with operands that are not a tuple or a list")
    items = list(operands.items)
    if not all(isinstance(item, TensorValue) for item in items):
        raise _refused("with operands that are not all tensors")
    return items


def cond(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.tensor import TensorValue
    pred, true_fn, false_fn, operands = _bound(args, kwargs)
    if pred.is_constant() and type(pred.as_constant()) in (bool, int, float):
        branch = true_fn if pred.as_constant() else false_fn  # what eager torch.cond does
        operand_list = list(operands.unpack(tx)) if operands is not None else []
        return branch.call(tx, operand_list, {})
    if not isinstance(pred, TensorValue):
        raise _refused(f"with a predicate {pred}")
    if pred.example.numel() != 1:
        raise _refused("with a predicate of more than one element")
    items = _operand_items(tx, operands)
    fakes = [sample_fake(item.example) for item in items]
    true_sub = speculate(tx, true_fn, list(fakes), "torch.cond's true branch")
    false_sub = speculate(tx, false_fn, list(fakes), "torch.cond's false branch")
    _check_no_aliasing(true_sub, fakes)
    _check_no_aliasing(false_sub, fakes)
    _check_alike(true_sub, false_sub)
    true_module = _taking(true_sub.module, len(items) + len(true_sub.lifted), false_sub.lifted)
    false_module = _taking(false_sub.module, len(items), true_sub.lifted)
    nodes = [item.node for item in items] + true_sub.lifted + false_sub.lifted
    return _record(tx, pred, true_module, false_module, nodes, true_sub)


def _check_no_aliasing(sub: Subgraph, inputs: list[torch.Tensor]) -> None:
    """torch's capture refuses a branch whose output is (a view of) an input or of another
    output: so does the trace, so that eager's error is raised by eager."""
    seen = [t.untyped_storage() for t in inputs]
    seen += [n.meta["example_value"].untyped_storage() for n in sub.lifted
             if isinstance(n.meta.get("example_value"), torch.Tensor)]
    for output in sub.outputs:
        storage = output.example.untyped_storage()
        if any(storage._cdata == other._cdata for other in seen):
            raise _refused("with a branch whose output aliases an input or another output")
        seen.append(storage)


def _check_alike(a: Subgraph, b: Subgraph) -> None:
    if a.returned_tuple != b.returned_tuple or len(a.outputs) != len(b.outputs):
        raise _refused("with branches that return different structures")
    for x, y in zip(a.outputs, b.outputs):
        fx_, fy = x.example, y.example
        if (fx_.shape != fy.shape or fx_.dtype != fy.dtype or fx_.device != fy.device
                or fx_.stride() != fy.stride()):
            raise _refused("with branches whose outputs differ in shape, dtype, device or "
                           "strides")


def _taking(module: fx.GraphModule, before: int, others: list[fx.Node]) -> fx.GraphModule:
    """`module` returning a tuple, with an unused input for each of the other branch's lifted
    nodes, put before
    its input number `before`: after all its inputs for the true branch, between the operands
    and its own lifted inputs for the false one, so that both take operands, true's lifted
    inputs, false's lifted inputs."""
    graph = module.graph
    output = next(n for n in reversed(graph.nodes) if n.op == "output")
    if not isinstance(output.args[0], (tuple, list)):  # cond's branches give a tuple each
        output.args = ((output.args[0],),)
    if not others:
        module.recompile()
        return module
    placeholders = [n for n in graph.nodes if n.op == "placeholder"]
    following = placeholders[before] if before < len(placeholders) else next(
        n for n in graph.nodes if n.op != "placeholder")
    with graph.inserting_before(following):
        for index, node in enumerate(others):
            graph.placeholder(f"other_branch_input{index}").meta["example_value"] = \
                node.meta.get("example_value")
    module.recompile()
    return module


def _record(tx, pred, true_module, false_module, nodes: list, true_sub: Subgraph) -> Value:
    from compiler.values.containers import TupleValue
    from compiler.values.wrap import wrap_op_result
    builder = tx.ctx.graph
    fakes = [n.meta["example_value"] for n in nodes]
    examples = [output.example for output in true_sub.outputs]
    true_node = builder.attribute(true_module, "_cond_true")
    false_node = builder.attribute(false_module, "_cond_false")

    grad = torch.is_grad_enabled() and any(isinstance(f, torch.Tensor) and f.requires_grad
                                           for f in fakes)

    def run():  # outputs like the true branch's (the false branch's are alike)
        return tuple(sample_fake(output, requires_grad=grad and (
            output.is_floating_point() or output.is_complex())) for output in examples)

    node, result = builder.call("call_function", cond_op,
                                (pred.node, true_node, false_node, tuple(nodes)), {}, run,
                                "torch.cond")
    outputs = list(wrap_op_result(tx.ctx, node, result, keep_node=True).items)
    return TupleValue(outputs) if true_sub.returned_tuple else outputs[0]


def wrap_call(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """torch's `wrap` operator called eagerly calls the function with the arguments: so does
    the trace, inlining it."""
    if not args:
        raise Unsupported("wrap() without a function", BreakReason.UNSUPPORTED_CALL)
    return args[0].call(tx, list(args[1:]), kwargs)


MODELLED_CALLS[torch.cond] = cond
MODELLED_CALLS[wrap] = wrap_call
