"""Held-out-style cases (part n): objects the compiled code constructs itself.

Classes with a `__new__` of their own (returning an instance, a cached one, another class's
object, None or a tensor; `__init__` run or skipped as `type.__call__` decides), metaclass
`__call__` around them, named tuples whose subclass overrides `__new__` or `__init__` or keeps
attributes in an instance dict. Part two (functions_heldout_n2.py) has module containers built
from existing modules, objects returned out of the frame, torch's structseqs built by the
program (`torch.return_types.max((v, i))`) and named tuple subclasses with dunders of their
own.
"""

from __future__ import annotations

import abc
import collections
import typing

import torch

from tests.dynamo_style import functions_heldout_n2  # noqa: F401 - registers its cases
from tests.dynamo_style.registry import case

# -- a custom __new__ on plain classes ------------------------------------------------------------


class Scaled:
    def __new__(cls, factor):
        obj = super().__new__(cls)
        obj.made_by_new = True
        return obj

    def __init__(self, factor):
        self.factor = factor

    def apply(self, x):
        return x * self.factor


@case()
def n_new_super_then_init(a, b):
    s = Scaled(3)
    return s.apply(a) + b, s.made_by_new, s.factor


class Overwritten:
    def __new__(cls):
        inst = object.__new__(cls)
        inst.level = 1
        return inst

    def __init__(self):
        self.level = self.level + 10


@case()
def n_new_attribute_then_init_reads_it(a, b):
    o = Overwritten()
    return a * o.level, o.level


class Plain:
    def __init__(self, v=0):
        self.v = v


class Redirect:
    def __new__(cls, v):
        return Plain(v * 2)

    def __init__(self, v):
        raise AssertionError("not run: __new__ gave another class's object")


@case()
def n_new_returns_other_class(a, b):
    p = Redirect(4)
    return a + p.v, type(p).__name__, isinstance(p, Redirect)


class Shape:
    def __new__(cls, kind, size):
        target = {"square": Square, "line": Line}[kind]
        return super().__new__(target)

    def __init__(self, kind, size):
        self.size = size


class Square(Shape):
    def area(self):
        return self.size * self.size


class Line(Shape):
    def area(self):
        return 0


@case()
def n_new_picks_subclass_then_init_runs(a, b):
    sq, ln = Shape("square", 3), Shape("line", 5)
    return a * sq.area() + ln.area() + ln.size, type(sq).__name__, type(ln).__name__


class Nothing:
    def __new__(cls, *args):
        return None

    def __init__(self, *args):
        raise AssertionError("never")


@case()
def n_new_returns_none(a, b):
    made = Nothing(1, 2)
    return (a if made is None else b), made


class AsTensor:
    def __new__(cls, t, k=2):
        return t * k

    def __init__(self, t, k=2):
        raise AssertionError("a tensor is not an AsTensor")


@case()
def n_new_returns_tensor(a, b):
    return AsTensor(a) + AsTensor(b, k=-1)


class AsNumber:
    def __new__(cls, x):
        return x + 1


@case()
def n_new_returns_int_used_in_math(a, b):
    return a * AsNumber(2), AsNumber(AsNumber(0))


class Flexible:
    def __new__(cls, *args, **kwargs):
        inst = super().__new__(cls)
        inst.seen = (len(args), sorted(kwargs))
        return inst

    def __init__(self, x, y=1, *, scale=1.0):
        self.total = (x + y) * scale


@case()
def n_new_star_args_and_keywords(a, b):
    f1, f2 = Flexible(a, scale=2.0), Flexible(a, b)
    return f1.total, f2.total, f1.seen, f2.seen


class Strict:
    def __new__(cls, value):
        return super().__new__(cls, value)  # object.__new__ takes no more arguments


@case()
def n_new_extra_args_to_object_new_raise(a, b):
    try:
        Strict(1)
    except TypeError:
        return a - 1
    return a


class NoInit:
    def __new__(cls, *args):
        inst = super().__new__(cls)
        inst.args = args
        return inst


@case()
def n_new_without_init_takes_arguments(a, b):
    n = NoInit(1, "x", None)
    return a + len(n.args), n.args


class BaseNew:
    count_key = "base"

    def __new__(cls, *args, **kwargs):
        inst = super().__new__(cls)
        inst.kind = cls.count_key
        return inst


class ChildInit(BaseNew):
    count_key = "child"

    def __init__(self, w):
        self.w = w


@case()
def n_new_inherited_by_subclass(a, b):
    c = ChildInit(2)
    return a * c.w, c.kind, isinstance(c, BaseNew)


class Left:
    def __new__(cls, *args):
        inst = super().__new__(cls, *args)
        inst.trail = getattr(inst, "trail", ()) + ("left",)
        return inst

    def __init__(self):
        super().__init__()
        self.left = 1


class Right:
    def __new__(cls, *args):
        inst = super().__new__(cls)
        inst.trail = ("right",)
        return inst

    def __init__(self):
        super().__init__()
        self.right = 2


class Both(Left, Right):
    def __new__(cls):
        return super().__new__(cls)

    def __init__(self):
        super().__init__()
        self.both = 3


@case()
def n_new_cooperative_multiple_inheritance(a, b):
    o = Both()
    return a * (o.left + o.right + o.both), o.trail


class Counter:
    def __new__(cls, n):
        if n <= 0:
            return object.__new__(cls)
        inner = Counter(n - 1)
        inner.depth = getattr(inner, "depth", 0) + 1
        return inner

    def __init__(self, n):
        self.last = n


@case()
def n_new_recursive_construction(a, b):
    c = Counter(3)
    return a + c.depth * 10 + c.last, c.depth


class Factory:
    def __new__(cls, *args):
        inst = super().__new__(cls)
        inst.parts = list(args)
        return inst

    @classmethod
    def of(cls, *parts):
        return cls(*parts)

    def total(self):
        out = 0
        for p in self.parts:
            out = out + p
        return out


@case()
def n_new_through_classmethod_factory(a, b):
    f = Factory.of(a, b, 1)
    return f.total(), len(f.parts)


class Ledger:
    def __new__(cls, start):
        inst = super().__new__(cls)
        inst.entries = [start]
        return inst

    def add(self, v):
        self.entries.append(v)
        return self


@case()
def n_new_objects_in_loop_mutated(a, b):
    books = [Ledger(i) for i in range(3)]
    for i, book in enumerate(books):
        book.add(i * 2).add(a.sum() * i)
    return [len(bk.entries) for bk in books], books[2].entries[-1] + b.sum()


@case()
def n_new_called_directly_skips_init(a, b):
    raw = Scaled.__new__(Scaled, 5)
    return a, raw.made_by_new, hasattr(raw, "factor")


class Tagged(type):
    def __call__(cls, *args, **kwargs):
        inst = super().__call__(*args, **kwargs)
        inst.tag = cls.__name__.lower()
        return inst


class Widget(metaclass=Tagged):
    def __new__(cls, size):
        inst = super().__new__(cls)
        inst.pre = size
        return inst

    def __init__(self, size):
        self.size = size * 2


@case()
def n_new_under_metaclass_call(a, b):
    w = Widget(3)
    return a * w.size + w.pre, w.tag


class Checked(type):
    def __instancecheck__(cls, obj):
        return getattr(obj, "role", None) == "checked"


class Holder:
    def __init__(self, role="plain"):
        self.role = role
        self.inits = 1


class Special(Holder, metaclass=Checked):
    def __new__(cls):
        return Holder(role="checked")

    def __init__(self):
        self.inits += 100


@case()
def n_new_instancecheck_does_not_run_init(a, b):
    s = Special()
    return a * s.inits, isinstance(s, Special), type(s).__name__


class Returning:
    def __new__(cls):
        return super().__new__(cls)

    def __init__(self):
        return 3


@case()
def n_new_init_returning_value_raises(a, b):
    try:
        Returning()
    except TypeError:
        return a + 1
    return a


class Abstract(abc.ABC):
    def __new__(cls, *args):
        return super().__new__(cls)

    @abc.abstractmethod
    def run(self): ...


class Concrete(Abstract):
    def run(self):
        return 7


@case()
def n_new_on_abc_concrete_subclass(a, b):
    return a * Concrete().run()


@case()
def n_new_on_abc_abstract_raises(a, b):
    try:
        Abstract()
    except TypeError:
        return a - 1
    return a


# -- named tuples --------------------------------------------------------------------------------

Pair = collections.namedtuple("Pair", "left right")


class Doubled(Pair):
    __slots__ = ()

    def __new__(cls, left, right=0):
        return super().__new__(cls, left * 2, right)


@case()
def n_namedtuple_subclass_new_transforms(a, b):
    d = Doubled(a, 3)
    return d.left + d.right, d[1], Doubled(b).right


class Checked2(collections.namedtuple("Checked2", "lo hi")):
    __slots__ = ()

    def __init__(self, lo, hi):
        if lo > hi:
            raise ValueError("lo above hi")


@case()
def n_namedtuple_subclass_init_validates(a, b):
    ok = Checked2(1, 2)
    try:
        Checked2(5, 2)
    except ValueError:
        return a + ok.hi
    return a


@case()
def n_namedtuple_keyword_twice_raises(a, b):
    try:
        Pair(a, left=b)
    except TypeError:
        return a * 2
    return a


@case()
def n_namedtuple_unknown_keyword_raises(a, b):
    try:
        Pair(a, b, middle=1)
    except TypeError:
        return b * 2
    return b


class Spec(typing.NamedTuple):
    width: int
    scale: float = 1.0
    name: str = "spec"


class HalfSpec(Spec):
    def __new__(cls, width):
        return super().__new__(cls, width, scale=0.5)

    def apply(self, x):
        return x * self.width * self.scale


@case()
def n_typed_namedtuple_subclass_new_and_method(a, b):
    h = HalfSpec(4)
    return h.apply(a), h, type(h).__name__, h._replace(name="h").name


Legacy = collections.namedtuple("Legacy", "a b c")
Legacy.__new__.__defaults__ = (10, 20)


@case()
def n_namedtuple_defaults_set_on_new(a, b):
    one = Legacy(a)
    return one.a + one.b + one.c, Legacy(1, 2).c


class Annotated(Pair):
    def describe(self):
        return f"{self.note}:{len(self)}"


@case()
def n_namedtuple_subclass_instance_dict(a, b):
    p = Annotated(a, b)
    p.note = "made"
    p.extra = a.sum()
    return p.left + p.extra, p.describe(), p, p.note


@case()
def n_namedtuple_plain_setattr_raises(a, b):
    p = Pair(a, b)
    try:
        p.note = 1
    except AttributeError:
        return a + 1
    return a


@case()
def n_namedtuple_field_assignment_raises(a, b):
    p = Annotated(a, b)
    try:
        p.left = b
    except AttributeError:
        return b + 1
    return b


def _annotated_argument():
    p = Annotated(torch.ones(3), torch.full((3,), 2.0))
    p.note = "given"
    return (p,)


@case(_annotated_argument)
def n_namedtuple_argument_dict_read_and_written(p):
    p.seen = p.note + "!"
    p.count = 2
    return p.left * p.count + p.right, p.seen, hasattr(p, "missing")


GIVEN = _annotated_argument()[0]


@case()
def n_namedtuple_global_instance_dict_read(a, b):
    return a * len(GIVEN.note), GIVEN.describe(), getattr(GIVEN, "absent", None)


@case()
def n_namedtuple_make_on_subclass_skips_new(a, b):
    d = Doubled._make([a, 1])
    return d.left, d.right, type(d).__name__


@case()
def n_namedtuple_replace_unknown_field_raises(a, b):
    try:
        Pair(a, b)._replace(middle=1)
    except ValueError:
        return a - 2
    return a
