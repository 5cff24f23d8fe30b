"""namedtuples, dataclasses and user classes (methods, properties, inheritance, super())."""

import abc
import collections
import dataclasses
import typing

import torch

import compiler
from tests.differential import assert_same, check_same, one_graph

Point = collections.namedtuple("Point", ["x", "y"])


class Pair(typing.NamedTuple):
    a: torch.Tensor
    b: int = 2


@dataclasses.dataclass
class Config:
    scale: float
    shift: float = 1.0
    tags: list = dataclasses.field(default_factory=list)


class Base:
    factor = 2

    def __init__(self, bias):
        self.bias = bias

    def apply(self, x):
        return x * self.factor + self.bias

    @property
    def double_bias(self):
        return self.bias * 2

    @staticmethod
    def helper(v):
        return v + 1

    @classmethod
    def make(cls, bias):
        return cls(bias)


class Child(Base):
    factor = 3

    def apply(self, x):
        return super().apply(x) - 1


def test_namedtuple_input_fields_and_indexing():
    def f(p):
        return p.x + p.y, p[0], p._replace(y=p.x), p._fields

    one_graph(check_same(f, Point(torch.randn(2), torch.randn(2))), ops=1)


def test_namedtuple_built_and_returned():
    def f(x):
        p = Point(x + 1, y=x * 2)
        a, b = p
        return p, a - b, len(p)

    one_graph(check_same(f, torch.randn(2)), ops=3)


def test_typed_namedtuple_with_default():
    def f(x):
        p = Pair(x)
        return p.a * p.b, p

    one_graph(check_same(f, torch.randn(2)), ops=1)


def test_namedtuple_class_made_in_the_trace_belongs_to_the_calling_module():
    """collections.namedtuple names the module of the frame that calls it (or `module=`)."""
    namespace = {"__name__": "elsewhere", "collections": collections}
    exec("def make():\n    return collections.namedtuple('Q', 'a')", namespace)
    made_elsewhere = namespace["make"]

    def f(x):
        pair = collections.namedtuple("Pair", ("a", "b"))
        named = collections.namedtuple("Named", "a", module="chosen")
        return x * 2, pair.__module__, named.__module__, made_elsewhere().__module__

    one_graph(check_same(f, torch.randn(2)), ops=1)


def test_dataclass_input_and_construction_inside():
    def f(x, cfg):
        c2 = Config(scale=cfg.scale * 2)
        c2.tags.append("built")
        return x * cfg.scale + cfg.shift, c2.scale, c2.tags, c2 == Config(cfg.scale * 2)

    one_graph(check_same(f, torch.randn(2), Config(3.0)), ops=2)


def test_dataclass_module_functions():
    def f(x, cfg):
        names = [field.name for field in dataclasses.fields(cfg)]
        return x * dataclasses.replace(cfg, shift=2.0).shift, names, dataclasses.asdict(cfg)

    one_graph(check_same(f, torch.randn(2), Config(3.0)), ops=1)


def test_dataclass_returned_from_compiled_function():
    def f(x):
        return Config(scale=2.0, shift=3.0), x + 1

    x = torch.randn(2)
    fc = compiler.compile(f, fullgraph=True)
    cfg, out = fc(x)
    assert cfg == Config(scale=2.0, shift=3.0)
    assert torch.equal(out, x + 1)


def test_user_class_method_property_static_and_classmethod():
    def f(x):
        obj = Base.make(1.5)
        return obj.apply(x), obj.double_bias, Base.helper(x), obj.helper(2)

    one_graph(check_same(f, torch.randn(2)), ops=3)


def test_inheritance_and_super_call():
    def f(x):
        c = Child(1.0)
        return c.apply(x), isinstance(c, Base), c.double_bias

    one_graph(check_same(f, torch.randn(2)), ops=3)


def test_object_passed_in_as_input():
    def f(x, obj):
        return obj.apply(x) + obj.bias

    one_graph(check_same(f, torch.randn(2), Child(torch.ones(2))))


def test_class_with_dunder_methods():
    class Vec:
        def __init__(self, t):
            self.t = t

        def __add__(self, other):
            return Vec(self.t + other.t)

        def __len__(self):
            return self.t.shape[0]

        def __getitem__(self, i):
            return self.t[i]

        def __call__(self, k):
            return self.t * k

    def f(x):
        v = Vec(x) + Vec(x * 2)
        return v(3), len(v), v[0]

    one_graph(check_same(f, torch.randn(3)))


def test_class_attribute_and_instance_attribute_shadowing():
    class A:
        k = 1

    def f(x):
        a = A()
        before = a.k
        a.k = 5
        return x * before + a.k, A.k

    one_graph(check_same(f, torch.randn(2)), ops=2)


def test_class_statement_inside_the_compiled_function():
    def f(x, k):
        class Scaler:
            factor = 3

            def __init__(self, s):
                self.s = s

            def __call__(self, t):
                return t * self.s * self.factor

        class Double(Scaler):
            def __call__(self, t):
                return super().__call__(t) * 2

        return Double(k)(x), Scaler.__name__

    fc = compiler.compile(f, fullgraph=True)
    x = torch.ones(2)
    assert_same(fc(x, 2), f(x, 2))


def test_vars_of_an_object_made_in_the_trace_is_a_live_view():
    class Box:
        def __init__(self, v):
            self.v = v

    def f(x):
        box = Box(x)
        view = vars(box)
        box.w = x * 2
        view["v"] = x + 1
        return sorted(view), box.v, view["w"], view

    fc = compiler.compile(f, fullgraph=True)
    x = torch.ones(2)
    assert_same(fc(x), f(x))


class _AbstractShape(abc.ABC):
    @abc.abstractmethod
    def area(self): ...


class _Square(_AbstractShape):
    def area(self):
        return 4


def _instantiates_abstract(x):
    try:
        _AbstractShape()
    except TypeError as err:
        return x + _Square().area(), str(err)
    return x, "made"


def test_abstract_class_cannot_be_instantiated():
    """Was a wrong answer: the trace made an instance of a class with abstract methods."""
    one_graph(check_same(_instantiates_abstract, torch.ones(2)))


class _Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        if not isinstance(other, _Money):
            return NotImplemented
        return _Money(self.cents + other.cents)


def _declined_both_ways(x):
    errors = []
    for attempt in (lambda: _Money(1) + 5, lambda: 2.5 + _Money(1), lambda: _Money(1) ** None):
        try:
            attempt()
        except TypeError as err:
            errors.append(str(err))
    return x + len(errors), errors


def test_operator_both_operands_decline_is_cpythons_type_error():
    one_graph(check_same(_declined_both_ways, torch.ones(2)))


class _Slotted:
    __slots__ = ("a",)


class _Guarded:
    """A data descriptor other than property: refused rather than bypassed."""

    class Positive:
        def __set_name__(self, owner, name):
            self.name = "_" + name

        def __get__(self, obj, kind=None):
            return getattr(obj, self.name)

        def __set__(self, obj, value):
            setattr(obj, self.name, abs(value))

    v = Positive()


def _slots_and_super_in_classmethod(x):
    s = _Slotted()
    s.a = 1
    try:
        s.b = 2
        message = "no error"
    except AttributeError as err:
        message = str(err)

    class Base:
        @classmethod
        def make(cls):
            return cls.__name__

    class Child(Base):
        @classmethod
        def make(cls):
            return "child of " + super().make()

    return x + s.a, message, Child.make(), Child().make()


def test_slots_refuse_other_names_and_super_in_a_classmethod_binds_the_class():
    """Were wrong answers: `s.b = 2` on a slotted class went into an instance dict it does
    not have; super() in a classmethod looked in type's MRO."""
    one_graph(check_same(_slots_and_super_in_classmethod, torch.ones(2)))


def _data_descriptor_set(x):
    g = _Guarded()
    g.v = -3
    return x * g.v


def test_data_descriptor_assignment_runs_its_set_or_is_refused():
    check_same(_data_descriptor_set, torch.ones(2), fullgraph=False)
