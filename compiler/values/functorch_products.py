"""`torch.func.vjp` and `torch.func.jvp` of a Python function in a trace.

As for the other transforms (functorch_transforms.py), the function is speculated into a
subgraph, and the graph applies torch's own product to it: `jvp(f, primals, tangents)` is one
node giving the output and the tangent out. `vjp(f, *primals)` gives the output (one node) and a
pullback, a tracker that records, when the program calls it with cotangents, one node running
`vjp` again and applying its pullback. So every backend runs torch's own forward and reverse
mode over the traced function; the function runs once more per pullback call, which changes
no value (the speculation refuses random draws and side effects).

With `has_aux=True` the function returns `(output, aux)`, aux a tuple, list or dict of
tensors: the subgraph returns the output's tensors then aux's, and the node gives torch the pair
again (functorch_trees.py); vjp and jvp give aux after their own results.

Primals (and tangents) may be tuples, lists and dicts of tensors: each is flattened for the
subgraph and rebuilt in the node (functorch_trees.py), a pullback giving cotangents laid out
as the primals.

Refused: other options, primals or tangents with leaves other than tensors, tangents laid out
otherwise than the primals, an output (the result, or its first item with has_aux) other than a
tensor or a flat tuple of tensors, cotangents of another structure than the output, and a
pullback that leaves the frame or is read at a graph break (it is made by the graph and has no
Python expression).
"""

from __future__ import annotations

import torch
import torch.utils._pytree as pytree

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.functorch_transforms import inside_transform, record_subgraph_call
from compiler.values.functorch_trees import (
    flatten_value,
    leaf_count,
    output_skeleton,
    rebuild_real,
    rebuild_values,
    tensor_leaves,
)
from compiler.values.subgraph import Subgraph, sample_fake, speculate
from compiler.values.torch_functions import MODELLED_CALLS


def _primal_count(layout: tuple) -> int:
    return sum(leaf_count(skeleton) for skeleton in layout)


def _structured(layout: tuple, tensors) -> list:
    """The primals as the program gave them (tensors, or tuples, lists, dicts of tensors)."""
    primals, start = [], 0
    for skeleton in layout:
        count = leaf_count(skeleton)
        primals.append(rebuild_real(skeleton, tensors[start:start + count]))
        start += count
    return primals


def _with_free(module, layout: tuple, tensors: tuple, aux: tuple | None):
    """The function of the primals alone (each laid out as its skeleton in `layout`): the
    tensors after them are what the subgraph reads from outside (lifted), passed as they are,
    never differentiated. With `aux` (the output's tensor count, whether it is a tuple, aux's
    skeleton) it returns `(output, aux)`."""
    free = tensors[_primal_count(layout):]

    def flat(*primals):
        leaves = [t for skeleton, primal in zip(layout, primals)
                  for t in tensor_leaves(skeleton, primal)]
        return module(*leaves, *free)
    if aux is None:
        return flat
    count, as_tuple, skeleton = aux

    def split(*primals):
        result = flat(*primals)
        output = tuple(result[:count]) if as_tuple else result[0]
        return output, rebuild_real(skeleton, result[count:])
    return split


def apply_vjp_output(layout: tuple, aux: tuple | None, module, *tensors) -> tuple:
    """The graph's node for vjp's output (then aux's tensors): `torch.func.vjp(f, *primals)`
    without its pullback, flattened."""
    fn = _with_free(module, layout, tensors, aux)
    output, _, *rest = torch.func.vjp(fn, *_structured(layout, tensors),
                                      has_aux=aux is not None)
    return tuple(pytree.tree_leaves((output, *rest)))


def apply_vjp_pullback(layout: tuple, free_count: int, aux: tuple | None, module,
                       *tensors) -> tuple:
    """The graph's node for a call of vjp's pullback: the cotangents follow the primals and
    the free tensors, in the output's structure once unflattened; the primals' cotangents
    flattened."""
    split = _primal_count(layout) + free_count
    fn = _with_free(module, layout, tensors[:split], aux)
    output, pullback, *_ = torch.func.vjp(fn, *_structured(layout, tensors),
                                          has_aux=aux is not None)
    cotangents = pytree.tree_unflatten(list(tensors[split:]), pytree.tree_structure(output))
    return tuple(pytree.tree_leaves(pullback(cotangents)))


def apply_jvp(layout: tuple, aux: tuple | None, module, *tensors) -> tuple:
    """The graph's node for jvp: `(output, tangent_out)` (then aux), flattened; the tangents
    (laid out as the primals) follow the primals, then the free tensors."""
    count = _primal_count(layout)
    primals, tangents = tensors[:count], tensors[count:2 * count]
    fn = _with_free(module, layout, (*primals, *tensors[2 * count:]), aux)
    return tuple(pytree.tree_leaves(torch.func.jvp(
        fn, tuple(_structured(layout, primals)), tuple(_structured(layout, tangents)),
        has_aux=aux is not None)))


def _flat_primals(values: list[Value], what: str) -> tuple[tuple, list[Value]]:
    """The primals' skeletons and their tensors, in order (each a tensor, or a tuple, list
    or dict of tensors)."""
    layout, leaves = [], []
    for value in values:
        skeleton, found = flatten_value(value, what)
        layout.append(skeleton)
        leaves += found
    return tuple(layout), _tensors(leaves, what)


class _Primals(Value):
    """The function of a product called with the primals' tensors: it rebuilds each primal's
    structure and calls the program's function with them."""

    def __init__(self, fn: Value, layout: tuple):
        super().__init__(None)
        self.fn, self.layout = fn, layout

    def call(self, tx, args, kwargs) -> Value:
        rebuilt, start = [], 0
        for skeleton in self.layout:
            count = leaf_count(skeleton)
            rebuilt.append(rebuild_values(skeleton, list(args[start:start + count])))
            start += count
        return self.fn.call(tx, rebuilt, kwargs)


def _tensors(values: list[Value], what: str) -> list[Value]:
    from compiler.values.tensor import TensorValue
    if not values or not all(isinstance(v, TensorValue) for v in values):
        raise Unsupported(f"{what} of something other than tensors", BreakReason.UNSUPPORTED_CALL)
    return values


def _no_options(name: str, kwargs: dict[str, Value], allowed: set[str]) -> bool:
    """Refuses options but `allowed` ones set to False, and has_aux; whether has_aux is on."""
    has_aux = False
    for key, value in kwargs.items():
        if key == "has_aux" and value.is_constant() and type(value.as_constant()) is bool:
            has_aux = value.as_constant()
        elif key not in allowed or not value.is_constant() or value.as_constant() is not False:
            raise Unsupported(f"torch.func.{name} with {key}=", BreakReason.UNSUPPORTED_CALL)
    return has_aux


class AuxSplit(Value):
    """The function of a has_aux product: it returns `(output, aux)`; called, it returns the
    output's tensors then aux's, as one tuple, noting the layout (`_with_free`'s `aux`)."""

    def __init__(self, fn: Value, what: str):
        super().__init__(None)
        self.fn, self.what = fn, what
        self.layout: tuple | None = None

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.containers import TupleValue
        result = self.fn.call(tx, args, kwargs)
        if not issubclass(result.python_type(), tuple) or result.len(tx) != 2:
            raise Unsupported(f"{self.what} with has_aux returning other than a pair",
                              BreakReason.UNSUPPORTED_CALL)
        output, aux = result.unpack(tx)
        as_tuple = type(output) is TupleValue
        outputs = _tensors(list(output.items) if as_tuple else [output], self.what)
        skeleton, aux_leaves = output_skeleton(aux, self.what)
        self.layout = (len(outputs), as_tuple, skeleton)
        return TupleValue([*outputs, *aux_leaves])


def _speculate(tx, fn: Value, primals: list[Value], name: str, reverse: bool,
               has_aux: bool) -> tuple[Subgraph, tuple | None]:
    """The subgraph, and with has_aux the layout of its output and aux."""
    fakes = [sample_fake(p.example, requires_grad=reverse) for p in primals]
    what = f"the function torch.func.{name} applies to"
    if has_aux:
        fn = AuxSplit(fn, what)
    with inside_transform(tx.ctx):
        sub = speculate(tx, fn, fakes, what, grad_enabled=True if reverse else None)
    return sub, (fn.layout if has_aux else None)


def _output_and_aux(items: list[Value], sub: Subgraph, aux: tuple | None
                    ) -> tuple[list[Value], bool, list[Value]]:
    """The output's trackers, whether it is a tuple, and aux's rebuilt (none without aux)."""
    if aux is None:
        return items, sub.returned_tuple, []
    count, as_tuple, skeleton = aux
    return items[:count], as_tuple, [rebuild_values(skeleton, items[count:])]


def _shaped(items: list[Value], returned_tuple: bool) -> Value:
    from compiler.values.containers import TupleValue
    return TupleValue(items) if returned_tuple else items[0]


def vjp_call(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.containers import TupleValue
    has_aux = _no_options("vjp", kwargs, set())
    if not args:
        raise Unsupported("torch.func.vjp() without a function", BreakReason.UNSUPPORTED_CALL)
    layout, primals = _flat_primals(list(args[1:]), "torch.func.vjp")
    sub, aux = _speculate(tx, _Primals(args[0], layout), primals, "vjp", reverse=True,
                          has_aux=has_aux)
    tensors = [p.node for p in primals] + sub.lifted
    fakes = [p.example for p in primals] + [n.meta["example_value"] for n in sub.lifted]
    items = record_subgraph_call(tx, apply_vjp_output, (layout, aux), sub, tensors,
                                 lambda: apply_vjp_output(layout, aux, sub.module, *fakes),
                                 "torch.func.vjp")
    outputs, as_tuple, rest = _output_and_aux(items, sub, aux)
    pullback = VjpPullbackValue(sub, layout, tensors, fakes, (len(outputs), as_tuple, aux))
    return TupleValue([_shaped(outputs, as_tuple), pullback, *rest])


class VjpPullbackValue(Value):
    """The pullback `torch.func.vjp` returned in the trace."""

    def __init__(self, sub: Subgraph, layout: tuple, tensors: list, fakes: list,
                 output: tuple):
        super().__init__(None)
        self.sub, self.layout, self.tensors, self.fakes = sub, layout, tensors, fakes
        self.output_count, self.output_tuple, self.aux = output

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
        if self.output_tuple:
            cotangents = list(given.items) if type(given) is TupleValue else None
        else:
            cotangents = [given] if isinstance(given, TensorValue) else None
        if cotangents is None or len(cotangents) != self.output_count:
            raise Unsupported("vjp cotangents of another structure than the output",
                              BreakReason.UNSUPPORTED_CALL)
        _tensors(cotangents, "a vjp pullback")
        layout, free, aux = self.layout, len(self.sub.lifted), self.aux
        fakes = [*self.fakes, *(c.example for c in cotangents)]
        items = record_subgraph_call(
            tx, apply_vjp_pullback, (layout, free, aux), self.sub,
            [*self.tensors, *(c.node for c in cotangents)],
            lambda: apply_vjp_pullback(layout, free, aux, self.sub.module, *fakes),
            "torch.func vjp pullback")
        rebuilt, start = [], 0
        for skeleton in layout:  # each primal's cotangent, laid out as the primal
            count = leaf_count(skeleton)
            rebuilt.append(rebuild_values(skeleton, items[start:start + count]))
            start += count
        return TupleValue(rebuilt)


def jvp_call(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.containers import TupleValue
    has_aux = _no_options("jvp", kwargs, {"strict"})
    if len(args) != 3 or not all(type(a) is TupleValue for a in args[1:]):
        raise Unsupported("torch.func.jvp other than (function, primals, tangents) with tuples",
                          BreakReason.UNSUPPORTED_CALL)
    layout, primals = _flat_primals(list(args[1].items), "torch.func.jvp")
    tangent_layout, tangents = _flat_primals(list(args[2].items), "torch.func.jvp")
    if tangent_layout != layout:
        raise Unsupported("torch.func.jvp with tangents laid out otherwise than the primals",
                          BreakReason.UNSUPPORTED_CALL)
    sub, aux = _speculate(tx, _Primals(args[0], layout), primals, "jvp", reverse=False,
                          has_aux=has_aux)
    tensors = [v.node for v in (*primals, *tangents)] + sub.lifted
    fakes = [v.example for v in (*primals, *tangents)] + [
        n.meta["example_value"] for n in sub.lifted]
    items = record_subgraph_call(tx, apply_jvp, (layout, aux), sub, tensors,
                                 lambda: apply_jvp(layout, aux, sub.module, *fakes),
                                 "torch.func.jvp")
    if aux is None:
        half, as_tuple, rest = len(items) // 2, sub.returned_tuple, []
    else:
        half, as_tuple = aux[0], aux[1]
        rest = [rebuild_values(aux[2], items[2 * half:])]
    return TupleValue([_shaped(items[:half], as_tuple),
                       _shaped(items[half:2 * half], as_tuple), *rest])


MODELLED_CALLS[torch.func.vjp] = vjp_call
MODELLED_CALLS[torch.func.jvp] = jvp_call


def _register_deprecated_names() -> None:
    from compiler.values.functorch_transforms import register_deprecated
    register_deprecated()


_register_deprecated_names()  # after vjp and jvp are in MODELLED_CALLS
