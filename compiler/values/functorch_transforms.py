"""torch.func transforms of a Python function in a trace: `vmap`, `grad` and `grad_and_value`.

The function is speculated into a subgraph (compiler/values/subgraph.py) on fake tensors shaped
as the transform shows them to it (one slice along the mapped dimension for vmap), and the
graph gets one node: a call of a module-level function below that applies the transform
itself, `torch.func.vmap(subgraph, ...)(*tensors)`, to the subgraph module. The node gives
the transform's result flattened (its tensors in pytree order); the trace rebuilds its
structure. So every backend runs torch's own transform, over the traced function.

Refused: options other than constants the node can spell (nested in_dims, chunk_size,
has_aux with a non-tensor aux), keyword arguments to the transformed function, non-tensor
arguments the transform would map or differentiate, and whatever the speculation refuses
(side effects, random draws, in-place writes to the inputs).
"""

from __future__ import annotations

import contextlib
import inspect
from typing import Any

import torch
import torch.utils._pytree as pytree

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.subgraph import Subgraph, constant_argument, sample_fake, speculate
from compiler.values.torch_functions import MODELLED_CALLS


def apply_transform(name: str, options: tuple, module, *args) -> tuple:
    """The graph's node: `torch.func.<name>(module, **options)(*args)`, its result flattened
    (a module-level function the graph's code can name; `options` are (name, constant)
    pairs)."""
    return tuple(pytree.tree_leaves(_transformed_call(name, options, module, args)))


def _transformed_call(name: str, options: tuple, module, args) -> Any:
    """`torch.func.<name>(module, **options)(*args)`."""
    return getattr(torch.func, name)(module, **dict(options))(*args)


# The transforms of a function of tensors whose result is tensors; for each, whether it runs
# the function with grad enabled (reverse mode), and whether it differentiates (argnums).
TRANSFORMS: dict[str, tuple[bool, bool]] = {
    "vmap": (False, False), "grad": (True, True), "grad_and_value": (True, True),
    "jacrev": (True, True), "hessian": (True, True), "jacfwd": (False, True),
}


def make_transform(transform, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`torch.func.vmap(fn, ...)` and the like: the transformed function, not yet called.
    Its options are bound as the transform binds them, defaults included."""
    name = transform.__name__
    constants = [_option(value, name) for value in args[1:]]
    keywords = {key: _option(value, name) for key, value in kwargs.items()}
    try:
        bound = inspect.signature(transform).bind(None, *constants, **keywords)
    except TypeError as error:
        raise Unsupported(f"torch.func.{name} called with arguments it does not take: {error}",
                          BreakReason.UNSUPPORTED_CALL) from None
    if not args:
        raise Unsupported(f"torch.func.{name}() without a function", BreakReason.UNSUPPORTED_CALL)
    bound.apply_defaults()
    options = dict(list(bound.arguments.items())[1:])
    return TransformedFunctionValue(name, args[0], options)


def _option(value: Value, transform: str) -> Any:
    if not value.is_constant():
        raise Unsupported(f"an option of torch.func.{transform} that is not a constant",
                          BreakReason.UNSUPPORTED_CALL)
    option = value.as_constant()
    if not _spellable(option):
        raise Unsupported(f"torch.func.{transform} option {option!r}",
                          BreakReason.UNSUPPORTED_CALL)
    return option


def _spellable(option: Any) -> bool:
    """A constant the graph's code writes as a literal (and nested in_dims are refused)."""
    if isinstance(option, tuple):
        return all(isinstance(o, (int, type(None))) for o in option)
    return isinstance(option, (int, float, bool, str, type(None)))


class TransformedFunctionValue(Value):
    """What `torch.func.vmap(fn)` (or grad, jacrev, ...) returned in the trace."""

    def __init__(self, name: str, fn: Value, options: dict[str, Any]):
        super().__init__(None)
        self.name, self.fn, self.options = name, fn, options

    def __repr__(self) -> str:
        return f"TransformedFunctionValue({self.name}, {self.fn})"

    def reconstruct(self, plan) -> str:
        """Made again for real (at a graph break before its call, or when it leaves the
        frame): the transform applied to the function, with the same options."""
        options = "".join(f", {name}={plan.constant(value)}"
                          for name, value in self.options.items())
        transform = plan.bind(getattr(torch.func, self.name))
        return plan.temp(f"{transform}({plan.expr(self.fn)}{options})")

    def call(self, tx, args, kwargs) -> Value:
        if kwargs:
            raise Unsupported(f"keyword arguments to a function torch.func.{self.name} made",
                              BreakReason.UNSUPPORTED_CALL)
        args = list(args)
        for value in args:
            if not _is_tensor(value):
                constant_argument(value, f"torch.func.{self.name}")
        if self.name == "vmap":
            speculated, node_options = _vmap_inputs(self.options, args)
        else:
            speculated, node_options = _differentiated_inputs(self.name, self.options, args)
        what = f"the function torch.func.{self.name} applies to"
        grad_enabled = True if TRANSFORMS[self.name][0] else None
        with inside_transform(tx.ctx):
            sub = speculate(tx, self.fn, speculated, what, grad_enabled=grad_enabled)
        if self.name == "vmap":
            node_options["in_dims"] += (None,) * len(sub.lifted)
        tensors = [a for a in args if _is_tensor(a)]
        return record_transform(tx, self.name, tuple(node_options.items()), sub, tensors)


@contextlib.contextmanager
def inside_transform(ctx):
    """While speculating, tensors answer no autograd question (`requires_grad`, `is_leaf`):
    under a transform torch answers them per level, which fake tensors do not model."""
    ctx.transform_depth += 1
    try:
        yield
    finally:
        ctx.transform_depth -= 1


def _is_tensor(value: Value) -> bool:
    from compiler.values.tensor import TensorValue
    return isinstance(value, TensorValue)


def _vmap_inputs(options: dict[str, Any], args: list[Value]) -> tuple[list, dict]:
    """What the function sees (a slice of each mapped tensor) and the node's options (in_dims
    of the tensors alone, the constants being in the subgraph)."""
    in_dims = options["in_dims"]
    if isinstance(in_dims, (int, type(None))):
        in_dims = (in_dims,) * len(args)
    if len(in_dims) != len(args) or all(d is None for d in in_dims):
        raise Unsupported(f"vmap's in_dims {options['in_dims']!r} for {len(args)} arguments",
                          BreakReason.UNSUPPORTED_CALL)
    speculated, node_dims = [], []
    for value, dim in zip(args, in_dims):
        if not _is_tensor(value):
            if dim is not None:
                raise Unsupported("vmap over a non-tensor argument", BreakReason.UNSUPPORTED_CALL)
            speculated.append(value)
            continue
        fake = value.example
        if dim is not None and not -fake.dim() <= dim < fake.dim():
            raise Unsupported(f"vmap's in_dim {dim} of a {fake.dim()}-d tensor",
                              BreakReason.UNSUPPORTED_CALL)
        if dim is None:
            speculated.append(sample_fake(fake))
        else:
            speculated.append(sample_fake(fake, select=dim % fake.dim(), requires_grad=False))
        node_dims.append(dim)
    _refuse_passed_twice(args, [d is None for d in in_dims], "vmap")
    return speculated, {**options, "in_dims": tuple(node_dims)}


def _refuse_passed_twice(args: list[Value], as_is: list[bool], name: str) -> None:
    """A tensor passed twice reaches the function as two objects when the transform wraps
    it (mapped, differentiated) at least once; passed as it is both times, it would be the
    same object twice, which the subgraph's placeholders do not model."""
    for i, value in enumerate(args):
        if _is_tensor(value) and as_is[i] and any(value is other and as_is[j]
                                     for j, other in enumerate(args) if j != i):
            raise Unsupported(f"torch.func.{name} given one tensor twice",
                              BreakReason.UNSUPPORTED_CALL)


def _differentiated_inputs(name: str, options: dict[str, Any], args: list[Value]
                           ) -> tuple[list, dict]:
    """What the function sees (the tensors, those differentiated in reverse mode requiring
    grad) and the node's options (argnums counted among the tensors alone)."""
    argnums = options["argnums"]
    positions = argnums if isinstance(argnums, tuple) else (argnums,)
    if not positions or not all(isinstance(p, int) and -len(args) <= p < len(args)
                                and _is_tensor(args[p]) for p in positions):
        raise Unsupported(f"torch.func.{name} with argnums {argnums!r} (not tensors)",
                          BreakReason.UNSUPPORTED_CALL)
    differentiated = {p % len(args) for p in positions}
    reverse = TRANSFORMS[name][0]
    speculated, renumbered = [], {}
    for index, value in enumerate(args):
        if not _is_tensor(value):
            speculated.append(value)
            continue
        renumbered[index] = len(renumbered)
        grad = reverse and index in differentiated
        speculated.append(sample_fake(value.example, requires_grad=grad))
    _refuse_passed_twice(args, [i not in differentiated for i in range(len(args))], name)
    node_argnums = tuple(renumbered[p % len(args)] for p in positions)
    return speculated, {**options, "argnums": node_argnums if isinstance(argnums, tuple)
                        else node_argnums[0]}


def record_transform(tx, name: str, options: tuple, sub: Subgraph, tensors: list[Value]
                     ) -> Value:
    """One node, `apply_transform(name, options, subgraph, *tensors, *lifted)`; its flat
    result rebuilt in the structure the transform gave on the fake tensors."""
    nodes = [t.node for t in tensors] + sub.lifted
    fakes = [t.example for t in tensors] + [n.meta["example_value"] for n in sub.lifted]
    structure = []

    def run():
        leaves, spec = pytree.tree_flatten(_transformed_call(name, options, sub.module, fakes))
        structure.append(spec)
        if not all(isinstance(leaf, torch.Tensor) for leaf in leaves):
            raise Unsupported(f"torch.func.{name} gives a non-tensor",
                              BreakReason.UNSUPPORTED_CALL)
        return tuple(leaves)

    flat = record_subgraph_call(tx, apply_transform, (name, options), sub, nodes, run,
                                f"torch.func.{name}")
    return _rebuild(pytree.tree_unflatten(flat, structure[-1]))


def record_subgraph_call(tx, target, constants: tuple, sub: Subgraph, nodes: list, run,
                         what: str) -> list[Value]:
    """One node `target(*constants, subgraph, *nodes)`, its fake run `run()` giving a flat tuple
    of tensors; the trackers of that tuple's items."""
    from compiler.values.wrap import wrap_op_result
    builder = tx.ctx.graph
    module_node = builder.attribute(sub.module, "_subgraph")
    node, result = builder.call("call_function", target, (*constants, module_node, *nodes), {},
                                run, what)
    return list(wrap_op_result(tx.ctx, node, result, keep_node=True).items)


def _rebuild(structure) -> Value:
    from compiler.values.containers import ListValue, TupleValue
    if isinstance(structure, Value):
        return structure
    if type(structure) is tuple:
        return TupleValue([_rebuild(item) for item in structure])
    if type(structure) is list:
        return ListValue([_rebuild(item) for item in structure])
    raise Unsupported(f"a transform's result of type {type(structure).__name__}",
                      BreakReason.UNSUPPORTED_CALL)


for _name in TRANSFORMS:
    MODELLED_CALLS[getattr(torch.func, _name)] = (
        lambda tx, fn, args, kwargs: make_transform(fn, args, kwargs))
