"""Class instances and methods, properties, super(), dataclasses and named tuples,
generators, context managers and exceptions.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import typing
from collections import namedtuple

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


class Scaler:
    kind = "scaler"

    def __init__(self, factor):
        self.factor = factor

    def __call__(self, x):
        return x * self.factor

    def shifted(self, x, by=1.0):
        return self(x) + by

    @staticmethod
    def twice(x):
        return x * 2

    @classmethod
    def unit(cls):
        return cls(1.0)


class Box:
    def __init__(self, value):
        self._value = value

    @property
    def value(self):
        return self._value * 2

    @value.setter
    def value(self, new):
        self._value = new


class Base:
    def __init__(self, scale):
        self.scale = scale

    def apply(self, x):
        return x * self.scale


class Child(Base):
    def __init__(self, scale, bias):
        super().__init__(scale)
        self.bias = bias

    def apply(self, x):
        return super().apply(x) + self.bias


class GrandChild(Child):
    def apply(self, x):
        return super().apply(x).relu()


class Vec:
    def __init__(self, t):
        self.t = t

    def __add__(self, other):
        return Vec(self.t + other.t)

    def __mul__(self, k):
        return Vec(self.t * k)

    def __rmul__(self, k):
        return Vec(self.t * k + 1)

    def __len__(self):
        return self.t.shape[0]

    def __getitem__(self, i):
        return self.t[i]

    def __eq__(self, other):
        return isinstance(other, Vec) and self.t.shape == other.t.shape

    __hash__ = None


@dataclasses.dataclass
class Config:
    width: int
    dropout: float = 0.0
    tags: list = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class Frozen:
    a: int
    b: int = 2


Pair = namedtuple("Pair", ["left", "right"])


class Point(typing.NamedTuple):
    x: torch.Tensor
    y: float = 1.0


class Mode(enum.Enum):
    TRAIN = 1
    EVAL = 2


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self, a, b):
        self.a, self.b = a, b


class Tracker:
    def __init__(self):
        self.events = []

    def __enter__(self):
        self.events.append("enter")
        return self

    def __exit__(self, *exc):
        self.events.append("exit")
        return False


class CustomError(ValueError):
    pass


@case()
def instance_method_and_call(a, b):
    s = Scaler(3.0)
    return s(a), s.shifted(b), s.shifted(a, by=-1.0)


@case()
def static_and_class_methods(a, b):
    return Scaler.twice(a) + Scaler.unit()(b), Scaler.unit().factor


@case()
def class_attribute_and_instance_dict(a, b):
    s = Scaler(2)
    s.extra = 5
    return a * s.extra, Scaler.kind, s.kind, sorted(vars(s))


@case()
def property_get_and_set(a, b):
    box = Box(a)
    first = box.value
    box.value = b
    return first, box.value


@case()
def super_chain_two_levels(a, b):
    return Child(2.0, 1.0).apply(a), GrandChild(-1.0, 0.5).apply(b)


@case()
def user_operator_overloads(a, b):
    v = Vec(a) + Vec(b)
    w = v * 2
    r = 3 * v
    return w.t, r.t, len(v), v[0], v == Vec(b), v != Vec(a[:1])


@case()
def object_passed_in(a, b):
    s = Scaler(4.0)
    return s.shifted(a) + b


@case(lambda: (Scaler(2.0), randn(0, (3, 4))))
def input_object_attribute_mutated(s, x):
    s.factor = s.factor + 1
    s.seen = True
    return s(x)


@case()
def dataclass_build_and_replace(a, b):
    cfg = Config(width=a.shape[1])
    cfg.tags.append("x")
    other = dataclasses.replace(cfg, dropout=0.5)
    return a * other.width * (1 - other.dropout), cfg.tags, dataclasses.asdict(other)


@case()
def dataclass_fields_and_eq(a, b):
    one, two = Frozen(1), Frozen(1, 2)
    names = [f.name for f in dataclasses.fields(Frozen)]
    return (a if one == two else b), names, dataclasses.is_dataclass(one)


@case()
def namedtuple_fields_and_methods(a, b):
    p = Pair(a, b)
    q = p._replace(right=a * 2)
    return q.left + q.right, p._fields, p[1] * 2, q._asdict()["right"]


@case()
def typed_namedtuple_default(a, b):
    p = Point(a)
    left, right = p
    return left * p.y + b, isinstance(p, tuple), type(p).__name__, right


@case()
def enum_members_and_values(a, b):
    mode = Mode.TRAIN
    if mode is Mode.TRAIN and mode.value == 1:
        return a + b, mode.name, Mode(2).name
    return a


@case()
def slotted_object(a, b):
    s = Slotted(a, b)
    s.b = s.b * 2
    return s.a + s.b, hasattr(s, "c")


@case()
def generator_function_consumed(a, b):
    def gen(n):
        for i in range(n):
            yield a * i

    return list(gen(3)), sum(gen(4))


@case()
def generator_with_send_like_next(a, b):
    def squares():
        x = 1
        while True:
            yield x * x
            x += 1

    it = squares()
    vals = [next(it) for _ in range(4)]
    return a * vals[-1], vals


@case()
def yield_from_generator(a, b):
    def inner():
        yield a
        yield b

    def outer():
        yield from inner()
        yield a + b

    return list(outer())


@case()
def contextlib_contextmanager(a, b):
    log = []

    @contextlib.contextmanager
    def scope(name):
        log.append(f"in {name}")
        yield name.upper()
        log.append(f"out {name}")

    with scope("blk") as tag:
        out = a * len(tag)
    return out, log


@case()
def user_context_manager_class(a, b):
    tr = Tracker()
    with tr as same:
        out = a + b
        same.events.append("body")
    return out, tr.events


@case()
def contextlib_nullcontext_and_suppress(a, b):
    with contextlib.nullcontext(a) as x:
        y = x * 2
    with contextlib.suppress(KeyError):
        {}["missing"]
    return y + b


@case()
def try_except_key_error(a, b):
    d = {"a": a}
    try:
        out = d["b"]
    except KeyError:
        out = b * 2
    return out


@case()
def try_except_finally_order(a, b):
    steps = []
    try:
        steps.append("try")
        raise CustomError("boom")
    except ValueError as err:
        steps.append(type(err).__name__)
        steps.append(str(err))
    finally:
        steps.append("finally")
    return a * len(steps), steps


@case()
def exception_raised_to_caller(a, b):
    if a.shape[0] == 3:
        raise CustomError("three rows")
    return a


@case()
def exception_caught_from_callee(a, b):
    def check(x):
        if x.dim() != 3:
            raise TypeError(f"need 3 dims, got {x.dim()}")
        return x

    try:
        return check(a)
    except TypeError as err:
        return b, err.args[0]


@case()
def assert_statement_passes(a, b):
    assert a.shape == b.shape, "shapes differ"
    return a * b


@case()
def isinstance_of_user_classes(a, b):
    objs = [Child(1, 2), Base(1), GrandChild(0, 0)]
    return ([isinstance(o, Child) for o in objs], issubclass(GrandChild, Base),
            type(objs[0]) is Child, a + 1)


@case()
def hasattr_getattr_on_instances(a, b):
    s = Scaler(2.0)
    name = "factor"
    return (getattr(s, name) * a, getattr(s, "nope", 7), hasattr(s, "shifted"),
            hasattr(s, "missing"), callable(s), callable(s.factor))


@case()
def setattr_and_delattr(a, b):
    s = Scaler(1.0)
    setattr(s, "offset", b)  # noqa: B010 - the builtin is the probe
    out = s(a) + s.offset
    delattr(s, "offset")
    return out, hasattr(s, "offset")


@case()
def class_name_and_qualname(a, b):
    c = Child(1, 2)
    return a, c.__class__.__name__, type(c).__mro__[1].__name__, Scaler.__qualname__


@case()
def user_objects_identity_and_equality(a, b):
    x, y = Scaler(1), Scaler(1)
    return x is y, x == y, x != y, x is not None, x == None, a  # noqa: E711


@case()
def object_in_list_membership(a, b):
    x, y = Scaler(1), Scaler(2)
    items = [x]
    return x in items, y in items, a


@case()
def method_as_bound_value(a, b):
    s = Scaler(3.0)
    f = s.shifted
    return f(a), f.__self__ is s, f.__name__


@case()
def class_defined_inside(a, b):
    class Local:
        def __init__(self, t):
            self.t = t

        def double(self):
            return self.t * 2

    return Local(a).double() + Local(b).t


@case()
def nn_module_built_and_called(a, b):
    act = torch.nn.ReLU()
    seq = torch.nn.Sequential(torch.nn.Identity(), torch.nn.Tanh())
    return act(a) + seq(b)


@case()
def lambda_default_capture(a, b):
    fns = [lambda x, k=k: x * k for k in range(3)]
    return [f(a) for f in fns]


@case()
def dict_of_objects_attr_sum(a, b):
    layers = {"one": Scaler(1.0), "two": Scaler(2.0)}
    out = a
    for name, layer in layers.items():
        out = layer(out) + len(name)
    return out
