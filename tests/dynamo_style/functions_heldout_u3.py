"""Held-out-style cases (prefix `u_`, continued from functions_heldout_u.py): container subclass
instances made in the frame met by iteration, membership, re-initialisation, copying and the
list operators, and the known refusals among them.
"""

from __future__ import annotations

from tests.conformance.registry import randn
from tests.dynamo_style.functions_heldout_u import (
    AlwaysEqual,
    IndexedList,
    PlainFrozen,
    PlainList,
    PlainSet,
    PlainTuple,
    PushList,
    ScaledList,
    ShiftedList,
    SuperIterList,
    UpdatingSet,
    _error,
    _one,
)
from tests.dynamo_style.registry import case


@case(_one)
def u_list_subclass_getitem_override_not_used_by_iteration(x):
    xs = IndexedList([1, 2])
    return x + xs[0], [k for k in xs], list(xs), sorted(xs), sum(xs)


@case(_one)
def u_set_subclass_as_a_member_looked_up(x):
    return x, PlainSet([1]) in {frozenset([1])}, PlainSet([1]) in [{1}], frozenset([1]) in {
        PlainFrozen([1]): 2}


@case(_one)
def u_frozenset_subclass_equal_member_kept_first(x):
    s = {PlainFrozen([1]), frozenset([1])}
    t = {frozenset([1]), PlainFrozen([1])}
    return x, [type(m).__name__ for m in s], [type(m).__name__ for m in t]


@case(_one)
def u_set_subclass_class_made_in_frame(x):
    class Local(set):
        def total(self):
            return sum(self)

    s = Local([1, 2, 3])
    return x * s.total(), isinstance(s, Local), len(s)


@case(_one)
def u_set_subclass_init_through_own_update(x):
    u = UpdatingSet([1, 1, 2])
    return x + u.n, u


@case(_one)
def u_set_subclass_eq_override_both_sides(x):
    return x, AlwaysEqual([1]) == {2}, {2} == AlwaysEqual([1]), AlwaysEqual([1]) != {2}


@case(_one)
def u_list_subclass_of_subclass_super_chain(x):
    b = ScaledList()
    b.append(1)
    return x + b[0], b, isinstance(b, ShiftedList)


@case(_one)
def u_container_subclasses_from_generators(x):
    s = PlainSet(k for k in range(5) if k % 2)
    xs = PlainList(iter([1, 2]))
    return x, s, xs


@case(_one)
def u_container_subclasses_extended_by_themselves(x):
    xs = PlainList([1, 2])
    xs += xs
    xs.extend(xs)
    s = PlainSet([1])
    s |= s
    s.update(s)
    return x, xs, s


@case(_one)
def u_list_subclass_ordering(x):
    return x, PlainList([1, 2]) < PlainList([1, 3]), PlainList([2]) >= [1, 5], PlainList([1]) == (
        PlainList([1.0]))


@case(_one)
def u_set_subclass_pop_in_table_order(x):
    s = PlainSet(range(10))
    out = [s.pop() for _ in range(3)]
    return x, out, sorted(s)


@case(_one)
def u_list_subclass_method_chaining_self(x):
    c = PushList().push(1).push(2)
    return x * c.last, c, c.last


@case(_one)
def u_container_subclasses_consumed_by_builtins(x):
    xs, s = PlainList([3, 4]), PlainFrozen([5])
    return x, list(enumerate(xs)), list(zip(xs, s)), list(map(str, s)), tuple(xs), dict.fromkeys(
        xs)


@case(_one)
def u_list_subclass_slices_written(x):
    xs = PlainList([1, 2, 3, 4])
    xs[1:3] = [9]
    del xs[::2]
    return x, xs, xs[::-1]


@case(_one)
def u_set_subclass_new_returning_a_set(x):
    class Maker(set):
        def __new__(cls, *items):
            return set(items)

    made = Maker(1, 2)
    return x, type(made) is set, made


@case(_one)
def u_container_subclass_argument_errors(x):
    return x, [_error(lambda: PlainSet(iterable=[1])), _error(lambda: PlainList([1], [2])),
               _error(lambda: PlainFrozen([1], [2])), _error(lambda: hash(PlainSet())),
               _error(lambda: PlainSet([1]).remove(2)), _error(lambda: PlainList().pop()),
               _error(lambda: PlainList([1]).index(5))]


@case(_one)
def u_container_subclass_unbound_wrong_type(x):
    return x, _error(lambda: frozenset.union(PlainSet([1]), [2])), _error(
        lambda: set.add(PlainFrozen([1]), 2)), _error(lambda: list.append(PlainSet(), 1))


@case(_one)
def u_container_subclass_text(x):
    return x, f"{PlainSet([1])}", str(PlainList([1])), format(PlainFrozen()), f"{PlainList()!r}"


@case(_one)
def u_frozenset_subclass_hash_equals_frozenset(x):
    return x, hash(PlainFrozen([1, 2])) == hash(frozenset([1, 2])), len({PlainFrozen("ab"),
                                                                          frozenset("ba")})


@case(_one)
def u_container_subclass_init_again(x):
    s = PlainSet([1, 2])
    s.__init__([5])
    xs = PlainList([1])
    xs.__init__()
    PlainSet.__init__(s, [7, 8])
    return x, s, xs


@case(_one)
def u_list_subclass_stored_into_argument_list(x):
    out = [x]
    out.append(PlainList([1, 2]))
    out[1].append(3)
    return out


@case(_one, gap="a list subclass whose class overrides __iter__, even to super()'s")
def u_list_subclass_iter_through_super(x):
    return x, list(SuperIterList([1, 2]))


@case(_one, gap="a list added to a list subclass instance (operators.py's list + list)")
def u_list_plus_list_subclass(x):
    return x, [1] + PlainList([2])


@case(_one, gap="copy.copy of a set subclass instance")
def u_set_subclass_copied_by_copy_module(x):
    import copy

    return x, copy.copy(PlainSet([1, 2]))


@case(_one, gap="a set whose removals shaped its table, rebuilt when it leaves the frame")
def u_set_subclass_returned_after_removals(x):
    s = PlainSet(range(100))
    for k in range(95):
        s.discard(k)
    s.add(3)
    return x, s


@case(_one)
def u_tuple_subclass_plain(x):
    return x, PlainTuple([1, 2]), type(PlainTuple()) is PlainTuple


@case(lambda: (randn(0, (3,)), PlainSet([1, 2])), gap="a set subclass instance passed in")
def u_set_subclass_argument(x, s):
    return x + len(s), 1 in s

