"""The user's backward of a custom autograd Function, speculated (compiler/values/subgraph.py)
when the backend compiles the graph.

The generated Function (compiler/values/autograd_function.py) calls the user's backward at
run time. The eager backend then runs it as eager does, on every backward pass. A backend
that compiles the graph (aot_eager, inductor) traces that backward once, when it compiles:
what the backward reads is then fixed in the compiled code. So with those backends the
backward is speculated too, on fake tensors shaped as autograd will give them: its reads are
guarded, and a backward the trace cannot follow (a graph break, a side effect) refuses the
call instead of the backend failing or baking in state that changes. Its subgraph is not
used; only the speculation's guards and refusals are.
"""

from __future__ import annotations

import types

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.constant import ConstantValue
from compiler.values.subgraph import sample_fake, speculate


def check_backward(tx, function: Value, ctx, outputs: list[Value], name: str) -> None:
    """Speculate `function.backward(ctx', *grads)`, ctx' standing for the real ctx: its saved
    tensors and attributes as the forward set them, one grad per output of the forward."""
    if not ctx.materialize_grads and len(outputs) > 1:  # eager would pass None for some
        raise Unsupported(f"{name}: set_materialize_grads(False) and several outputs with a "
                          f"backend that compiles the graph", BreakReason.UNSUPPORTED_CALL)
    backward_ctx = BackwardCtxValue(ctx)
    grads = [sample_fake(o.example, requires_grad=False) for o in outputs]
    backward = read_static_method(tx, function, "backward")
    speculate(tx, TensorsOf(backward), [backward_ctx, *grads],
              f"{name}.backward", grad_enabled=False,
              hidden_inputs=backward_ctx.placeholders)


def read_static_method(tx, class_value: Value, name: str) -> Value:
    """`cls.forward` (or backward), guarded by identity: a class attribute read is not
    guarded otherwise, and a Function patched later must not run its old code."""
    from compiler.guards.guard import GuardKind
    real = getattr(class_value.fixed_object(), name)
    if not isinstance(real, types.FunctionType):
        raise Unsupported(f"{class_value}.{name} is not a plain function",
                          BreakReason.UNSUPPORTED_CALL)
    tx.ctx.guard(class_value.attribute_source(tx, name), GuardKind.ID, real)
    return class_value.getattr(tx, name)


class TensorsOf(Value):
    """Calls a backward and gives the tensors among its gradients (None for the others)."""

    def __init__(self, backward: Value):
        super().__init__(None)
        self.backward = backward

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.containers import TupleValue
        from compiler.values.tensor import TensorValue
        result = self.backward.call(tx, args, kwargs)
        items = list(result.items) if type(result) is TupleValue else [result]
        if not all(isinstance(i, TensorValue) or i.is_constant() and i.as_constant() is None
                   for i in items):
            raise Unsupported("a backward that returns something other than tensors and None",
                              BreakReason.UNSUPPORTED_CALL)
        tensors = [i for i in items if isinstance(i, TensorValue)]
        if not tensors:
            raise Unsupported("a backward that returns no tensor", BreakReason.UNSUPPORTED_CALL)
        return TupleValue(tensors)


class BackwardCtxValue(Value):
    """The ctx the backward gets: what the forward saved and set, as fresh inputs."""

    def __init__(self, forward_ctx):
        from compiler.values.tensor import TensorValue
        super().__init__(None)
        self.forward_ctx = forward_ctx
        self.placeholders: list = []  # fake tensors: (saved tensors, tensor attributes)
        self.saved = [self._input(t) for t in forward_ctx.saved or ()]
        self.attributes = {name: self._input(v) if isinstance(v, TensorValue) else v
                           for name, v in forward_ctx.attributes.items()}

    def _input(self, tensor) -> _Pending:
        pending = _Pending(sample_fake(tensor.example, requires_grad=False))
        self.placeholders.append(pending)
        return pending

    def __repr__(self) -> str:
        return "BackwardCtxValue()"

    def getattr(self, tx, name: str) -> Value:
        from compiler.values.containers import TupleValue
        if name in self.attributes:
            return _resolved(self.attributes[name])
        if name in ("saved_tensors", "saved_variables") and self.forward_ctx.saved is not None:
            return TupleValue([_resolved(p) for p in self.saved])
        if name == "needs_input_grad":
            return TupleValue([ConstantValue(b) for b in self.forward_ctx.needs_input_grad])
        raise Unsupported(f"ctx.{name} in a custom Function's backward",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)

    def setattr(self, tx, name: str, value: Value) -> None:
        raise Unsupported(f"ctx.{name} set in a custom Function's backward",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)


class _Pending:
    """A tensor of the backward's ctx: a fake tensor until the speculation makes its
    placeholder (`value`; a hidden input of `speculate`)."""

    def __init__(self, fake: torch.Tensor):
        self.fake = fake
        self.value: Value | None = None


def _resolved(item):
    if isinstance(item, _Pending):
        if item.value is None:
            raise Unsupported("a ctx tensor read before the backward started",
                              BreakReason.UNSUPPORTED_VALUE)
        return item.value
    return item
