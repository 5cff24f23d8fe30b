"""The arguments and results of a torch.func transform as pytrees (tuples, lists, dicts of
tensors and constants), flattened for the subgraph and the graph's node.

A traced argument is flattened into its leaves (the tensors the subgraph takes as inputs and
the constants baked into it) and a skeleton, a nested tuple of constants the graph's code can
spell: `("T",)` a tensor, `("C", value)` a constant, `("tuple" | "list", (child, ...))`,
`("dict", ((key, child), ...))`. The node rebuilds the arguments from the skeleton and the
tensors, so torch's transform sees the structure the program gave it (its `in_dims`, `argnums`
and `out_dims` apply to that structure), and the function it transforms flattens them again
into the subgraph's inputs. The function's result is flattened the same way: the subgraph
returns its tensors, and the node rebuilds the structure before torch sees it.
"""

from __future__ import annotations

from typing import Any

from torch.fx.immutable_collections import immutable_dict, immutable_list

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value

TENSOR = ("T",)
_CONSTANT_TYPES = (int, float, bool, str, type(None))


def flatten_value(value: Value, what: str) -> tuple[tuple, list[Value]]:
    """`value`'s skeleton and its leaves (tensor trackers and constant trackers), in the order
    torch's pytree flattens the real object."""
    from compiler.values.constant import ConstantValue
    from compiler.values.containers import DictValue, ListValue, TupleValue
    from compiler.values.tensor import TensorValue
    if isinstance(value, TensorValue):
        return TENSOR, [value]
    if isinstance(value, ConstantValue) and type(value.value) in _CONSTANT_TYPES:
        return ("C", value.value), [value]
    if type(value) in (TupleValue, ListValue) and value.python_type() in (tuple, list):
        kind = "tuple" if value.python_type() is tuple else "list"
        children, leaves = [], []
        for item in value.items:
            skeleton, found = flatten_value(item, what)
            children.append(skeleton)
            leaves += found
        return (kind, tuple(children)), leaves
    if type(value) is DictValue and value.python_type() is dict:
        children, leaves = [], []
        for key, item in value.entries.values():
            if not isinstance(key, ConstantValue) or type(key.value) not in (str, int):
                raise Unsupported(f"{what} given a dict with a key {key}",
                                  BreakReason.UNSUPPORTED_CALL)
            skeleton, found = flatten_value(item, what)
            children.append((key.value, skeleton))
            leaves += found
        return ("dict", tuple(children)), leaves
    raise Unsupported(f"{what} given {value}, neither a tensor, a constant nor a tuple, list "
                      f"or dict of them", BreakReason.UNSUPPORTED_CALL)


def rebuild_values(skeleton: tuple, leaves: list[Value]) -> Value:
    """The trackers of a structure `skeleton` whose leaves are `leaves`, in order (fresh
    containers, as torch's transforms give the function)."""
    from compiler.values.constant import ConstantValue
    from compiler.values.containers import DictValue, ListValue, TupleValue
    remaining = iter(leaves)

    def build(node: tuple) -> Value:
        kind = node[0]
        if kind in ("T", "C"):
            return next(remaining)
        if kind == "dict":
            return DictValue.from_pairs([(ConstantValue(k), build(child))
                                         for k, child in node[1]])
        items = [build(child) for child in node[1]]
        return TupleValue(items) if kind == "tuple" else ListValue(items)

    return build(skeleton)


def rebuild_real(skeleton: tuple, tensors) -> Any:
    """The real structure of `skeleton` with `tensors` at its tensor leaves (in the node)."""
    remaining = iter(tensors)

    def build(node: tuple) -> Any:
        kind = node[0]
        if kind == "T":
            return next(remaining)
        if kind == "C":
            return node[1]
        if kind == "dict":
            return {k: build(child) for k, child in node[1]}
        items = [build(child) for child in node[1]]
        return tuple(items) if kind == "tuple" else items

    return build(skeleton)


def tensor_leaves(skeleton: tuple, real: Any) -> list:
    """The objects at the tensor leaves of `real`, laid out as `skeleton`."""
    kind = skeleton[0]
    if kind == "T":
        return [real]
    if kind == "C":
        return []
    if kind == "dict":
        return [t for k, child in skeleton[1] for t in tensor_leaves(child, real[k])]
    return [t for child, item in zip(skeleton[1], real) for t in tensor_leaves(child, item)]


def plain_option(option: Any) -> Any:
    """An option as the program gave it: fx stores dicts and lists of a node's arguments as
    its immutable kinds, which torch's pytree tells apart from dicts and lists."""
    if isinstance(option, immutable_dict) or type(option) is dict:
        return {k: plain_option(v) for k, v in option.items()}
    if isinstance(option, immutable_list) or type(option) is list:
        return [plain_option(v) for v in option]
    if type(option) is tuple:
        return tuple(plain_option(v) for v in option)
    return option


def spellable_option(option: Any) -> bool:
    """A constant option the graph's code writes as a literal (nested tuples, lists and dicts
    of ints, floats, bools, strings and None)."""
    if type(option) in (tuple, list):
        return all(spellable_option(o) for o in option)
    if type(option) is dict:
        return all(type(k) in (str, int) and spellable_option(v) for k, v in option.items())
    return type(option) in _CONSTANT_TYPES


def output_skeleton(value: Value, what: str) -> tuple[tuple, list[Value]]:
    """What the transformed function returned, flattened: its tensors must be all its leaves
    (a constant among them is refused)."""
    skeleton, leaves = flatten_value(value, what)
    if any(not _is_tensor(leaf) for leaf in leaves) or not leaves:
        raise Unsupported(f"{what} returns a constant among its results",
                          BreakReason.UNSUPPORTED_CALL)
    return skeleton, leaves


def _is_tensor(value: Value) -> bool:
    from compiler.values.tensor import TensorValue
    return isinstance(value, TensorValue)


class FlatCall(Value):
    """The function a transform applies to, called with the flat leaves of its arguments: it
    rebuilds their structure, calls the function, and returns its result's tensors as one
    tuple (recording the result's skeleton in `returned`)."""

    def __init__(self, fn: Value, skeleton: tuple, kw_skeleton: tuple, what: str):
        super().__init__(None)
        self.fn, self.skeleton, self.kw_skeleton, self.what = fn, skeleton, kw_skeleton, what
        self.returned: tuple | None = None

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.containers import DictValue, TupleValue
        count = leaf_count(self.skeleton)
        positional = rebuild_values(self.skeleton, list(args[:count]))
        named = rebuild_values(self.kw_skeleton, list(args[count:]))
        assert isinstance(named, DictValue)
        keywords = {k.as_constant(): v for k, v in named.entries.values()}
        result = self.fn.call(tx, list(positional.items), keywords)
        self.returned, leaves = output_skeleton(result, self.what)
        return TupleValue(leaves)


def leaf_count(skeleton: tuple) -> int:
    kind = skeleton[0]
    if kind in ("T", "C"):
        return 1
    return sum(leaf_count(child[1] if kind == "dict" else child) for child in skeleton[1])


def real_function(module, skeleton: tuple, kw_skeleton: tuple, out_skeleton: tuple,
                  lifted: tuple):
    """In the node: the function torch's transform applies to, over real (or wrapped)
    tensors: the subgraph `module` called with the tensor leaves of its arguments and the
    tensors it reads from outside, its flat result rebuilt."""
    def function(*args, **kwargs):
        flat = tensor_leaves(skeleton, args) + tensor_leaves(kw_skeleton, kwargs)
        result = module(*flat, *lifted)
        return rebuild_real(out_skeleton, result)
    return function
