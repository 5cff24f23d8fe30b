"""Held-out-style cases, part two: torch.utils._pytree over nested tuples, lists, dicts and
named tuples holding tensors, and iterator corners (unbounded itertools with a break,
`__iter__` called by name on ranges, strings, tensors, lists and dicts).
"""

from __future__ import annotations

import collections
import itertools

import torch
import torch.utils._pytree as pytree

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case

Point = collections.namedtuple("Point", ["x", "y"])


SPEC = pytree.tree_structure({"w": 0, "rest": (0, [0])})


class Box:
    def __init__(self, v):
        self.v = v


class Batch:
    """A user container registered with pytree at import, as modelling code registers its
    output records."""

    def __init__(self, inputs, mask, name):
        self.inputs, self.mask, self.name = inputs, mask, name


pytree.register_pytree_node(
    Batch, lambda b: ([b.inputs, b.mask], b.name),
    lambda values, name: Batch(values[0], values[1], name))


def _one():
    return (randn(0, (3, 4)),)


def _nested():
    xs = [randn(i, (2, 3)) for i in range(3)]
    return ({"a": xs, "b": (xs[0], xs[1]), "c": {"d": xs[2], "e": [xs[0]]}},)


def _ordered():
    a, b = randn(0, (2,)), randn(1, (2,))
    return (collections.OrderedDict([("z", a), ("y", b), ("x", a + b)]),)


# -- torch.utils._pytree ---------------------------------------------------------------------

@case(_nested)
def pytree_flatten_unflatten_roundtrip(tree):
    leaves, spec = pytree.tree_flatten(tree)
    return pytree.tree_unflatten([leaf * 2 for leaf in leaves], spec)


@case(_nested)
def pytree_tree_map_nested(tree):
    return pytree.tree_map(lambda t: t.sin(), tree)


@case(_nested)
def pytree_tree_leaves_count(tree):
    leaves = pytree.tree_leaves(tree)
    return len(leaves), sum(leaf.sum() for leaf in leaves)


@case(_ordered)
def pytree_tree_map_ordered_dict_keeps_order(tree):
    out = pytree.tree_map(lambda t: t + 1, tree)
    return type(out) is collections.OrderedDict, list(out.keys()), list(out.values())


@case(_one)
def pytree_tree_map_dict_insertion_order(x):
    tree = {"b": x + 2, "a": x, "c": x - 1}
    out = pytree.tree_map(lambda t: t * 3, tree)
    return list(out.keys()), list(out.values())


@case(_one)
def pytree_namedtuple_leaves(x):
    tree = [Point(x, x + 1), (Point(x * 2, None), 3)]
    out = pytree.tree_map(lambda t: t if t is None or isinstance(t, int) else t.cos(), tree)
    return out[0].y, out[1][0].x, out[1][0].y, out[1][1]


@case(_one)
def pytree_tree_map_only_tensors(x):
    tree = {"t": x, "n": 3, "s": "keep", "l": [x + 1, 2.5]}
    out = pytree.tree_map_only(torch.Tensor, lambda t: t * 10, tree)
    return out["t"], out["n"], out["s"], out["l"]


@case(_one)
def pytree_tree_map_two_trees(x):
    a = (x, [x + 1, x + 2])
    b = (x * 2, [x * 3, x * 4])
    return pytree.tree_map(lambda p, q: p + q, a, b)


@case(_one)
def pytree_structure_and_num_leaves(x):
    tree = (x, {"k": [x, x]}, None)
    spec = pytree.tree_structure(tree)
    return x + spec.num_leaves, len(pytree.tree_leaves(tree))


@case(_one)
def pytree_tree_all_any(x):
    tree = [x, (x + 1, {"u": x - 1})]
    all_tensor = pytree.tree_all(lambda t: isinstance(t, torch.Tensor), tree)
    any_int = pytree.tree_any(lambda t: isinstance(t, int), tree)
    return x + int(all_tensor) + 10 * int(any_int)


@case(_one)
def pytree_flatten_repeated_list_in_tuple(x):
    inner = [x, x + 1, x + 2]
    leaves, spec = pytree.tree_flatten(tuple([inner] * 3))
    rebuilt = pytree.tree_unflatten([leaf.clone() for leaf in leaves], spec)
    return rebuilt, len(leaves)


@case(_one)
def pytree_empty_containers(x):
    tree = {"e": [], "t": (), "d": {}, "x": x}
    leaves, spec = pytree.tree_flatten(tree)
    return pytree.tree_unflatten([leaf + 1 for leaf in leaves], spec)


@case(_one)
def pytree_is_leaf_callback(x):
    tree = {"pair": (x, x + 1), "list": [x * 2, (x, 3)]}
    out = pytree.tree_map(lambda t: len(t) if isinstance(t, tuple) else t,
                          tree, is_leaf=lambda t: isinstance(t, tuple))
    return out["pair"], out["list"]


@case(_one)
def pytree_deque_and_defaultdict_nodes(x):
    dd = collections.defaultdict(list)
    dd["k"] = x
    dd["j"] = x + 1
    tree = [collections.deque([x, x * 2, x * 3], maxlen=3), dd]
    out = pytree.tree_map(lambda t: t - 1, tree)
    return out[0].maxlen, list(out[0]), type(out[1]) is collections.defaultdict, dict(out[1])


@case(_one)
def pytree_spec_returned_and_reused(x):
    leaves, spec = pytree.tree_flatten({"a": x, "b": [x + 1, None]})
    again = spec.unflatten([leaf * 2 if leaf is not None else leaf for leaf in leaves])
    return spec, spec.num_leaves, again


@case(_one)
def pytree_unflatten_wrong_count_raises(x):
    leaves, spec = pytree.tree_flatten((x, x))
    try:
        pytree.tree_unflatten([x], spec)
    except ValueError:
        return x + 1
    return x


@case(_one)
def pytree_user_object_is_leaf(x):
    tree = [Box(x), {"t": x}]
    leaves = pytree.tree_leaves(tree)
    return len(leaves), leaves[0].v * 2, pytree.tree_is_leaf(tree[0])


@case(_one)
def pytree_map_closure_counts_calls(x):
    calls = []
    def fn(t):
        calls.append(1)
        return t + len(calls)
    out = pytree.tree_map(fn, (x, [x, x], {"z": x}))
    return out, len(calls)


@case(_one)
def pytree_structseq_node(x):
    tree = {"m": torch.max(x, dim=1), "s": [torch.sort(x, dim=0)]}
    leaves, spec = pytree.tree_flatten(tree)
    out = pytree.tree_unflatten([leaf + 1 for leaf in leaves], spec)
    return len(leaves), out["m"].values, out["m"].indices, type(out["s"][0]).__name__


@case(_one)
def pytree_global_spec_unflatten(x):
    tree = pytree.tree_unflatten([x, x * 2, x * 3], SPEC)
    return tree["rest"][1][0] - tree["w"], SPEC.num_leaves


@case(_one)
def pytree_tree_map_in_place(x):
    y = x.clone()
    tree = (y, {"k": [y[0]]})
    log = []
    out = pytree.tree_map_(lambda t: log.append(t.shape), tree)
    return out is tree, log, y


@case(_one)
def pytree_registered_user_node(x):
    batch = Batch(x, [x > 0, None], "train")
    moved = pytree.tree_map(lambda t: t.float() * 2 if t is not None else t, batch)
    leaves = pytree.tree_leaves({"b": batch, "k": 1})
    return moved.inputs, moved.mask[0], moved.mask[1], moved.name, len(leaves)


@case(_one)
def pytree_size_node(x):
    leaves, spec = pytree.tree_flatten((x.shape, x))
    doubled = [v * 2 if isinstance(v, int) else v + 1 for v in leaves]
    return leaves[:2], pytree.tree_unflatten(doubled, spec), spec.num_leaves


@case(_one)
def pytree_tree_iter_lazy_walk(x):
    items = [x, (x + 1, {"k": x + 2})]
    it = pytree.tree_iter(items)
    first = next(it)
    items.append(x * 10)  # the outer list is walked live, as pytree walks it
    return first, list(it)


@case(_one)
def pytree_tree_any_stops_early_with_is_leaf(x):
    seen = []
    def pred(t):
        seen.append(type(t).__name__)
        return isinstance(t, tuple)
    tree = [x, (x, x), [x, (1, 2)]]
    found = pytree.tree_any(pred, tree, is_leaf=lambda t: isinstance(t, tuple))
    return found, seen, x + len(seen)


# -- iterator corners ------------------------------------------------------------------------

@case(_one)
def iter_repeat_unbounded_break(x):
    idx = 0
    for step in itertools.repeat(0.5):
        x = x + step
        idx += 1
        if idx == 4:
            break
    return x


@case(_one)
def iter_repeat_unbounded_tensor_next(x):
    r = itertools.repeat(x)
    a = next(r)
    b = next(r)
    return a + b, a is b


@case(_one)
def iter_repeat_unbounded_zip(x):
    return [t * k for t, k in zip(itertools.repeat(x), range(3))]


@case(_one)
def iter_cycle_over_generator(x):
    def gen():
        yield 1
        yield 2
    out = []
    for i, v in enumerate(itertools.cycle(gen())):
        if i == 5:
            break
        out.append(x * v)
    return out


@case(_one)
def iter_cycle_over_list_iterator_and_count(x):
    total = x
    for source in (iter([]), iter([3, 4.0]), itertools.count(7)):
        for i, v in enumerate(itertools.cycle(source)):
            if i > 4:
                break
            total = total + v
    return total


@case(_one)
def iter_islice_of_unbounded(x):
    ring = list(itertools.islice(itertools.cycle(iter([x, x * 2])), 5))
    same = list(itertools.islice(itertools.repeat(x + 1), 3))
    return ring, same, same[0] is same[2]


@case(_one)
def iter_cycle_empty_generator_stops(x):
    def nothing():
        return
        yield
    out = x
    for v in itertools.cycle(nothing()):
        out = out + v
    return out


@case(_one)
def iter_cycle_generator_runs_once(x):
    log = []
    def gen():
        for i in range(2):
            log.append(i)
            yield x * (i + 1)
    taken = [t for t, _ in zip(itertools.cycle(gen()), range(5))]
    return taken, log


@case(_one)
def iter_constant_dunder_iter(x):
    it = range(2, 5).__iter__()
    first = next(it)
    letters = "abc".__iter__()
    raw = b"\x01\x02".__iter__()
    head = next(letters)
    return x + first + next(it) + next(raw), list(it), head, "".join(letters), list(raw)


@case(_one)
def iter_tensor_dunder_iter(x):
    y = x.clone()
    rows = y.__iter__()
    first = next(rows)
    first.add_(1.0)
    return first * 2, [r + 1 for r in rows], y


@case(_one)
def iter_list_dict_tuple_dunder_iter(x):
    a = [x, x + 1].__iter__()
    b = {"k": 1, "j": 2}.__iter__()
    c = (4, 5).__iter__()
    return next(a) + next(c), next(b), list(b), list(a)
