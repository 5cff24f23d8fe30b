"""Conformance cases: user classes, namedtuples, dataclasses, closures, strings, slicing."""

from __future__ import annotations

import collections
import dataclasses
import enum
import typing

import torch

from tests.conformance.registry import case, randn

Point = collections.namedtuple("Point", ["x", "y"])


class Pair(typing.NamedTuple):
    left: torch.Tensor
    right: torch.Tensor
    weight: float = 0.5


class Scaler:
    factor = 2.0

    def __init__(self, offset):
        self.offset = offset

    def __call__(self, x):
        return x * self.factor + self.offset

    def scale(self, x):
        return x * self.factor

    @staticmethod
    def twice(x):
        return x * 2

    @classmethod
    def make(cls, offset):
        return cls(offset)

    @property
    def double_offset(self):
        return self.offset * 2


class ChildScaler(Scaler):
    factor = 3.0

    def scale(self, x):
        return super().scale(x) + 1


@dataclasses.dataclass
class Config:
    scale: float = 2.0
    name: str = "cfg"
    layers: list = dataclasses.field(default_factory=lambda: [1, 2])


class Color(enum.Enum):
    RED = 1
    BLUE = 2


class Vec:
    def __init__(self, t):
        self.t = t

    def __add__(self, other):
        return Vec(self.t + other.t)

    def __mul__(self, k):
        return Vec(self.t * k)

    def __len__(self):
        return 3

    def __getitem__(self, i):
        return self.t[i]


class Tally:
    def __init__(self):
        self.count = 0

    def bump(self):
        self.count += 1
        return self.count


COUNTER_OBJ = Tally()
SHARED_SCALER = Scaler(1.0)


@case()
def namedtuple_inline(a, b):
    x = collections.namedtuple("P", "x y")(a, b)
    return x.x * x.y


@case()
def namedtuple_global(a, b):
    p = Point(a, b)
    q = p._replace(y=a * 2)
    return p.x + q.y, p[1] - q[0], len(p), p._fields


@case()
def namedtuple_unpack_return(a, b):
    x, y = Point(x=a, y=b)
    return Point(y, x)


@case(lambda: (Point(randn(0), randn(1)), randn(2)))
def namedtuple_input(p, c):
    return p.x * c + p.y, isinstance(p, tuple)


@case()
def typed_namedtuple(a, b):
    p = Pair(a, b)
    return p.left * p.weight + p.right, p._asdict()["weight"]


@case()
def user_class_method(a, b):
    s = Scaler(1.0)
    return s.scale(a) + s(b)


@case()
def user_class_static_class_methods(a, b):
    s = Scaler.make(0.5)
    return Scaler.twice(a) + s(b), s.offset


@case()
def user_class_property(a, b):
    s = Scaler(2.0)
    return a * s.double_offset + b


@case()
def user_class_inheritance_super(a, b):
    c = ChildScaler(0.0)
    return c.scale(a) + c(b), isinstance(c, Scaler), type(c).__name__


@case()
def user_class_attribute_mutation(a, b):
    s = Scaler(1.0)
    s.offset = b
    s.extra = 3
    return s(a) + s.extra, hasattr(s, "extra"), getattr(s, "missing", 7)


@case()
def user_class_returned(a, b):
    return Vec(a + b), Config(scale=2.5)


@case()
def dunder_methods(a, b):
    v = Vec(a) + Vec(b) * 2
    return v.t, len(v), v[0]


@case()
def global_object_method(a, b):
    return SHARED_SCALER(a) + b, SHARED_SCALER.offset


@case()
def global_object_mutation(a, b):
    n = COUNTER_OBJ.count
    COUNTER_OBJ.bump()
    return a + b, COUNTER_OBJ.count - n


@case()
def local_class_definition(a, b):
    class Local:
        def __init__(self, v):
            self.v = v

        def get(self):
            return self.v * 2

    return Local(a).get() + b


@case()
def dataclass_usage(a, b):
    cfg = Config(scale=3.0)
    return a * cfg.scale + b * len(cfg.layers), cfg.name, dataclasses.asdict(cfg)["scale"]


@case()
def enum_usage(a, b):
    c = Color.BLUE
    if c == Color.BLUE:
        return a * c.value, c.name
    return b, "red"


@case()
def type_checks(a, b):
    x = 3
    return type(x) is int, isinstance(x, (float, int)), type(a) is torch.Tensor, callable(len)


@case()
def closure_read(a, b):
    scale = 2.0

    def inner(x):
        return x * scale

    return inner(a) + inner(b)


@case()
def closure_nonlocal(a, b):
    count = 0

    def bump(x):
        nonlocal count
        count += 1
        return x + count

    return bump(a) + bump(b), count


@case()
def nested_closures_three_levels(a, b):
    k = 1

    def outer(x):
        m = 2

        def middle(y):
            def inner(z):
                return z * k + m
            return inner(y) + x
        return middle
    return outer(a)(b)


@case()
def closure_captures_tensor(a, b):
    def make_adder(t):
        def add(x):
            return x + t
        return add

    add_a = make_adder(a)
    return add_a(b), make_adder(b)(1.0)


@case()
def closure_returned(a, b):
    def make(x):
        return lambda y: x * y
    f = make(a)
    return f(b)


@case()
def lambda_default_capture(a, b):
    fs = [lambda x, i=i: x * i for i in range(3)]
    return fs[2](a) + fs[1](b)


@case()
def recursion_constant(a, b):
    def fact(n):
        return 1 if n <= 1 else n * fact(n - 1)
    return a * fact(4) + b


@case()
def generator_function(a, b):
    def gen(x):
        for i in range(3):
            yield x * i
    return sum(gen(a)) + b


@case()
def generator_expression(a, b):
    return sum(x * 2 for x in (a, b)), max(i * i for i in range(4))


@case()
def fstring_format(a, b):
    name = f"layer_{a.shape[0]}_{b.dim()}"
    return a * len(name), name, f"{3.14159:.2f}", f"{'x'!r}"


@case()
def string_methods(a, b):
    s = "Hello,World"
    parts = s.lower().split(",")
    return a * len(parts[0]), "-".join(parts), s.startswith("Hell"), s.replace("o", "0").upper()


@case()
def string_format_percent(a, b):
    msg = "%s has %d rows" % ("a", a.shape[0])  # noqa: UP031 - %-format is the point
    return b * len(msg), "{}-{}".format(1, "x"), msg


@case()
def string_compare_branch(a, b, mode="sum"):
    if mode == "sum":
        return a + b
    elif mode.startswith("mul"):
        return a * b
    return a


@case()
def string_strip_find(a, b):
    s = "  padded text  "
    t = s.strip()
    return a * t.find("text") + b * t.count("t"), t.isalpha(), "ext" in t, t[::-1]


@case()
def string_indexing_concat(a, b):
    s = "abc" + "def" * 2
    return a * len(s), s[2:5], s[-1], ord("a"), chr(98), str(10) + repr("q")


@case()
def getattr_string_dispatch(a, b):
    op = getattr(torch, "add")  # noqa: B009 - getattr by name is the point
    meth = getattr(a, "mul")  # noqa: B009
    return op(a, b) + meth(2)


@case()
def slicing_basic(a, b):
    return a[1:5:2, 3:], b[:, 0], a[-1], b[..., 2:4]


@case()
def slicing_none_and_ellipsis(a, b):
    return a[None, :, None].shape, b[..., None] * 2, a[:, None, 3]


@case()
def slicing_negative_indices(a, b):
    return a[-3:-1, -5:], b[::3, ::4]


@case()
def slice_assignment(a, b):
    x = a.clone()
    x[2:4] = b[:2]
    x[:, 0] = 0.0
    x[x > 1] = 1.0
    return x


@case()
def slice_object(a, b):
    s = slice(1, 7, 2)
    return a[s], b[s, s], s.start + s.stop


@case()
def boolean_mask_index(a, b):
    mask = torch.tensor([True, False] * 5)
    return a[mask], b[:, mask].sum()


@case()
def integer_tensor_index(a, b):
    idx = torch.tensor([0, 3, 3, 9])
    return a[idx], b[idx, idx], a[[1, 2]]


@case()
def setitem_inplace_input(a, b):
    a[0] = b[1]
    a[:, -1] += 1
    return a.sum()


@case()
def narrow_select(a, b):
    return a.narrow(0, 2, 3), b.select(1, 4), a.unfold(0, 2, 2).shape


@case()
def object_identity_checks(a, b):
    c = a
    return c is a, b is not a, a is None, [] == []


@case()
def id_of_constant_list(a, b):
    xs = [1, 2]
    ys = xs
    ys.append(3)
    return a * len(xs), xs


@case()
def hasattr_on_module_and_tensor(a, b):
    return hasattr(torch, "relu"), hasattr(a, "shape"), hasattr(a, "not_an_attr"), b * 2


@case()
def nn_module_call(a, b):
    layer = torch.nn.ReLU()
    return layer(a) + torch.nn.functional.relu(b)
