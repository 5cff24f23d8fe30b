"""Held-out-style cases written from real code's idioms, second part: decorators, partials,
argument binding, function attributes, recursion, globals, identity, registries, classmethods,
classes made inside the function, operator dunders.
"""

from __future__ import annotations

import dataclasses
import functools

import torch

from tests.dynamo_style.registry import case


def traced(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        return fn(*args, **kwargs)

    wrapper.calls = 0
    return wrapper


@traced
def _scaled_sum(x, y, *, alpha=1.0):
    """Scaled sum."""
    return x + alpha * y


@case()
def wraps_decorator_metadata_and_counter(a, b):
    y = _scaled_sum(a, b, alpha=2.0)
    return (y, _scaled_sum.__name__, _scaled_sum.__doc__, _scaled_sum.__wrapped__(a, b),
            _scaled_sum.calls > 0)


def repeat(times):
    def deco(fn):
        def inner(x):
            for _ in range(times):
                x = fn(x)
            return x
        return inner
    return deco


@case()
def decorator_with_arguments_inside(a, b):
    @repeat(3)
    def step(x):
        return x * 2 - 1

    @repeat(times=0)
    def noop(x):
        return x + 100

    return step(a), noop(b)


def _affine(x, w, b=0.0, *, act=None):
    y = x * w + b
    return act(y) if act else y


@case()
def partial_of_user_function_nested(a, b):
    p = functools.partial(_affine, w=2.0)
    q = functools.partial(p, act=torch.tanh)
    r = functools.partial(_affine, a, 3.0)
    return p(a), q(b, b=1.0), r(act=torch.relu), q.func is _affine, sorted(q.keywords)


def _binder(a, b=2, *args, c, d=4, **kw):
    return a, b, args, c, d, sorted(kw.items())


@case()
def argument_binding_all_kinds(a, b):
    r1 = _binder(1, c=3)
    r2 = _binder(1, 5, 6, 7, c=8, e=9)
    r3 = _binder(*[1, 2, 3], **{"c": 0, "d": 1, "z": 2})
    try:
        _binder(1)
        missing = False
    except TypeError:
        missing = True
    return a * r2[3], r1, r2, r3, missing


def _with_defaults(x, scale=2, shift=(1,)):
    return x * scale + shift[0]


@case()
def function_dunder_attributes(a, b):
    f = _with_defaults
    code = f.__code__
    return (f(a), f.__defaults__, f.__name__, f.__qualname__, code.co_argcount,
            code.co_varnames[:3], f.__kwdefaults__, f.__module__ == __name__)


@case()
def function_attribute_dict(a, b):
    def helper(x):
        return x * helper.factor

    helper.factor = 3
    helper.tags = ["fast"]
    return helper(a), helper.tags, hasattr(helper, "tags"), getattr(helper, "missing", None)


def _fact(n):
    return 1 if n <= 1 else n * _fact(n - 1)


def _fib_memo(n, memo=None):
    memo = {} if memo is None else memo
    if n < 2:
        return n
    if n not in memo:
        memo[n] = _fib_memo(n - 1, memo) + _fib_memo(n - 2, memo)
    return memo[n]


@case()
def recursion_factorial_and_memo(a, b):
    def depth(t, d=0):
        return d if not isinstance(t, list) else max(depth(c, d + 1) for c in t)

    return a * _fact(5) + _fib_memo(10), depth([[1, [2]], 3])


_STATE = {"count": 0}
_TOTAL = 0


@case()
def global_writes_and_global_dict(a, b):
    global _TOTAL
    before, count_before = _TOTAL, _STATE["count"]
    _TOTAL += 1
    _STATE["count"] += 2
    return a * (_TOTAL - before), _STATE["count"] - count_before, sorted(_STATE)


@case()
def type_checks_and_class_identity(a, b):
    class A:
        pass

    class B(A):
        pass

    x = B()
    return (a, type(x) is B, x.__class__ is B, isinstance(x, (int, A)), issubclass(B, (A, str)),
            type(x).__mro__[1] is A, B.__bases__ == (A,), type(B) is type)


@case()
def vars_getattr_setattr_roundtrip(a, b):
    class Obj:
        kind = "c"

    o = Obj()
    for name, val in [("alpha", 1), ("beta", 2)]:
        setattr(o, name, val)
    o.gamma = a
    snap = {k: v for k, v in vars(o).items() if not isinstance(v, torch.Tensor)}
    delattr(o, "alpha")
    return (o.gamma * o.beta, snap, hasattr(o, "alpha"), getattr(o, "kind"),  # noqa: B009
            sorted(k for k in vars(o)))


@case()
def objects_as_dict_keys_default_hash(a, b):
    class Key:
        def __init__(self, n):
            self.n = n

    k1, k2 = Key(1), Key(1)
    d = {k1: a, k2: b}
    d[k1] = d[k1] * 2
    return len(d), d[k1], d[k2], k1 in d, Key(1) in d


class Registry:
    _items = {}

    @classmethod
    def register(cls, name):
        def deco(fn):
            cls._items[name] = fn
            return fn
        return deco

    @classmethod
    def build(cls, name, *args):
        return cls._items[name](*args)

    @staticmethod
    def names():
        return sorted(Registry._items)


@Registry.register("double")
def _double(x):
    return x * 2


@Registry.register("neg")
def _neg(x):
    return -x


@case()
def classmethod_registry_build(a, b):
    return Registry.build("double", a) + Registry.build("neg", b), Registry.names()


class Parent:
    factor = 2

    @classmethod
    def create(cls, v):
        return cls(v * cls.factor)

    def __init__(self, v):
        self.v = v


class Child(Parent):
    factor = 5


@case()
def classmethod_on_subclass_alt_ctor(a, b):
    c = Child.create(2)
    p = Parent.create(2)
    return a * c.v + p.v, type(c).__name__, type(p).__name__


@case()
def class_defined_inside_with_closure_and_classattr(a, b):
    base = 3.0

    class Scaler:
        factor = base * 2

        def __init__(self, extra):
            self.extra = extra

        def apply(self, x):
            return x * self.factor + self.extra + base

    s = Scaler(1.0)
    Scaler.factor = 10
    return s.apply(a), Scaler.factor, s.__class__.__name__


@case()
def instance_attribute_shadows_method(a, b):
    class M:
        def act(self):
            return "method"

    m = M()
    before = m.act()
    m.act = lambda: "instance"
    after = m.act()
    del m.act
    return a, before, after, m.act()


@case()
def bound_method_attributes(a, b):
    class K:
        def __init__(self, s):
            self.s = s

        def mul(self, x):
            return x * self.s

    k = K(2)
    m = k.mul
    return (m(a), m.__self__ is k, m.__func__ is K.mul, m.__name__, K.mul(k, b),
            type(m).__name__)


@case()
def dunder_arith_and_reflected(a, b):
    class Scalar:
        def __init__(self, v):
            self.v = v

        def __add__(self, o):
            return Scalar(self.v + (o.v if isinstance(o, Scalar) else o))

        __radd__ = __add__

        def __mul__(self, o):
            return Scalar(self.v * o)

        def __rmul__(self, o):
            return Scalar(o * self.v)

        def __neg__(self):
            return Scalar(-self.v)

        def __iadd__(self, o):
            self.v += o
            return self

    s = Scalar(2)
    t = 1 + s + Scalar(3)
    u = 3 * (-t)
    s += 10
    total = sum([Scalar(1), Scalar(2)], Scalar(0))
    return a * u.v, s.v, total.v


@case()
def dataclass_order_and_sort(a, b):
    @dataclasses.dataclass(order=True)
    class Item:
        priority: int
        name: str = dataclasses.field(compare=False)

    items = [Item(3, "c"), Item(1, "a"), Item(2, "b")]
    items.sort()
    return a * items[0].priority, [i.name for i in items], Item(1, "x") == Item(1, "y")


@case()
def lambda_in_dict_dispatch(a, b):
    ops = {
        "add": lambda x, y: x + y,
        "mul": lambda x, y: x * y,
        "pow": lambda x, y=2: x ** y,
    }
    return {k: f(a, b) if k != "pow" else f(a) for k, f in ops.items()}, ops["add"].__name__


@case()
def keyword_only_and_positional_only(a, b):
    def f(x, /, y, *, z=1):
        return x + y * z

    try:
        f(x=a, y=b)
        ok = True
    except TypeError:
        ok = False
    return f(a, b), f(a, y=b, z=3), ok


@case()
def getattr_default_on_missing_and_class(a, b):
    class Cfg:
        layers = 2

    c = Cfg()
    return (a * getattr(c, "layers", 0), getattr(c, "heads", 8), getattr(Cfg, "layers"),  # noqa: B009
            hasattr(Cfg, "heads"), c.__dict__)
