"""More conformance cases: user classes, dataclasses, enums, control flow, exceptions, globals."""

from __future__ import annotations

import collections
import dataclasses
import enum

import torch

from tests.conformance.registry import case

HIDDEN_SIZES = [4, 8, 16]
LR_TABLE = {"adam": 1e-3, "sgd": 1e-1}
GLOBAL_WEIGHT = torch.linspace(-1.0, 1.0, 10)
USE_BIAS = True
Span = collections.namedtuple("Span", ["start", "stop", "step"], defaults=[1])


class Temperature:
    def __init__(self, celsius):
        self._celsius = celsius

    @property
    def celsius(self):
        return self._celsius

    @celsius.setter
    def celsius(self, value):
        self._celsius = max(value, -273)

    @property
    def fahrenheit(self):
        return self._celsius * 9 / 5 + 32


class Shape2D:
    sides = 0

    def __init__(self, size):
        self.size = size

    @classmethod
    def unit(cls):
        return cls(1)

    @staticmethod
    def describe(n):
        return f"{n}-gon"

    def area(self):
        return self.size * self.size


class Square(Shape2D):
    sides = 4


class Base:
    def __init__(self, scale):
        self.scale = scale

    def forward(self, x):
        return x * self.scale


class Middle(Base):
    def __init__(self, scale, shift):
        super().__init__(scale)
        self.shift = shift

    def forward(self, x):
        return super().forward(x) + self.shift


class Leaf(Middle):
    def forward(self, x):
        return super().forward(x).relu()


class Accumulator:
    def __init__(self):
        self.calls = 0
        self.total = None

    def __call__(self, x):
        self.calls += 1
        self.total = x if self.total is None else self.total + x
        return self.total


class Bag:
    def __init__(self, *items):
        self.items = list(items)

    def __getitem__(self, i):
        return self.items[i]

    def __len__(self):
        return len(self.items)

    def __iter__(self):
        return iter(self.items)

    def __contains__(self, key):
        return key in ("a", "b")


class Money:
    def __init__(self, amount):
        self.amount = amount

    def __add__(self, other):
        return Money(self.amount + (other.amount if isinstance(other, Money) else other))

    def __radd__(self, other):
        return self.__add__(other)

    def __neg__(self):
        return Money(-self.amount)

    def __eq__(self, other):
        return isinstance(other, Money) and self.amount == other.amount

    def __hash__(self):
        return hash(self.amount)


class Flagged:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on


@dataclasses.dataclass
class LayerSpec:
    width: int
    depth: int = 2
    tags: list = dataclasses.field(default_factory=list)
    params: int = dataclasses.field(init=False)

    def __post_init__(self):
        self.params = self.width * self.width * self.depth


@dataclasses.dataclass(frozen=True)
class Frozen:
    x: int
    y: int = 0


class Mode(enum.Enum):
    SLOW = 1
    FAST = 2


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 3


class ParityError(Exception):
    def __init__(self, code):
        super().__init__(f"code {code}")
        self.code = code


@case()
def property_with_setter(a, b):
    t = Temperature(100)
    t.celsius = -500
    low = t.celsius
    t.celsius = 20
    return a * t.fahrenheit + b * low, t.celsius


@case()
def classmethod_inherited_constructor(a, b):
    sq = Square.unit()
    return a * sq.area() + b * sq.sides, type(sq) is Square, Square.describe(sq.sides)


@case()
def staticmethod_via_instance(a, b):
    s = Shape2D(3)
    return a * s.area() + b, s.describe(5), Shape2D.sides


@case()
def three_level_super_chain(a, b):
    leaf = Leaf(2.0, -1.0)
    mid = Middle(0.5, b)
    return leaf.forward(a), mid.forward(a), isinstance(leaf, Base), Leaf.__mro__[1] is Middle


@case()
def call_object_with_state(a, b):
    acc = Accumulator()
    acc(a)
    acc(b)
    out = acc(a * 2)
    return out, acc.calls


@case(3)
def container_protocol_class(a, b, c):
    bag = Bag(a, b, c)
    total = 0
    for t in bag:
        total = total + t
    return total, bag[1], len(bag), "a" in bag, "z" in bag, list(bag)[-1] is c


@case()
def operator_overloading_money(a, b):
    m = sum([Money(1), Money(2), Money(3)])
    n = -(Money(2) + 5)
    return a * m.amount + b * n.amount, m == Money(6), m != n, Money(2) in [Money(2)]


@case()
def user_hash_eq_in_set_and_dict(a, b):
    unique = {Money(1), Money(1), Money(2)}
    table = {Money(1): a, Money(1): b}
    found = table.get(Money(1), a) is b
    return len(unique), Money(2) in unique, len(table), Money(1) in table, found


@case()
def dunder_bool_and_len_truthiness(a, b):
    out = a
    if Flagged(True):
        out = out + b
    if not Flagged(False):
        out = out * 2
    if Bag():
        out = out - 100
    return out


@case()
def getattr_setattr_user_object(a, b):
    s = Shape2D(2)
    name, size = "color", "si" + "ze"
    setattr(s, name, "red")
    missing = getattr(s, "weight", 0.5)
    has = (hasattr(s, name), hasattr(s, "weight"))
    delattr(s, name)
    return a * missing + b * getattr(s, size), has, hasattr(s, name)


@case()
def dataclass_post_init_factory(a, b):
    spec = LayerSpec(4)
    spec.tags.append("hidden")
    other = LayerSpec(2, depth=3)
    same = spec == LayerSpec(4, 2, ["hidden"])
    return a * spec.params + b * other.params, spec.tags, other.tags, same


@case()
def dataclass_fields_and_replace(a, b):
    spec = Frozen(3)
    moved = dataclasses.replace(spec, y=4)
    names = [f.name for f in dataclasses.fields(spec)]
    return a * moved.y + b * spec.x, names, moved == Frozen(3, 4), dataclasses.is_dataclass(spec)


@case()
def dataclass_asdict(a, b):
    spec = LayerSpec(2, tags=["x"])
    d = dataclasses.asdict(spec)
    return a * d["params"] + b, d


@case()
def namedtuple_defaults_make_asdict(a, b):
    s = Span(0, a.shape[0])
    t = Span._make([1, 5, 2])
    d = t._asdict()
    return a[s.start:s.stop:s.step] + b[t.start:t.stop:t.step].sum(), d, Span._fields, s.step


@case()
def namedtuple_sorted_and_keyed(a, b):
    spans = [Span(3, 5), Span(1, 9), Span(2, 4)]
    ordered = sorted(spans)
    lookup = {sp: i for i, sp in enumerate(ordered)}
    return a * lookup[Span(2, 4)] + b, ordered[0], max(spans, key=lambda sp: sp.stop - sp.start)


@case()
def enum_iteration_lookup(a, b):
    names = [m.name for m in Mode]
    fast = Mode(2)
    out = a * fast.value if fast is Mode.FAST else b
    return out, names, Mode["SLOW"].value, Mode.FAST == Mode.FAST, len(Mode)


@case()
def int_enum_arithmetic(a, b):
    level = Level.HIGH
    return a * level + b * (level - Level.LOW), level > Level.LOW, int(level), Level(1).name


@case()
def class_attr_shadowed_by_instance(a, b):
    s = Shape2D(1)
    s.sides = 7
    return a * s.sides + b * Shape2D.sides, type(s).sides, vars(s)


@case()
def bound_method_stored(a, b):
    obj = Middle(2.0, 1.0)
    fwd = obj.forward
    obj.shift = 0.0
    return fwd(a) + fwd(b), fwd.__self__ is obj


@case(3)
def list_of_objects_loop(a, b, c):
    layers = [Base(0.5), Middle(1.0, 1.0), Leaf(2.0, -0.5)]
    out = a
    for layer, bias in zip(layers, (a, b, c)):
        out = layer.forward(out) + bias
    return out, [type(layer).__name__ for layer in layers]


@case()
def while_break_continue_python(a, b):
    i, out = 0, a
    while True:
        i += 1
        if i % 2 == 0:
            continue
        if i > 7:
            break
        out = out + b * i
    return out, i


@case()
def while_else_clause(a, b):
    n, out = 3, a
    while n > 0:
        out = out * 0.5
        n -= 1
    else:
        out = out + b
    return out, n


@case()
def nested_loop_break_flag(a, b):
    found = None
    for i in range(4):
        for j in range(4):
            if i * j == 6:
                found = (i, j)
                break
        if found:
            break
    return a * found[0] + b * found[1], found


@case(3)
def branch_on_list_length(a, b, c):
    xs = [a, b]
    if len(xs) < 3:
        xs.append(c)
    return xs[-1] * len(xs) if len(xs) == 3 else xs[0]


@case()
def branch_on_shape_threshold(a, b):
    if a.shape[0] > 5 and b.size(1) <= 10:
        out = a[:5] + b[5:]
    else:
        out = a
    return out.shape[0] * out


@case()
def try_except_else_finally(a, b):
    trace = []
    try:
        trace.append("try")
        out = a + b
    except RuntimeError:
        trace.append("except")
        out = a
    else:
        trace.append("else")
        out = out * 2
    finally:
        trace.append("finally")
    return out, trace


@case()
def caught_value_error_parse(a, b):
    values = []
    for text in ("3", "x", "4.5"):
        try:
            values.append(int(text))
        except ValueError:
            values.append(-1)
    return a * sum(values) + b, values


@case()
def custom_exception_caught(a, b):
    try:
        raise ParityError(7)
    except ParityError as err:
        code = err.code
        msg = str(err)
    return a * code + b, msg


@case()
def except_tuple_of_types(a, b):
    hits = 0
    for key in ("x", 5, "y"):
        try:
            {"x": 1}[key] if isinstance(key, str) else [1][key]
        except (KeyError, IndexError):
            hits += 1
    return a * hits + b


@case()
def nested_try_reraise(a, b):
    try:
        try:
            raise KeyError("k")
        except KeyError:
            raise ValueError("wrapped") from None
    except ValueError as err:
        out = a * len(err.args[0]) + b
    return out


@case()
def assert_constant_conditions(a, b):
    xs = [a, b]
    assert len(xs) == 2, "need two"
    assert a.shape == b.shape
    assert isinstance(xs, list) and a.dim() == 2
    return xs[0] - xs[1]


@case()
def globals_constant_list_dict(a, b):
    out = a
    for width in HIDDEN_SIZES:
        out = out + b * (width // 4)
    return out * LR_TABLE["sgd"], LR_TABLE.get("rmsprop", 0.0), len(HIDDEN_SIZES)


@case()
def global_tensor_and_flag(a, b):
    out = a * GLOBAL_WEIGHT
    if USE_BIAS:
        out = out + b
    return out, GLOBAL_WEIGHT.shape[0]


@case()
def match_statement_constants(a, b):
    out = []
    for cmd in ("add", ("scale", 3), "noop", [1, 2]):
        match cmd:
            case "add":
                out.append(a + b)
            case ("scale", k):
                out.append(a * k)
            case [x, y]:
                out.append(b * (x + y))
            case _:
                out.append(None)
    return out


@case()
def conditional_expression_chain(a, b):
    n = a.shape[0]
    mode = "big" if n > 100 else "mid" if n > 5 else "small"
    k = 3 if mode == "mid" else 1
    return a * k + (b if mode != "small" else 0), mode


@case()
def for_over_dict_items_unpacked(a, b):
    params = {"w": (a, 2.0), "b": (b, 0.5)}
    out = 0
    names = []
    for name, (t, scale) in params.items():
        out = out + t * scale
        names.append(name.upper())
    return out, names


@case()
def object_created_and_mutated_in_loop(a, b):
    acc = Accumulator()
    for k in range(3):
        if k == 1:
            continue
        acc(a * k + b)
    return acc.total, acc.calls, vars(acc)["calls"]
