"""torch.utils._pytree in a trace: tree_flatten, tree_unflatten, tree_leaves, tree_structure,
tree_map, tree_map_, tree_map_only, tree_iter, tree_all, tree_any and tree_is_leaf, modelled on the
trackers.

pytree keeps its registry in a module dict (`SUPPORTED_NODES`): a node is a leaf when its
type is not a key there. The trace guards the registry's keys. The node types pytree registers
itself (tuple, list, dict, OrderedDict, deque, defaultdict, named tuples) and torch's
structseqs are flattened here directly; any other registered type (torch.Size, a program's own
record class) by its registered functions, traced, with its NodeDef guarded by identity. A
TreeSpec is built for real at trace time (its contexts are constants: types, dict keys, a
deque's maxlen), and one leaving the compiled code is a fresh copy, as each eager call makes
its own; one reached from a source is guarded equal to a copy.
"""

from __future__ import annotations

import collections
import copy
from typing import Any

import torch.utils._pytree as pytree

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, ConstantSource, ItemSource
from compiler.values import registry
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue

# Node type -> pytree's own flatten function for it: the types modelled here.
_MODELLED = {
    tuple: pytree._tuple_flatten, list: pytree._list_flatten, dict: pytree._dict_flatten,
    collections.namedtuple: pytree._namedtuple_flatten,
    collections.OrderedDict: pytree._ordereddict_flatten,
    collections.defaultdict: pytree._defaultdict_flatten, collections.deque: pytree._deque_flatten,
}


def _refuse(what: str) -> Unsupported:
    return Unsupported(f"torch.utils._pytree: {what}", BreakReason.UNSUPPORTED_CALL)


def _registry_source(tx) -> ConstantSource:
    nodes = pytree.SUPPORTED_NODES
    return ConstantSource(tx.ctx.label_for(nodes, "pytree_nodes"), nodes)


def _registry(tx) -> dict:
    """pytree's registry, its keys guarded (a type registered later changes what is a leaf)."""
    nodes = pytree.SUPPORTED_NODES
    tx.ctx.guard(_registry_source(tx), GuardKind.DICT_KEYS, list(nodes))
    return nodes


def _is_modelled(node_type: Any, node: Any) -> bool:
    return _MODELLED.get(node_type) is node.flatten_fn or _is_structseq_node(node_type, node)


def _node_function(tx, node_type: Any, name: str) -> Value:
    """The registered flatten or unflatten function of a type pytree does not know itself
    (a user's class), traced: its NodeDef is guarded by identity (registering the type
    again makes another)."""
    nodes = _registry(tx)
    key = ConstantSource(tx.ctx.label_for(node_type, "pytree_type"), node_type)
    entry = ItemSource(_registry_source(tx), key)
    tx.ctx.guard(entry, GuardKind.ID, nodes[node_type])
    return registry.wrap(tx.ctx, getattr(nodes[node_type], name), AttrSource(entry, name))


def _node_type(value: Value) -> Any:
    kind = value.python_type()
    return collections.namedtuple if pytree.is_namedtuple_class(kind) else kind


def _is_leaf(tx, value: Value, is_leaf: Value | None) -> bool:
    if is_leaf is not None and is_leaf.call(tx, [value], {}).bool(tx):
        return True
    return _node_type(value) not in _registry(tx)


def _is_structseq_node(node_type: Any, node: Any) -> bool:
    """A torch.return_types class, registered by torch itself (its items, no context)."""
    flatten_fn = node.flatten_fn
    return pytree.is_structseq_class(node_type) and getattr(
        flatten_fn, "__module__", None) == "torch.return_types" and getattr(
        flatten_fn, "__qualname__", "").endswith("structseq_flatten")


def _real_context(value: Value) -> Any:
    """A registered node's context as the real object a TreeSpec holds: constants, classes
    and typing objects, in tuples, lists and dicts of them (fresh copies)."""
    from compiler.values.containers import DictValue, ListValue, TupleValue
    if type(value) is TupleValue:
        return tuple(_real_context(item) for item in value.items)
    if type(value) is ListValue:
        return [_real_context(item) for item in value.items]
    if type(value) is DictValue:
        return {_real(k, "a context key"): _real_context(v) for k, v in value.entries.values()}
    if value.is_constant() and (isinstance(value, ConstantValue) or isinstance(
            value.as_constant(), type)):
        return value.as_constant()
    raise _refuse(f"a node context {value} that is not a constant")


def _real(value: Value, what: str) -> Any:
    from compiler.values.objects import ClassValue
    if isinstance(value, (ConstantValue, ClassValue)):
        return value.as_constant()
    raise _refuse(f"{what} {value} that is not a constant")


def _children(tx, value: Value, node_type: Any, live: list | None = None
              ) -> tuple[list[Value], Any]:
    """pytree's flatten function of a node, on the tracker: (children, context). `live`
    collects the container pytree then loops over when it may be the program's own list
    (a list node itself, what a registered flatten function gives)."""
    if not _is_modelled(node_type, pytree.SUPPORTED_NODES[node_type]):
        flat = _node_function(tx, node_type, "flatten_fn").call(tx, [value], {}).unpack(tx)
        if len(flat) != 2:
            raise _refuse("a flatten function that does not give (children, context)")
        if live is not None:
            live.append(flat[0])
        return list(flat[0].unpack(tx)), _real_context(flat[1])
    if node_type is list and live is not None:
        live.append(value)
    if node_type in (tuple, list, collections.deque, collections.namedtuple) or (
            pytree.is_structseq_class(node_type)):
        items = list(value.items)
        if node_type is collections.namedtuple:
            return items, value.python_type()
        if node_type not in (tuple, list, collections.deque):  # a structseq
            return items, None
        return items, (value.maxlen if node_type is collections.deque else None)
    keys = [_real(k, "a dict key") for k, _ in value.entries.values()]
    items = [v for _, v in value.entries.values()]
    if node_type is collections.defaultdict:
        factory = value.default_factory
        return items, [None if factory is None else _real(factory, "a default factory"), keys]
    return items, keys


def flatten(tx, tree: Value, is_leaf: Value | None) -> tuple[list[Value], Any]:
    leaves: list[Value] = []

    def helper(node: Value):
        if _is_leaf(tx, node, is_leaf):
            leaves.append(node)
            return pytree._LEAF_SPEC
        node_type = _node_type(node)
        live: list[Value] = []
        children, context = _children(tx, node, node_type, live)
        specs = [helper(child) for child in children]
        if is_leaf is not None and any(list(getattr(c, "items", children)) != children
                                       for c in live):  # pytree loops over that list live
            raise _refuse("a tree changed by its is_leaf function")
        return pytree.TreeSpec(node_type, context, specs)

    return leaves, helper(tree)


def unflatten(tx, spec: Any, leaves: list[Value]) -> Value:
    from compiler.values.containers import DictValue, ListValue, TupleValue
    if len(leaves) != spec.num_leaves:
        try:
            spec.unflatten([None] * len(leaves))
        except Exception as exc:  # pytree's own message
            raise RaisedByProgram(exc) from None
    position = iter(leaves)

    def build(node: Any) -> Value:
        if node.is_leaf():
            return next(position)
        items = [build(child) for child in node._children]
        kind, context = node.type, node.context
        node_def = _registry(tx).get(kind)
        if node_def is None:
            raise _refuse(f"a TreeSpec of {kind}, no longer registered")
        if not _is_modelled(kind, node_def):
            unflatten_fn = _node_function(tx, kind, "unflatten_fn")
            return unflatten_fn.call(tx, [ListValue(items), registry.wrap_constant(
                copy.deepcopy(context))], {})
        if kind is tuple:
            return TupleValue(items)
        if kind is list:
            return ListValue(items)
        if kind is collections.deque:
            from compiler.values.stdlib_collections import DequeValue
            kept = items if context is None else items[max(0, len(items) - context):]
            return DequeValue(kept, context)
        if kind is collections.namedtuple:
            return registry.class_value(context).call(tx, items, {})
        if pytree.is_structseq_class(kind):  # `kind(items)`: a new structseq of them
            from compiler.values.named_tuples import NamedTupleValue
            return NamedTupleValue(kind, items)
        keys = context[1] if kind is collections.defaultdict else context
        pairs = [(registry.wrap_constant(k), v) for k, v in zip(keys, items, strict=True)]
        if kind is collections.OrderedDict:
            from compiler.values.stdlib_collections import OrderedDictValue
            return OrderedDictValue(DictValue.from_pairs(pairs, tx=tx).entries)
        made = DictValue.from_pairs(pairs, tx=tx)
        if kind is collections.defaultdict:
            made.cls = kind
            made.default_factory = registry.wrap_constant(context[0])
        return made

    return build(spec)


def fresh_spec(spec: Any) -> Any:
    """A new TreeSpec equal to `spec`, as tree_flatten makes each call (its leaves are pytree's
    one leaf spec, its contexts new lists)."""
    if spec.is_leaf():
        return pytree._LEAF_SPEC
    return pytree.TreeSpec(spec.type, copy.deepcopy(spec.context),
                           [fresh_spec(child) for child in spec._children])


class TreeSpecValue(Value):
    """A TreeSpec: made in the trace, or reached from a source (a module's spec computed
    once), then guarded equal to a copy of it, which the trace reads."""

    def __init__(self, spec: Any, source=None):
        super().__init__(source)
        self.spec = spec

    def __repr__(self) -> str:
        return f"TreeSpecValue({self.spec!r})"

    def python_type(self) -> type:
        return type(self.spec)

    def reconstruct(self, plan) -> str:
        if self.source is not None:
            return plan.source_expr(self.source)
        return plan.temp(f"{plan.bind(fresh_spec)}({plan.bind(self.spec)})")

    def getattr(self, tx, name: str) -> Value:
        if name in ("num_leaves", "num_nodes", "num_children"):
            return ConstantValue(getattr(self.spec, name))
        if name == "type":
            return registry.wrap_constant(self.spec.type)
        if name in ("unflatten", "is_leaf"):
            return _SpecMethod(self.spec, name)
        raise Unsupported(f"attribute {name!r} of a TreeSpec", BreakReason.UNSUPPORTED_ATTRIBUTE)


class _SpecMethod(Value):
    """`spec.unflatten` or `spec.is_leaf` of a TreeSpec made in the trace."""

    def __init__(self, spec: Any, name: str):
        super().__init__(None)
        self.spec, self.name = spec, name

    def reconstruct(self, plan) -> str:
        raise Unsupported("a TreeSpec's method as an output", BreakReason.UNSUPPORTED_VALUE)

    def call(self, tx, args, kwargs) -> Value:
        if self.name == "is_leaf" and not args and not kwargs:
            return ConstantValue(self.spec.is_leaf())
        if self.name == "unflatten" and len(args) == 1 and not kwargs:
            return unflatten(tx, self.spec, _items(tx, args[0]))
        raise _refuse(f"TreeSpec.{self.name} with these arguments")


def _spec_of(value: Value) -> Any:
    if not isinstance(value, TreeSpecValue):
        raise _refuse(f"a TreeSpec {value} not made in the trace")
    return value.spec


def _items(tx, value: Value) -> list[Value]:
    return value.unpack(tx)


def _leaf_option(is_leaf: Value | None) -> Value | None:
    return None if is_leaf is None or (is_leaf.is_constant() and is_leaf.as_constant() is None) \
        else is_leaf


def _tree_flatten(tx, tree, is_leaf=None):
    from compiler.values.containers import ListValue, TupleValue
    leaves, spec = flatten(tx, tree, _leaf_option(is_leaf))
    return TupleValue([ListValue(leaves), TreeSpecValue(spec)])


def _tree_leaves(tx, tree, is_leaf=None):
    from compiler.values.containers import ListValue
    return ListValue(flatten(tx, tree, _leaf_option(is_leaf))[0])


def _tree_structure(tx, tree, is_leaf=None):
    return TreeSpecValue(flatten(tx, tree, _leaf_option(is_leaf))[1])


def _tree_unflatten(tx, leaves, treespec):
    return unflatten(tx, _spec_of(treespec), _items(tx, leaves))


def _tree_is_leaf(tx, tree, is_leaf=None):
    return ConstantValue(_is_leaf(tx, tree, _leaf_option(is_leaf)))


def _up_to(tx, spec: Any, tree: Value) -> list[Value]:
    """`spec.flatten_up_to(tree)` for a tree of the same node types and keys."""
    if spec.is_leaf():
        return [tree]
    node_type = _node_type(tree)
    if node_type is not spec.type or _is_leaf(tx, tree, None):
        raise _refuse("tree_map over trees of different structures")
    children, context = _children(tx, tree, node_type)
    if context != spec.context or len(children) != spec.num_children:
        raise _refuse("tree_map over trees of different structures")
    return [leaf for child, sub in zip(children, spec._children, strict=True)
            for leaf in _up_to(tx, sub, child)]


def _tree_map(tx, func, tree, *rests, is_leaf=None):
    leaves, spec = flatten(tx, tree, _leaf_option(is_leaf))
    columns = [leaves] + [_up_to(tx, spec, rest) for rest in rests]
    return unflatten(tx, spec, [func.call(tx, list(args), {}) for args in zip(*columns)])


def _tree_map_only(tx, type_or_types, func, tree, is_leaf=None):
    from compiler.values.builtins import call_builtin
    if not (type_or_types.is_constant() and isinstance(type_or_types.as_constant(),
                                                       (type, tuple))):
        raise _refuse("tree_map_only with a predicate")
    leaves, spec = flatten(tx, tree, _leaf_option(is_leaf))
    mapped = [func.call(tx, [leaf], {})
              if call_builtin(tx, isinstance, [leaf, type_or_types], {}).bool(tx) else leaf
              for leaf in leaves]
    return unflatten(tx, spec, mapped)


def _tree_map_in_place(tx, func, tree, *rests, is_leaf=None):
    """`tree_map_`: the function runs on each leaf for its effects; the tree comes back."""
    leaves, spec = flatten(tx, tree, _leaf_option(is_leaf))
    columns = [leaves] + [_up_to(tx, spec, rest) for rest in rests]
    for args in zip(*columns):
        func.call(tx, list(args), {})
    return tree


def _child_iterator(tx, node: Value, node_type: Any) -> Value:
    """What tree_iter loops over: a list's own items, live (pytree's list flatten gives the
    list itself), a registered function's children as it gives them, else a snapshot."""
    from compiler.values.iterators import SequenceIteratorValue
    if node_type is list:
        return node.iter(tx)
    if not _is_modelled(node_type, pytree.SUPPORTED_NODES[node_type]):
        flat = _node_function(tx, node_type, "flatten_fn").call(tx, [node], {}).unpack(tx)
        if len(flat) != 2:
            raise _refuse("a flatten function that does not give (children, context)")
        return flat[0].iter(tx)
    return SequenceIteratorValue(_children(tx, node, node_type)[0])


def _tree_iter(tx, tree, is_leaf=None):
    """tree_iter, a generator: each step walks on only as far as its next leaf, asking
    is_leaf and reading the containers when CPython's recursion would."""
    import types

    from compiler.values.generators import LazyIteratorValue
    from compiler.values.generators import _advance as advance
    from compiler.values.generators import _stop as stop
    is_leaf = _leaf_option(is_leaf)
    stack: list[Value] = []
    state = {"started": False}

    def visit(node: Value) -> Value | None:
        if _is_leaf(tx, node, is_leaf):
            return node
        stack.append(_child_iterator(tx, node, _node_type(node)))
        return None

    def step(tx):
        if not state["started"]:
            state["started"] = True
            found = visit(tree)
            if found is not None:
                return found
        while stack:
            child = advance(tx, stack[-1])
            if child is None:
                stack.pop()
                continue
            found = visit(child)
            if found is not None:
                return found
        stop()

    return LazyIteratorValue(types.GeneratorType, step)


def _tree_all_any(every: bool):
    """`all(map(pred, tree_iter(tree)))` (any): stops at the first leaf that decides."""
    def handler(tx, pred, tree, is_leaf=None):
        from compiler.values.generators import _advance as advance
        leaves = _tree_iter(tx, tree, is_leaf)
        while (leaf := advance(tx, leaves)) is not None:
            if pred.call(tx, [leaf], {}).bool(tx) is not every:
                return ConstantValue(not every)
        return ConstantValue(every)
    return handler


HANDLERS = {
    pytree.tree_flatten: _tree_flatten, pytree.tree_leaves: _tree_leaves,
    pytree.tree_structure: _tree_structure, pytree.tree_unflatten: _tree_unflatten,
    pytree.tree_is_leaf: _tree_is_leaf, pytree.tree_map: _tree_map,
    pytree.tree_map_only: _tree_map_only, pytree.tree_all: _tree_all_any(True),
    pytree.tree_any: _tree_all_any(False), pytree.tree_map_: _tree_map_in_place,
    pytree.tree_iter: _tree_iter,
}


def _wrap_spec(ctx, obj: Any, source) -> Value:
    """A TreeSpec from a source: guarded equal to a fresh copy (its contexts compared by
    value, its types by name and context), which the trace reads."""
    snapshot = fresh_spec(obj)
    ctx.guard(source, GuardKind.EQUALS, snapshot)
    return TreeSpecValue(snapshot, source)


def install() -> None:
    from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
    from compiler.values.wrap import BY_EXACT_TYPE
    BUILTIN_HANDLERS.update(HANDLERS)
    for kind in (pytree.TreeSpec, pytree.LeafSpec):
        BY_EXACT_TYPE.setdefault(kind, _wrap_spec)


install()
