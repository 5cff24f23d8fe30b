"""`MyFunction.apply(*args)` of a custom `torch.autograd.Function` in a trace.

The user's forward is speculated into a subgraph (compiler/values/subgraph.py), as eager runs
it: under no_grad, on the arguments as given, with a `ctx` modelled by `FunctionCtxValue`
(attributes set on it, `save_for_backward`, `mark_non_differentiable`,
`set_materialize_grads`, `needs_input_grad`). The graph then gets one node calling `apply` of
a Function class made for this trace (`traced_function_class`): its forward runs the subgraph
and does to its real ctx what the user's forward did to the modelled one, and its backward is
the user's own backward, called with that ctx when autograd asks for it, as in eager (with
its decorators, `once_differentiable` included). So outputs, `requires_grad`, and the
gradients autograd computes are eager's.

A `setup_context`-style Function (forward without ctx) is speculated as forward, then
`setup_context(ctx, inputs, output)` on the same modelled ctx, as eager calls them.

Refused: Functions with their own `jvp` or `vmap` (or `generate_vmap_rule`); keyword
arguments; arguments that are neither tensors nor constants; a forward that reads tensors from
outside its arguments (a global, a parameter: it would change `needs_input_grad`), writes
its inputs in place (`mark_dirty`), reads `saved_tensors`, or sets on ctx something other than
a tensor or a constant; and whatever the speculation refuses.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.autograd_backward import check_backward, read_static_method
from compiler.values.base import Value
from compiler.values.constant import ConstantValue
from compiler.values.subgraph import (
    Input,
    constant_argument,
    sample_fake,
    speculate,
)
from compiler.values.torch_functions import MODELLED_CALLS

_BASE = torch.autograd.Function
_CTX_METHODS = ("save_for_backward", "mark_non_differentiable", "set_materialize_grads")

# Where a tensor the generated forward hands to its ctx comes from: ("input", k), the k-th
# tensor argument, or ("result", j), the j-th result of the subgraph.
Ref = tuple[str, int]


@dataclasses.dataclass
class ForwardPlan:
    """What the user's forward did, for the generated forward to do again."""

    tensor_positions: list[int]         # where the tensor arguments are among apply's
    outputs: int                        # how many of the subgraph's results forward returned
    returned_tuple: bool
    saved: list[Ref] | None = None
    attributes: list[tuple[str, Ref | None, Any]] = dataclasses.field(default_factory=list)
    non_differentiable: list[Ref] = dataclasses.field(default_factory=list)
    materialize_grads: bool = True


def traced_function_class(user_class: type, forward_graph, plan: ForwardPlan) -> type:
    """A Function whose forward runs `forward_graph` and whose backward is `user_class`'s."""

    def forward(ctx, *args):
        tensors = [args[i] for i in plan.tensor_positions]
        results = forward_graph(*tensors)
        results = results if isinstance(results, tuple) else (results,)

        def pick(ref: Ref):
            return tensors[ref[1]] if ref[0] == "input" else results[ref[1]]

        if plan.saved is not None:
            ctx.save_for_backward(*map(pick, plan.saved))
        for name, ref, constant in plan.attributes:
            setattr(ctx, name, constant if ref is None else pick(ref))
        if plan.non_differentiable:
            ctx.mark_non_differentiable(*map(pick, plan.non_differentiable))
        if not plan.materialize_grads:
            ctx.set_materialize_grads(False)
        outputs = results[:plan.outputs]
        return tuple(outputs) if plan.returned_tuple else outputs[0]

    def backward(ctx, *grads):
        return user_class.backward(ctx, *grads)

    name = f"Traced{user_class.__name__}"
    return type(name, (torch.autograd.Function,), {
        "forward": staticmethod(forward), "backward": staticmethod(backward),
        "__qualname__": name, "__module__": __name__})


def apply_traced_function(function_class: type, *args):
    """The graph's node: `function_class.apply(*args)` (a module-level function, which the
    graph's code can name; the class is an attribute of the graph module)."""
    return function_class.apply(*args)


def apply_custom_function(tx, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`cls.apply(*args)`: `args[0]` is the Function class."""
    from compiler.values.tensor import TensorValue
    user_class = args[0].fixed_object() if args else None
    if not (isinstance(user_class, type) and issubclass(user_class, torch.autograd.Function)):
        raise Unsupported("Function.apply of something other than a Function subclass",
                          BreakReason.UNSUPPORTED_CALL)
    if not hasattr(args[0], "attribute_source") or tx.ctx.is_made_per_call(user_class):
        raise Unsupported(f"{user_class.__name__}.apply of a Function class made in the "
                          f"compiled code", BreakReason.UNSUPPORTED_CALL)
    _check_supported(user_class, kwargs)
    arguments = list(args[1:])
    tensor_positions = [i for i, a in enumerate(arguments) if isinstance(a, TensorValue)]
    for value in arguments:
        if not isinstance(value, TensorValue):
            constant_argument(value, f"{user_class.__name__}.apply")
    ctx = FunctionCtxValue(tuple(isinstance(a, TensorValue) and a.example.requires_grad
                                 for a in arguments))
    forward = read_static_method(tx, args[0], "forward")
    if _defines(user_class, "setup_context"):
        forward = ForwardThenSetup(forward, read_static_method(tx, args[0], "setup_context"))
    speculated: list = [ctx]
    first_seen: dict[int, int] = {}  # the forward gets the arguments themselves: their type,
    for position, value in enumerate(arguments, start=1):  # and one passed twice is one object
        if isinstance(value, TensorValue):
            first = first_seen.setdefault(id(value), position)
            value = Input(sample_fake(value.example), value.real_type,
                          None if first == position else first)
        speculated.append(value)
    plan = ForwardPlan(tensor_positions, 0, False)
    what = f"{user_class.__name__}.forward"
    sub = speculate(tx, forward, speculated, what, grad_enabled=False,
                    more_outputs=lambda outputs: ctx.plan_extras(outputs, plan,
                                                                   tx.ctx.graph.graph))
    if sub.lifted:
        raise Unsupported(f"{what} reads tensors other than its arguments",
                          BreakReason.UNSUPPORTED_CALL)
    plan.outputs, plan.returned_tuple = len(sub.outputs), sub.returned_tuple
    if tx.ctx.backend_compiles and torch.is_grad_enabled() and any(ctx.needs_input_grad):
        check_backward(tx, args[0], ctx, sub.outputs, user_class.__name__)
    return _record(tx, traced_function_class(user_class, sub.module, plan), arguments)


def _check_supported(user_class: type, kwargs: dict) -> None:
    name = user_class.__name__
    if kwargs:
        raise Unsupported(f"{name}.apply with keyword arguments", BreakReason.UNSUPPORTED_CALL)
    for hook in ("jvp", "vmap"):
        if _defines(user_class, hook):
            raise Unsupported(f"{name} defines {hook}", BreakReason.UNSUPPORTED_CALL)
    if getattr(user_class, "generate_vmap_rule", False):
        raise Unsupported(f"{name}.generate_vmap_rule", BreakReason.UNSUPPORTED_CALL)


def _defines(user_class: type, hook: str) -> bool:
    return inspect.getattr_static(user_class, hook, None) is not inspect.getattr_static(
        _BASE, hook, None)


class ForwardThenSetup(Value):
    """A `setup_context`-style Function's two steps as one callable, for the speculation:
    `forward(*inputs)`, then `setup_context(ctx, inputs, output)`; gives forward's result."""

    def __init__(self, forward: Value, setup_context: Value):
        super().__init__(None)
        self.forward, self.setup_context = forward, setup_context

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.containers import TupleValue
        ctx, *inputs = args
        output = self.forward.call(tx, list(inputs), {})
        self.setup_context.call(tx, [ctx, TupleValue(list(inputs)), output], {})
        return output


def _record(tx, function_class: type, arguments: list[Value]) -> Value:
    from compiler.graph.arguments import fake_argument, node_argument
    from compiler.values.wrap import wrap_op_result
    builder = tx.ctx.graph
    fakes = [fake_argument(a) for a in arguments]
    class_node = builder.attribute(function_class, "_function")
    node, result = builder.call(
        "call_function", apply_traced_function,
        (class_node, *(node_argument(a) for a in arguments)), {},
        lambda: function_class.apply(*fakes), f"{function_class.__name__}.apply")
    return wrap_op_result(tx.ctx, node, result, keep_node=True)


class FunctionCtxValue(Value):
    """The `ctx` a custom Function's forward gets, while it is speculated."""

    def __init__(self, needs_input_grad: tuple[bool, ...]):
        super().__init__(None)
        self.needs_input_grad = needs_input_grad
        self.attributes: dict[str, Value] = {}
        self.saved: list[Value] | None = None
        self.non_differentiable: list[Value] = []
        self.materialize_grads = True

    def __repr__(self) -> str:
        return "FunctionCtxValue()"

    def getattr(self, tx, name: str) -> Value:
        from compiler.values.containers import TupleValue
        if name in self.attributes:
            return self.attributes[name]
        if name == "needs_input_grad":
            return TupleValue([ConstantValue(b) for b in self.needs_input_grad])
        if name in _CTX_METHODS:
            return CtxMethodValue(self, name)
        raise Unsupported(f"ctx.{name} in a custom Function's forward",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)

    def setattr(self, tx, name: str, value: Value) -> None:
        from compiler.values.tensor import TensorValue
        if hasattr(torch.autograd.function.FunctionCtx, name) or name in (
                "needs_input_grad", "saved_tensors", "to_save"):
            raise Unsupported(f"ctx.{name} set in a custom Function's forward",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        if not isinstance(value, TensorValue) and not _immutable_constant(value):
            raise Unsupported(f"ctx.{name} set to {value}, neither a tensor nor an immutable "
                              f"constant", BreakReason.UNSUPPORTED_VALUE)
        self.attributes[name] = value

    def call_method(self, tx, name: str, args: list[Value], kwargs: dict[str, Value]) -> Value:
        from compiler.values.tensor import TensorValue
        if kwargs:
            raise Unsupported(f"ctx.{name} with keyword arguments", BreakReason.UNSUPPORTED_CALL)
        if name == "set_materialize_grads":
            self.materialize_grads = bool(constant_argument(args[0], f"ctx.{name}"))
            return ConstantValue(None)
        if not all(isinstance(a, TensorValue) for a in args):
            raise Unsupported(f"ctx.{name} of something other than tensors",
                              BreakReason.UNSUPPORTED_CALL)
        if name == "save_for_backward":
            self.saved = list(args)
        else:
            self.non_differentiable.extend(args)
        return ConstantValue(None)

    def plan_extras(self, outputs: list[Value], plan: ForwardPlan, graph) -> list[Value]:
        """Say in `plan` where each tensor handed to ctx comes from; the tensors that are
        neither arguments nor outputs are returned, as the subgraph's extra results."""
        from compiler.values.tensor import TensorValue
        extras: list[Value] = []

        def ref(value: Value) -> Ref:
            if value.node.op == "placeholder" and value.node.graph is graph:
                return ("input", _tensor_index(value.node))
            for j, known in enumerate(outputs + extras):
                if known is value:
                    return ("result", j)
            extras.append(value)
            return ("result", len(outputs) + len(extras) - 1)

        if self.saved is not None:
            plan.saved = [ref(v) for v in self.saved]
        for name, value in self.attributes.items():
            tensor = isinstance(value, TensorValue)
            plan.attributes.append((name, ref(value) if tensor else None,
                                    None if tensor else value.as_constant()))
        for value in self.non_differentiable:
            if not any(value is o for o in outputs):
                raise Unsupported("ctx.mark_non_differentiable of a tensor forward does not "
                                  "return", BreakReason.UNSUPPORTED_CALL)
            plan.non_differentiable.append(ref(value))
        plan.materialize_grads = self.materialize_grads
        return extras


class CtxMethodValue(Value):
    def __init__(self, ctx: FunctionCtxValue, name: str):
        super().__init__(None)
        self.ctx, self.name = ctx, name

    def call(self, tx, args, kwargs) -> Value:
        return self.ctx.call_method(tx, self.name, list(args), kwargs)


def _immutable_constant(value: Value) -> bool:
    """A constant the generated forward may set on every call as it is: nothing can change
    it between the calls."""
    if not value.is_constant():
        return False
    pending = [value.as_constant()]
    while pending:
        item = pending.pop()
        if isinstance(item, (tuple, frozenset)):
            pending.extend(item)
        elif not isinstance(item, (int, float, complex, bool, str, bytes, type(None),
                                   torch.dtype, torch.device)):
            return False
    return True


def _tensor_index(placeholder: torch.fx.Node) -> int:
    """The argument a placeholder of the forward's subgraph stands for, among the tensors:
    each tensor argument has one placeholder, in order (one passed twice too; ctx and the
    constants have none)."""
    return [n for n in placeholder.graph.nodes if n.op == "placeholder"].index(placeholder)


MODELLED_CALLS[inspect.getattr_static(torch.autograd.Function, "apply").__func__] = (
    lambda tx, fn, args, kwargs: apply_custom_function(tx, args, kwargs))
