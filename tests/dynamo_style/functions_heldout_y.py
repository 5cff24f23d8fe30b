"""Held-out-style cases (prefix `y_`): the Python semantics of user classes, part one.

Descriptors written in Python (`__get__`/`__set__`/`__set_name__`), properties with setters
and deleters, `__getattr__`, class attributes shadowed by instance ones, `__slots__`,
metaclasses (`__instancecheck__`, `__init_subclass__`), class decorators,
classmethod/staticmethod, `super()` along a diamond's MRO, dataclasses (frozen, defaults,
`__post_init__`, `replace`, `asdict`, `fields`) and `__eq__`/`__hash__` used by dicts and
sets. Part two is functions_heldout_y2.py.
"""

from __future__ import annotations

import dataclasses

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _two() -> tuple:
    return randn(0, (3, 4)), randn(1, (3, 4))


# -- descriptors --------------------------------------------------------------------------------


class Scaled:
    """A data descriptor that remembers its name through __set_name__."""

    def __set_name__(self, owner, name):
        self.slot = "_" + name
        self.owner_name = owner.__name__

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.slot) * 2

    def __set__(self, obj, value):
        setattr(obj, self.slot, value + 1)


class HasScaled:
    weight = Scaled()

    def __init__(self, w):
        self.weight = w


@case(_two)
def y_descriptor_set_name_and_set(a, b):
    h = HasScaled(a)
    first = h.weight
    h.weight = b
    return first, h.weight, HasScaled.weight.slot, HasScaled.weight.owner_name, h._weight


class NonData:
    def __get__(self, obj, objtype=None):
        return 10 if obj is None else 20


class HasNonData:
    value = NonData()


@case(_two)
def y_non_data_descriptor_shadowed_by_instance(a, b):
    h = HasNonData()
    before = h.value
    h.value = 5
    after = h.value
    del h.value
    return a * before + b * after + HasNonData.value + h.value


class Celsius:
    def __init__(self):
        self._c = 0.0

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

    @fahrenheit.setter
    def fahrenheit(self, value):
        self._c = (value - 32) * 5 / 9

    @fahrenheit.deleter
    def fahrenheit(self):
        self._c = -273.15


@case(_two)
def y_property_setter_deleter(a, b):
    t = Celsius()
    t.fahrenheit = 212
    boiling = t._c
    del t.fahrenheit
    return a * boiling, b * t._c, t.fahrenheit


class ReadOnly:
    @property
    def x(self):
        return 3


@case(_two)
def y_property_without_setter_raises(a, b):
    r = ReadOnly()
    try:
        r.x = 4
        hit = False
    except AttributeError:
        hit = True
    return a + r.x, hit


@case(_two)
def y_property_in_local_class_reads_tensor(a, b):
    class Box:
        def __init__(self, t):
            self.t = t

        @property
        def doubled(self):
            return self.t * 2

    box = Box(a)
    out = box.doubled
    box.t = b
    return out, box.doubled


# -- __getattr__ / __getattribute__ ---------------------------------------------------------------


class Fallback:
    known = 1

    def __init__(self):
        self.real = 2

    def __getattr__(self, name):
        if name.startswith("x_"):
            return len(name)
        raise AttributeError(name)


@case(_two)
def y_getattr_fallback_only_for_missing(a, b):
    f = Fallback()
    return (
        a * f.known + b * f.real + f.x_abc,
        hasattr(f, "x_q"),
        hasattr(f, "nope"),
        getattr(f, "nope", 7),
    )


class Proxy:
    def __init__(self, target):
        self._target = target

    def __getattr__(self, name):
        return getattr(self._target, name)


@case(_two)
def y_getattr_proxy_to_tensor_methods(a, b):
    p = Proxy(a)
    return p.shape, p.sum() + b.sum(), p.dim()


# -- class vs instance attributes -----------------------------------------------------------------


class Counter:
    count = 0
    tags = []

    def bump(self):
        self.count += 1
        return self.count


@case(_two)
def y_class_attribute_shadowed_by_augmented_assign(a, b):
    c = Counter()
    c.bump()
    c.bump()
    return a * c.count + b * Counter.count, "count" in vars(c)


@case(_two)
def y_class_attribute_mutated_through_local_class(a, b):
    class Local:
        items = []

        def add(self, x):
            self.items.append(x)

    one, two = Local(), Local()
    one.add(a)
    two.add(b)
    return len(Local.items), one.items is two.items, sum(Local.items)


# -- __slots__ ------------------------------------------------------------------------------------


class Slotted:
    __slots__ = ("x", "y")

    def __init__(self, x):
        self.x = x


@case(_two)
def y_slots_unset_slot_raises(a, b):
    s = Slotted(a)
    try:
        s.y
        missing = False
    except AttributeError:
        missing = True
    s.y = b
    return s.x + s.y, missing, hasattr(s, "z")


@case(_two)
def y_slots_reject_new_attribute(a, b):
    s = Slotted(a)
    try:
        s.z = 1
        ok = True
    except AttributeError:
        ok = False
    return s.x * 2, ok


# -- metaclasses, __init_subclass__, class decorators -------------------------------------------


class Registry(type):
    def __instancecheck__(cls, obj):
        return getattr(obj, "quacks", False)


class Duck(metaclass=Registry):
    pass


class Quacker:
    quacks = True


@case(_two)
def y_metaclass_instancecheck(a, b):
    return a + 1, isinstance(Quacker(), Duck), isinstance(3, Duck)


class Plugin:
    registered = []

    def __init_subclass__(cls, /, scale=1, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.scale = scale
        Plugin.registered.append(cls.__name__)


class Double(Plugin, scale=2):
    pass


class Triple(Plugin, scale=3):
    pass


@case(_two)
def y_init_subclass_keyword(a, b):
    return a * Double.scale + b * Triple.scale, list(Plugin.registered)


@case(_two, gap="a class statement whose base defines __init_subclass__")
def y_init_subclass_in_local_class(a, b):
    seen = []

    class Base:
        def __init_subclass__(cls, **kwargs):
            super().__init_subclass__(**kwargs)
            seen.append(cls.__name__)
            cls.factor = len(seen)

    class One(Base):
        pass

    class Two(Base):
        pass

    return a * One.factor + b * Two.factor, seen


def add_describe(cls):
    cls.describe = lambda self: type(self).__name__ + "!"
    return cls


@add_describe
class Described:
    pass


@case(_two)
def y_class_decorator_adds_method(a, b):
    return a * len(Described().describe()), Described().describe()


# -- classmethod / staticmethod -------------------------------------------------------------------


class Shape:
    sides = 0

    @classmethod
    def make(cls):
        return cls()

    @classmethod
    def total(cls, n):
        return cls.helper(n) * cls.sides

    @staticmethod
    def helper(n):
        return n + 1


class Square(Shape):
    sides = 4


@case(_two)
def y_classmethod_through_subclass(a, b):
    s = Square.make()
    return type(s) is Square, a * Square.total(2) + b * Shape.total(3), s.total(1)


# -- super() and the MRO ------------------------------------------------------------------------


class Root:
    def tag(self):
        return ["root"]


class Left(Root):
    def tag(self):
        return ["left"] + super().tag()


class Right(Root):
    def tag(self):
        return ["right"] + super().tag()


class Diamond(Left, Right):
    def tag(self):
        return ["diamond"] + super().tag()


@case(_two)
def y_super_diamond_mro(a, b):
    tags = Diamond().tag()
    return a * len(tags), tags, [c.__name__ for c in Diamond.__mro__]


@case(_two)
def y_super_two_argument_form(a, b):
    d = Diamond()
    return super(Left, d).tag(), super(Diamond, d).tag(), a


# -- dataclasses ----------------------------------------------------------------------------------


@dataclasses.dataclass
class Point:
    x: float
    y: float = 2.0
    tags: list = dataclasses.field(default_factory=list)

    def __post_init__(self):
        self.norm = self.x * self.x + self.y * self.y


@case(_two)
def y_dataclass_post_init_and_defaults(a, b):
    p = Point(3.0)
    p.tags.append("x")
    q = Point(1.0, 1.0)
    return a * p.norm + b * q.norm, p.tags, q.tags, p == Point(3.0, 2.0, ["x"])


@dataclasses.dataclass(frozen=True)
class Frozen:
    scale: float
    shift: float = 0.0


@case(_two)
def y_dataclass_frozen_rejects_assign(a, b):
    f = Frozen(2.0)
    try:
        f.scale = 3.0
        raised = False
    except dataclasses.FrozenInstanceError:
        raised = True
    return a * f.scale + f.shift, raised


@case(_two)
def y_dataclass_replace_and_asdict(a, b):
    f = Frozen(2.0, 1.0)
    g = dataclasses.replace(f, shift=5.0)
    return a * g.scale + g.shift, dataclasses.asdict(g), f == g, f.shift


@case(_two)
def y_dataclass_fields_names(a, b):
    names = [f.name for f in dataclasses.fields(Point)]
    return a * len(names), names


@case(_two)
def y_dataclass_hash_as_dict_key(a, b):
    d = {Frozen(1.0): a, Frozen(2.0): b}
    return d[Frozen(2.0)], Frozen(1.0) in d, len(d)


@case(_two)
def y_dataclass_holding_tensor(a, b):
    @dataclasses.dataclass
    class Pair:
        left: torch.Tensor
        right: torch.Tensor

        def total(self):
            return self.left + self.right

    p = Pair(a, b)
    p.right = p.right * 2
    return p.total(), dataclasses.astuple(p)[0]


# -- __eq__ / __hash__ ----------------------------------------------------------------------------


class Key:
    def __init__(self, k):
        self.k = k

    def __eq__(self, other):
        return isinstance(other, Key) and self.k % 10 == other.k % 10

    def __hash__(self):
        return hash(self.k % 10)


@case(_two)
def y_custom_hash_eq_dict_keys(a, b):
    d = {Key(1): a, Key(2): b}
    d[Key(11)] = a * 10
    return d[Key(21)], len(d), Key(3) in d


@case(_two)
def y_custom_hash_eq_set_members(a, b):
    s = {Key(1), Key(11), Key(2)}
    return a * len(s), Key(12) in s, Key(5) in s


class EqOnly:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v


@case(_two)
def y_eq_without_hash_is_unhashable(a, b):
    try:
        hash(EqOnly(1))
        hashable = True
    except TypeError:
        hashable = False
    return a, hashable, EqOnly(1) == EqOnly(1), EqOnly(1) != EqOnly(2)
