"""Held-out-style cases written from real code's idioms: Python objects and the standard
library (enums of every kind, user objects with `__hash__`/`__eq__` in sets and as dict keys,
`__index__`, heapq, bisect, `functools.cmp_to_key`, dict views as sets). Dataclasses, named
tuples, functools, itertools, collections and string formatting are in
functions_heldout_i2.py."""

from __future__ import annotations

import bisect
import enum
import functools
import heapq
import operator

from tests.dynamo_style import (
    functions_heldout_i2,  # noqa: F401 - registers its cases
    functions_heldout_i3,  # noqa: F401 - registers its cases
)
from tests.dynamo_style.registry import case


class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3

    @property
    def weight(self):
        return self.value * 0.5

    def describe(self):
        return f"{self.name.lower()}:{self.value}"

    @classmethod
    def default(cls):
        return cls.GREEN


class Padding(str, enum.Enum):  # noqa: UP042 - the mixin idiom under test
    SAME = "same"
    VALID = "valid"


class Level(enum.IntEnum):
    LOW = 1
    MID = 5
    HIGH = 10


class Perm(enum.IntFlag):
    R = 4
    W = 2
    X = 1


class Mode(enum.Flag):
    TRAIN = enum.auto()
    EVAL = enum.auto()
    EXPORT = enum.auto()


class Shape(enum.Enum):
    SQUARE = enum.auto()
    CIRCLE = enum.auto()


# -- enums --------------------------------------------------------------------------------------

@case()
def enum_property_and_method(a, b):
    c = Color.BLUE
    return a * c.weight + b, c.describe(), Color.default().name


@case()
def enum_call_and_getitem(a, b):
    first = Color(1)
    second = Color["GREEN"]
    return a * first.value + b * second.value, first is Color.RED, second == Color.GREEN


@case()
def enum_iteration_and_len(a, b):
    names = [c.name for c in Color]
    total = sum(c.value for c in Color)
    return a * total + b * len(Color), names, list(Color)[-1].name


@case()
def enum_members_mapping(a, b):
    members = Color.__members__
    return a * len(members) + b, list(members), members["RED"].value, "BLUE" in members


@case()
def str_enum_methods(a, b):
    p = Padding.SAME
    scale = 2.0 if p == "same" else 3.0
    return a * scale + b, p.upper(), p.value.startswith("sa"), p + "_x", Padding("valid").name


@case()
def int_enum_arithmetic(a, b):
    lvl = Level.MID
    return (a * (lvl + 1) + b * int(Level.HIGH), lvl * 2, lvl > Level.LOW, Level(10).name,
            sorted([Level.HIGH, Level.LOW, Level.MID])[0].name, lvl == 5)


@case()
def int_flag_combination_and_in(a, b):
    rw = Perm.R | Perm.W
    scale = int(rw) if Perm.W in rw else 0
    return a * scale + b, Perm.X in rw, int(rw & Perm.R), bool(rw & Perm.X), int(~Perm.X & 7)


@case()
def flag_auto_members(a, b):
    mode = Mode.TRAIN | Mode.EXPORT
    return (a * mode.value + b, Mode.EVAL in mode, Mode.TRAIN in mode, Shape.CIRCLE.value,
            bool(mode & Mode.EVAL))


@case()
def enum_members_as_dict_keys(a, b):
    scales = {Color.RED: 1.0, Color.GREEN: 2.0, Color.BLUE: 3.0}
    chosen = {c: scales[c] * 2 for c in Color if c is not Color.GREEN}
    return a * scales[Color.BLUE] + b * chosen[Color.RED], len(chosen), Color.RED in chosen


@case()
def enum_identity_and_switch(a, b):
    out = a
    for c in (Color.RED, Color.BLUE, Color.GREEN):
        if c is Color.RED:
            out = out + 1
        elif c == Color.BLUE:
            out = out * 2
        else:
            out = out - b
    return out, isinstance(Color.RED, Color), type(Color.RED) is Color


@case()
def enum_argument_selects_branch(a, b, mode=Color.BLUE):
    if mode in (Color.RED, Color.GREEN):
        return a + b
    return a * mode.value - b, mode.name, repr(mode), str(mode)


@case()
def enum_in_set_and_sorted_by_value(a, b):
    picked = {Color.BLUE, Color.RED, Color.BLUE}
    ordered = sorted(picked, key=lambda c: c.value)
    return a * len(picked) + b, [c.name for c in ordered], Color.GREEN not in picked


@case()
def enum_value_lookup_miss(a, b):
    try:
        Color(7)
    except ValueError as e:
        return a + 1, str(e)
    return a, b


@case()
def int_enum_as_index_and_range(a, b):
    rows = [a, b, a + b, a - b, a * b, a / 2]
    return rows[Level.MID], list(range(Level.LOW)), a[:, : Level.LOW].sum()


# -- user objects with __hash__ / __eq__ --------------------------------------------------------

class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __eq__(self, other):
        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)

    def __hash__(self):
        return hash((self.x, self.y))


class Tag:
    """Equal by name only; hashed by name."""

    def __init__(self, name, weight=1.0):
        self.name, self.weight = name, weight

    def __eq__(self, other):
        if not isinstance(other, Tag):
            return NotImplemented
        return self.name == other.name

    def __hash__(self):
        return hash(self.name)


class EqOnly:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v


@case()
def points_dedup_in_set(a, b):
    pts = [Point(0, 1), Point(1, 0), Point(0, 1), Point(2, 2)]
    unique = set(pts)
    seen = []
    for p in pts:
        if p not in seen:
            seen.append(p)
    return a * len(unique) + b, len(seen), Point(2, 2) in unique, Point(3, 3) in unique


@case()
def object_keys_dict_update_and_get(a, b):
    weights = {}
    for name, w in (("x", 1.0), ("y", 2.0), ("x", 3.0)):
        weights[Tag(name)] = weights.get(Tag(name), 0.0) + w
    first = next(iter(weights))
    return a * weights[Tag("x")] + b * weights[Tag("y")], len(weights), first.name


@case()
def object_keys_keep_first_key_object(a, b):
    d = {Tag("k", 1.0): "one"}
    d[Tag("k", 2.0)] = "two"
    key = list(d)[0]
    return a * key.weight + b, d[Tag("k")], len(d)


@case()
def tuple_keys_holding_tensors_and_objects(a, b):
    cache = {(a, 1): "first", (Point(1, 2), "p"): "point"}
    hit = (a, 1) in cache
    miss = (b, 1) in cache
    return hit, miss, cache[(Point(1, 2), "p")], len({(a, 1), (a, 1), (b, 1)})


@case()
def unhashable_object_raises(a, b):
    try:
        {EqOnly(1): 1}
    except TypeError as e:
        return a + 1, str(e)
    return a, b


@case()
def set_algebra_of_objects(a, b):
    left = {Point(0, 0), Point(1, 1), Point(2, 2)}
    right = {Point(1, 1), Point(3, 3)}
    both = left & right
    either = left | right
    only = left - right
    return (a * len(either) + b * len(both), sorted(p.x for p in only),
            [p.x for p in both], left.isdisjoint({Point(9, 9)}))


@case()
def object_keys_removed_and_popped(a, b):
    d = {Point(i, i): a * i for i in range(4)}
    del d[Point(1, 1)]
    popped = d.pop(Point(2, 2))
    s = {Tag("a"), Tag("b")}
    s.discard(Tag("a"))
    s.remove(Tag("b"))
    return popped + b, len(d), sorted(p.x for p in d), len(s), Point(0, 0) in d


# -- heapq, bisect, cmp_to_key, __index__ ---------------------------------------------------------

@case()
def heapq_priority_queue_of_tuples(a, b):
    queue = []
    for priority, name in ((3, "c"), (1, "a"), (2, "b"), (1, "z")):
        heapq.heappush(queue, (priority, name))
    order = [heapq.heappop(queue)[1] for _ in range(len(queue))]
    return a * len(order) + b, order


@case()
def heapq_nlargest_with_key_and_replace(a, b):
    values = [5, 1, 8, 3, 9, 2]
    top = heapq.nlargest(3, values, key=lambda v: -v)
    heap = list(values)
    heapq.heapify(heap)
    old = heapq.heapreplace(heap, 7)
    return a * old + b, top, heap, heapq.nsmallest(2, values, key=lambda v: v % 4)


@case()
def heapq_on_tensor_scores(a, b):
    scores = [(float(v), i) for i, v in enumerate([0.5, 0.1, 0.9])]
    heapq.heapify(scores)
    best = heapq.heappop(scores)
    return a * best[0] + b, best[1], scores


@case()
def bisect_with_key_and_insort_left(a, b):
    rows = [(1, "a"), (4, "b"), (9, "c")]
    pos = bisect.bisect_left(rows, 5, key=lambda r: r[0])
    bisect.insort_left(rows, (4, "a"))
    bisect.insort_right(rows, (5, "x"), key=lambda r: r[0])
    return a * pos + b, rows, bisect.bisect_right([1, 2, 2, 3], 2, lo=1, hi=3)


@case()
def cmp_to_key_with_objects(a, b):
    def by_y_then_x(p, q):
        return (p.y - q.y) or (p.x - q.x)

    pts = [Point(2, 1), Point(0, 3), Point(1, 1)]
    ordered = sorted(pts, key=functools.cmp_to_key(by_y_then_x), reverse=True)
    lowest = min(pts, key=functools.cmp_to_key(by_y_then_x))
    return a * lowest.x + b, [(p.x, p.y) for p in ordered]


class Index:
    def __init__(self, i):
        self.i = i

    def __index__(self):
        return self.i


@case()
def index_dunder_as_list_index_and_range(a, b):
    i = Index(2)
    seq = [10, 20, 30, 40]
    seq[Index(0)] = 5
    del seq[Index(3)]
    return (a * seq[i] + b, seq, (1, 2, 3)[i], list(range(i, 4)), "abcd"[i],
            operator.index(i) + 1, bin(i), hex(Index(255)), int(i), float(Index(3)))


@case(gap="slice bounds and tensor indices that are objects with __index__")
def index_dunder_in_slice_bounds(a, b):
    i = Index(2)
    seq = [10, 20, 30, 40]
    return seq[Index(1):i], a[Index(0)] + b[i]


class Measure:
    def __init__(self, v):
        self.v = v

    def __int__(self):
        return int(self.v)

    def __float__(self):
        return float(self.v) + 0.5


@case()
def int_and_float_dunders(a, b):
    m = Measure(3.7)
    try:
        int(Point(1, 2))
    except TypeError as e:
        message = str(e)
    return a * int(m) + b * float(m), message, int(Measure(2)) + 1


class Counting:
    """A user `__lt__` that records each call: sorting asks it exactly as CPython does."""

    log = []

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        Counting.log.append((self.v, other.v))
        return self.v < other.v


@case()
def sort_calls_lt_like_cpython(a, b):
    Counting.log = []
    xs = [Counting(v) for v in (3, 1, 2, 1, 5, 4)]
    down = sorted(xs, reverse=True)
    xs.sort()
    return a * len(Counting.log) + b, [x.v for x in xs], [x.v for x in down], list(Counting.log)


# -- more enums: metaclass hooks, custom __new__, members read as a class -------------------------

class Reduction(enum.Enum):
    SUM = "sum"
    MEAN = "mean"

    def __str__(self):
        return self.value


class Kind(enum.IntEnum):
    FIRST = 10

    def __new__(cls, label):
        value = len(cls.__members__) + 1
        member = int.__new__(cls, value)
        member._value_ = value
        member.label = label
        return member

    FIRST_AGAIN = 20


class Axis(enum.Enum):
    ROW = 0
    COL = 1

    def reduce(self, t):
        return t.sum(self.value)

    @staticmethod
    def parse(text):
        return Axis[text.upper()]


@case()
def enum_membership_and_reversed(a, b, r=Reduction.SUM):
    members = list(reversed(Reduction))
    total = a + 1 if r in Reduction else a
    return (total, [m.name for m in members], str(r), f"{r}", Color.RED not in Reduction,
            [m.value for m in Reduction])


@case()
def enum_custom_new_and_extra_attribute(a, b):
    k = Kind.FIRST_AGAIN
    return a * k + b, k.label, int(Kind.FIRST), Kind(2) is Kind.FIRST_AGAIN, k.value


@case()
def enum_method_on_tensor_and_staticmethod(a, b):
    col = Axis.parse("col")
    return col.reduce(a), Axis.ROW.reduce(b), col is Axis.COL, Axis.ROW.parse("row").name


@case()
def enum_comparisons_raise_for_plain_enum(a, b):
    try:
        Color.RED < Color.BLUE  # noqa: B015 - it raises
    except TypeError as e:
        message = str(e)
    return a + b, message, Color.RED != Color.BLUE, Level.LOW < Level.MID, max(Level).name


@case()
def flag_iteration_and_len(a, b):
    both = Perm.R | Perm.X
    return (a * len(Perm) + b, [p.name for p in Perm], both.value, Perm(6).name,
            Perm.R.name, (Perm.R | Perm.W | Perm.X) == Perm(7), Mode.TRAIN.name)


@case()
def sets_looked_up_as_frozensets(a, b):
    groups = {frozenset({a}), frozenset({1, 2}), frozenset("ab")}
    seen = set([frozenset("abc")])
    groups.discard({1, 2})
    table = {frozenset({1, 2}): "pair"}
    return (a + b, set("abc") in seen, frozenset({a}) in groups, {a} in groups,
            frozenset({b}) in groups, len(groups), table.get(frozenset([2, 1])),
            {1, 2} in [frozenset({1, 2})])


class Channel(enum.Enum):
    RGB = 3
    GRAY = 1

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return cls[value.upper()]
        return None


class Split(enum.StrEnum):
    TRAIN = enum.auto()
    VAL = "validation"


@case()
def enum_match_statement_and_missing_hook(a, b):
    c = Channel("gray")
    name = "RGB"
    match c:
        case Channel.RGB:
            out = a.expand(3, 3, 4)
        case Channel.GRAY:
            out = a.unsqueeze(0)
    return out * c.value, c.name, getattr(Channel, name).value, Channel(3) is Channel.RGB


@case()
def strenum_auto_and_flag_algebra(a, b):
    both = Mode.TRAIN | Mode.EVAL
    return (a * len(Split.TRAIN) + b, Split.TRAIN, Split.VAL.upper(), Split("validation").name,
            f"{Split.TRAIN}", str(Split.VAL), both & Mode.EVAL == Mode.EVAL, [m.name for m in both],
            Mode(3).name, ~Mode.TRAIN, bool(Mode.TRAIN & Mode.EXPORT))
