"""Held-out-style cases (prefix `w_`): torch's insertion-ordered set, read-only mapping views
and a Python module's namespace.

`torch.utils._ordered_set.OrderedSet` (a `MutableSet` kept in a dict) is made in the frame,
passed in and changed there (the change is seen after the call), read from a global and
returned; its methods and operators keep insertion order, so each case returns the order as a
list too. `types.MappingProxyType` wraps a dict from outside the frame (a global, an argument,
a class's `__dict__`) or one made there: reads, `in`, iteration, `len`, its methods, `|` and
`==` answer from the dict, and writes through the view raise TypeError. A module's `__dict__`,
`vars(module)` and `globals()` are read and iterated like the module's attributes.
"""

from __future__ import annotations

import collections.abc
import copy
import math
import operator
import types

import torch
from torch.utils._ordered_set import OrderedSet

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case

SCALE = 3
TABLE = {"a": 1, "b": 2, "c": 3}
PROXY = types.MappingProxyType(TABLE)
EMPTY_PROXY = types.MappingProxyType({})
NAMES = OrderedSet(["x", "y", "z"])
SMALL = types.ModuleType("w_small")
SMALL.alpha = 2
SMALL.beta = 5


def _one():
    return (randn(0, (3,)),)


def _helper(t):
    return t * 2 + 1


class Settings:
    scale = 4
    name = "settings"

    def method(self):
        return self.scale


# --- OrderedSet ------------------------------------------------------------------------------


@case(_one)
def w_ordered_set_add_keeps_order(x):
    s = OrderedSet()
    for k in (3, 1, 2, 1):
        s.add(k)
    return x * len(s), list(s)


@case(_one)
def w_ordered_set_discard_and_remove(x):
    s = OrderedSet([5, 6, 7, 8])
    s.discard(6)
    s.discard(42)
    s.remove(8)
    return x + len(s), list(s)


@case(_one)
def w_ordered_set_remove_missing_raises(x):
    s = OrderedSet([1])
    try:
        s.remove(2)
    except KeyError:
        return x - 1, list(s)
    return x + 1, list(s)


@case(_one)
def w_ordered_set_update_many(x):
    s = OrderedSet([1])
    s.update([3, 2], (2, 4), {9: None})
    return x * s.__len__(), list(s)


@case(_one)
def w_ordered_set_in_branch(x):
    s = OrderedSet(["relu", "tanh"])
    if "relu" in s and "gelu" not in s:
        return torch.relu(x)
    return x


@case(_one)
def w_ordered_set_union_operator(x):
    a = OrderedSet([1, 2, 3])
    b = OrderedSet([4, 2, 5])
    u = a | b
    return x + len(u), list(u), list(a.union(b, [7]))


@case(_one)
def w_ordered_set_intersection_operator(x):
    a = OrderedSet([1, 2, 3, 4])
    b = OrderedSet([4, 3, 9])
    return x, list(a & b), list(b & a), list(a.intersection([2, 3], [3]))


@case(_one)
def w_ordered_set_difference_operator(x):
    a = OrderedSet([1, 2, 3, 4])
    b = OrderedSet([2, 4])
    return x * len(a - b), list(a - b), list(a.difference([1], [3]))


@case(_one)
def w_ordered_set_symmetric_difference(x):
    a = OrderedSet([1, 2, 3])
    b = OrderedSet([3, 4])
    c = a.copy()
    c.symmetric_difference_update([1, 9])
    return x, list(a ^ b), list(a.symmetric_difference(b)), list(c)


@case(_one)
def w_ordered_set_inplace_operators(x):
    a = OrderedSet([1, 2, 3])
    a |= OrderedSet([4])
    a -= OrderedSet([1])
    a &= OrderedSet([2, 4, 3])
    return x + len(a), list(a)


@case(_one)
def w_ordered_set_equality(x):
    a = OrderedSet([1, 2])
    b = OrderedSet([2, 1])
    return x, a == b, a != b, a == {1, 2}, a == [1, 2], a == OrderedSet([1])


@case(_one)
def w_ordered_set_copy_is_independent(x):
    a = OrderedSet(["p", "q"])
    b = a.copy()
    b.add("r")
    return x * len(b), list(a), list(b), a is b


@case(_one)
def w_ordered_set_pop_last(x):
    s = OrderedSet([10, 20, 30])
    last = s.pop()
    return x + last, list(s)


@case(_one)
def w_ordered_set_pop_empty_raises(x):
    s = OrderedSet()
    try:
        s.pop()
    except KeyError as e:
        return x, str(e)
    return x + 1, ""


@case(_one)
def w_ordered_set_clear_and_bool(x):
    s = OrderedSet([1, 2])
    before = bool(s)
    s.clear()
    return (x if before and not s else -x), len(s)


@case(_one)
def w_ordered_set_subset_checks(x):
    a = OrderedSet([1, 2])
    b = OrderedSet([1, 2, 3])
    return x, a <= b, a < b, b >= a, a.issubset([1, 2, 5]), b.issuperset((3,)), a.isdisjoint([7])


@case(_one)
def w_ordered_set_reversed_and_iter(x):
    s = OrderedSet("abc")
    total = x
    for i, _ in enumerate(s):
        total = total + i
    return total, list(reversed(s)), [k for k in s]


@case(_one)
def w_ordered_set_from_generator(x):
    s = OrderedSet(k % 3 for k in range(7))
    return x * len(s), list(s)


@case(_one)
def w_ordered_set_isinstance(x):
    s = OrderedSet()
    checks = (
        isinstance(s, collections.abc.MutableSet),
        isinstance(s, collections.abc.Set),
        isinstance(s, set),
        isinstance(s, OrderedSet),
    )
    return x, checks


@case(lambda: (randn(0, (3,)), OrderedSet([4, 1, 3])))
def w_ordered_set_argument_read(x, s):
    acc = x
    for k in s:
        acc = acc * k
    return acc, 3 in s, len(s)


@case(lambda: (randn(0, (3,)), OrderedSet([4, 1])))
def w_ordered_set_argument_mutated(x, s):
    s.add(9)
    s.discard(4)
    return x + len(s)


@case(_one)
def w_ordered_set_returned(x):
    s = OrderedSet([2, 1])
    s.add(0)
    return x, s


@case(_one)
def w_ordered_set_global_read(x):
    if "y" in NAMES:
        return x * len(NAMES), list(NAMES)
    return x, []


@case(_one)
def w_ordered_set_of_tensor_sizes(x):
    seen = OrderedSet()
    for t in (x, x + 1, x.unsqueeze(0)):
        seen.add(t.dim())
    return x.sum() * len(seen), list(seen)


@case(_one)
def w_ordered_set_repr(x):
    return x, repr(OrderedSet([1, "a"]))


# --- MappingProxyType --------------------------------------------------------------------------


@case(_one)
def w_proxy_global_reads(x):
    return x * PROXY["b"] + PROXY.get("z", 10), len(PROXY), "a" in PROXY, "q" in PROXY


@case(_one)
def w_proxy_global_iteration(x):
    acc = x
    for key in PROXY:
        acc = acc + PROXY[key]
    return acc, list(PROXY), list(PROXY.keys()), list(PROXY.values()), list(PROXY.items())


@case(_one)
def w_proxy_missing_key_raises(x):
    try:
        return PROXY["zz"]
    except KeyError as e:
        return x, str(e)


@case(_one)
def w_proxy_write_raises(x):
    try:
        PROXY["a"] = 5
    except TypeError as e:
        return x, str(e), TABLE["a"]
    return x + 1, "", TABLE["a"]


@case(_one)
def w_proxy_delete_raises(x):
    try:
        del PROXY["a"]
    except TypeError:
        return x - 1, len(PROXY)
    return x, len(PROXY)


@case(_one)
def w_proxy_copy_is_a_dict(x):
    d = PROXY.copy()
    d["new"] = 7
    return x + d["new"], d, len(PROXY), type(d) is dict


@case(_one)
def w_proxy_or_dict(x):
    merged = PROXY | {"c": 30, "d": 4}
    right = {"z": 0} | PROXY
    return x * merged["c"], merged, right


@case(_one)
def w_proxy_equality(x):
    return x, PROXY == {"a": 1, "b": 2, "c": 3}, PROXY == {"a": 1}, PROXY != TABLE


@case(_one)
def w_proxy_empty_bool(x):
    if EMPTY_PROXY:
        return x
    return -x, bool(PROXY), len(EMPTY_PROXY)


@case(_one)
def w_proxy_dict_and_sorted(x):
    return x, dict(PROXY), sorted(PROXY.items(), reverse=True), tuple(PROXY)


class ProxyBox:
    """Holds a read-only view of its own dict (a mappingproxy cannot be deep-copied itself)."""

    def __init__(self, table):
        self.table = table
        self.view = types.MappingProxyType(table)

    def __deepcopy__(self, memo):
        return ProxyBox(copy.deepcopy(self.table, memo))


@case(lambda: (randn(0, (3,)), ProxyBox({"w": 2.0, "b": 0.5})))
def w_proxy_attribute_of_argument(x, box):
    p = box.view
    return x * p["w"] + p.get("b", 0.0), sorted(p), len(p), p is box.view


@case(lambda: (randn(0, (3,)), ProxyBox({"n": 1})))
def w_proxy_sees_write_to_its_dict(x, box):
    box.table["n"] = 5
    box.table["m"] = 6
    return x * box.view["n"], list(box.view), "m" in box.view


@case(lambda: (randn(0, (3,)), ProxyBox({"t": 1})))
def w_proxy_returned_is_same_object(x, box):
    return x, box.view


@case(lambda: (randn(0, (3,)), {"k": 1}))
def w_proxy_made_over_argument_sees_writes(x, d):
    p = types.MappingProxyType(d)
    d["k2"] = 2
    return x + len(p), list(p.items())


@case(_one)
def w_proxy_made_write_raises(x):
    p = types.MappingProxyType({"a": x})
    try:
        p["b"] = 1
    except TypeError:
        return p["a"] * 2
    return x


@case(_one)
def w_proxy_type_and_isinstance(x):
    return x, type(PROXY) is types.MappingProxyType, isinstance(PROXY, collections.abc.Mapping)


@case(_one)
def w_class_dict_reads(x):
    d = Settings.__dict__
    return x * d["scale"], "method" in d, "missing" in d, d.get("name"), d.get("nope", 0)


@case(_one)
def w_class_dict_iteration(x):
    names = [k for k in Settings.__dict__ if not k.startswith("__")]
    return x, names


@case(_one)
def w_vars_of_class(x):
    return x + vars(Settings)["scale"], "scale" in vars(Settings)


# --- a module's namespace ----------------------------------------------------------------------


@case(_one)
def w_math_dict_pi(x):
    return x * math.__dict__["pi"]


@case(_one)
def w_vars_math(x):
    ns = vars(math)
    return x + ns["e"], "sqrt" in ns, "nope" in ns, ns.get("tau")


@case()
def w_module_dict_function_called(x, y):
    return vars(operator)["add"](x, y), operator.__dict__["mul"](x, 2)


@case(_one)
def w_small_module_iteration(x):
    ns = vars(SMALL)
    names = [k for k in ns if not k.startswith("__")]
    return x * ns["alpha"], names, len([k for k in ns.keys() if k[0] != "_"])


@case(_one)
def w_small_module_items(x):
    acc = x
    for k, v in SMALL.__dict__.items():
        if not k.startswith("_"):
            acc = acc + v
    return acc


@case(_one)
def w_globals_read(x):
    g = globals()
    return x * g["SCALE"], "TABLE" in g, g.get("NOT_THERE", 1)


@case(_one)
def w_globals_call(x):
    return globals()["_helper"](x)


@case(_one)
def w_module_dict_missing_raises(x):
    try:
        return math.__dict__["not_a_name"]
    except KeyError:
        return x - 1


@case(_one)
def w_torch_functional_dict(x):
    return torch.nn.functional.__dict__["relu"](x - 0.5)


@case(_one)
def w_proxy_inplace_or_raises(x):
    p = PROXY
    try:
        p |= {"z": 1}
    except TypeError as e:
        return x, str(e), p is PROXY
    return x + 1, "", p is PROXY


@case(_one)
def w_dict_inplace_or_proxy(x):
    d = {"z": 0}
    d |= PROXY
    return x * len(d), d


@case(_one)
def w_proxy_equality_reflected_and_two_views(x):
    made = types.MappingProxyType(dict(TABLE))
    return x, {"a": 1, "b": 2, "c": 3} == PROXY, made == PROXY, made != {"a": 1}


@case(_one)
def w_proxy_made_or(x):
    p = types.MappingProxyType({"k": x})
    merged = p | {"j": 2}
    return merged["k"] * merged["j"], list(merged)


@case(_one)
def w_ordered_set_of_tensors(x):
    y = x + 1
    s = OrderedSet([x, y])
    s.add(x)
    return len(s), x in s, (x * 2) in s, [t * 1 for t in s]


@case(_one)
def w_ordered_set_to_builtins(x):
    s = OrderedSet([3, 1, 2])
    return x, sorted(s), set(s) == {1, 2, 3}, frozenset(s), tuple(s), max(s)


@case(_one)
def w_ordered_set_in_dict_returned(x):
    groups = {"even": OrderedSet(), "odd": OrderedSet()}
    for k in range(5):
        groups["even" if k % 2 == 0 else "odd"].add(k)
    return x, groups, [list(v) for v in groups.values()]
