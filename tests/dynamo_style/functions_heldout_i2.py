"""Held-out-style cases, second part (see functions_heldout_i.py): dataclasses, named
tuples, `__slots__`, `__getattr__`, descriptors, class hooks, functools, operator, itertools,
collections and string formatting. The rest is in functions_heldout_i3.py."""
# ruff: noqa: UP031, UP032 - %-formatting and str.format are idioms under test

from __future__ import annotations

import collections
import dataclasses
import functools
import itertools
import math
import operator
import typing

import torch

from tests.dynamo_style.registry import case


@dataclasses.dataclass(frozen=True)
class Frozen:
    scale: float
    name: str = "f"


@dataclasses.dataclass(order=True)
class Ranked:
    rank: int
    label: str = dataclasses.field(default="", compare=False)


@dataclasses.dataclass
class WithPost:
    width: int
    height: int
    area: int = dataclasses.field(init=False)
    tags: list = dataclasses.field(default_factory=list)

    def __post_init__(self):
        self.area = self.width * self.height


class Pair(typing.NamedTuple):
    left: float
    right: float = 1.0

    def total(self):
        return self.left + self.right

    @property
    def ratio(self):
        return self.left / self.right


Coord = collections.namedtuple("Coord", ["x", "y", "z"], defaults=[0])


# -- dataclasses --------------------------------------------------------------------------------

@case()
def frozen_dataclass_replace_and_hash(a, b):
    f = Frozen(2.0)
    g = dataclasses.replace(f, scale=3.0)
    try:
        f.scale = 5.0
    except dataclasses.FrozenInstanceError:
        blocked = True
    else:
        blocked = False
    return a * f.scale + b * g.scale, blocked, f == Frozen(2.0), hash(f) == hash(Frozen(2.0))


@case()
def ordered_dataclass_sort(a, b):
    items = [Ranked(3, "c"), Ranked(1, "a"), Ranked(2, "b")]
    items.sort()
    return (a * items[0].rank + b, [r.label for r in items], Ranked(1, "x") == Ranked(1, "y"),
            Ranked(1) < Ranked(2), max(items).label)


@case()
def dataclass_post_init_asdict_fields(a, b):
    w = WithPost(2, 3)
    w.tags.append("t")
    names = [f.name for f in dataclasses.fields(w)]
    return (a * w.area + b, dataclasses.asdict(w), names, dataclasses.astuple(w),
            dataclasses.is_dataclass(w))


@case()
def dataclass_as_dict_key_and_set_member(a, b):
    table = {Frozen(1.0): "one", Frozen(2.0, "g"): "two"}
    seen = {Frozen(1.0), Frozen(1.0), Frozen(3.0)}
    return a * len(seen) + b, table[Frozen(1.0)], Frozen(2.0) in table, len(table)


# -- named tuples -------------------------------------------------------------------------------

@case()
def typed_namedtuple_methods(a, b):
    p = Pair(4.0, 2.0)
    q = p._replace(right=4.0)
    return (a * p.total() + b * q.ratio, p._asdict(), Pair._field_defaults, Pair(3.0).right,
            p._fields, Pair._make([1.0, 2.0]))


@case()
def collections_namedtuple_defaults_and_unpack(a, b):
    c = Coord(1, 2)
    x, y, z = c
    return a * (x + y + z) + b, c.z, c == (1, 2, 0), c[1], len(c), c._replace(x=5).x


@case()
def namedtuple_as_dict_key(a, b):
    d = {Coord(1, 2): "p", Pair(1.0, 2.0): "q"}
    return a + b, d[Coord(1, 2, 0)], (1, 2, 0) in d, d[(1.0, 2.0)]


# -- classes: slots, __getattr__, descriptors, hooks ---------------------------------------------

class Slotted:
    __slots__ = ("a", "b")

    def __init__(self, a):
        self.a = a


class Lazy:
    def __init__(self):
        self.known = 1

    def __getattr__(self, name):
        if name.startswith("dyn_"):
            return len(name)
        raise AttributeError(name)


class Positive:
    def __set_name__(self, owner, name):
        self.private = "_" + name

    def __get__(self, obj, objtype=None):
        return self if obj is None else getattr(obj, self.private)

    def __set__(self, obj, value):
        if value < 0:
            raise ValueError("negative")
        setattr(obj, self.private, value)


class Account:
    balance = Positive()

    def __init__(self, balance):
        self.balance = balance


class Registry:
    kinds = []

    def __init_subclass__(cls, kind="plain", **kwargs):
        super().__init_subclass__(**kwargs)
        cls.kind = kind
        Registry.kinds.append(kind)


class Box:
    def __class_getitem__(cls, item):
        return f"Box[{item.__name__}]"


@case()
def slots_set_unset_and_errors(a, b):
    s = Slotted(2.0)
    has_b = hasattr(s, "b")
    s.b = 3.0
    try:
        s.c = 1
    except AttributeError:
        blocked = True
    else:
        blocked = False
    return a * s.a + b * s.b, has_b, blocked


@case()
def getattr_hook_and_default(a, b):
    obj = Lazy()
    return (a * obj.dyn_abc + b * obj.known, getattr(obj, "missing", 7), hasattr(obj, "dyn_x"),
            hasattr(obj, "other"))


@case()
def validating_descriptor(a, b):
    acct = Account(5)
    acct.balance = 7
    try:
        acct.balance = -1
    except ValueError:
        rejected = True
    return a * acct.balance + b, rejected, acct._balance, isinstance(Account.balance, Positive)


@case(gap="a class statement with class keywords in the frame (torch.compile refuses too)")
def init_subclass_and_class_getitem(a, b):
    class Conv(Registry, kind="conv"):
        pass

    class Plain(Registry):
        pass

    return a + b, Conv.kind, Plain.kind, Box[int], Registry.kinds[-2:]


@functools.total_ordering
class Semver:
    def __init__(self, major, minor):
        self.major, self.minor = major, minor

    def __eq__(self, other):
        return (self.major, self.minor) == (other.major, other.minor)

    def __lt__(self, other):
        return (self.major, self.minor) < (other.major, other.minor)


@case()
def total_ordering_derived_comparisons(a, b):
    v1, v2 = Semver(1, 2), Semver(1, 3)
    return (a + b, v1 <= v2, v1 >= v2, v2 > v1, v1 != v2, sorted([v2, v1])[0].minor,
            max(v1, v2).minor)


# -- functools and operator ----------------------------------------------------------------------

@case()
def reduce_partial_and_operator_getters(a, b):
    total = functools.reduce(operator.add, [a, b, a * b])
    prod = functools.reduce(lambda x, y: x * y, [1, 2, 3, 4], 1)
    scale = functools.partial(torch.mul, other=2.0)
    rows = [{"k": 3, "v": "c"}, {"k": 1, "v": "a"}]
    by_k = sorted(rows, key=operator.itemgetter("k"))
    return (total + scale(b), prod, [r["v"] for r in by_k], operator.itemgetter(0, 2)("abc"),
            operator.attrgetter("x.y")(Nest()), operator.methodcaller("split", ",")("a,b"))


class Nest:
    def __init__(self):
        self.x = Inner()


class Inner:
    y = 5


class Cached:
    def __init__(self, v):
        self.v = v

    @functools.cached_property
    def double(self):
        return self.v * 2


@case()
def cached_property_after_mutation(a, b):
    c = Cached(3)
    first = c.double
    c.v = 10
    return a * first + b * c.double, "double" in vars(c)


@functools.singledispatch
def describe(x):
    return "other"


@describe.register
def _(x: int):
    return "int"


@describe.register(str)
def _describe_str(x):
    return "str"


@case(gap="singledispatch's registry is a WeakKeyDictionary (torch.compile refuses too)")
def singledispatch_by_type(a, b):
    return a + b, describe(1), describe("s"), describe(2.0), describe(True)


@functools.lru_cache(maxsize=None)  # noqa: UP033 - the idiom under test
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


@case()
def lru_cache_pure_function(a, b):
    return a * fib(10) + b, fib(5)


# -- itertools and collections -------------------------------------------------------------------

@case()
def itertools_grouping_and_products(a, b):
    words = ["apple", "avocado", "banana", "blueberry", "cherry"]
    groups = {k: list(g) for k, g in itertools.groupby(words, key=lambda w: w[0])}
    pairs = list(itertools.product([1, 2], "ab"))
    combos = list(itertools.combinations(range(4), 2))
    acc = list(itertools.accumulate([1, 2, 3, 4], operator.mul))
    return (a * len(combos) + b, groups, pairs, acc, list(itertools.permutations("abc", 2))[:3],
            list(itertools.islice(itertools.count(5, 2), 3)))


@case()
def itertools_chain_zip_longest_starmap(a, b):
    chained = list(itertools.chain.from_iterable([[1, 2], [3], []]))
    padded = list(itertools.zip_longest("ab", [1, 2, 3], fillvalue=0))
    powers = list(itertools.starmap(pow, [(2, 3), (3, 2)]))
    tensors = list(itertools.chain([a], [b, a + b]))
    return (sum(tensors), chained, padded, powers, list(itertools.pairwise([1, 2, 4])),
            list(itertools.takewhile(lambda x: x < 3, [1, 2, 3, 1])),
            list(itertools.compress("abcd", [1, 0, 1, 0])))


@case()
def counter_arithmetic_and_most_common(a, b):
    c = collections.Counter("abracadabra")
    d = collections.Counter({"a": 1, "z": 2})
    merged = c + d
    c.update(["z", "z"])
    return (a * c["a"] + b * merged["z"], c.most_common(2), (c - d)["a"], c["missing"],
            sorted(merged.elements())[:3], sum(c.values()))


@case()
def chainmap_lookup_and_ordered_dict(a, b):
    defaults = {"lr": 0.1, "momentum": 0.9}
    overrides = {"lr": 0.01}
    cfg = collections.ChainMap(overrides, defaults)
    od = collections.OrderedDict(x=1, y=2, z=3)
    od.move_to_end("x")
    od.move_to_end("z", last=False)
    return a * cfg["lr"] + b * cfg["momentum"], list(od), "momentum" in cfg, len(cfg)


@case()
def defaultdict_and_deque(a, b):
    groups = collections.defaultdict(list)
    for i, w in enumerate(["a", "bb", "cc", "d"]):
        groups[len(w)].append(i)
    dq = collections.deque([1, 2, 3], maxlen=3)
    dq.append(4)
    dq.appendleft(0)
    dq.rotate(1)
    return a * len(groups[2]) + b, dict(groups), list(dq), dq.maxlen


# -- strings and numbers -------------------------------------------------------------------------

@case()
def format_specs_and_percent(a, b):
    lr, step, name = 0.000123, 42, "adam"
    return (a + b, f"{lr:.2e}|{step:05d}|{name:>6}|{name!r}|{step:#x}|{lr:.3%}",
            "%s-%03d-%.2f" % (name, step, lr),  # noqa: UP031 - the idiom under test
            "{0}/{1:>4}/{n}".format(step, name, n=lr),  # noqa: UP032
            f"{step:,}", f"{3.14159:8.3f}", format(255, "b"), f"{name=}")


@case()
def hash_of_tuples_and_strings_is_stable(a, b):
    key = ("layer", 3, 2.5)
    return a + b, hash(key) == hash(("layer", 3, 2.5)), hash("abc") == hash("ab" + "c"), hash(7)


@case()
def nan_identity_in_containers(a, b):
    x = float("nan")
    items = [x, 1.0]
    return (a + b, x in items, items.count(x), items.index(x), x == x, math.isnan(x),
            x in (x,), {x: 1}[x], x in {x}, [x] == [x], (x, 1) == (x, 1))


@case()
def sorted_stability_with_key_and_reverse(a, b):
    rows = [("b", 2), ("a", 1), ("c", 2), ("d", 1)]
    by_num = sorted(rows, key=lambda r: r[1])
    by_num_desc = sorted(rows, key=lambda r: r[1], reverse=True)
    return a + b, by_num, by_num_desc, sorted("bca", reverse=True)
