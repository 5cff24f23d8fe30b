"""`Tensor.requires_grad_()` in a trace: a change of the fake tensor's metadata, no graph node.

The graph then runs on tensors that do not require grad where eager's would, so the change is
exact only while nothing that requires grad leaves the graph (`check_outputs` refuses such a
trace): every later answer about grad (`requires_grad`, `is_leaf`, an in-place op on a leaf
that raises) comes from the fake tensors, which follow eager. On an input, the flag is written
back after the graph runs, as a side effect.
"""

from __future__ import annotations

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value


def requires_grad_(tx, tensor, args: list[Value], kwargs: dict[str, Value]) -> Value:
    flag = _flag(args, kwargs)
    fake = tensor.example
    before = fake.requires_grad
    if before and not flag and fake.is_leaf:
        raise Unsupported("Tensor.requires_grad_(False) on a tensor that requires grad (the "
                          "graph's own tensor would still require it)", BreakReason.SIDE_EFFECT)
    try:
        fake.requires_grad_(flag)
    except RuntimeError as exc:  # a non-leaf, an integer tensor: eager's own error
        raise RaisedByProgram(exc) from None
    if flag and not before:
        ctx = tx.ctx
        ctx.tensors_made_to_require_grad.append(fake)
        if tensor.source is not None:
            ctx.side_effects.write_attribute(tensor, "requires_grad", tx.const(True))
    return tensor


def detach_(tx, tensor) -> Value:
    """`t.detach_()` on a tensor the graph made (not a view): from here on the program's `t`
    is the graph's `t.detach()`, the same storage without history; the tracker, the one for
    that tensor, stands for it. (An input's history would change for the caller: refused.)"""
    fake = tensor.example
    if tensor.source is not None or tensor.is_input() or fake._is_view():
        raise Unsupported("Tensor.detach_() on an input or a view", BreakReason.SIDE_EFFECT)
    detached = tx.ctx.tensor_op("call_method", "detach", [tensor], {}, "Tensor.detach_")
    tensor.node, tensor.example = detached.node, detached.example
    tx.ctx.register_tensor(detached.example, tensor)
    return tensor


def assign_grad(tx, tensor, value: Value) -> None:
    """`t.grad = g`: later reads in the trace see `g`, and the real tensor (the input, or the
    graph's output for one made in the trace) gets it after the graph runs (a side effect),
    as eager's. Eager's checks run on stand-ins of the same dtype, size, device and grad
    dtype (an input's is read, guarded), so a refused assignment raises eager's own error."""
    from compiler.values.constant import ConstantValue
    is_tensor = isinstance(getattr(value, "example", None), torch.Tensor) and \
        getattr(value, "node", None) is not None  # (a tensor tracker)
    if is_tensor:
        _check_as_eager(tx, tensor, value.example)
    elif not value.is_constant():
        raise Unsupported("Tensor.grad assigned something other than a tensor or a constant",
                          BreakReason.SIDE_EFFECT)
    elif value.as_constant() is not None:
        raise RaisedByProgram(TypeError(
            f"assigned grad expected to be a Tensor or None but got grad of type "
            f"{type(value.as_constant()).__name__}"))
    tensor.assigned_grad = value
    tx.ctx.side_effects.write_attribute(tensor, "grad", value if is_tensor
                                        else ConstantValue(None))


def _check_as_eager(tx, tensor, given: torch.Tensor) -> None:
    mine = tensor.example
    if any(not isinstance(d, int) for d in (*mine.shape, *given.shape)) or (
            mine.layout != torch.strided or given.layout != torch.strided):
        raise Unsupported("Tensor.grad assigned with symbolic sizes or a sparse layout",
                          BreakReason.SIDE_EFFECT)
    grad_dtype = mine.dtype
    real = tensor._reached_input()
    if real is not None and tensor.getattr(tx, "is_leaf").as_constant():
        from compiler.guards.sources import AttrSource
        from compiler.values import registry
        grad_dtype = registry.wrap(tx.ctx, real.grad_dtype,
                                   AttrSource(tensor.source, "grad_dtype")).as_constant()
    stand_in = torch.empty(mine.shape, dtype=mine.dtype, device=mine.device)
    if grad_dtype is not mine.dtype:
        stand_in.grad_dtype = grad_dtype
    try:
        stand_in.grad = torch.empty(given.shape, dtype=given.dtype, device=given.device)
    except (RuntimeError, TypeError) as exc:
        raise RaisedByProgram(exc) from None


def _flag(args: list[Value], kwargs: dict[str, Value]) -> bool:
    if len(args) > 1 or set(kwargs) - {"requires_grad"} or (args and kwargs):
        raise Unsupported("Tensor.requires_grad_ with these arguments",
                          BreakReason.UNSUPPORTED_CALL)
    given = args[0] if args else kwargs.get("requires_grad")
    if given is None:
        return True
    if not given.is_constant():
        raise Unsupported("Tensor.requires_grad_ with a computed flag",
                          BreakReason.UNSUPPORTED_CALL)
    return bool(given.as_constant())


def check_outputs(ctx, outputs: list) -> None:
    """After requires_grad_() in the trace, no tensor leaving the graph (returned, stored,
    live at a break) may require grad: the graph's would not. The inputs' fake tensors get
    their flag back, as the backend receives them as example inputs."""
    made = ctx.tensors_made_to_require_grad
    if not made:
        return
    for node in outputs:
        example = node.meta.get("example_value")
        if getattr(example, "requires_grad", False):
            raise Unsupported("a tensor that requires grad leaves the graph after "
                              "requires_grad_() in the compiled code (its autograd history "
                              "cannot be built by the graph)", BreakReason.SIDE_EFFECT)
    placeholders = {id(node.meta["example_value"]) for _, _, node in ctx.graph.inputs}
    for fake in made:
        if id(fake) in placeholders:
            fake.requires_grad_(False)


class GradFnValue(Value):
    """A tensor's autograd node (`grad_fn`): there, of a class known when `node_type` is set
    (`y.grad_fn is not None`, `type(y.grad_fn).__name__`); which object it is (two outputs of
    one op share theirs) and anything else about it are refused."""

    def __init__(self, node_type: type | None):
        super().__init__(None)
        self.node_type = node_type

    def python_type(self) -> type:
        if self.node_type is None:
            raise Unsupported("the class of an input's grad_fn", BreakReason.UNSUPPORTED_VALUE)
        return self.node_type

    def bool(self, tx) -> bool:
        return True

    def reconstruct(self, plan) -> str:
        raise Unsupported("a grad_fn leaving the compiled code", BreakReason.UNSUPPORTED_VALUE)
