"""Held-out-style cases written from real code's idioms, third part: configs and outputs as
real libraries write them (str-valued enums, namespaces, generic containers, dynamic classes),
cooperative __init__ chains, proxies, operator dunders and protocol fallbacks.
"""

from __future__ import annotations

import collections
import copy
import dataclasses
import enum
import inspect

from tests.dynamo_style.registry import case


class ExplicitEnum(str, enum.Enum):  # noqa: UP042 - the mixin as libraries write it
    @classmethod
    def _missing_(cls, value):
        raise ValueError(f"{value} is not a valid {cls.__name__}")


class Padding(ExplicitEnum):
    LONGEST = "longest"
    MAX_LENGTH = "max_length"
    NONE = "do_not_pad"


@case()
def str_enum_lookup_and_compare(a, b):
    p = Padding("max_length")
    try:
        Padding("bogus")
        bad = False
    except ValueError:
        bad = True
    width = 8 if p == "max_length" else 4
    return (a.repeat(1, width // 4), p is Padding.MAX_LENGTH, bad, p.value, len(Padding),
            "longest" in [m.value for m in Padding], Padding.NONE.value.upper())


class Base:
    def __init__(self, **kwargs):
        self.leftover = sorted(kwargs)


class WithDropout(Base):
    def __init__(self, dropout=0.1, **kwargs):
        self.dropout = dropout
        super().__init__(**kwargs)


class WithNorm(Base):
    def __init__(self, eps=1e-5, **kwargs):
        self.eps = eps
        super().__init__(**kwargs)


class Block(WithDropout, WithNorm):
    def __init__(self, width, **kwargs):
        self.width = width
        super().__init__(**kwargs)


@case()
def cooperative_init_kwargs_chain(a, b):
    blk = Block(4, dropout=0.5, eps=1e-3, unused=True)
    return a * blk.dropout + blk.eps, blk.width, blk.leftover, vars(blk)


class Wrapper:
    def __init__(self, inner):
        self._inner = inner
        self.calls = 0

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self._inner(*args, **kwargs)


class Inner:
    scale = 3

    def __call__(self, x):
        return x * self.scale

    def describe(self):
        return "inner"


@case()
def delegating_proxy_getattr(a, b):
    w = Wrapper(Inner())
    y = w(a) + w(b)
    return y, w.scale, w.describe(), w.calls, hasattr(w, "nothing")


class Seq:
    def __init__(self, *xs):
        self.xs = list(xs)

    def __getitem__(self, i):
        return self.xs[i]

    def __len__(self):
        return len(self.xs)


@case()
def sequence_protocol_fallbacks(a, b):
    s = Seq(1, 2, 3)
    return a * sum(s), 2 in s, list(s), list(reversed(s)), [x for x in s if x > 1], bool(Seq())


class Vector:
    def __init__(self, *xs):
        self.xs = xs

    def __eq__(self, other):
        if not isinstance(other, Vector):
            return NotImplemented
        return self.xs == other.xs

    def __add__(self, other):
        if isinstance(other, Vector):
            return Vector(*[p + q for p, q in zip(self.xs, other.xs)])
        return NotImplemented

    def __radd__(self, other):
        if other == 0:
            return self
        return NotImplemented

    def __abs__(self):
        return sum(x * x for x in self.xs) ** 0.5

    def __getitem__(self, i):
        return self.xs[i]

    def __iter__(self):
        yield from self.xs

    __hash__ = None


@case()
def notimplemented_and_reflected_ops(a, b):
    v = Vector(3, 4)
    total = sum([Vector(1, 1), Vector(2, 2)])
    try:
        v + 1
        err = None
    except TypeError:
        err = "type"
    try:
        hash(v)
        hashable = True
    except TypeError:
        hashable = False
    return (a * abs(v), total.xs, v == Vector(3, 4), v == (3, 4), v != 5, err, hashable,
            list(v), v[1])


class Matrix:
    def __init__(self):
        self.cells = {}

    def __setitem__(self, key, value):
        self.cells[key] = value

    def __getitem__(self, key):
        if isinstance(key, tuple):
            return self.cells.get(key, 0)
        return [v for (r, _), v in self.cells.items() if r == key]

    def __delitem__(self, key):
        del self.cells[key]


@case()
def setitem_getitem_delitem_tuple_keys(a, b):
    m = Matrix()
    m[0, 1] = a
    m[1, 1] = b
    m[0, 2] = 5
    del m[1, 1]
    return m[0, 1] * m[0, 2], m[1, 1], len(m[0]), sorted(m.cells)


@dataclasses.dataclass
class TrainArgs:
    lr: float = 1e-3
    steps: int = 10
    tags: list = dataclasses.field(default_factory=lambda: ["base"])
    scale: dataclasses.InitVar[float] = 1.0

    def __post_init__(self, scale):
        self.lr = self.lr * scale
        if self.steps < 0:
            raise ValueError("steps")


@case()
def dataclass_initvar_and_validation(a, b):
    args = TrainArgs(lr=0.1, scale=10.0)
    try:
        TrainArgs(steps=-1)
        raised = False
    except ValueError:
        raised = True
    names = [f.name for f in dataclasses.fields(args)]
    return a * args.lr, args.tags, raised, names, dataclasses.is_dataclass(args)


@dataclasses.dataclass(frozen=True)
class Spec:
    dims: tuple
    total: int = dataclasses.field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "total", sum(self.dims))


@case()
def frozen_post_init_object_setattr(a, b):
    s = Spec((2, 3))
    s2 = dataclasses.replace(s, dims=(1, 1, 1))
    return a * s.total, s2.total, s == Spec((2, 3)), s2.dims


@dataclasses.dataclass(slots=True)
class Pt:
    x: float
    y: float = 0.0


@case()
def dataclass_kw_only_and_slots(a, b):
    @dataclasses.dataclass(kw_only=True)
    class Opts:
        a: int
        b: int = 2

    o = Opts(a=1)
    p = Pt(2.0)
    try:
        Opts(1)
        positional = True
    except TypeError:
        positional = False
    return a * (o.a + o.b) + p.x, positional, hasattr(p, "__dict__"), Pt.__slots__


class Shape(enum.Enum):
    SQUARE = enum.auto()
    CIRCLE = enum.auto()

    def sides(self):
        return 4 if self is Shape.SQUARE else 0


class Access(enum.IntFlag):
    READ = 1
    WRITE = 2
    EXEC = 4


@case()
def enum_auto_members_and_intflag(a, b):
    rw = Access.READ | Access.WRITE
    return (a * Shape.SQUARE.sides() + Shape.CIRCLE.value, list(Shape.__members__),
            Shape.CIRCLE in Shape, int(rw), Access.WRITE in rw, Access.EXEC in rw, rw & 1,
            Shape["SQUARE"].name)


Pair = collections.namedtuple("Pair", ["left", "right"], defaults=[0])


@case()
def collections_namedtuple_make_and_defaults(a, b):
    p = Pair._make([a, b])
    q = Pair(a)
    return p.left + p.right, q.right, Pair._fields, p._asdict()["left"], q._replace(right=5)


class Accumulator:
    def __init__(self):
        self.total = 0

    def __iadd__(self, other):
        self.total += other
        return self

    def __iter__(self):
        for i in range(self.total):
            yield i * i


@case()
def generator_dunder_iter_and_iadd(a, b):
    acc = Accumulator()
    acc += 2
    acc += 2
    return a * sum(acc), list(acc), max(acc)


def _signature_user(x, y=2, *args, scale: float = 1.0, **kw):
    return x


@case()
def inspect_signature_parameters(a, b):
    sig = inspect.signature(_signature_user)
    params = sig.parameters
    accepts_scale = "scale" in params
    kinds = [p.kind.name for p in params.values()]
    defaults = {k: p.default for k, p in params.items() if p.default is not inspect.Parameter.empty}
    return a * (2 if accepts_scale else 1), list(params), kinds, defaults


class Meters:
    count = 0

    def __init__(self):
        Meters.count += 1
        self.id = Meters.count

    @staticmethod
    def convert(x):
        return x * 100

    @classmethod
    def made(cls):
        return cls.count


@case()
def static_and_class_methods_via_instance(a, b):
    start = Meters.count
    m = Meters()
    return m.convert(a), m.made() - start, Meters.convert(2), type(m).made() - start


@case()
def closures_made_in_loop_and_called_later(a, b):
    fns = []
    for k in range(3):
        def f(x, k=k):
            return x * k
        fns.append(f)
    adders = {name: (lambda x, n=n: x + n) for n, name in enumerate("abc")}
    return [f(a) for f in fns], adders["c"](b), fns[0].__defaults__


@case()
def recursive_inner_closure(a, b):
    def walk(node, depth=0):
        if isinstance(node, dict):
            return sum(walk(v, depth + 1) for v in node.values())
        return node * depth

    tree = {"x": 1, "y": {"z": 2, "w": {"v": 3}}}
    return a * walk(tree)


@case()
def nonlocal_counter_made_inside(a, b):
    def make():
        n = 0

        def bump(k=1):
            nonlocal n
            n += k
            return n

        return bump

    c1, c2 = make(), make()
    c1()
    c1(5)
    c2()
    return a * c1(0), c2(0), c1.__code__.co_freevars


@case()
def copy_and_deepcopy_user_objects(a, b):
    class Node:
        def __init__(self, v, kids):
            self.v = v
            self.kids = kids

    n = Node(1, [Node(2, [])])
    shallow = copy.copy(n)
    deep = copy.deepcopy(n)
    n.kids[0].v = 9
    return a * shallow.kids[0].v, deep.kids[0].v, shallow is not n, shallow.kids is n.kids


@case()
def custom_exception_with_fields(a, b):
    class ShapeError(ValueError):
        def __init__(self, expected, got):
            super().__init__(f"expected {expected}, got {got}")
            self.expected = expected
            self.got = got

    def check(t, n):
        if t.shape[0] != n:
            raise ShapeError(n, t.shape[0])
        return t

    try:
        check(a, 5)
    except ShapeError as e:
        info = (e.expected, e.got, str(e), isinstance(e, ValueError))
    return check(a, 3) * 2, info


@case()
def class_dict_iteration(a, b):
    class Defaults:
        width = 4
        depth = 2
        name = "d"

        def method(self):
            return 1

    public = {k: v for k, v in Defaults.__dict__.items()
              if not k.startswith("_") and not callable(v)}
    return a * public["width"], sorted(public), "method" in Defaults.__dict__


@case()
def property_in_subclass_overrides_attribute(a, b):
    class Base:
        def __init__(self):
            self.size = 2

    class Derived(Base):
        @property
        def size(self):
            return self._size * 10

        @size.setter
        def size(self, v):
            self._size = v

    d = Derived()
    return a * d.size, vars(d), Base().size


@case()
def slots_inheritance_and_defaults(a, b):
    class P:
        __slots__ = ("x",)

        def __init__(self):
            self.x = 1

    class Q(P):
        __slots__ = ("y",)

        def __init__(self):
            super().__init__()
            self.y = 2

    class R(Q):
        pass

    r = R()
    r.z = 3
    return a * (r.x + r.y + r.z), hasattr(Q(), "__dict__"), hasattr(r, "__dict__"), vars(r)
