"""Multi-call probes for user classes and function objects: the compiled function is called
several times while an object's attribute, a class attribute, a closure cell, a default or a
global changes between calls; every call must agree with eager (a stale trace is a wrong
answer), and a change that matters recompiles while a repeat call does not.
"""

from __future__ import annotations

import dataclasses
import enum
import functools

import torch

import compiler
from tests.differential import assert_same, compiler_test_config  # noqa: F401
from tests.dynamo_style.calls_support import agree as _agree

X = torch.arange(6.0).reshape(2, 3)


class Config:
    factor = 2

    def __init__(self, scale):
        self.scale = scale


def test_instance_attribute_changed_between_calls():
    cfg = Config(3)

    def fn(x, c):
        return x * c.scale + c.factor

    def bump():
        cfg.scale = 5

    def shadow():
        cfg.factor = 7

    def unshadow():
        del cfg.factor

    stats = _agree(fn, lambda: (X, cfg), [bump, shadow, unshadow, None])
    assert stats.compiles <= 4


def test_class_attribute_changed_between_calls():
    class Layer:
        gain = 2

        def __init__(self):
            self.bias = 1

        def run(self, x):
            return x * self.gain + self.bias

    obj = Layer()

    def fn(x):
        return obj.run(x), Layer.gain

    def set_gain():
        Layer.gain = 3

    def set_method():
        Layer.run = lambda self, x: x - self.gain

    _agree(fn, lambda: (X,), [None, set_gain, set_method])


def test_input_class_attribute_changed_between_calls():
    class Holder:
        table = {"a": 1}
        items = [1, 2]

    def fn(x, h):
        return x * h.table["a"] + sum(h.items), len(type(h).items)

    h = Holder()

    def write_table():
        Holder.table["a"] = 10

    def append_item():
        Holder.items.append(4)

    def rebind_table():
        Holder.table = {"a": -1}

    _agree(fn, lambda: (X, h), [write_table, append_item, rebind_table])


def test_closure_cell_changed_between_calls():
    scale = 2

    def fn(x):
        return x * scale

    def rebind():
        nonlocal scale
        scale = 5

    def to_float():
        nonlocal scale
        scale = 0.5

    _agree(fn, lambda: (X,), [rebind, to_float, None])


def test_callee_closure_cell_changed_between_calls():
    def make():
        k = [1]

        def helper(x):
            return x + k[0]

        def setk(v):
            k[0] = v

        return helper, setk

    helper, setk = make()

    def make_cell():
        n = 1

        def inner(x):
            return x * n

        def setn(v):
            nonlocal n
            n = v

        return inner, setn

    inner, setn = make_cell()

    def fn(x):
        return helper(x), inner(x)

    _agree(fn, lambda: (X,), [lambda: setk(3), lambda: setn(4), lambda: setn(4.5)])


def _scaled(x, scale=2, *, shift=0):
    return x * scale + shift


def test_function_defaults_changed_between_calls():
    def fn(x):
        return _scaled(x)

    saved = _scaled.__defaults__, _scaled.__kwdefaults__
    try:
        def new_default():
            _scaled.__defaults__ = (7,)

        def new_kwdefault():
            _scaled.__kwdefaults__ = {"shift": 3}

        _agree(fn, lambda: (X,), [new_default, new_kwdefault])
    finally:
        _scaled.__defaults__, _scaled.__kwdefaults__ = saved


def test_own_defaults_changed_between_calls():
    def fn(x, k=2):
        return x * k

    def change():
        fn.__defaults__ = (9,)

    _agree(fn, lambda: (X,), [change])


def _helper_a(x):
    return x + 1


def _helper_b(x):
    return x - 1


def test_function_code_swapped_between_calls():
    def fn(x):
        return _helper_a(x)

    saved = _helper_a.__code__
    try:
        def swap():
            _helper_a.__code__ = _helper_b.__code__

        _agree(fn, lambda: (X,), [swap])
    finally:
        _helper_a.__code__ = saved


GLOBAL_OBJ = Config(1)
GLOBAL_FN = _helper_a
GLOBAL_LIST = [1, 2]


def test_global_object_attribute_and_rebinding():
    def fn(x):
        return GLOBAL_FN(x) * GLOBAL_OBJ.scale + sum(GLOBAL_LIST)

    def attr():
        GLOBAL_OBJ.scale = 4

    def rebind_fn():
        global GLOBAL_FN
        GLOBAL_FN = _helper_b

    def grow():
        GLOBAL_LIST.append(10)

    def replace_obj():
        global GLOBAL_OBJ
        GLOBAL_OBJ = Config(-2)

    try:
        _agree(fn, lambda: (X,), [attr, rebind_fn, grow, replace_obj])
    finally:
        globals().update(GLOBAL_OBJ=Config(1), GLOBAL_FN=_helper_a, GLOBAL_LIST=[1, 2])


def test_property_replaced_on_class():
    class P:
        def __init__(self):
            self._v = 2

        @property
        def v(self):
            return self._v

    p = P()

    def fn(x):
        return x * p.v

    def replace():
        P.v = property(lambda self: self._v * 10)

    def plain():
        P.v = 3

    _agree(fn, lambda: (X,), [replace, plain])


def test_instance_dict_entry_written_through_vars():
    class Plain:
        pass

    o = Plain()
    o.a = 1

    def fn(x):
        return x * o.a, hasattr(o, "b")

    def write():
        vars(o)["a"] = 6

    def add():
        o.b = 1

    _agree(fn, lambda: (X,), [write, add])


def test_dunder_class_reassigned():
    class A:
        def f(self):
            return 1

    class B:
        def f(self):
            return 2

    o = A()

    def fn(x):
        return x * o.f(), isinstance(o, A)

    def swap():
        o.__class__ = B

    _agree(fn, lambda: (X,), [swap])


def test_attribute_type_changes():
    c = Config(2)

    def fn(x):
        return x * c.scale

    def to_float():
        c.scale = 1.5

    def to_tensor():
        c.scale = torch.tensor(3.0)

    def to_other_tensor():
        c.scale = torch.tensor([1.0, 2.0, 3.0])

    _agree(fn, lambda: (X,), [to_float, to_tensor, to_other_tensor])


def test_partial_keywords_and_args_changed():
    p = functools.partial(_scaled, scale=3)

    def fn(x):
        return p(x)

    def kw():
        p.keywords["scale"] = 5

    def shift():
        p.keywords["shift"] = 1

    _agree(fn, lambda: (X,), [kw, shift])


def test_partial_input_varies():
    def fn(x, f):
        return f(x)

    ps = [functools.partial(_scaled, scale=3), functools.partial(_scaled, scale=4),
          functools.partial(_scaled, shift=2), functools.partial(_helper_a)]
    it = iter(ps)
    current = [next(it)]

    def nxt():
        current[0] = next(it)

    _agree(fn, lambda: (X, current[0]), [nxt, nxt, nxt])


class Mode(enum.Enum):
    A = 1
    B = 2


def test_enum_input_varies():
    def fn(x, m):
        if m is Mode.A:
            return x + 1
        return x * m.value

    state = [Mode.A]

    def flip():
        state[0] = Mode.B

    _agree(fn, lambda: (X, state[0]), [flip])


@dataclasses.dataclass(frozen=True)
class Frozen:
    k: int = 2


def test_frozen_dataclass_fields_vary():
    def fn(x, f):
        return x * f.k

    state = [Frozen(2)]

    def new():
        state[0] = Frozen(3)

    def forced():
        object.__setattr__(state[0], "k", 8)

    _agree(fn, lambda: (X, state[0]), [new, forced])


def test_same_object_twice_vs_two_objects():
    def fn(x, a, b):
        a.scale = a.scale + 1
        return x * b.scale, a is b

    one = Config(1)
    pairs = [(one, one), (Config(1), Config(1))]
    compiled = compiler.compile(fn, fullgraph=True)
    for a, b in pairs:
        ea, eb = (Config(1),) * 2 if a is b else (Config(1), Config(1))
        assert_same(compiled(X, a, b), fn(X, ea, eb))
        assert (a.scale, b.scale) == (ea.scale, eb.scale)


def test_function_attribute_counter_replayed():
    def counted(x):
        counted.calls = getattr(counted, "calls", 0) + 1
        return x * counted.calls

    def fn(x):
        return counted(x)

    compiled = compiler.compile(fn)
    out = [compiled(X) for _ in range(3)]
    assert counted.calls == 3
    assert_same(out[2], X * 3)


def test_method_added_to_class_after_first_call():
    class Base:
        def act(self):
            return 1

    class Sub(Base):
        pass

    s = Sub()

    def fn(x):
        return x * s.act()

    def override():
        Sub.act = lambda self: 5

    def getattr_hook():
        Sub.__getattr__ = lambda self, name: 3

    def fn2(x):
        return x * getattr(s, "missing", 2)

    _agree(fn, lambda: (X,), [override])
    _agree(fn2, lambda: (X,), [getattr_hook])


def test_class_bases_mutated():
    class A:
        v = 1

    class B:
        v = 2

    class C(A):
        pass

    c = C()

    def fn(x):
        return x * c.v

    def rebase():
        C.__bases__ = (B,)

    _agree(fn, lambda: (X,), [rebase])


def test_global_class_replaced_and_instances_made_inside():
    def fn(x):
        obj = Config(2)
        return x * obj.scale * obj.factor

    def factor():
        Config.factor = 4

    try:
        _agree(fn, lambda: (X,), [factor])
    finally:
        Config.factor = 2


def test_slots_value_changes():
    class S:
        __slots__ = ("a",)

        def __init__(self):
            self.a = 1

    s = S()

    def fn(x):
        return x * s.a

    def change():
        s.a = 3

    def remove():
        del s.a

    compiled = compiler.compile(fn, fullgraph=True)
    assert_same(compiled(X), fn(X))
    change()
    assert_same(compiled(X), fn(X))
    remove()
    try:
        fn(X)
    except AttributeError:
        pass
    try:
        compiled(X)
        raise AssertionError("expected AttributeError")
    except AttributeError:
        pass


def test_decorated_helper_closure_changed():
    def deco(factor):
        def wrap(f):
            @functools.wraps(f)
            def inner(x):
                return f(x) * factor
            return inner
        return wrap

    fns = {"f": deco(2)(_helper_a)}

    def fn(x):
        return fns["f"](x)

    def redeco():
        fns["f"] = deco(3)(_helper_a)

    _agree(fn, lambda: (X,), [redeco])


def test_getattr_hook_reads_changing_state():
    class Lazy:
        def __init__(self):
            self.store = {"w": 1}

        def __getattr__(self, name):
            try:
                return self.store[name]
            except KeyError:
                raise AttributeError(name) from None

    o = Lazy()

    def fn(x):
        return x * o.w

    def change():
        o.store["w"] = 4

    def shadow():
        o.w = 9

    _agree(fn, lambda: (X,), [change, shadow])


def test_classmethod_reads_subclass_attribute():
    class A:
        k = 1

        @classmethod
        def get(cls):
            return cls.k

    class B(A):
        pass

    def fn(x, cls):
        return x * cls.get()

    state = [A]

    def sub():
        state[0] = B

    def set_b():
        B.k = 5

    def set_a():
        A.k = 3

    _agree(fn, lambda: (X, state[0]), [sub, set_b, set_a])
