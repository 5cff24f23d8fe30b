"""Typing objects and torch.utils._pytree in a trace: what is computed at trace time stays
exact across calls (guards on pytree's registry and on typing aliases), and what cannot be
modelled is refused."""

import collections
import typing

import pytest
import torch
import torch.utils._pytree as pytree

import compiler
from compiler.errors import Unsupported


class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b


def test_registering_a_node_type_between_calls_recompiles():
    def fn(tree):
        return pytree.tree_leaves(tree)

    compiled = compiler.compile(fn)
    x = torch.ones(2)
    first = compiled([Pair(x, x + 1)])
    assert len(first) == 1 and isinstance(first[0], Pair)
    pytree.register_pytree_node(Pair, lambda p: ([p.a, p.b], None),
                                lambda values, _: Pair(*values))
    try:
        second = compiled([Pair(x, x + 1)])  # the registry's keys changed: traced again
        assert len(second) == 2 and torch.equal(second[1], x + 1)
        third = compiler.compile(fn, fullgraph=True)([Pair(x, x * 3)])  # its functions traced
        assert len(third) == 2 and torch.equal(third[1], x * 3)
    finally:
        pytree._deregister_pytree_node(Pair)


def test_treespec_leaving_the_frame_is_fresh_and_equal():
    def fn(x):
        return pytree.tree_flatten({"a": x, "b": (x, None)})

    compiled = compiler.compile(fn, fullgraph=True)
    x = torch.randn(3)
    leaves1, spec1 = compiled(x)
    leaves2, spec2 = compiled(x)
    expected = pytree.tree_flatten({"a": x, "b": (x, None)})[1]
    assert spec1 == expected and spec2 == expected and spec1 is not spec2
    assert spec1.context is not spec2.context and spec1.children()[0] is pytree._LEAF_SPEC
    assert pytree.tree_unflatten(leaves1, spec1)["b"][1] is None


def test_typing_alias_global_guarded_by_identity():
    def fn(x):
        return x + len(ALIAS.__args__)

    global ALIAS
    ALIAS = dict[str, int]
    compiled = compiler.compile(fn, fullgraph=True)
    x = torch.zeros(1)
    assert compiled(x).item() == 2
    ALIAS = typing.Tuple[int, int, int]  # noqa: UP006
    assert compiled(x).item() == 3


def test_user_class_getitem_is_refused():
    class Table:
        def __class_getitem__(cls, key):
            return (cls, key)

    def fn(x):
        return Table[int], x + 1

    with pytest.raises(Unsupported):
        compiler.compile(fn, fullgraph=True)(torch.ones(1))


def test_generic_subclass_subscript_and_ordered_dict_tree():
    T = typing.TypeVar("T")

    class Box(typing.Generic[T]):
        pass

    def fn(tree):
        alias = Box[int]
        out = pytree.tree_map(lambda t: t * 2, tree)
        return alias.__origin__ is Box, out

    tree = collections.OrderedDict([("b", torch.ones(1)), ("a", torch.zeros(1))])
    same, out = compiler.compile(fn, fullgraph=True)(tree)
    assert same and list(out) == ["b", "a"] and type(out) is collections.OrderedDict


def test_isinstance_of_typing_alias_follows_the_argument_type():
    def fn(x, m):
        if isinstance(m, typing.Mapping):  # noqa: UP006
            return x + 1
        return x - 1

    compiled = compiler.compile(fn, fullgraph=True)
    x = torch.zeros(1)
    for m in ({"a": 1}, [1, 2], collections.OrderedDict(a=1), (1,), {"b": 2}):
        assert torch.equal(compiled(x, m), fn(x, m)), m


def test_generic_alias_call_builds_its_origin():
    def fn(x):
        made = list[int]((1, 2))
        return x * len(made), made

    out, made = compiler.compile(fn, fullgraph=True)(torch.ones(1))
    assert type(made) is list and made == [1, 2] and out.item() == 2


def test_treespec_from_a_global_is_guarded_by_value():
    global SPEC
    SPEC = pytree.tree_structure({"a": 0, "b": (0, 0)})

    def fn(x):
        return pytree.tree_unflatten([x, x + 1, x + 2], SPEC), SPEC

    compiled = compiler.compile(fn, fullgraph=True)
    x = torch.zeros(1)
    tree, spec = compiled(x)
    assert list(tree) == ["a", "b"] and spec is SPEC and torch.equal(tree["b"][1], x + 2)
    SPEC = pytree.tree_structure({"c": 0, "d": [0, 0]})  # another structure: traced again
    tree, spec = compiled(x)
    assert list(tree) == ["c", "d"] and type(tree["d"]) is list and spec is SPEC
    SPEC.context[0] = "z"  # the same object changed in place: traced again
    tree, _ = compiled(x)
    assert list(tree) == ["z", "d"]


def test_tree_map_in_place_runs_for_effects_and_returns_the_tree():
    def fn(tree):
        seen = []
        out = pytree.tree_map_(lambda t: seen.append(t.add_(1)), tree)
        return out is tree, len(seen)

    tree = {"a": torch.zeros(2), "b": [torch.ones(1)]}
    same, count = compiler.compile(fn, fullgraph=True)(tree)
    assert same and count == 2 and tree["a"].sum().item() == 2 and tree["b"][0].item() == 2


def test_a_registered_user_node_is_flattened_by_its_own_functions():
    pytree.register_pytree_node(Pair, lambda p: ([p.a, p.b], "pair"),
                                lambda values, context: Pair(*values))
    try:
        def fn(x):
            tree = {"p": Pair(x, [x + 1, x + 2]), "q": 3}
            out = pytree.tree_map(lambda t: t * 2 if isinstance(t, torch.Tensor) else t, tree)
            leaves, spec = pytree.tree_flatten(tree)
            return out["p"].a, out["p"].b, out["q"], len(leaves), spec

        x = torch.ones(2)
        a, b, q, count, spec = compiler.compile(fn, fullgraph=True)(x)
        expected = fn(x)
        assert torch.equal(a, expected[0]) and torch.equal(b[1], expected[1][1])
        assert q == 3 and count == 4 and spec == expected[4]
    finally:
        pytree._deregister_pytree_node(Pair)


def test_a_list_changed_by_is_leaf_while_flattened_is_refused():
    def fn(x):
        items = [x, x + 1]

        def is_leaf(t):
            if t is x and len(items) == 2:
                items.append(x * 5)  # pytree walks the list live: it sees the new item
            return False
        return pytree.tree_leaves([items], is_leaf=is_leaf)

    x = torch.ones(1)
    with pytest.raises(Unsupported):
        compiler.compile(fn, fullgraph=True)(x)
    assert len(compiler.compile(fn)(x)) == 3
