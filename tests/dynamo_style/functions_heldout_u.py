"""Held-out-style cases (prefix `u_`): instances of set, frozenset, list and tuple subclasses
made inside the compiled frame (a tuple subclass that is not a named tuple).

A subclass written in Python over a builtin container: plain (`class S(set): pass`), with
extra methods and attributes, overriding a method and reaching the base's through `super()`,
with its own `__init__` or `__new__`. Inherited methods act on the container's storage, the
overridden ones run as the program's code; the base's operators give plain sets and lists
(`S(a) | b` is a set, `L(a) + b` a list), in-place ones keep the instance; an instance
returned from the frame is an instance of its class with its attributes. `gap=` cases are
refusals under fullgraph that still match eager outside it.
"""

from __future__ import annotations

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _one():
    return (randn(0, (3,)),)


class PlainSet(set):
    pass


class PlainFrozen(frozenset):
    pass


class PlainList(list):
    pass


class BumpSet(set):
    """Stores one more than it is given, through the base's add."""

    def add(self, item):
        return super().add(item + 1)

    def always(self, item):
        return True


class TaggedSet(set):
    def __init__(self, items, tag):
        super().__init__(items)
        self.tag = tag

    def describe(self):
        return f"{self.tag}:{len(self)}"


class LabelFrozen(frozenset):
    def __new__(cls, items, label):
        made = super().__new__(cls, items)
        made.label = label
        return made


class DoublingList(list):
    def append(self, item):
        super().append(item * 2)

    def total(self):
        return sum(self)


class NamedList(list):
    def __init__(self, name, items=()):
        super().__init__(items)
        self.name = name


class CountingContains(set):
    asked = 0

    def __contains__(self, item):
        type(self).asked += 1
        return super().__contains__(item)


class ShortList(list):
    def __len__(self):
        return super().__len__() - 1


class ReversedIterList(list):
    def __iter__(self):
        return iter(list(reversed(self[:])))


class Pair(tuple):
    def __new__(cls, a, b):
        return super().__new__(cls, (a, b))

    def swapped(self):
        return Pair(self[1], self[0])


# ---------------------------------------------------------------- sets


@case(_one)
def u_set_subclass_plain(x):
    s = PlainSet([1, 2, 2, 3])
    return x + len(s), isinstance(s, PlainSet), isinstance(s, set), type(s) is PlainSet


@case(_one)
def u_set_subclass_equality(x):
    s = PlainSet("abc")
    return x, s == {"a", "b", "c"}, s == frozenset("abc"), s != set("abd"), s == PlainSet(s)


@case(_one)
def u_set_subclass_custom_add(x):
    s = BumpSet([1, 2])
    s.add(3)
    return x * len(s), s == {1, 2, 4}, 4 in s, 3 not in s


@case(_one)
def u_set_subclass_extra_method(x):
    s = BumpSet([1, 2])
    return x + 1, s.always(99)


@case(_one)
def u_set_subclass_iterates_sorted(x):
    s = PlainSet([5, 3, 9, 1])
    total = 0
    for k in s:
        total += k
    return x * total, sorted(s), list(s)


@case(_one)
def u_set_subclass_binops_give_sets(x):
    p, q = PlainSet("abc"), PlainSet("bef")
    union, inter, diff, sym = p | q, p & q, p - q, p ^ q
    kinds = [type(r).__name__ for r in (union, inter, diff, sym)]
    return x, kinds, sorted(union), sorted(inter), sorted(diff), sorted(sym)


@case(_one)
def u_set_subclass_comparisons(x):
    p, q, r = PlainSet("abc"), PlainSet("bef"), PlainSet("ab")
    return x, [p < p, p < q, r < p, p <= p, r <= q, p > r, q >= r, p >= p]


@case(_one)
def u_set_subclass_copy_is_plain(x):
    s = PlainSet([1, 2])
    c = s.copy()
    c.add(3)
    return x + len(c), type(c) is set, len(s), c == {1, 2, 3}


@case(_one)
def u_set_subclass_returned(x):
    s = PlainSet([3, 1])
    s.add(7)
    return x, s


@case(_one)
def u_set_subclass_init_and_attribute(x):
    s = TaggedSet([1, 2, 3], "t")
    s.add(4)
    return x * len(s), s.tag, s.describe(), s


@case(_one)
def u_set_subclass_mutators(x):
    s = PlainSet(range(6))
    s.discard(0)
    s.remove(1)
    s.update([10, 11])
    s.difference_update({2})
    s.intersection_update(range(20))
    s.symmetric_difference_update({3, 30})
    popped = s.pop()
    return x + popped, sorted(s), type(s).__name__


@case(_one)
def u_set_subclass_remove_missing_raises(x):
    s = PlainSet([1])
    try:
        s.remove(5)
    except KeyError as exc:
        return x, exc.args
    return x


@case(_one)
def u_set_subclass_in_place_operators_keep_class(x):
    s = PlainSet([1, 2])
    before = s
    s |= {3}
    s -= {1}
    s &= {2, 3, 4}
    s ^= {9}
    return x, s is before, type(s) is PlainSet, sorted(s)


@case(_one)
def u_set_subclass_unbound_methods(x):
    s = PlainSet([1, 2])
    set.add(s, 5)
    PlainSet.discard(s, 1)
    return x, PlainSet.__contains__(s, 5), set.__len__(s), sorted(PlainSet.__or__(s, {8}))


@case(_one)
def u_set_subclass_contains_override(x):
    CountingContains.asked = 0
    s = CountingContains([1, 2])
    hits = [1 in s, 5 in s, 2 not in s]
    return x + CountingContains.asked, hits


@case(_one)
def u_set_subclass_subset_queries(x):
    p, q = PlainSet("abc"), PlainSet("bc")
    return x, q.issubset(p), p.issuperset(q), p.isdisjoint("xy"), q.issubset("b")


@case(_one)
def u_set_subclass_bool_and_len(x):
    s = PlainSet()
    empty = bool(s)
    s.add(0)
    return x, empty, bool(s), len(s)


@case(_one)
def u_set_subclass_class_attribute(x):
    s = PlainSet([1])
    return x, s.__class__ is PlainSet, type(s).__name__, PlainSet.__mro__[1] is set


@case(_one)
def u_set_subclass_instance_attributes(x):
    s = PlainSet([1, 2])
    s.weight = 3
    s.weight += 1
    return x * s.weight, hasattr(s, "weight"), hasattr(s, "nothing"), getattr(s, "n", 5)


@case(_one)
def u_set_subclass_in_a_comprehension(x):
    s = PlainSet(k * k for k in range(5))
    return x, sorted(v for v in s if v > 2)


@case(_one)
def u_set_subclass_of_tensor_shapes(x):
    s = PlainSet([x.shape[0], 4])
    return x + len(s), sorted(s)


@case(_one)
def u_set_subclass_repr(x):
    return x, repr(PlainSet([1])), str(PlainSet()), repr(PlainFrozen([2]))


@case(_one)
def u_set_subclass_union_method_type(x):
    s = PlainSet([1])
    return x, type(s.union([2])) is set, type(s.difference()) is set, sorted(s.union([2], [3]))


# ---------------------------------------------------------------- frozensets


@case(_one)
def u_frozenset_subclass_plain(x):
    f = PlainFrozen([1, 2])
    return x + len(f), 1 in f, f == frozenset({1, 2}), isinstance(f, frozenset), f == {1, 2}


@case(_one)
def u_frozenset_subclass_as_member(x):
    f = PlainFrozen("ab")
    box = {f}
    return x, frozenset("ab") in box, f in {frozenset("ab"): 1}, hash(f) == hash(frozenset("ab"))


@case(_one)
def u_frozenset_subclass_custom_new(x):
    f = LabelFrozen([3, 4], "pair")
    return x * len(f), f.label, type(f) is LabelFrozen, sorted(f)


@case(_one)
def u_frozenset_subclass_returned(x):
    return x, LabelFrozen([5], "one")


@case(_one)
def u_frozenset_subclass_binop_is_frozenset(x):
    f = PlainFrozen([1, 2])
    g = f | {3}
    return x, type(g) is frozenset, type(f.copy()) is frozenset, sorted(g)


# ---------------------------------------------------------------- lists


@case(_one)
def u_list_subclass_plain(x):
    xs = PlainList([1, 2, 3])
    return x + xs[0] + xs[-1], len(xs), isinstance(xs, list), type(xs) is PlainList, xs


@case(_one)
def u_list_subclass_custom_append(x):
    xs = DoublingList([1])
    xs.append(5)
    xs.extend([2])
    return x * xs.total(), list(xs)


@case(_one)
def u_list_subclass_init_name(x):
    xs = NamedList("ns", [x, x + 1])
    xs.append(x * 3)
    return torch.stack(xs).sum(0), xs.name, len(xs)


@case(_one)
def u_list_subclass_returned_with_attribute(x):
    xs = NamedList("r")
    xs.append(1)
    return x, xs, xs.name


@case(_one)
def u_list_subclass_operators_give_lists(x):
    xs = PlainList([1, 2])
    both, twice, part = xs + [3], xs * 2, xs[0:1]
    return x, type(both) is list, type(twice) is list, type(part) is list, both, twice, part


@case(_one)
def u_list_subclass_in_place_add_keeps_class(x):
    xs = PlainList([1])
    before = xs
    xs += [2, 3]
    xs *= 2
    return x, xs is before, type(xs) is PlainList, list(xs)


@case(_one)
def u_list_subclass_equality(x):
    xs = PlainList([1, 2])
    return x, xs == [1, 2], [1, 2] == xs, xs != [2], xs == PlainList([1, 2]), xs < [1, 3]


@case(_one)
def u_list_subclass_mutators(x):
    xs = PlainList([4, 1, 3])
    xs.insert(0, 9)
    xs.sort()
    xs.reverse()
    popped = xs.pop()
    xs.remove(4)
    xs[0] = 7
    del xs[-1]
    return x + popped, list(xs), xs.index(7), xs.count(7)


@case(_one)
def u_list_subclass_of_tensors(x):
    xs = PlainList([x, x * 2])
    for t in xs:
        x = x + t
    return x, torch.cat(xs)


@case(_one)
def u_list_subclass_len_override(x):
    xs = ShortList([1, 2, 3])
    return x + len(xs), bool(ShortList([1])), list.__len__(xs)


@case(_one, gap="iterating an instance whose class overrides __iter__ (C code reads the "
               "contents past it in some places)")
def u_list_subclass_iter_override(x):
    xs = ReversedIterList([1, 2, 3])
    out = [k for k in xs]
    return x, out, list(xs), sum(xs)


@case(_one)
def u_list_subclass_unbound_and_super_methods(x):
    xs = PlainList([1])
    list.append(xs, 2)
    PlainList.extend(xs, [3])
    return x + list.__getitem__(xs, 2), PlainList.__len__(xs), list(xs)


@case(_one)
def u_list_subclass_contains_and_index_error(x):
    xs = PlainList([1, 2])
    try:
        xs[5]
    except IndexError:
        missing = True
    return x, 2 in xs, 7 in xs, missing


@case(_one)
def u_list_subclass_copy_is_list(x):
    xs = PlainList([1, 2])
    c = xs.copy()
    c.append(3)
    return x, type(c) is list, len(xs), c


@case(_one)
def u_list_subclass_instance_attribute(x):
    xs = PlainList()
    xs.count_seen = 2
    return x * xs.count_seen, xs.count_seen, hasattr(xs, "other")


@case(_one)
def u_list_subclass_unpacked(x):
    a, b = PlainList([x, x + 1])
    return a * b


@case(_one)
def u_list_subclass_sorted_and_reversed(x):
    xs = PlainList([3, 1, 2])
    return x, sorted(xs), list(reversed(xs)), max(xs), min(xs)


# ---------------------------------------------------------------- tuples


@case(_one)
def u_tuple_subclass_custom_new(x):
    p = Pair(1, 2)
    return x + p[0], p.swapped(), type(p) is Pair, p == (1, 2), len(p)


# ---------------------------------------------------------------- more of the same, and refusals


class IndexedList(list):
    def __getitem__(self, i):
        return 100


class PushList(list):
    def push(self, v):
        self.append(v)
        self.last = v
        return self


class ShiftedList(list):
    def append(self, v):
        super().append(v + 1)


class ScaledList(ShiftedList):
    def append(self, v):
        super().append(v * 10)


class UpdatingSet(set):
    def __init__(self, items):
        self.update(items)
        self.n = len(self)


class AlwaysEqual(set):
    def __eq__(self, other):
        return True

    __hash__ = None


class SuperIterList(list):
    def __iter__(self):
        return super().__iter__()


class PlainTuple(tuple):
    pass


def _error(fn):
    try:
        fn()
    except (TypeError, KeyError, ValueError, IndexError) as exc:
        return type(exc).__name__, str(exc)
    return None
