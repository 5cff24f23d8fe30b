"""Held-out-style cases (prefix `u_`, continued from functions_heldout_u.py): each of the base's
methods and operators on instances of set, frozenset and list subclasses made in the frame,
with CPython's errors, and tuple subclasses that are not named tuples (`class Pair(tuple)`,
with its own `__new__`, `__init__`, `__eq__` or item methods), sets of tensors (not
iterated), and dict subclasses whose class has a `__new__` of its own.
"""

from __future__ import annotations

import collections

import torch

from tests.dynamo_style.functions_heldout_u import (
    PlainFrozen,
    PlainList,
    PlainSet,
    PlainTuple,
    _error,
    _one,
)
from tests.dynamo_style.registry import case

# ---------------------------------------------------------------- the base's methods, one by one


def _set_operators(kind):
    p, q = kind("abc"), kind("bef")
    return [sorted(p - q), sorted(q - p), _error(lambda: p - 1), _error(lambda: 1 | p),
            sorted(kind.__sub__(p, q)), sorted(kind.__or__(p, q)), sorted(kind.__and__(p, q)),
            sorted(kind.__xor__(p, q)), type(kind.__xor__(p, q)).__name__,
            kind.__lt__(p, 1) is NotImplemented]


def _set_comparisons(kind):
    p = kind("abc")
    out = [p == p, kind.__eq__(p, p), kind.__ne__(p, p), kind.__le__(p, p), kind.__ge__(p, p)]
    for other in (set, frozenset, PlainSet):
        out += [p == other("abc"), p == other(p), p != other("abd")]
    out += [p != make("abd") for make in (dict.fromkeys, str, list, tuple)]
    return out + [p != 1]


def _set_queries(kind):
    p, q, r = kind("abc"), kind("bc"), kind("bef")
    return [q.issubset(p), r.issubset(p), _error(lambda: p.issubset()),
            _error(lambda: p.issubset(1)), _error(lambda: p.issubset([[]])), kind.issubset(q, p),
            p.issuperset(q), _error(lambda: p.isdisjoint(1)), kind.isdisjoint(p, q),
            sorted(p.intersection(q, r)), _error(lambda: p.intersection(1)),
            sorted(kind.intersection(p, r)), sorted(p.union(q, r)),
            _error(lambda: p.union([[]])), sorted(kind.union(q, r)),
            sorted(p.difference(q, r)), sorted(kind.symmetric_difference(p, r)),
            _error(lambda: p.symmetric_difference()), len(frozenset(p)), len(set(p)),
            _error(lambda: p.copy(1)), kind.copy(p) == p, type(kind.copy(p)).__name__,
            "a" in p, kind.__contains__(p, "b"), p.__contains__("z"),
            p in kind([frozenset("abc")])]


@case(_one)
def u_set_subclass_operators_one_by_one(x):
    return x, _set_operators(PlainSet)


@case(_one)
def u_frozenset_subclass_operators_one_by_one(x):
    return x, _set_operators(PlainFrozen)


@case(_one)
def u_set_subclass_comparisons_with_every_kind(x):
    return x, _set_comparisons(PlainSet)


@case(_one)
def u_frozenset_subclass_comparisons_with_every_kind(x):
    return x, _set_comparisons(PlainFrozen)


@case(_one)
def u_set_subclass_queries_and_their_errors(x):
    return x, _set_queries(PlainSet)


@case(_one)
def u_frozenset_subclass_queries_and_their_errors(x):
    return x, _set_queries(PlainFrozen)


@case(_one)
def u_set_subclass_mutators_and_their_errors(x):
    p, out = PlainSet("abc"), []
    p.add("d")
    out += [sorted(p), _error(lambda: p.add(["ab"])), _error(lambda: p.add())]
    PlainSet.add(p, "e")
    PlainSet.clear(p)
    out += [len(p), p.remove("z") if "z" in p else None]
    p = PlainSet("abc")
    out += [p.remove("a"), sorted(p), _error(lambda: p.remove("a"))]
    s1, s2, s3 = PlainSet(["ant", "bee", "cat"]), PlainSet(["dog", "ant"]), PlainSet(["eel", "ant"])
    out += [s1.intersection_update(s2, s3), sorted(s1),
            _error(lambda: s1.intersection_update([[]]))]
    s1 = PlainSet(["ant", "bee", "cat"])
    out += [s1.difference_update(s2, s3), sorted(s1), _error(lambda: s1.difference_update([[]]))]
    s1 = PlainSet(["ant", "bee", "cat"])
    out += [s1.symmetric_difference_update(s2), sorted(s1)]
    out += [_error(PlainSet().pop), PlainSet.pop(PlainSet("a"))]
    out += [_error(lambda: PlainSet("abc").remove([])), _error(lambda: PlainSet("abc").discard([]))]
    keyed = PlainSet([frozenset("ab")])
    keyed.remove(set("ab"))
    out += [len(keyed), _error(lambda: PlainSet([frozenset("ab")]).remove(set("z")))]
    keyed = PlainSet([frozenset("ab")])
    keyed.discard(PlainSet("ab"))
    return x, out, len(keyed)


@case(_one)
def u_frozenset_subclass_copy_is_a_new_frozenset(x):
    p = PlainFrozen("abc")
    r, r2 = p.copy(), frozenset.copy(p)
    return x, type(r) is frozenset, r is not p, type(r2) is frozenset, r2 is not p, r == p


@case(_one)
def u_set_subclass_in_place_operators_mixed_kinds(x):
    s = PlainSet("abc")
    s -= PlainFrozen("a")
    s ^= PlainSet("xy")
    s &= frozenset("bcx")
    f = PlainFrozen("ab")
    g = f
    f |= {"z"}
    return x, sorted(s), type(s).__name__, type(f).__name__, f is g, sorted(f), s.__ior__([1])


@case(_one)
def u_list_subclass_methods_and_their_errors(x):
    a, out = PlainList([3, 1, 2]), []
    out += [a.index(1), _error(lambda: a.index(9)), a.count(3), _error(lambda: a.append()),
            _error(lambda: a.insert(1)), PlainList.__len__(a), PlainList.__getitem__(a, 0),
            _error(lambda: a[10]), _error(lambda: a["x"])]
    a.sort(reverse=True)
    out.append(list(a))
    a.sort(key=lambda v: -v)
    out += [list(a), a * 0, 0 * a, a.__mul__(2), a.__add__([9]), a.__contains__(3)]
    b = a
    a *= 2
    out += [a is b, list(a)]
    a.clear()
    out += [list(a), _error(lambda: a.remove(1)), list(reversed(PlainList([1, 2, 3])))]
    return x, out


@case(_one, gap="`<` between a set subclass instance and an int (operators.py refuses "
               "where CPython raises TypeError)")
def u_set_subclass_ordered_against_int(x):
    return x, _error(lambda: PlainSet("a") < 1)


@case(_one, gap="a list subclass instance times a non-int (the operator and the method "
               "word their TypeErrors differently)")
def u_list_subclass_times_a_string(x):
    return x, _error(lambda: PlainList([1]) * "x")


# ---------------------------------------------------------------- tuples that are not named


class EqualToAll(tuple):
    def __eq__(self, other):
        return True

    __hash__ = tuple.__hash__


class Tagged(tuple):
    def __new__(cls, items, tag):
        return super().__new__(cls, items)

    def __init__(self, items, tag):
        self.tag = tag


class Fixed(tuple):
    def __getitem__(self, i):
        return 42

    def __len__(self):
        return 7


@case(_one)
def u_tuple_subclass_reads_like_a_tuple(x):
    p, q = PlainTuple([1, 2]), PlainTuple()
    return x, p, q, p == (1, 2), (1, 2) == p, p + (3,), type(p + (3,)).__name__, p * 2, p[1:], (
        type(p[1:]).__name__), len(p), 2 in p, p.count(1), p.index(2), hash(p) == hash((1, 2))


@case(_one)
def u_tuple_subclass_eq_override(x):
    return x, EqualToAll([1]) == (5,), (5,) == EqualToAll([1]), EqualToAll([1]) != (1,)


@case(_one)
def u_tuple_subclass_new_and_init_with_attributes(x):
    t = Tagged([1, 2], "t")
    t.more = 3
    return x, t, t.tag, t.more, type(t).__name__


@case(_one)
def u_tuple_subclass_item_overrides_and_unpacking(x):
    f = Fixed([1, 2, 3])
    a, b, c = f
    return x, f[0], len(f), list(f), a, bool(Fixed())


@case(_one)
def u_tuple_subclass_errors(x):
    return x, [_error(lambda: PlainTuple([1], a=1)), _error(lambda: PlainTuple([1], [2])),
               _error(lambda: tuple.__new__(PlainTuple, 1)), tuple.__new__(PlainTuple, [3])]


@case(_one)
def u_tuple_subclass_as_tensor_arguments(x):
    return torch.stack(PlainTuple([x, x * 2])), x.view(PlainTuple([3]))


@case(_one)
def u_tuple_subclass_as_key(x):
    return x, {PlainTuple([1]), (1,)}, PlainTuple([1]) in {(1,): 2}, {PlainTuple("ab"): 1}[
        ("a", "b")]


@case(_one, gap="a tuple subclass with its own __eq__ as a dict key (which keys are equal)")
def u_tuple_subclass_eq_override_as_key(x):
    return x, {EqualToAll([1]): 1}.get((2,))


# ---------------------------------------------------------------- sets hashed by identity


@case(_one, gap="iterating a set of tensors (CPython's order follows their addresses)")
def u_set_subclass_of_tensors_iterated(x):
    total = torch.zeros(3)
    for t in PlainSet([x, x + 1]):  # (two members: the sum is the same in either order)
        total = total + t
    return total


@case(_one, gap="iterating a set of tensors (CPython's order follows their addresses)")
def u_plain_set_of_tensors_summed(x):
    return sum({x, x * 2}), len({x, x})


@case(_one)
def u_set_subclass_of_tensors_queried(x):
    y = x + 1
    s = PlainSet([x, y])
    s.discard(x)
    return len(s), x in s, y in s, s.pop() is y


# ---------------------------------------------------------------- dict subclasses with a __new__


class MadeDict(dict):
    def __new__(cls, *args, **kwargs):
        made = super().__new__(cls, *args, **kwargs)
        made.made = True
        return made


class CountedOrdered(collections.OrderedDict):
    def __new__(cls, *args, **kwargs):
        return super().__new__(cls)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.n = len(self)


class DictMaker(dict):
    def __new__(cls, *args):
        return dict(*args)


@case(_one)
def u_dict_subclass_own_new_then_dict_init(x):
    d = MadeDict([("a", 1)], b=2)
    d.update(c=3)
    del d["a"]
    return x * len(d), d, d.made, type(d).__name__, dict.__new__(MadeDict)


@case(_one)
def u_ordered_dict_subclass_own_new_and_init(x):
    o = CountedOrdered(z=1, y=2)
    o.move_to_end("z")
    return x + o.n, o, list(o), o.n


@case(_one)
def u_dict_subclass_new_returning_a_dict(x):
    made = DictMaker([("q", 1)])
    return x, made, type(made) is dict


@case(_one)
def u_container_subclass_attributes_of_the_base(x):
    s, xs, f = PlainSet(), PlainList(), PlainFrozen()
    return x, s.__hash__ is None, xs.__hash__ is None, type(s.__doc__).__name__, callable(
        f.__hash__), type(s.__new__(PlainSet)).__name__, callable(xs.append)


# ---------------------------------------------------------------- changed while being read


class DoubledOnWrite(list):
    def __setitem__(self, i, v):
        super().__setitem__(i, v * 2)

    def __delitem__(self, i):
        super().__delitem__(i)
        self.deleted = True


class ClaimsEmpty(set):
    def __len__(self):
        return 0

    def __bool__(self):
        return True


@case(_one)
def u_set_subclass_grown_while_iterated_raises(x):
    s, message = PlainSet([1, 2]), None
    try:
        for k in s:
            s.add(k + 10)
    except RuntimeError as exc:
        message = str(exc)
    return x, message, sorted(s)


@case(_one)
def u_list_subclass_grown_while_iterated(x):
    xs, seen = PlainList([1, 2]), []
    for k in xs:
        seen.append(k)
        if len(xs) < 5:
            xs.append(k * 10)
    return x, seen, xs


@case(_one)
def u_container_subclasses_filled_by_generators_reading_them(x):
    s = PlainSet([1])
    s.update(len(s) + k for k in range(3))
    xs = PlainList([1])
    xs.extend(len(xs) + k for k in range(3))
    return x, sorted(s), xs


@case(_one)
def u_container_subclasses_init_from_themselves(x):
    s = PlainSet([1, 2])
    s.__init__(s)
    xs = PlainList([1, 2])
    xs.__init__(xs)
    ys = PlainList([1, 2])
    ys.__init__(k * 2 for k in ys)
    return x, s, xs, ys


@case(_one)
def u_list_subclass_item_writes_overridden(x):
    t = DoubledOnWrite([1, 2, 3])
    t[0] = 5
    del t[1]
    t.sort()
    return x, t, t.deleted


@case(_one)
def u_set_subclass_len_and_bool_overridden(x):
    s = ClaimsEmpty([1])
    return x, len(s), bool(s), set.__len__(s), list(s), s == {1}


@case(_one, gap="iterating a set of builtin functions (hashed by their addresses)")
def u_plain_set_of_builtins_iterated(x):
    names = [f.__name__ for f in {abs, len, min, max, sorted, print}]
    return x, sorted(names), len(names)
