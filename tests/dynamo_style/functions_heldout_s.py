"""Held-out-style cases: builtin types' methods and builtins called with arguments they do not
take, and builtin types' methods called unbound with the instance first.

A call with too many or too few positional arguments, or a keyword a C function does not
accept, raises TypeError before anything runs; the cases catch it in the function and return
its text (or a marker), so a call that quietly ran on the arguments it happened to read shows
as a wrong answer. The unbound calls (`set.union(p, q)`, `list.append(l, v)`,
`dict.__or__(a, b)`) run on instances of the type and of subclasses that do or do not
override the method, and on instances of another type (CPython's descriptor TypeError).
"""

from __future__ import annotations

import collections

from tests.dynamo_style.registry import case


def _error(call):
    try:
        call()
    except TypeError as e:
        return str(e)
    return "no error"


class TagSet(set):
    pass


class CopyingSet(set):
    def copy(self):
        return "own copy"


class Registry(dict):
    pass


class Stack(list):
    pass


# -- bound methods with a wrong argument count -----------------------------------------------
@case()
def s_dict_update_two_mappings(a, b):
    d = {"w": 1}
    try:
        d.update({"x": 2}, {"y": 3})
    except TypeError:
        return a + 1, d
    return a - 1, d


@case()
def s_list_append_two_values(a, b):
    items = [a]
    msg = _error(lambda: items.append(b, a))
    return len(items), msg, items[0] + 1


@case()
def s_list_pop_keyword_index(a, b):
    items = [a, b]
    msg = _error(lambda: items.pop(index=0))
    return len(items), msg


@case()
def s_list_copy_clear_reverse_with_argument(a, b):
    items = [1, 2, 3]
    out = [_error(lambda: items.copy(1)), _error(lambda: items.clear(0)),
           _error(lambda: items.reverse(True))]
    return a * len(items), out, items


@case()
def s_list_insert_one_argument(a, b):
    items = [a]
    return _error(lambda: items.insert(0)), len(items), b + 1


@case()
def s_list_sort_positional_key(a, b):
    items = [3, 1, 2]
    msg = _error(lambda: items.sort(None))
    return a + items[0], msg, items


@case()
def s_list_index_too_many(a, b):
    items = [1, 2, 3]
    return _error(lambda: items.index(2, 0, 3, 4)), items.index(3, 1), a + b


@case()
def s_dict_get_three_arguments(a, b):
    d = {"k": a}
    msg = _error(lambda: d.get("k", None, 0))
    return d.get("k") + 1, msg


@case()
def s_dict_get_no_argument(a, b):
    d = {"k": a}
    return _error(lambda: d.get()), d["k"] * 2


@case()
def s_dict_pop_default_keyword(a, b):
    d = {1: a}
    msg = _error(lambda: d.pop(2, default=b))
    return msg, len(d), d[1] - 1


@case()
def s_dict_setdefault_and_clear(a, b):
    d = {"a": a}
    out = [_error(lambda: d.setdefault("b", b, 0)), _error(lambda: d.clear(1)),
           _error(lambda: d.copy(d))]
    return out, sorted(d), d["a"] + 1


@case()
def s_dict_views_with_argument(a, b):
    d = {"a": a, "b": b}
    out = [_error(lambda: d.keys(1)), _error(lambda: d.values(x=1)), _error(lambda: d.items(d))]
    return out, d["a"] + d["b"]


@case()
def s_dict_update_keywords_and_two_positional(a, b):
    d = {}
    msg = _error(lambda: d.update([("p", a)], [("q", b)], r=1))
    d.update([("p", a)], r=1)
    return msg, sorted(d), d["p"] + d["r"]


@case()
def s_set_add_discard_wrong_count(a, b):
    s = {1, 2}
    out = [_error(lambda: s.add(3, 4)), _error(lambda: s.add()), _error(lambda: s.discard(1, 2))]
    return out, sorted(s), a + len(s)


@case()
def s_set_copy_pop_clear_with_argument(a, b):
    s = {1, 2}
    out = [_error(lambda: s.copy(1)), _error(lambda: s.pop(0)), _error(lambda: s.clear(s))]
    return out, sorted(s), b * len(s)


@case()
def s_set_issubset_two_and_none(a, b):
    s = {1}
    out = [_error(lambda: s.issubset({1}, {2})), _error(lambda: s.isdisjoint()),
           _error(lambda: s.symmetric_difference_update())]
    return out, a - 1


@case()
def s_frozenset_union_keyword(a, b):
    f = frozenset({1, 2})
    return _error(lambda: f.union(other={3})), f.union({3}, [4]) == {1, 2, 3, 4}, a + 2


@case()
def s_deque_methods_wrong_count(a, b):
    q = collections.deque([1, 2])
    out = [_error(lambda: q.append(3, 4)), _error(lambda: q.appendleft()),
           _error(lambda: q.popleft(0)), _error(lambda: q.rotate(1, 2)),
           _error(lambda: q.extendleft([5], [6]))]
    return out, list(q), a + len(q)


@case()
def s_ordered_dict_move_to_end_three(a, b):
    od = collections.OrderedDict(x=1, y=2)
    msg = _error(lambda: od.move_to_end("x", True, 0))
    od.move_to_end("x", last=False)
    return msg, list(od), a * od["y"]


@case()
def s_tuple_count_without_argument(a, b):
    t = (1, 2, 2)
    return _error(lambda: t.count()), t.count(2), _error(lambda: t.index()), b + 1


@case()
def s_method_error_in_subclass_instance(a, b):
    d = Registry(k=1)
    items = Stack([1])
    out = [_error(lambda: d.get(1, 2, 3)), _error(lambda: items.append(1, 2)),
           _error(lambda: TagSet({1}).copy(2))]
    return out, a + len(items)


@case()
def s_wrong_count_uncaught_falls_to_fallback(a, b):
    d = {}
    try:
        d.update({}, {})
        result = a
    except TypeError:
        result = b
    return result * 2


# -- builtins with a wrong argument count or keyword -----------------------------------------
@case()
def s_len_keyword_and_two(a, b):
    items = [a, b]
    return _error(lambda: len(obj=items)), _error(lambda: len(items, items)), len(items)


@case()
def s_constructors_two_iterables(a, b):
    out = [_error(lambda: list([1], [2])), _error(lambda: tuple([1], [2])),
           _error(lambda: set([1], [2])), _error(lambda: dict({}, {})),
           _error(lambda: frozenset([1], [2]))]
    return out, a + b


@case()
def s_getattr_four_arguments(a, b):
    class Holder:
        v = 3
    msg = _error(lambda: getattr(Holder, "v", 1, 2))
    return msg, a * getattr(Holder, "v", 0)


@case()
def s_getattr_one_argument(a, b):
    return _error(lambda: getattr(a)), b + 1


@case()
def s_builtin_arity_grab_bag(a, b):
    nums = [3, 1, 2]
    out = [_error(lambda: sorted(nums, None)), _error(lambda: sum(nums, 0, 1)),
           _error(lambda: isinstance(1, int, 3)), _error(lambda: abs(1, 2)),
           _error(lambda: enumerate(nums, 0, 1)), _error(lambda: range(1, 2, 3, 4)),
           _error(lambda: divmod(1))]
    return out, a + sum(nums)


@case()
def s_min_max_bad_keyword(a, b):
    nums = [3, 1]
    return _error(lambda: min(nums, foo=1)), _error(lambda: max()), max(nums, default=0), a - 1


@case()
def s_iter_next_too_many(a, b):
    it = iter([1, 2])
    out = [_error(lambda: next(it, 0, 1)), _error(lambda: iter([1], None, 2))]
    return out, next(it), a + 1


@case()
def s_enumerate_and_sorted_keywords_accepted(a, b):
    pairs = list(enumerate(iterable=[5, 6], start=1))
    order = sorted([3, 1, 2], key=lambda v: -v, reverse=True)
    return pairs, order, a + b


@case()
def s_dict_keyword_constructor_accepted(a, b):
    d = dict({"x": 1}, y=2)
    return sorted(d.items()), a * d["y"]


# -- unbound methods, instance first ---------------------------------------------------------
@case()
def s_unbound_set_operations(a, b):
    p, q = {1, 2, 3}, {2, 4}
    return (set.union(p, q), set.__sub__(p, q), set.intersection(p, q, [2]),
            set.symmetric_difference(p, q), a + 1)


@case()
def s_unbound_set_mutators(a, b):
    p = {1, 2, 3}
    set.add(p, 9)
    set.intersection_update(p, {1, 9})
    set.discard(p, 1)
    return sorted(p), a * len(p)


@case()
def s_unbound_frozenset_queries(a, b):
    f = frozenset({1, 2})
    return frozenset.isdisjoint(f, {3}), frozenset.issubset(f, [1, 2, 5]), b - 1


@case()
def s_unbound_set_copy_of_subclass(a, b):
    s = TagSet({1, 2})
    c = set.copy(s)
    return type(c).__name__, sorted(c), a + 1


@case()
def s_unbound_set_copy_wrong_type(a, b):
    return _error(lambda: set.copy(frozenset({1}))), _error(lambda: set.copy()), a + 1


@case()
def s_unbound_set_dunder_not_implemented(a, b):
    p = {1}
    return set.__sub__(p, 1) is NotImplemented, set.__eq__(p, {1}), set.__eq__(p, [1]), b + 1


@case()
def s_unbound_set_dunder_wrong_type(a, b):
    return _error(lambda: set.__sub__(frozenset(), set())), _error(lambda: set.__sub__({1})), a


@case()
def s_unbound_list_methods(a, b):
    items = [a]
    list.append(items, b)
    list.extend(items, [a + b])
    first = list.__getitem__(items, 0)
    nums = [4, 5]
    list.insert(nums, 0, 3)
    return first + list.__len__(items), list.index(nums, 5), nums, len(items)


@case()
def s_unbound_list_append_subclass(a, b):
    st = Stack([1])
    list.append(st, 2)
    return list(st), a + len(st)


@case()
def s_unbound_list_append_wrong_count(a, b):
    items = [1]
    return _error(lambda: list.append(items, 1, 2)), _error(lambda: list.pop(items, 0, 1)), items


@case()
def s_unbound_dict_or_and_ior(a, b):
    x = {"one": 1}
    y = {"two": 2}
    merged = dict.__or__(x, y)
    also = x.__or__(y)
    dict.__ior__(x, {"three": 3})
    return merged, also, x, dict.__or__(x, 1) is NotImplemented, a + 1


@case()
def s_unbound_dict_get_and_keys(a, b):
    d = {"w": a}
    return dict.get(d, "w") + 1, list(dict.keys(d)), _error(lambda: dict.get(d, 1, 2, 3))


@case()
def s_unbound_set_method_override_bypassed(a, b):
    s = CopyingSet({1})
    return s.copy(), sorted(set.copy(s)), a + 1
