"""Multi-call probes for typing objects, torch.utils._pytree and unbounded itertools: state
the trace computed from (a module's alias, a TreeSpec, pytree's registry, a list a cycle
pulls from) changes between calls, and each call is compared with eager."""

from __future__ import annotations

import collections
import itertools
import typing

import torch
import torch.utils._pytree as pytree

from tests.dynamo_style.calls_support import agree
from tests.dynamo_style.calls_support import sample as _x

STATE = {"alias": list[int], "spec": pytree.tree_structure((0, [0]))}
ITEMS = [1.0, 2.0]


class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b


def _alias_arity(x):
    alias = STATE["alias"]
    return x * len(alias.__args__), alias.__origin__ is dict


def test_alias_in_a_dict_changes():
    def change(alias):
        return lambda: STATE.__setitem__("alias", alias)
    agree(_alias_arity, lambda: (_x(),), [change(dict[str, int]), change(typing.Tuple[int]),  # noqa: UP006
                                          change(list[int])])


def _spec_unflatten(x):
    tree = pytree.tree_unflatten([x, x + 1], STATE["spec"])
    return tree, STATE["spec"].num_leaves


def test_spec_in_a_dict_changes():
    def change(tree):
        return lambda: STATE.__setitem__("spec", pytree.tree_structure(tree))
    agree(_spec_unflatten, lambda: (_x(),), [change({"a": 0, "b": 0}), change([0, (0,)]),
                                            change(collections.OrderedDict(z=0, y=0))])


def _leaves(tree):
    return [leaf * 2 if isinstance(leaf, torch.Tensor) else type(leaf).__name__
            for leaf in pytree.tree_leaves(tree)]


def test_registry_changes_between_calls():
    def register():
        pytree.register_pytree_node(Pair, lambda p: ([p.a, p.b], None),
                                    lambda values, _: Pair(*values))
    try:
        x = _x()
        make = lambda: ([x, (x + 1, Pair(x, 3))],)  # noqa: E731
        stats = agree(_leaves, make, [register], fullgraph=False)
        assert stats is not None
    finally:
        pytree._deregister_pytree_node(Pair)


def _cycle_items(x):
    out = x
    for i, v in enumerate(itertools.cycle(iter(ITEMS))):
        if i == 5:
            break
        out = out + v
    return out


def test_cycle_over_a_global_list_that_changes():
    agree(_cycle_items, lambda: (_x(),), [lambda: ITEMS.append(3.0), lambda: ITEMS.clear(),
                                          lambda: ITEMS.extend([4.0])])
