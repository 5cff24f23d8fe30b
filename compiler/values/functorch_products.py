"""`torch.func.vjp` and `torch.func.jvp` of a Python function in a trace.

As for the other transforms (functorch_transforms.py), the function is speculated into a
subgraph, and the graph applies torch's own product to it: `jvp(f, primals, tangents)` is one
node giving the output and the tangent out. `vjp(f, *primals)` gives the output (one node) and a
pullback, a tracker that records, when the program calls it with cotangents, one node running
`vjp` again and applying its pullback. So every backend runs torch's own forward and reverse
mode over the traced function; the function runs once more per pullback call, which changes
no value (the speculation refuses random draws and side effects).

Refused: `has_aux=True`, other options, primals or tangents that are not tensors (or a tuple
of tensors for jvp), a function returning anything but a tensor or a flat tuple of tensors,
cotangents of another structure than the output, and a pullback that leaves the frame or is
read at a graph break (it is made by the graph and has no Python expression).
"""

from __future__ import annotations

import torch
import torch.utils._pytree as pytree

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.functorch_transforms import inside_transform, record_subgraph_call
from compiler.values.subgraph import Subgraph, sample_fake, speculate
from compiler.values.torch_functions import MODELLED_CALLS


def _with_free(module, primal_count: int, tensors: tuple):
    """The function of the primals alone: the tensors after them are what the subgraph reads
    from outside (lifted), passed as they are, never differentiated."""
    free = tensors[primal_count:]
    return lambda *primals: module(*primals, *free)


def apply_vjp_output(primal_count: int, module, *tensors) -> tuple:
    """The graph's node for vjp's output: `torch.func.vjp(f, *primals)[0]`, flattened."""
    fn = _with_free(module, primal_count, tensors)
    return tuple(pytree.tree_leaves(torch.func.vjp(fn, *tensors[:primal_count])[0]))


def apply_vjp_pullback(primal_count: int, free_count: int, module, *tensors) -> tuple:
    """The graph's node for a call of vjp's pullback: the cotangents follow the primals and
    the free tensors, in the output's structure once unflattened."""
    split = primal_count + free_count
    fn = _with_free(module, primal_count, tensors[:split])
    output, pullback = torch.func.vjp(fn, *tensors[:primal_count])
    cotangents = pytree.tree_unflatten(list(tensors[split:]), pytree.tree_structure(output))
    return tuple(pullback(cotangents))


def apply_jvp(primal_count: int, module, *tensors) -> tuple:
    """The graph's node for jvp: `(output, tangent_out)`, flattened; the tangents follow the
    primals, then the free tensors."""
    primals, tangents = tensors[:primal_count], tensors[primal_count:2 * primal_count]
    fn = _with_free(module, primal_count, (*primals, *tensors[2 * primal_count:]))
    return tuple(pytree.tree_leaves(torch.func.jvp(fn, primals, tangents)))


def _tensors(values: list[Value], what: str) -> list[Value]:
    from compiler.values.tensor import TensorValue
    if not values or not all(isinstance(v, TensorValue) for v in values):
        raise Unsupported(f"{what} of something other than tensors", BreakReason.UNSUPPORTED_CALL)
    return values


def _no_options(name: str, kwargs: dict[str, Value], allowed: set[str]) -> None:
    for key, value in kwargs.items():
        if key not in allowed or not value.is_constant() or value.as_constant() is not False:
            raise Unsupported(f"torch.func.{name} with {key}=", BreakReason.UNSUPPORTED_CALL)


def _speculate(tx, fn: Value, primals: list[Value], name: str, reverse: bool) -> Subgraph:
    fakes = [sample_fake(p.example, requires_grad=reverse) for p in primals]
    with inside_transform(tx.ctx):
        return speculate(tx, fn, fakes, f"the function torch.func.{name} applies to",
                         grad_enabled=True if reverse else None)


def _shaped(items: list[Value], returned_tuple: bool) -> Value:
    from compiler.values.containers import TupleValue
    return TupleValue(items) if returned_tuple else items[0]


def vjp_call(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.containers import TupleValue
    _no_options("vjp", kwargs, {"has_aux"})
    if not args:
        raise Unsupported("torch.func.vjp() without a function", BreakReason.UNSUPPORTED_CALL)
    primals = _tensors(list(args[1:]), "torch.func.vjp")
    sub = _speculate(tx, args[0], primals, "vjp", reverse=True)
    tensors = [p.node for p in primals] + sub.lifted
    fakes = [p.example for p in primals] + [n.meta["example_value"] for n in sub.lifted]
    count = len(primals)
    items = record_subgraph_call(tx, apply_vjp_output, (count,), sub, tensors,
                                 lambda: apply_vjp_output(count, sub.module, *fakes),
                                 "torch.func.vjp")
    pullback = VjpPullbackValue(sub, primals, tensors, fakes, len(items))
    return TupleValue([_shaped(items, sub.returned_tuple), pullback])


class VjpPullbackValue(Value):
    """The pullback `torch.func.vjp` returned in the trace."""

    def __init__(self, sub: Subgraph, primals: list[Value], tensors: list, fakes: list,
                 output_count: int):
        super().__init__(None)
        self.sub, self.primals, self.tensors, self.fakes = sub, primals, tensors, fakes
        self.output_count = output_count

    def __repr__(self) -> str:
        return "VjpPullbackValue()"

    def reconstruct(self, plan) -> str:
        raise Unsupported("a torch.func.vjp pullback leaving the compiled frame",
                          BreakReason.UNSUPPORTED_VALUE)

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.containers import TupleValue
        from compiler.values.tensor import TensorValue
        if kwargs or len(args) != 1:
            raise Unsupported("a vjp pullback called with other than one argument",
                              BreakReason.UNSUPPORTED_CALL)
        (given,) = args
        if self.sub.returned_tuple:
            cotangents = list(given.items) if type(given) is TupleValue else None
        else:
            cotangents = [given] if isinstance(given, TensorValue) else None
        if cotangents is None or len(cotangents) != self.output_count:
            raise Unsupported("vjp cotangents of another structure than the output",
                              BreakReason.UNSUPPORTED_CALL)
        _tensors(cotangents, "a vjp pullback")
        count, free = len(self.primals), len(self.sub.lifted)
        fakes = [*self.fakes, *(c.example for c in cotangents)]
        items = record_subgraph_call(
            tx, apply_vjp_pullback, (count, free), self.sub,
            [*self.tensors, *(c.node for c in cotangents)],
            lambda: apply_vjp_pullback(count, free, self.sub.module, *fakes),
            "torch.func.vjp pullback")
        return TupleValue(items)


def jvp_call(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.containers import TupleValue
    _no_options("jvp", kwargs, {"has_aux", "strict"})
    if len(args) != 3 or not all(type(a) is TupleValue for a in args[1:]):
        raise Unsupported("torch.func.jvp other than (function, primals, tangents) with tuples",
                          BreakReason.UNSUPPORTED_CALL)
    primals = _tensors(list(args[1].items), "torch.func.jvp")
    tangents = _tensors(list(args[2].items), "torch.func.jvp")
    if len(primals) != len(tangents):
        raise Unsupported("torch.func.jvp with as many tangents as primals",
                          BreakReason.UNSUPPORTED_CALL)
    sub = _speculate(tx, args[0], primals, "jvp", reverse=False)
    tensors = [v.node for v in (*primals, *tangents)] + sub.lifted
    fakes = [v.example for v in (*primals, *tangents)] + [
        n.meta["example_value"] for n in sub.lifted]
    count = len(primals)
    items = record_subgraph_call(tx, apply_jvp, (count,), sub, tensors,
                                 lambda: apply_jvp(count, sub.module, *fakes), "torch.func.jvp")
    half = len(items) // 2
    return TupleValue([_shaped(items[:half], sub.returned_tuple),
                       _shaped(items[half:], sub.returned_tuple)])


MODELLED_CALLS[torch.func.vjp] = vjp_call
MODELLED_CALLS[torch.func.jvp] = jvp_call
