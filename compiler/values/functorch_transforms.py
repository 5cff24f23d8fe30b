"""torch.func transforms of a Python function in a trace: `vmap`, `grad`, `grad_and_value`,
`jacrev`, `jacfwd`, `hessian` and `functionalize`.

The function is speculated into a subgraph (compiler/values/subgraph.py) on fake tensors shaped
as the transform shows them to it (one slice along the mapped dimension for vmap), and the
graph gets one node: a call of a module-level function below that applies the transform
itself, `torch.func.vmap(f, ...)(*args, **kwargs)`, with `f` the subgraph over the tensors of
its arguments. Arguments may be tuples, lists and dicts of tensors and constants: the node
rebuilds them (functorch_trees.py), so torch's `in_dims`, `argnums` and `out_dims` apply to
the structure the program gave. The node gives the transform's result flattened (its tensors
in pytree order); the trace rebuilds its structure. So every backend runs torch's own
transform, over the traced function.

Refused: options other than constants the node can spell, arguments other than tensors and
constants in tuples, lists and dicts, non-tensor leaves the transform would map or
differentiate, results with constants among them, and whatever the speculation refuses (side
effects, random draws, in-place writes to the inputs).
"""

from __future__ import annotations

import contextlib
import inspect
from typing import Any

import torch
import torch.utils._pytree as pytree

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.functorch_trees import (
    FlatCall,
    flatten_value,
    leaf_count,
    plain_option,
    real_function,
    rebuild_real,
    spellable_option,
)
from compiler.values.subgraph import Subgraph, sample_fake, speculate
from compiler.values.torch_functions import MODELLED_CALLS


def apply_transform(name: str, options: tuple, skeletons: tuple, module, *tensors) -> tuple:
    """The graph's node: `torch.func.<name>(f, **options)(*args, **kwargs)`, its result
    flattened (a module-level function the graph's code can name; `options` are (name,
    constant) pairs). The arguments are rebuilt from their skeletons and `tensors` (the
    subgraph's own inputs, then those it reads from outside); `f` is the subgraph `module`
    over their tensor leaves (functorch_trees.py)."""
    return tuple(pytree.tree_leaves(_transformed_call(name, options, skeletons, module, tensors)))


def _transformed_call(name: str, options: tuple, skeletons: tuple, module, tensors) -> Any:
    skeleton, kw_skeleton, out_skeleton, positional, count = skeletons
    args = rebuild_real(skeleton, tensors[:positional])
    kwargs = rebuild_real(kw_skeleton, tensors[positional:count])
    fn = real_function(module, skeleton, kw_skeleton, out_skeleton, tuple(tensors[count:]))
    chosen = {key: plain_option(value) for key, value in options}
    return getattr(torch.func, name)(fn, **chosen)(*args, **kwargs)


# The transforms of a function of tensors whose result is tensors; for each, whether it runs
# the function with grad enabled (reverse mode), and whether it differentiates (argnums).
TRANSFORMS: dict[str, tuple[bool, bool]] = {
    "vmap": (False, False), "grad": (True, True), "grad_and_value": (True, True),
    "jacrev": (True, True), "hessian": (True, True), "jacfwd": (False, True),
    "functionalize": (False, False),
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
    try:
        option = _constant_option(value)
    except Unsupported:
        raise Unsupported(f"an option of torch.func.{transform} that is not a constant",
                          BreakReason.UNSUPPORTED_CALL) from None
    if not spellable_option(option):
        raise Unsupported(f"torch.func.{transform} option {option!r}",
                          BreakReason.UNSUPPORTED_CALL)
    return option


def _constant_option(value: Value) -> Any:
    """A constant, or a tuple, list or dict of them (`in_dims={"x": 0, "y": None}`)."""
    from compiler.values.containers import DictValue, ListValue, TupleValue
    if type(value) is DictValue and value.python_type() is dict:
        return {k.as_constant(): _constant_option(v) for k, v in value.entries.values()}
    if type(value) in (TupleValue, ListValue) and value.python_type() in (tuple, list):
        return value.python_type()(_constant_option(v) for v in value.items)
    return value.as_constant()


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
        from compiler.values.constant import ConstantValue
        from compiler.values.containers import DictValue, TupleValue
        what = f"torch.func.{self.name}"
        skeleton, leaves = flatten_value(TupleValue(list(args)), what)
        kw_skeleton, kw_leaves = flatten_value(
            DictValue.from_pairs([(ConstantValue(k), v) for k, v in kwargs.items()]), what)
        if self.name == "vmap":
            seen, as_is = _vmap_leaves(self.options, skeleton, leaves)
        elif self.name == "functionalize":  # the function sees its arguments as they are
            seen = [sample_fake(v.example) if _is_tensor(v) else v for v in leaves]
            as_is = [True] * len(leaves)
        else:
            seen, as_is = _differentiated_leaves(self.name, self.options, skeleton, leaves)
        seen += [sample_fake(v.example) if _is_tensor(v) else v for v in kw_leaves]
        as_is += [True] * len(kw_leaves)
        _refuse_passed_twice(leaves + kw_leaves, as_is, self.name)
        flat = FlatCall(self.fn, skeleton, kw_skeleton, f"the function {what} applies to")
        grad_enabled = True if TRANSFORMS[self.name][0] else None
        with inside_transform(tx.ctx):
            sub = speculate(tx, flat, seen, flat.what, grad_enabled=grad_enabled)
        tensors = [v for v in leaves + kw_leaves if _is_tensor(v)]
        positional = sum(_is_tensor(v) for v in leaves)
        skeletons = (skeleton, kw_skeleton, flat.returned, positional, len(tensors))
        return record_transform(tx, self.name, tuple(self.options.items()), skeletons, sub,
                                tensors)


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


def _vmap_leaves(options: dict[str, Any], skeleton: tuple, leaves: list[Value]
                 ) -> tuple[list, list[bool]]:
    """What the function sees of each leaf (a slice of each mapped tensor), and whether it
    sees the leaf as it is; in_dims broadcast over the arguments as torch's vmap does."""
    marks = rebuild_real(skeleton, [object() for v in leaves if _is_tensor(v)])
    dims = pytree._broadcast_to_and_flatten(options["in_dims"], pytree.tree_structure(marks))
    if dims is None or len(dims) != len(leaves) or all(d is None for d in dims):
        raise Unsupported(f"vmap's in_dims {options['in_dims']!r} for its arguments",
                          BreakReason.UNSUPPORTED_CALL)
    seen = []
    for value, dim in zip(leaves, dims):
        if not _is_tensor(value):
            if dim is not None:
                raise Unsupported("vmap over a non-tensor argument", BreakReason.UNSUPPORTED_CALL)
            seen.append(value)
            continue
        fake = value.example
        if dim is not None and (type(dim) is not int or not -fake.dim() <= dim < fake.dim()):
            raise Unsupported(f"vmap's in_dim {dim!r} of a {fake.dim()}-d tensor",
                              BreakReason.UNSUPPORTED_CALL)
        if dim is None:
            seen.append(sample_fake(fake))
        else:
            seen.append(sample_fake(fake, select=dim % fake.dim(), requires_grad=False))
    return seen, [d is None for d in dims]


def _refuse_passed_twice(leaves: list[Value], as_is: list[bool], name: str) -> None:
    """A tensor passed twice reaches the function as two objects when the transform wraps
    it (mapped, differentiated) at least once; passed as it is both times, it would be the
    same object twice, which the subgraph's placeholders do not model."""
    for i, value in enumerate(leaves):
        if _is_tensor(value) and as_is[i] and any(value is other and as_is[j]
                                     for j, other in enumerate(leaves) if j != i):
            raise Unsupported(f"torch.func.{name} given one tensor twice",
                              BreakReason.UNSUPPORTED_CALL)


def _differentiated_leaves(name: str, options: dict[str, Any], skeleton: tuple,
                           leaves: list[Value]) -> tuple[list, list[bool]]:
    """What the function sees of each leaf (those differentiated in reverse mode requiring
    grad), and whether it sees the leaf as it is. Every leaf of a differentiated argument
    must be a tensor (torch refuses others)."""
    argnums = options["argnums"]
    positions = argnums if isinstance(argnums, tuple) else (argnums,)
    count = len(skeleton[1])
    if not positions or not all(type(p) is int and -count <= p < count for p in positions):
        raise Unsupported(f"torch.func.{name} with argnums {argnums!r}",
                          BreakReason.UNSUPPORTED_CALL)
    differentiated = {p % count for p in positions}
    owners = [i for i, child in enumerate(skeleton[1]) for _ in range(leaf_count(child))]
    reverse = TRANSFORMS[name][0]
    seen, as_is = [], []
    for owner, value in zip(owners, leaves):
        wrapped = owner in differentiated
        if wrapped and not (_is_tensor(value) and value.example.is_floating_point()):
            raise Unsupported(f"torch.func.{name} differentiating {value}",
                              BreakReason.UNSUPPORTED_CALL)
        if not _is_tensor(value):
            seen.append(value)
        else:
            seen.append(sample_fake(value.example, requires_grad=reverse and wrapped))
        as_is.append(not wrapped)
    return seen, as_is


def record_transform(tx, name: str, options: tuple, skeletons: tuple, sub: Subgraph,
                     tensors: list[Value]) -> Value:
    """One node, `apply_transform(name, options, skeletons, subgraph, *tensors, *lifted)`;
    its flat result rebuilt in the structure the transform gave on the fake tensors."""
    nodes = [t.node for t in tensors] + sub.lifted
    fakes = [t.example for t in tensors] + [n.meta["example_value"] for n in sub.lifted]
    structure = []

    def run():
        result = _transformed_call(name, options, skeletons, sub.module, fakes)
        leaves, spec = pytree.tree_flatten(result)
        structure.append(spec)
        if not all(isinstance(leaf, torch.Tensor) for leaf in leaves):
            raise Unsupported(f"torch.func.{name} gives a non-tensor",
                              BreakReason.UNSUPPORTED_CALL)
        return tuple(leaves)

    flat = record_subgraph_call(tx, apply_transform, (name, options, skeletons), sub, nodes,
                                run, f"torch.func.{name}")
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
    if type(structure) is dict:
        from compiler.values.constant import ConstantValue
        from compiler.values.containers import DictValue
        return DictValue.from_pairs([(ConstantValue(k), _rebuild(v))
                                     for k, v in structure.items()])
    raise Unsupported(f"a transform's result of type {type(structure).__name__}",
                      BreakReason.UNSUPPORTED_CALL)


def _deprecated_transforms():
    """functorch's own names (`functorch.vmap`, ...): torch.func's transforms, same signature,
    behind a deprecation warning."""
    try:
        from torch._functorch import deprecated
    except ImportError:  # pragma: no cover - older or newer torch
        return {}
    return {getattr(deprecated, name): getattr(torch.func, name)
            for name in (*TRANSFORMS, "vjp", "jvp") if hasattr(deprecated, name)}


for _name in TRANSFORMS:
    MODELLED_CALLS[getattr(torch.func, _name)] = (
        lambda tx, fn, args, kwargs: make_transform(fn, args, kwargs))


def _functional_call(tx, fn, args, kwargs):
    from compiler.values.functional_call import functional_call
    return functional_call(tx, fn, args, kwargs)


MODELLED_CALLS[torch.func.functional_call] = _functional_call
MODELLED_CALLS[torch.nn.utils.stateless.functional_call] = _functional_call


def register_deprecated() -> None:
    """functorch's names for the transforms and products, once vjp and jvp are modelled too
    (functorch_products.py calls it)."""
    for old_name, new in _deprecated_transforms().items():
        modelled = MODELLED_CALLS.get(new)
        if modelled is not None:
            MODELLED_CALLS[old_name] = (lambda tx, fn, args, kwargs, modelled=modelled, new=new:
                                        modelled(tx, new, args, kwargs))


# A transformed function made outside the compiled code (`f = vmap(g)`, a global): its wrapper
# is traced as Python and calls torch's implementation with the options it closed over, which
# are traced as a transform made in the trace.
def _vmap_impl(tx, fn, args, kwargs):
    if len(args) < 5:
        raise Unsupported("vmap_impl without its options", BreakReason.UNSUPPORTED_CALL)
    func, in_dims, out_dims, randomness, chunk_size, *rest = args
    options = {"in_dims": _option(in_dims, "vmap"), "out_dims": _option(out_dims, "vmap"),
               "randomness": _option(randomness, "vmap"),
               "chunk_size": _option(chunk_size, "vmap")}
    return TransformedFunctionValue("vmap", func, options).call(tx, rest, kwargs)


def _differentiating_impl(name: str):
    def impl(tx, fn, args, kwargs):
        from compiler.values.containers import DictValue, TupleValue
        if kwargs or len(args) != 5 or type(args[3]) is not TupleValue or (
                type(args[4]) is not DictValue):
            raise Unsupported(f"{name}_impl called otherwise than by its wrapper",
                              BreakReason.UNSUPPORTED_CALL)
        func, argnums, has_aux, call_args, call_kwargs = args
        options = {"argnums": _option(argnums, name), "has_aux": _option(has_aux, name)}
        keywords = {k.as_constant(): v for k, v in call_kwargs.entries.values()}
        return TransformedFunctionValue(name, func, options).call(tx, list(call_args.items),
                                                                  keywords)
    return impl


def _refuse_level_change(tx, fn, args, kwargs):
    """functorch's interpreter stack, changed by a transform's own code: calling it while
    tracing would change it for real (and a refusal after that would leave it changed)."""
    raise Unsupported(f"torch.{getattr(fn, '__name__', fn)} (a transform's code, traced as "
                      f"Python)", BreakReason.UNSUPPORTED_CALL)


def _register_impls() -> None:
    from torch._functorch import eager_transforms
    from torch._functorch import vmap as vmap_module
    MODELLED_CALLS[vmap_module.vmap_impl] = _vmap_impl
    MODELLED_CALLS[eager_transforms.grad_impl] = _differentiating_impl("grad")
    MODELLED_CALLS[eager_transforms.grad_and_value_impl] = _differentiating_impl(
        "grad_and_value")
    for owner in (torch._C._functorch, torch._C):
        for name in dir(owner):
            if name.endswith(("_increment_nesting", "_decrement_nesting")) and (
                    "autocast" not in name):
                MODELLED_CALLS[getattr(owner, name)] = _refuse_level_change


_register_impls()


from compiler.values import torch_python_helpers  # noqa: E402, F401 - registers its calls
