"""Repro-style corners: operator overloads returning NotImplemented, __eq__/__hash__ in sets
and dicts, __len__/__bool__ results, class attributes shadowed by instances, properties that
raise, getattr defaults, string joins of shapes, sorted stability, chained methods on sizes.
"""

from __future__ import annotations

import functools
import math

import torch

from tests.dynamo_style.registry import case


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        if not isinstance(other, Money):
            return NotImplemented
        return Money(self.cents + other.cents)

    def __radd__(self, other):
        if other == 0:
            return self
        return NotImplemented

    def __eq__(self, other):
        return isinstance(other, Money) and self.cents == other.cents

    def __hash__(self):
        return hash(self.cents)

    def __lt__(self, other):
        return self.cents < other.cents


class Flagged:
    kind = "class"

    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on

    @property
    def strict(self):
        raise AttributeError("strict is not set")


class Grid:
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols

    def __len__(self):
        return self.rows * self.cols

    def __contains__(self, point):
        r, c = point
        return 0 <= r < self.rows and 0 <= c < self.cols


@case()
def notimplemented_falls_back_to_reflected(a, b):
    total = sum([Money(3), Money(4)])
    try:
        Money(1) + 5
        failed = False
    except TypeError:
        failed = True
    return a * total.cents, failed


@case()
def eq_and_hash_in_sets_and_dicts(a, b):
    bag = {Money(1), Money(1), Money(2)}
    prices = {Money(5): "five"}
    return len(bag), prices[Money(5)], Money(2) in bag, sorted(bag)[0].cents, a + len(bag)


@case()
def bool_dunder_and_instance_shadowing(a, b):
    f = Flagged(False)
    f.kind = "instance"
    picked = a if f else b
    return picked, f.kind, Flagged.kind, bool(Flagged(True))


@case()
def getattr_default_when_property_raises(a, b):
    f = Flagged(True)
    return getattr(f, "strict", "fallback"), hasattr(f, "strict"), a * 2


@case()
def len_and_contains_dunders(a, b):
    g = Grid(2, 3)
    return len(g), (1, 2) in g, (2, 0) in g, a.reshape(len(g) // 3, -1) if len(g) == 6 else a


@case()
def shape_strings_and_joins(a, b):
    text = "x".join(map(str, a.shape))
    label = f"{a.shape}"
    return text, label, str(a.dtype).split(".")[-1], repr(a.shape[0])


@case()
def sorted_is_stable_with_keys(a, b):
    rows = [("b", 1), ("a", 1), ("c", 0), ("d", 1)]
    by_num = sorted(rows, key=lambda r: r[1])
    return [r[0] for r in by_num], a * by_num[0][1]


@case()
def size_methods_chain(a, b):
    s = a.size()
    return (s[::-1], tuple(reversed(s)), s.index(4), math.prod(s), list(s) + [1],
            torch.Size(list(s)[:1]) == s[:1])


@case()
def reduce_with_class_method(a, b):
    values = [Money(1), Money(2), Money(3)]
    total = functools.reduce(Money.__add__, values)
    return total.cents, max(values).cents, min(values, key=lambda m: -m.cents).cents, a


@case()
def int_float_edge_conversions(a, b):
    return (int(-2.7), round(-2.5), round(3.5), 7 // -2, -7 % 3, float("inf") > 1e308,
            int(True) + a.shape[0], divmod(-7, 2), abs(-0.0), 10 ** -2)


@case()
def string_methods_on_computed_names(a, b):
    names = [f"layer_{i}" for i in range(3)]
    picked = [n for n in names if n.endswith(("1", "2"))]
    return picked, names[0].title(), "-".join(n.split("_")[1] for n in names), a


@case()
def nested_data_structures_updates(a, b):
    state = {"stack": [a], "meta": {"depth": 1}}
    state["stack"].append(b)
    state["meta"]["depth"] += 1
    state.setdefault("log", []).append("pushed")
    return sum(state["stack"]), state["meta"], state["log"]


@case()
def lambda_closure_over_loop_tensor(a, b):
    fns = []
    for t in (a, b):
        fns.append(lambda x, t=t: x + t)
    return [f(a) for f in fns]


@case()
def tensor_in_list_identity_membership(a, b):
    items = [a, b]
    where = [i for i, t in enumerate(items) if t is b]
    return any(t is b for t in items), where, b in items[1:], len(items)


class Slotted:
    __slots__ = ("a",)


class Countdown3:
    def __reversed__(self):
        return iter([1, 2, 3])

    def __len__(self):
        return 3

    def __getitem__(self, i):
        return 3 - i


@case()
def slots_reject_other_names(a, b):
    s = Slotted()
    s.a = a
    try:
        s.b = b
        message = "stored"
    except AttributeError as err:
        message = str(err)
    return s.a * 2, message


@case()
def super_inside_classmethod(a, b):
    class Base:
        @classmethod
        def build(cls, t):
            return t * len(cls.__name__)

    class Derived(Base):
        @classmethod
        def build(cls, t):
            return super().build(t) + 1

    return Derived.build(a), Base.build(b)


@case()
def reversed_dunder_and_errors(a, b):
    try:
        reversed({1, 2})
        message = "reversed"
    except TypeError as err:
        message = str(err)
    return list(reversed(Countdown3())), message, a


@case()
def unpack_generator_too_many(a, b):
    log = []

    def produce():
        for i in range(4):
            log.append(i)
            yield a * i

    try:
        first, second = produce()
    except ValueError as err:
        return str(err), log, b
    return first + second, log, b
