"""Multi-call probes for user classes and function objects, second part (see
test_heldout_d_calls.py): each call agrees with eager while state changes between calls.
"""

from __future__ import annotations

import dataclasses
import functools

import torch

import compiler
from tests.differential import assert_same, compiler_test_config  # noqa: F401
from tests.dynamo_style.calls_support import agree as _agree

X = torch.arange(6.0).reshape(2, 3)
GLOBAL_LIST = [1, 2]
GLOBAL_SCALE = 2


class Config:
    factor = 2

    def __init__(self, scale):
        self.scale = scale


def test_instance_dict_replaced_and_hasattr():
    class Bag:
        pass

    b = Bag()
    b.k = 2

    def fn(x):
        return x * (b.k if hasattr(b, "k") else -1), hasattr(b, "j")

    def replace():
        b.__dict__ = {"k": 5, "j": 0}

    def drop():
        b.__dict__ = {}

    _agree(fn, lambda: (X,), [replace, drop])


def test_function_attribute_read_changes():
    def helper(x):
        return x * helper.factor

    helper.factor = 2

    def fn(x):
        return helper(x), getattr(helper, "extra", 0)

    def change():
        helper.factor = 3

    def add():
        helper.extra = 1

    _agree(fn, lambda: (X,), [change, add])


def test_compiled_bound_method_object_changes():
    class Net:
        def __init__(self):
            self.w = 2

        def forward(self, x):
            return x * self.w

    net = Net()
    compiled = compiler.compile(net.forward, fullgraph=True)
    assert_same(compiled(X), net.forward(X))
    net.w = 7
    assert_same(compiled(X), net.forward(X))


def test_default_object_attribute_changes():
    opts = Config(2)

    def fn(x, o=opts):
        return x * o.scale

    def change():
        opts.scale = 6

    _agree(fn, lambda: (X,), [change])


def test_abc_register_between_calls():
    import abc

    class Proto(abc.ABC):  # noqa: B024 - registration alone makes instances
        pass

    class Impl:
        pass

    obj = Impl()

    def fn(x):
        return x + (1 if isinstance(obj, Proto) else 0)

    def register():
        Proto.register(Impl)

    _agree(fn, lambda: (X,), [register])


def test_base_class_method_replaced_super_call():
    class A:
        def f(self, x):
            return x + 1

    class B(A):
        def f(self, x):
            return super().f(x) * 2

    b = B()

    def fn(x):
        return b.f(x)

    def replace():
        A.f = lambda self, x: x - 10

    _agree(fn, lambda: (X,), [replace])


def test_eq_state_changes_membership():
    class Tag:
        def __init__(self, n):
            self.n = n

        def __eq__(self, other):
            return self.n == other.n

    tags = [Tag(1), Tag(2)]
    probe = Tag(2)

    def fn(x):
        return x + (1 if probe in tags else 0), tags.index(probe) if probe in tags else -1

    def change():
        probe.n = 5

    def change_list():
        tags[0].n = 5

    _agree(fn, lambda: (X,), [change, change_list])


def test_descriptor_state_changes():
    class Scaled:
        def __init__(self, k):
            self.k = k

        def __get__(self, obj, cls):
            return self.k if obj is None else obj.base * self.k

    class Holder:
        val = Scaled(2)

        def __init__(self):
            self.base = 3

    h = Holder()

    def fn(x):
        return x * h.val

    def change():
        Holder.__dict__["val"].k = 10

    _agree(fn, lambda: (X,), [change])


def test_cached_property_first_then_cached():
    class C:
        def __init__(self):
            self.n = 2

        @functools.cached_property
        def doubled(self):
            return self.n * 2

    def run():
        c = C()
        compiled = compiler.compile(lambda x, o: x * o.doubled, fullgraph=True)
        out = [compiled(X, c)]
        c.n = 100
        out.append(compiled(X, c))
        del c.doubled
        out.append(compiled(X, c))
        return out

    eager_c = C()
    expected = [X * eager_c.doubled]
    eager_c.n = 100
    expected.append(X * eager_c.doubled)
    del eager_c.doubled
    expected.append(X * eager_c.doubled)
    assert_same(run(), expected)


def test_mutable_default_accumulates():
    def make():
        def fn(x, acc=[]):  # noqa: B006 - the shared default is what is probed
            acc.append(len(acc))
            return x * len(acc), list(acc)
        return fn

    eager, traced = make(), make()
    compiled = compiler.compile(traced, fullgraph=True)
    for _ in range(3):
        assert_same(compiled(X), eager(X))


def test_nonlocal_and_global_writes_replayed_each_call():
    def make():
        total = 0

        def fn(x):
            nonlocal total
            total += 1
            return x * total

        return fn, lambda: total

    eager, eager_total = make()
    traced, traced_total = make()
    compiled = compiler.compile(traced, fullgraph=True)
    for _ in range(3):
        assert_same(compiled(X), eager(X))
    assert traced_total() == eager_total() == 3


def test_kwargs_keys_vary():
    def fn(x, **kw):
        return x * sum(kw.values()), sorted(kw)

    compiled = compiler.compile(fn, fullgraph=True)
    for kw in ({"a": 1}, {"a": 1, "b": 2}, {"b": 3}, {"a": 1}):
        assert_same(compiled(X, **kw), fn(X, **kw))


def test_getattr_name_varies():
    c = Config(3)

    def fn(x, name):
        return x * getattr(c, name)

    state = ["scale"]

    def other():
        state[0] = "factor"

    _agree(fn, lambda: (X, state[0]), [other])


def test_id_keyed_cache():
    class Thing:
        pass

    things = [Thing(), Thing()]
    cache = {id(things[0]): 1.0, id(things[1]): 2.0}

    def fn(x, t):
        return x * cache[id(t)]

    state = [things[0]]

    def other():
        state[0] = things[1]

    _agree(fn, lambda: (X, state[0]), [other], fullgraph=False)


def test_instance_method_override_on_instance():
    class W:
        def act(self, x):
            return x + 1

    w = W()

    def fn(x):
        return w.act(x)

    def override():
        w.act = lambda x: x * 100

    def restore():
        del w.act

    _agree(fn, lambda: (X,), [override, restore])


def test_metaclass_attribute_changes():
    class Meta(type):
        level = 1

    class K(metaclass=Meta):
        pass

    def fn(x):
        return x * K.level

    def change():
        Meta.level = 4

    def shadow():
        K.level = 9

    _agree(fn, lambda: (X,), [change, shadow])


def test_dataclass_instance_field_added_and_replaced():
    @dataclasses.dataclass
    class D:
        a: int = 1

    d = D()

    def fn(x):
        return x * d.a, dataclasses.astuple(d), dataclasses.asdict(d)

    def change():
        d.a = 3

    _agree(fn, lambda: (X,), [change])


def test_class_made_inside_reads_global():
    def fn(x):
        class Local:
            k = GLOBAL_SCALE

            def get(self):
                return self.k + len(GLOBAL_LIST)

        return x * Local().get()

    def grow():
        GLOBAL_LIST.append(3)

    def rescale():
        global GLOBAL_SCALE
        GLOBAL_SCALE = 10

    try:
        _agree(fn, lambda: (X,), [grow, rescale])
    finally:
        GLOBAL_LIST[:] = [1, 2]
        globals()["GLOBAL_SCALE"] = 2


def test_wrapped_function_swapped():
    def base(x):
        return x + 1

    @functools.wraps(base)
    def wrapper(x):
        return wrapper.__wrapped__(x) * 2

    def fn(x):
        return wrapper(x)

    def swap():
        wrapper.__wrapped__ = lambda x: x - 5

    _agree(fn, lambda: (X,), [swap])


def test_instance_dict_items_of_input_object():
    class Cfg:
        def __init__(self):
            self.a = 1
            self.b = 2

    def fn(x, c):
        c.z = 5
        c.a = 3
        return x * sum(c.__dict__.values()), list(c.__dict__), dict(c.__dict__)

    compiled = compiler.compile(fn, fullgraph=True)
    for extra in (None, "c", None):
        mine, theirs = Cfg(), Cfg()
        if extra:
            setattr(mine, extra, 7)
            setattr(theirs, extra, 7)
        assert_same(compiled(X, mine), fn(X, theirs))
        assert vars(mine) == vars(theirs) and list(vars(mine)) == list(vars(theirs))


def test_existing_function_attribute_written_and_read_through_method():
    class Counter:
        def tick(self, x):
            return x

    Counter.tick.hits = 0

    def make(cls):
        def fn(x):
            cls.tick.hits += 1
            obj = cls()
            return obj.tick(x) * obj.tick.hits, getattr(cls.tick, "hits")  # noqa: B009
        return fn

    compiled = compiler.compile(make(Counter), fullgraph=True)
    out = [compiled(X) for _ in range(3)]
    assert Counter.tick.hits == 3
    assert_same(out[2], (X * 3, 3))


def test_metaclass_call_singleton_across_calls():
    def make():
        class Singleton(type):
            instances = {}

            def __call__(cls, *args, **kwargs):
                if cls not in Singleton.instances:
                    Singleton.instances[cls] = super().__call__(*args, **kwargs)
                return Singleton.instances[cls]

        class Service(metaclass=Singleton):
            def __init__(self, k):
                self.k = k

        def fn(x, k):
            s = Service(k)
            return x * s.k, s is Service(k + 1), len(Singleton.instances)

        return fn

    eager, traced = make(), make()
    compiled = compiler.compile(traced, fullgraph=True)
    for k in (2, 3, 4):
        assert_same(compiled(X, k), eager(X, k))


def test_metaclass_attribute_and_property_read_through_class():
    class Meta(type):
        scale = 2

        @property
        def tag(cls):
            return cls.__name__ + str(cls.scale)

        def twice(cls, x):
            return x * cls.scale * 2

    class K(metaclass=Meta):
        pass

    def fn(x):
        return K.twice(x), K.tag, K.scale

    def change():
        Meta.scale = 5

    def shadow():
        K.scale = 7

    stats = _agree(fn, lambda: (X,), [change, shadow])
    assert stats.graphs == stats.compiles


class _Slotted:
    __slots__ = ("x", "y")

    def __init__(self, x):
        self.x = x
        self.y = 2


class _SlottedWithDict(_Slotted):
    pass


def test_slotted_objects_made_in_trace_leave_the_frame():
    def fn(a):
        w = _SlottedWithDict(a)
        w.z = 3
        return _Slotted(a), w, vars(w)

    compiled = compiler.compile(fn, fullgraph=True)
    got, expected = compiled(X), fn(X)
    for made, eager in zip(got[:2], expected[:2]):
        assert type(made) is type(eager)
        assert_same((made.x, made.y), (eager.x, eager.y))
    assert vars(got[1]) == vars(expected[1]) == got[2] == {"z": 3}


class _Marker:
    pass


_DEFAULT_MARKER = _Marker()


def test_input_object_is_module_constant_object():
    def fn(x, o):
        return x + (1 if o is _DEFAULT_MARKER else 0)

    others = [_DEFAULT_MARKER, _Marker(), _DEFAULT_MARKER, _Marker()]
    compiled = compiler.compile(fn, fullgraph=True)
    for o in others:
        assert_same(compiled(X, o), fn(X, o))


def test_class_dict_view_follows_class_changes():
    class Table:
        width = 2

    def fn(x):
        public = {k: v for k, v in Table.__dict__.items() if not k.startswith("_")}
        return x * sum(public.values()), sorted(public), "depth" in Table.__dict__

    def add():
        Table.depth = 3

    def change():
        Table.width = 10

    def remove():
        del Table.depth

    _agree(fn, lambda: (X,), [add, change, remove])
