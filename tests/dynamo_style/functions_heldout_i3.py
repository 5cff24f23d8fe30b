"""Held-out-style cases, third part (imported by functions_heldout_i.py, after i2): more dataclasses
and classes, functools, itertools and collections, formatting and hashing."""
# ruff: noqa: UP031, UP032 - %-formatting and str.format are idioms under test

from __future__ import annotations

import collections
import dataclasses
import functools
import itertools
import operator

from tests.dynamo_style.functions_heldout_i2 import WithPost
from tests.dynamo_style.registry import case

# -- more dataclasses and classes -----------------------------------------------------------------

@dataclasses.dataclass
class Base:
    name: str
    scale: float = 1.0
    extra: dict = dataclasses.field(default_factory=dict, repr=False)


@dataclasses.dataclass
class Child(Base):
    depth: int = 2

    @classmethod
    def from_text(cls, text):
        name, depth = text.split(":")
        return cls(name, depth=int(depth))


@dataclasses.dataclass(unsafe_hash=True)
class Hashable:
    a: int
    b: int = 0


@case()
def dataclass_inheritance_repr_and_eq(a, b):
    c = Child.from_text("conv:3")
    c.extra["k"] = 1
    other = Child("conv", depth=3)
    return (a * c.depth + b * c.scale, repr(c), c == other, c == Base("conv"), type(c).__name__,
            [f.name for f in dataclasses.fields(Child)], str(Base("x", 2.0)))


@case()
def dataclass_unsafe_hash_in_sets(a, b):
    items = {Hashable(1), Hashable(1, 0), Hashable(2, 5)}
    lookup = {Hashable(2, 5): "found"}
    return a * len(items) + b, lookup.get(Hashable(2, 5)), Hashable(3) in items, sorted(
        h.a for h in items)


class Meter:
    def __init__(self):
        self._reads = 0
        self.value = 4

    def __getattribute__(self, name):
        if name == "value":
            object.__setattr__(self, "_reads", object.__getattribute__(self, "_reads") + 1)
        return object.__getattribute__(self, name)


@case()
def getattribute_counts_reads(a, b):
    m = Meter()
    total = m.value + m.value
    return a * total + b, m._reads


class Temperature:
    def __init__(self, celsius):
        self._c = celsius

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

    @fahrenheit.setter
    def fahrenheit(self, f):
        self._c = (f - 32) * 5 / 9

    @fahrenheit.deleter
    def fahrenheit(self):
        self._c = 0.0


@case()
def property_setter_and_deleter(a, b):
    t = Temperature(100.0)
    before = t.fahrenheit
    t.fahrenheit = 32.0
    mid = t._c
    del t.fahrenheit
    return a * before + b, mid, t._c, t.fahrenheit


class Shape:
    sides = 0

    @classmethod
    def describe(cls):
        return f"{cls.__name__}:{cls.sides}"

    @staticmethod
    def unit():
        return 1.0


class Square(Shape):
    sides = 4


@case()
def classmethod_sees_subclass_and_staticmethod_via_instance(a, b):
    s = Square()
    return a * s.unit() + b * Square.sides, s.describe(), Shape.describe(), Square.describe()


# -- functools / itertools / collections, more ---------------------------------------------

def _scaled(x, factor=1.0, shift=0.0):
    return x * factor + shift


@case()
def partial_keywords_override_and_attributes(a, b):
    p = functools.partial(_scaled, factor=2.0)
    q = functools.partial(p, shift=1.0)
    return (p(a), q(b, factor=3.0), p.keywords, q.args, q.func is _scaled,
            functools.reduce(operator.add, [], 0))


@case()
def itertools_cycle_repeat_tee(a, b):
    colors = list(itertools.islice(itertools.cycle("rgb"), 7))
    ones = list(itertools.repeat(1.0, 3))
    first, second = itertools.tee([a, b, a + b])
    head = next(first)
    return (head + sum(second), colors, ones, list(zip(itertools.count(), "ab")),
            list(itertools.filterfalse(lambda v: v % 2, range(6))),
            list(itertools.dropwhile(lambda v: v < 3, [1, 4, 2, 5])))


@case()
def counter_update_subtract_and_equality(a, b):
    c = collections.Counter(["x", "y", "x"])
    c.update({"y": 2})
    c.subtract(["x"])
    d = collections.Counter(x=1, y=3)
    return (a * c["y"] + b, c == d, c.most_common(), dict(c), c.total(),
            collections.Counter("aab").most_common(1))


@case()
def ordered_dict_popitem_and_equality_order(a, b):
    od = collections.OrderedDict.fromkeys("abc", 0)
    od["a"] += 1
    last = od.popitem()
    first = od.popitem(last=False)
    again = collections.OrderedDict([("b", 0)])
    return (a * od["b"] + b, last, first, od == again,
            collections.OrderedDict(x=1, y=2) == collections.OrderedDict(y=2, x=1),
            collections.OrderedDict(x=1, y=2) == {"y": 2, "x": 1})


@case()
def deque_extendleft_rotate_maxlen(a, b):
    dq = collections.deque(maxlen=4)
    dq.extend([1, 2, 3])
    dq.extendleft([0, -1])
    dq.rotate(-1)
    popped = dq.pop()
    return a * popped + b, list(dq), dq[0], len(dq), 2 in dq, dq.count(1)


@case()
def chainmap_new_child_and_writes(a, b):
    base = {"lr": 0.1}
    cm = collections.ChainMap(base)
    child = cm.new_child({"lr": 0.5})
    child["momentum"] = 0.9
    return (a * child["lr"] + b * cm["lr"], dict(child), list(child.maps[0]), base,
            child.parents["lr"], sorted(child))


@case()
def defaultdict_int_counting_and_missing(a, b):
    counts = collections.defaultdict(int)
    for w in "the cat the hat the".split():
        counts[w] += 1
    peek = counts["dog"]
    return a * counts["the"] + b, sorted(counts.items()), peek, len(counts), "dog" in counts


# -- formatting and hashing, more -------------------------------------------------------------

@case()
def format_nested_fields_and_mappings(a, b):
    row = {"name": "conv", "shape": (3, 4)}
    width = 8
    return (a + b, "{0[name]}/{0[shape][1]}".format(row), f"{row['name']:{width}}|",
            "%(name)s=%(shape)r" % row, "{name}:{shape}".format_map(row),
            f"{'x'!a}{3.5!r:>6}", "%5.1f%%" % 12.345, "-".join(str(i) for i in range(3)),
            f"{width=:03d}", "{:,.2f}".format(1234567.891), "{:^7}".format("mid"))


@case()
def hash_values_follow_cpython(a, b):
    return (a + b, hash(-1), hash(1.0) == hash(1), hash(True), hash(frozenset({1, 2})) == hash(
        frozenset({2, 1})), hash((1, (2, 3))) == hash((1, (2, 3))), hash(2 ** 61 - 1), hash(0.5))


@case()
def min_max_with_key_default_and_ties(a, b):
    words = ["bb", "a", "cc", "d"]
    return (a + b, min(words, key=len), max(words, key=len), max([], default="none"),
            min((3, "x"), (3, "a")), max(words, key=lambda w: (len(w), w)),
            sorted(words, key=str.upper, reverse=True))


@case()
def sorting_mixed_types_raises(a, b):
    try:
        sorted([3, "a", 1])
    except TypeError as e:
        message = str(e)
    return a + b, message, sorted([(2, "b"), (1, "z"), (2, "a")])


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __repr__(self):
        return f"Money({self.cents})"

    def __str__(self):
        return f"${self.cents / 100:.2f}"

    def __format__(self, spec):
        return format(self.cents / 100, spec) + " USD"


@dataclasses.dataclass
class Row:
    key: str
    value: float


@case()
def repr_str_format_of_objects_and_containers(a, b):
    m = Money(1250)
    rows = [Row("a", 1.0), Row("b", 2.5)]
    return (a + b, repr(m), str(m), format(m, ".1f"), str([m, 1]), repr((m,)), str({"k": m}),
            repr(rows), str(rows[0]), format(rows[1]), repr([[m], ()]), str((Row("c", 0.5), 2)))


@case()
def fstrings_of_objects(a, b):
    m = Money(99)
    row = Row("z", 3.0)
    return a + b, f"{m}", f"{m!r}", f"{m:.3f}", f"{row}", f"{[m]}", f"{row!s:>30}"


@case()
def str_format_with_object_arguments(a, b):
    m = Money(250)
    row = Row("k", 1.5)
    try:
        "{} {1}".format(m, m)  # noqa: F525 - it raises
    except ValueError as e:
        mixed = str(e)
    return (a * row.value + b, "{} and {!r}".format(m, m), "{0.key}={0.value:.1f}".format(row),
            "{m:>10}|{n[0]}".format(m=m, n=[m]), "{}-{}".format(row, 3), mixed,
            "[{:.0f}]".format(m))


class Counted(type):
    def __call__(cls, *args):
        obj = cls.__new__(cls)
        obj.made_by = "metaclass"
        obj.args = args
        return obj


class Built(metaclass=Counted):
    def __init__(self, v):
        self.made_by = "init"


class Bare:
    pass


@case()
def metaclass_call_and_object_new(a, b):
    made = Built(3)
    bare = object.__new__(Bare)
    bare.tag = "t"
    try:
        object.__new__(Bare, 1)
    except TypeError as e:
        message = str(e)
    sentinel = object()
    return (a * len(made.args) + b, made.made_by, type(bare).__name__, bare.tag, message,
            sentinel is sentinel, sentinel == object())


@dataclasses.dataclass
class Scaled:
    base: float
    factor: dataclasses.InitVar[float] = 2.0
    value: float = dataclasses.field(init=False)

    def __post_init__(self, factor):
        self.value = self.base * factor


@case()
def dataclass_replace_init_false_and_initvar(a, b):
    w = WithPost(2, 3)
    wider = dataclasses.replace(w, width=5)
    s = dataclasses.replace(Scaled(1.5, 4.0), base=3.0)
    try:
        dataclasses.replace(w, area=1)
    except ValueError as e:
        message = str(e)
    return a * wider.area + b * s.value, wider.tags is w.tags, message, s


@dataclasses.dataclass
class Leaf:
    v: int
    unit: str = dataclasses.field(default="cm", metadata={"doc": "length unit"})


@dataclasses.dataclass
class Tree:
    name: str
    leaf: Leaf
    leaves: list
    index: dict


@case()
def asdict_nested_factories_and_metadata(a, b):
    t = Tree("t", Leaf(1), [Leaf(2)], {"k": Leaf(3)})
    plain = dataclasses.asdict(t)
    plain["leaf"]["unit"] = "mm"
    upper = dataclasses.asdict(Leaf(4), dict_factory=lambda kv: {k.upper(): v for k, v in kv})
    listed = dataclasses.astuple(t, tuple_factory=list)
    doc = dataclasses.fields(Leaf)[1].metadata["doc"]
    return a * len(plain) + b, plain, upper, listed, t.leaf.unit, doc
