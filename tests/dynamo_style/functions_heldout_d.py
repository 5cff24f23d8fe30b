"""Held-out-style cases written from real code's idioms:
user classes, objects, descriptors, closures, decorators and other function objects.
"""

from __future__ import annotations

import abc
import dataclasses
import typing

import torch

from tests.conformance.registry import randint, randn
from tests.dynamo_style import (  # noqa: F401 - registers their cases
    functions_heldout_d2,
    functions_heldout_d3,
    functions_heldout_d4,
)
from tests.dynamo_style.registry import case


class ModelConfig:
    model_type = "base"
    attribute_map = {"hidden": "hidden_size"}

    def __init__(self, hidden_size=4, dropout=0.0, **kwargs):
        self.hidden_size = hidden_size
        self.dropout = dropout
        for key, value in kwargs.items():
            setattr(self, key, value)

    def __getattribute__(self, name):
        if name != "attribute_map" and name in super().__getattribute__("attribute_map"):
            name = super().__getattribute__("attribute_map")[name]
        return super().__getattribute__(name)

    def to_dict(self):
        return dict(self.__dict__)


@case(lambda: (randn(0, (3, 4)), ModelConfig(4, 0.5, use_bias=True)))
def config_getattribute_alias(x, cfg):
    y = x * cfg.hidden + cfg.dropout
    if cfg.use_bias:
        y = y + 1
    return y, cfg.to_dict(), cfg.model_type


@dataclasses.dataclass
class ModelOutput:
    logits: torch.Tensor
    loss: torch.Tensor | None = None
    hidden: tuple = ()

    def to_tuple(self):
        return tuple(getattr(self, f.name) for f in dataclasses.fields(self)
                     if getattr(self, f.name) is not None)


@case()
def output_dataclass_to_tuple(a, b):
    out = ModelOutput(logits=a @ b.t())
    first = out.to_tuple()
    out.loss = out.logits.sum()
    second = out.to_tuple()
    return len(first), len(second), second[1], dataclasses.asdict(out)["logits"]


@dataclasses.dataclass(frozen=True)
class Frozen:
    scale: float
    shift: float = 1.0


@case()
def frozen_dataclass_assign_raises(a, b):
    f = Frozen(2.0)
    try:
        f.scale = 3.0
    except dataclasses.FrozenInstanceError:
        g = dataclasses.replace(f, shift=-1.0)
    return a * g.scale + g.shift, hash(f) == hash(Frozen(2.0)), f == Frozen(2.0, 1.0)


@dataclasses.dataclass
class WithFactory:
    sizes: list = dataclasses.field(default_factory=list)
    name: str = dataclasses.field(default="w", repr=False)
    count: int = dataclasses.field(init=False, default=0)

    def __post_init__(self):
        self.count = len(self.sizes)


@case()
def dataclass_field_factory_and_init_false(a, b):
    w1 = WithFactory()
    w2 = WithFactory([1, 2, 3])
    w1.sizes.append(5)
    names = [f.name for f in dataclasses.fields(w2)]
    return a * w2.count + w1.count, names, w1.sizes, w2.sizes, w1 == WithFactory([5])


class Base:
    def __init__(self, scale):
        self.scale = scale

    def forward(self, x):
        return x * self.scale


class AddMixin:
    def forward(self, x):
        return super().forward(x) + 1


class LogMixin:
    calls = 0

    def forward(self, x):
        type(self).calls += 1
        return super().forward(x) - 0.5


class Combined(LogMixin, AddMixin, Base):
    pass


@case()
def mixin_mro_super_chain(a, b):
    Combined.calls = 0
    c = Combined(3)
    y = c.forward(a)
    return y, [k.__name__ for k in Combined.__mro__], Combined.calls


class Diamond0:
    def who(self):
        return ["d0"]


class DiamondL(Diamond0):
    def who(self):
        return ["l"] + super().who()


class DiamondR(Diamond0):
    def who(self):
        return ["r"] + super().who()


class DiamondBottom(DiamondL, DiamondR):
    def who(self):
        return ["b"] + super(DiamondL, self).who()


@case()
def diamond_super_with_explicit_args(a, b):
    names = DiamondBottom().who()
    return a * len(names), names


class Meta(type):
    registry = {}

    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        mcs.registry[name.lower()] = cls
        return cls

    def __call__(cls, *args, **kwargs):
        inst = super().__call__(*args, **kwargs)
        inst.made_by_meta = True
        return inst


class Registered(metaclass=Meta):
    def __init__(self, k):
        self.k = k


@case()
def metaclass_call_and_registry(a, b):
    r = Meta.registry["registered"](3)
    return a * r.k, r.made_by_meta, type(r).__name__, isinstance(Registered, Meta)


class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self):
        ...

    def double(self):
        return 2 * self.area()


class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s


@case()
def abc_abstract_instantiation_and_subclass(a, b):
    try:
        Shape()
        made = True
    except TypeError:
        made = False
    sq = Square(a)
    return sq.double(), made, isinstance(sq, Shape), issubclass(Square, Shape)


class Point(typing.NamedTuple):
    x: int
    y: int = 0

    def norm1(self):
        return abs(self.x) + abs(self.y)


@case()
def typed_namedtuple_replace_and_asdict(a, b):
    p = Point(3, -4)
    q = p._replace(y=2)
    d = q._asdict()
    return a * p.norm1() + d["y"], q, Point._fields, Point._field_defaults, p[1]


class Temperature:
    def __init__(self):
        self._c = 0.0

    @property
    def celsius(self):
        return self._c

    @celsius.setter
    def celsius(self, v):
        if v < -273.15:
            raise ValueError("too cold")
        self._c = v

    @celsius.deleter
    def celsius(self):
        self._c = None

    fahrenheit = property(lambda self: self._c * 9 / 5 + 32)


@case()
def property_setter_deleter_and_raise(a, b):
    t = Temperature()
    t.celsius = 100.0
    f = t.fahrenheit
    try:
        t.celsius = -300
    except ValueError:
        err = True
    del t.celsius
    return a * f, err, t._c


class Typed:
    def __init__(self, kind):
        self.kind = kind

    def __set_name__(self, owner, name):
        self.private = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.private)

    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError(f"expected {self.kind.__name__}")
        setattr(obj, self.private, value)


class Layer:
    width = Typed(int)
    rate = Typed(float)

    def __init__(self, width, rate):
        self.width = width
        self.rate = rate


@case()
def validating_data_descriptor(a, b):
    layer = Layer(3, 0.5)
    try:
        layer.width = 2.5
        bad = False
    except TypeError:
        bad = True
    return a * layer.width * layer.rate, bad, layer.__dict__, type(Layer.__dict__["width"]).__name__


class Lazy:
    def __init__(self, fn):
        self.fn = fn

    def __get__(self, obj, cls):
        value = self.fn(obj)
        obj.__dict__[self.fn.__name__] = value
        return value


class UsesLazy:
    def __init__(self, n):
        self.n = n

    @Lazy
    def squares(self):
        return [i * i for i in range(self.n)]


@case()
def non_data_descriptor_caches_in_dict(a, b):
    u = UsesLazy(4)
    first = u.squares
    u.n = 10
    second = u.squares
    return a * sum(second), first is second, "squares" in vars(u)


class Record:
    def __init__(self):
        object.__setattr__(self, "_data", {})

    def __getattr__(self, name):
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self._data[name] = value

    def __delattr__(self, name):
        del self._data[name]


@case()
def getattr_setattr_delattr_proxy(a, b):
    r = Record()
    r.w = a
    r.k = 2
    has_before = hasattr(r, "k")
    del r.k
    return r.w * 3, has_before, hasattr(r, "k"), getattr(r, "k", -1), sorted(r._data)


class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


@case()
def slots_set_missing_and_no_dict(a, b):
    v = Vec(a, 2)
    try:
        v.z = 1
        extra = True
    except AttributeError:
        extra = False
    del v.y
    return v.x + 1, extra, hasattr(v, "y"), hasattr(v, "__dict__"), Vec.__slots__


class Affine:
    def __init__(self, w, b):
        self.w, self.b = w, b

    def __call__(self, x, *, bias=True):
        return x * self.w + (self.b if bias else 0)


@case()
def callable_objects_in_pipeline(a, b):
    steps = [Affine(2, 1), Affine(0.5, -1), lambda t: t.relu()]
    y = a
    for s in steps:
        y = s(y) if not isinstance(s, Affine) else s(y, bias=s.w > 1)
    return y, callable(steps[0]), callable(Affine)


class Bag:
    def __init__(self, *items):
        self._items = list(items)

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __contains__(self, item):
        return any(item == i for i in self._items)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return Bag(*self._items[idx])
        return self._items[idx]


@case()
def container_protocol_user_class(a, b):
    bag = Bag(1, 2, 3, 4)
    total = sum(bag)
    sub = bag[1:3]
    return (a * total + len(sub), 3 in bag, 7 in bag, list(sub), bag[-1], bool(Bag()),
            list(reversed(bag)))


class Tracker:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit:" + (exc_type.__name__ if exc_type else "none"))
        return exc_type is KeyError


@case()
def context_manager_suppresses_selected(a, b):
    log = []
    with Tracker(log) as t:
        y = a + 1
        t.log.append("body")
    with Tracker(log):
        raise KeyError("x")
    try:
        with Tracker(log):
            raise ValueError("y")
    except ValueError:
        log.append("caught")
    return y, log


def make_counter(start):
    count = start

    def inc(step=1):
        nonlocal count
        count += step
        return count

    def get():
        return count

    return inc, get


@case()
def closure_counter_pair(a, b):
    inc, get = make_counter(2)
    inc()
    inc(3)
    return a * get(), inc.__closure__ is not None, len(inc.__code__.co_freevars)


def returns_adders():
    return [lambda x, i=i: x + i for i in range(3)], [lambda x: x + i for i in range(3)]  # noqa: B023


@case()
def late_binding_vs_default_binding(a, b):
    early, late = returns_adders()
    return [f(a) for f in early], [f(a) for f in late]


@case(lambda: (randint(0, (4,)), Frozen(3.0, 0.5)))
def frozen_dataclass_input(x, cfg):
    return x * cfg.scale + cfg.shift, dataclasses.astuple(cfg), cfg


@case(lambda: (randn(0, (3, 4)), WithFactory([1, 2])))
def input_dataclass_mutated(x, w):
    w.sizes.append(len(w.sizes))
    w.count += 1
    return x * w.count
