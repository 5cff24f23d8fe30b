"""Held-out-style cases: a builtin container's dunders called by name, bound.

`lst.__add__(other)`, `t.__mul__(2)`, `lst.__iadd__(it)`, `d.__getitem__(k)`,
`s.__contains__(x)`, `lst.__setitem__(i, v)`, `lst.__reversed__()`, comparisons: each is the
type's own slot, called directly, so no reflected method of the operand is asked first and a
mismatched operand gives the slot's own answer (a TypeError for concatenation,
NotImplemented for a comparison), where the operator would give another. Containers are made
in the frame and passed in (mutations seen after the call).
"""

from __future__ import annotations

import collections

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _x():
    return (randn(0, (3,)),)


class Shout(list):
    def __radd__(self, other):
        return "radd"


@case(_x)
def z_list_dunder_add_and_mul(x):
    a = [1, 2]
    return x + len(a.__add__([3])), a.__add__([3]), a.__mul__(2), a.__rmul__(0), a


@case(_x)
def z_tuple_dunder_add_mul_getitem(x):
    t = (1, 2, 3)
    return x * t.__getitem__(1), t.__add__((4,)), t.__mul__(2), t.__getitem__(slice(1, None))


@case(_x)
def z_list_dunder_add_wrong_operand_message(x):
    try:
        [1].__add__((2,))
    except TypeError as error:
        return x + 1, str(error)
    return x, ""


@case(_x)
def z_tuple_dunder_add_wrong_operand_message(x):
    try:
        (1,).__add__([2])
    except TypeError as error:
        return x - 1, str(error)
    return x, ""


@case(lambda: (randn(0, (3,)), [1, 2]))
def z_list_argument_iadd_imul_by_name(x, items):
    same = items.__iadd__((5, 6))
    items.__imul__(2)
    return x + len(items), same is items


@case(lambda: (randn(0, (3,)), [4, 5, 6]))
def z_list_argument_setitem_delitem_by_name(x, items):
    items.__setitem__(0, 40)
    items.__delitem__(-1)
    items.__setitem__(slice(1, 2), [7, 8])
    return x * items.__len__(), items.__getitem__(0)


@case(_x)
def z_list_reversed_and_contains_by_name(x):
    a = [1, 2, 3]
    return x + 1, list(a.__reversed__()), a.__contains__(2), a.__contains__(9)


@case(_x)
def z_comparisons_by_name_mismatched_give_not_implemented(x):
    return (x + 1, [1].__eq__([1]), [1].__lt__([2]), [1].__eq__((1,)) is NotImplemented,
            (1,).__ne__([1]) is NotImplemented, (1, 2).__ge__((1,)))


@case(lambda: (randn(0, (3,)), {"a": 1, "b": 2}))
def z_dict_argument_dunders_by_name(x, d):
    d.__setitem__("c", 3)
    d.__delitem__("a")
    return x + d.__getitem__("b"), d.__contains__("a"), d.__len__(), list(d.__reversed__())


@case(_x)
def z_set_contains_and_len_by_name(x):
    s = {1, 2}
    f = frozenset([3])
    return x + s.__len__(), s.__contains__(1), f.__contains__(2), f.__len__()


@case(_x)
def z_list_dunder_missing_key_raises_by_name(x):
    try:
        [1].__getitem__(5)
    except IndexError as error:
        return x + 1, str(error)
    return x, ""


@case(_x, gap="a list subclass instance as the operand of list.__add__ called by name")
def z_list_dunder_add_to_subclass_operand_skips_its_radd(x):
    return x + 1, [1].__add__(Shout([2])), [1] + Shout([2])


@case(_x, gap="tuple.__hash__ called by name")
def z_tuple_hash_by_name(x):
    return x + 1, (1, 2).__hash__() == hash((1, 2))


@case(_x)
def z_list_mul_by_name_float_operand(x):
    try:
        return x, [1].__mul__(1.5)
    except TypeError as error:
        return x + 1, str(error)


@case(_x)
def z_tuple_rmul_by_name_str_operand(x):
    try:
        return x, (1,).__rmul__("a")
    except TypeError as error:
        return x + 2, str(error)


@case(_x)
def z_bound_builtin_method_names(x):
    a, d, s = [1], {"k": 1}, {1}
    od = collections.OrderedDict(k=1)
    methods = (a.append, d.keys, s.add, a.__add__, d.__len__, od.get, od.move_to_end,
               collections.deque().popleft, (1,).index, frozenset().union)
    return (x + 1, [m.__name__ for m in methods], [m.__qualname__ for m in methods],
            a.append.__self__ is a, type(a.append).__name__, type(a.__add__).__name__)


@case(lambda: (randn(0, (3,)), [1, 2]))
def z_bound_method_names_of_an_argument(x, items):
    push = items.append
    push(len(push.__name__))
    return x * len(items), push.__qualname__, push.__self__ is items


class _Point(collections.namedtuple("_Point", "t k")):
    def __eq__(self, other):
        return isinstance(other, _Point) and self.k == other.k

    def __hash__(self):
        return hash(self.k)


@case(_x, gap="a named tuple with its own __eq__/__hash__ as a dict key or set member")
def z_named_tuple_with_own_eq_as_key(x):
    return x + 1, {_Point(x, 1): "hit"}.get(_Point(x, 1)), len({_Point(x, 1), _Point(x, 1)})


@case(_x)
def z_plain_named_tuple_as_key(x):
    point = collections.namedtuple("Pt", "a b")
    return x, {point(1, 2): 1}.get(point(1, 2)), len({point(1, 2), point(1, 2)})


@case(_x)
def z_tuple_new_called_with_bad_arguments(x):
    out = []
    for make in (lambda: tuple.__new__(tuple, [1, 2], extra=1),
                 lambda: tuple.__new__(tuple, [1], [2]), lambda: tuple.__new__(tuple, [3])):
        try:
            out.append(make())
        except TypeError as error:
            out.append(str(error))
    return x + 1, out
