"""Held-out-style cases (prefix `y_`): the Python semantics of user classes, part two.

Truthiness through `__bool__` and `__len__`, user iterators, `__contains__`, `__getitem__`
with slices, callable objects, operators with reflected fallbacks and `NotImplemented` (one
class never asks its own reflected dunder; an in-place dunder declining falls back),
`__index__` and `__format__`, a metaclass's `__subclasscheck__` and operators (traced, with
their side effects), Enum members and named tuples with dunders of the program's, and a few
more attribute hooks (data descriptors, `__setattr__`, a metaclass `__call__`).
"""

from __future__ import annotations

import collections
import enum

from tests.conformance.registry import randn
from tests.dynamo_style.functions_heldout_y import Quacker
from tests.dynamo_style.registry import case


def _two() -> tuple:
    return randn(0, (3, 4)), randn(1, (3, 4))


# -- truthiness -----------------------------------------------------------------------------------


class Sized:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


class Flag:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on

    def __len__(self):
        return 5


@case(_two)
def y_truthiness_len_and_bool(a, b):
    out = a
    if Sized(0):
        out = out + 1
    if Sized(2):
        out = out + 10
    if Flag(False):
        out = out + 100
    return out, bool(Flag(True)), not Sized(0), len(Flag(False))


@case(_two)
def y_bool_returning_non_bool_raises(a, b):
    class Bad:
        def __bool__(self):
            return 1

    try:
        bool(Bad())
        err = None
    except TypeError:
        err = "type"
    return a, err


# -- iterators, __contains__, __getitem__ ---------------------------------------------------------


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


@case(_two)
def y_user_iterator_protocol(a, b):
    out = a
    for i in Countdown(3):
        out = out + i * b
    c = Countdown(2)
    return out, list(c), list(c), sum(Countdown(4))


class Evens:
    def __contains__(self, x):
        return x % 2 == 0


@case(_two)
def y_contains_dunder(a, b):
    e = Evens()
    return a, 4 in e, 3 in e, 3 not in e


class OnlyGetitem:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return i * 10


@case(_two)
def y_getitem_old_iteration_protocol(a, b):
    seq = OnlyGetitem()
    return a, list(seq), 20 in seq, 25 in seq


class Sliceable:
    def __init__(self, data):
        self.data = data

    def __getitem__(self, key):
        if isinstance(key, slice):
            return ("slice", key.start, key.stop, key.step)
        return ("index", key)


@case(_two)
def y_getitem_receives_slices(a, b):
    s = Sliceable(None)
    return a, s[1:3], s[::2], s[-1], s[:, 1] if False else s[1:2:3]


class TensorBag:
    def __init__(self, t):
        self.t = t

    def __getitem__(self, key):
        return self.t[key]

    def __setitem__(self, key, value):
        self.t = self.t.clone()
        self.t[key] = value


@case(_two)
def y_getitem_setitem_forward_to_tensor(a, b):
    bag = TensorBag(a)
    bag[0] = b[0]
    return bag[1:], bag[0, ::2], bag.t


# -- callable objects -----------------------------------------------------------------------------


class Affine:
    def __init__(self, w, bias):
        self.w = w
        self.bias = bias

    def __call__(self, x, *, scale=1.0):
        return (x * self.w + self.bias) * scale


@case(_two)
def y_callable_object(a, b):
    f = Affine(2.0, b)
    return f(a), f(a, scale=0.5), callable(f), callable(Affine)


# -- operators ------------------------------------------------------------------------------------


class Vec:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        if isinstance(other, Vec):
            return Vec(self.v + other.v)
        if isinstance(other, (int, float)):
            return Vec(self.v + other)
        return NotImplemented

    def __radd__(self, other):
        if other == 0:
            return self
        return self.__add__(other)

    def __iadd__(self, other):
        self.v = self.v + 100 * other.v
        return self

    def __mul__(self, k):
        return Vec(self.v * k)

    __rmul__ = __mul__

    def __neg__(self):
        return Vec(-self.v)


@case(_two)
def y_operator_overloads_and_reflected(a, b):
    x, y = Vec(a), Vec(b)
    s = sum([x, y])
    t = 3 * x + 1
    u = -y
    return s.v, t.v, u.v


@case(_two)
def y_iadd_vs_add_aliasing(a, b):
    x = Vec(a)
    alias = x
    x += Vec(b)
    y = Vec(a)
    alias2 = y
    y = y + Vec(b)
    return x is alias, alias.v, y is alias2, y.v


class Meters:
    def __init__(self, m):
        self.m = m

    def __add__(self, other):
        return NotImplemented

    def __radd__(self, other):
        return "radd"


class Feet:
    def __add__(self, other):
        return NotImplemented


@case(_two)
def y_reflected_fallback_and_typeerror(a, b):
    left = Feet() + Meters(1)
    try:
        Feet() + Feet()
        err = None
    except TypeError:
        err = "type"
    return a, left, err


class Base10:
    def __add__(self, other):
        return "base-add"


class Derived10(Base10):
    def __radd__(self, other):
        return "derived-radd"


@case(_two)
def y_reflected_subclass_goes_first(a, b):
    return a, Base10() + Derived10(), Derived10() + Base10()


class Ordered:
    def __init__(self, k):
        self.k = k

    def __lt__(self, other):
        return self.k < other.k

    def __repr__(self):
        return f"Ordered({self.k})"


@case(_two)
def y_lt_used_by_sorted_and_gt_reflected(a, b):
    items = sorted([Ordered(3), Ordered(1), Ordered(2)])
    return a, [o.k for o in items], Ordered(5) > Ordered(4), max([Ordered(1), Ordered(9)]).k


# -- __index__, __format__, __str__ ---------------------------------------------------------------


class Idx:
    def __init__(self, i):
        self.i = i

    def __index__(self):
        return self.i


@case(_two)
def y_index_dunder_in_python(a, b):
    i = Idx(2)
    return [10, 20, 30, 40][i], list(range(Idx(3))), "abcd"[Idx(1)], bin(Idx(5)), a


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __format__(self, spec):
        if spec == "d":
            return f"${self.cents / 100:.2f}"
        return str(self.cents)

    def __str__(self):
        return f"Money<{self.cents}>"

    def __repr__(self):
        return "M"


@case(_two)
def y_format_str_repr(a, b):
    m = Money(250)
    return a, f"{m:d}", f"{m}", str(m), repr(m), f"{m!r}", f"{m!s}", format(m, "d")


class Declines:
    def __add__(self, other):
        return NotImplemented

    def __radd__(self, other):
        return "radd"


@case(_two)
def y_same_class_never_asks_reflected(a, b):
    try:
        result = Declines() + Declines()
    except TypeError:
        result = "type-error"
    return a, result, 1 + Declines(), Declines() + 1


class InplaceDeclines:
    def __init__(self, v):
        self.v = v

    def __iadd__(self, other):
        return NotImplemented

    def __add__(self, other):
        return InplaceDeclines(self.v + other.v)


@case(_two)
def y_iadd_not_implemented_falls_back_to_add(a, b):
    x = InplaceDeclines(a)
    before = x
    x += InplaceDeclines(b)
    return x.v, x is before, before.v


class NamePrefixCheck(type):
    def __subclasscheck__(cls, sub):
        return sub.__name__.startswith("A")


class StartsWithA(metaclass=NamePrefixCheck):
    pass


class Apple:
    pass


class Banana:
    pass


@case(_two)
def y_subclasscheck_override_not_used_by_isinstance(a, b):
    return (
        a,
        issubclass(Apple, StartsWithA),
        issubclass(Banana, StartsWithA),
        isinstance(Apple(), StartsWithA),
        isinstance(Apple(), (Banana, StartsWithA)),
    )


CHECKS_ASKED = []


class CountingCheck(type):
    def __subclasscheck__(cls, sub):
        CHECKS_ASKED.append(sub.__name__)
        return sub.__name__.endswith("er")


class EndsWithEr(metaclass=CountingCheck):
    pass


@case(_two)
def y_subclasscheck_traced_with_its_side_effects(a, b):
    before = len(CHECKS_ASKED)
    first = issubclass(Quacker, EndsWithEr)
    second = issubclass(Banana, (int, EndsWithEr))
    return a * (len(CHECKS_ASKED) - before), first, second, CHECKS_ASKED[-1]


META_CALLS = []


class Ranked(type):
    def __lt__(cls, other):
        META_CALLS.append("lt")
        return cls.rank < other.rank

    def __add__(cls, other):
        META_CALLS.append("add")
        return cls.rank + other

    def __eq__(cls, other):
        META_CALLS.append("eq")
        return getattr(other, "rank", None) == cls.rank

    __hash__ = type.__hash__

    def __repr__(cls):
        META_CALLS.append("repr")
        return f"<rank {cls.rank}>"


class High(metaclass=Ranked):
    rank = 2


class Low(metaclass=Ranked):
    rank = 1


@case(_two)
def y_metaclass_operators_traced(a, b):
    before = len(META_CALLS)
    order = [c.__name__ for c in sorted([High, Low])]
    total = High + 3
    same = High == Low
    return a * total, order, same, META_CALLS[before:]


@case(_two, gap="repr() of a class whose metaclass defines __repr__ in Python")
def y_metaclass_repr_runs_each_call(a, b):
    before = len(META_CALLS)
    text = repr(Low)
    return a, text, META_CALLS[before:]


TEXT_CALLS = []


class Level(enum.Enum):
    LOW = 1
    HIGH = 2

    def __str__(self):
        TEXT_CALLS.append(self.name)
        return self.name.lower()


@case(_two)
def y_enum_member_str_traced_each_call(a, b, level=Level.HIGH):
    before = len(TEXT_CALLS)
    text = str(level) + "/" + f"{Level.LOW}"
    return a * level.value, text, TEXT_CALLS[before:]


class PairBase(collections.namedtuple("PairBase", "x y")):
    def __add__(self, other):
        TEXT_CALLS.append("add")
        return PairBase(self.x + other.x, self.y + other.y)


@case(_two, gap="a named tuple of constants whose class defines __add__ in Python")
def y_namedtuple_subclass_add_runs_each_call(a, b):
    before = len(TEXT_CALLS)
    p = PairBase(1, 2) + PairBase(3, 4)
    return a * p.x + b * p.y, TEXT_CALLS[before:]


class WritesDict:
    def __get__(self, obj, objtype=None):
        return "from-descriptor"

    def __set__(self, obj, value):
        obj.__dict__["field"] = value


class HasWritesDict:
    field = WritesDict()
