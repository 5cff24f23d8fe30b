"""Multi-call probes for objects the compiled code constructs: a class that caches its
instances in `__new__` (state carried from call to call), a counter a `__new__` keeps on its
class, a `__new__` replaced between calls, a named tuple's defaults changed, an argument named
tuple whose instance dict changes, and a container built from a global list of modules that
grows. Each call is compared with eager (tests/dynamo_style/calls_support.py)."""

from __future__ import annotations

import collections
import typing

import torch

from tests.dynamo_style.calls_support import run_calls
from tests.dynamo_style.calls_support import sample as _x


class Single:
    _inst = None

    def __new__(cls, scale):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
            cls._inst.calls = 0
        return cls._inst

    def __init__(self, scale):
        self.calls += 1
        self.scale = scale


def _reset_single():
    Single._inst = None


def use_singleton(x, s):
    a = Single(s)
    b = Single(s + 1)
    return x * a.scale + a.calls, a is b


def test_singleton_made_on_first_call_then_reused():
    calls = [(None, (_x(), 2)), (None, (_x(1), 2)), (None, (_x(2), 3)),
             (_reset_single, (_x(3), 2)), (None, (_x(4), 2))]
    stats = run_calls(use_singleton, calls, fullgraph=True, reset_state=_reset_single)
    assert stats.compiles <= 4


class Interned:
    table: dict = {}

    def __new__(cls, key):
        found = cls.table.get(key)
        if found is None:
            found = cls.table[key] = super().__new__(cls)
            found.key = key
            found.uses = 0
        found.uses += 1
        return found


def _reset_interned():
    Interned.table = {}


def intern_two(x, k1, k2):
    a, b = Interned(k1), Interned(k2)
    return x + a.uses * 10 + b.uses, a is b, sorted(Interned.table)


def test_interning_cache_grows_across_calls():
    calls = [(None, (_x(), "a", "b")), (None, (_x(1), "a", "a")), (None, (_x(2), "c", "b")),
             (None, (_x(3), "a", "b"))]
    run_calls(intern_two, calls, fullgraph=True, reset_state=_reset_interned)


class Tally:
    made = 0

    def __new__(cls, *args):
        cls.made += 1
        return super().__new__(cls)

    def __init__(self, v):
        self.v = v


def _reset_tally():
    Tally.made = 0


def make_tallies(x, n):
    items = [Tally(i) for i in range(n)]
    return x * Tally.made + sum(t.v for t in items)


def test_counter_on_class_incremented_by_new():
    calls = [(None, (_x(), 2)), (None, (_x(1), 2)), (None, (_x(2), 3))]
    run_calls(make_tallies, calls, fullgraph=True, reset_state=_reset_tally)


class Swappable:
    def __new__(cls, v):
        inst = super().__new__(cls)
        inst.v = v
        return inst


_ORIGINAL_NEW = Swappable.__new__


def _tripled(cls, v):
    inst = object.__new__(cls)
    inst.v = v * 3
    return inst


def _swap_new():
    Swappable.__new__ = staticmethod(_tripled)


def _restore_new():
    Swappable.__new__ = staticmethod(_ORIGINAL_NEW)


def use_swappable(x):
    return x * Swappable(2).v


def test_new_replaced_between_calls_recompiles():
    calls = [(None, (_x(),)), (_swap_new, (_x(1),)), (_restore_new, (_x(2),)),
             (None, (_x(3),))]
    run_calls(use_swappable, calls, fullgraph=True, reset_state=_restore_new)


Triple = collections.namedtuple("Triple", "a b c")
Triple.__new__.__defaults__ = (1, 2)


def _defaults(values):
    def change():
        Triple.__new__.__defaults__ = values
    return change


def use_triple(x):
    t = Triple(x)
    return t.a * t.b + t.c


def test_namedtuple_defaults_changed_between_calls():
    calls = [(None, (_x(),)), (_defaults((5, 6)), (_x(1),)), (None, (_x(2),)),
             (_defaults((1, 2)), (_x(3),))]
    run_calls(use_triple, calls, fullgraph=True, reset_state=_defaults((1, 2)))


class Tagged(collections.namedtuple("Tagged", "value weight")):
    def describe(self):
        return getattr(self, "label", "none")


def _tagged(label=None):
    t = Tagged(torch.ones(3), 2.0)
    if label is not None:
        t.label = label
    return t


def read_tagged(t):
    t.seen = getattr(t, "seen", 0) + 1
    return t.value * t.weight, t.describe(), t.seen


def test_namedtuple_argument_instance_dict_changes():
    shared = _tagged("x")
    calls = [(None, (_tagged(),)), (None, (_tagged("a"),)), (None, (shared,)),
             (None, (_tagged("b"),))]
    run_calls(read_tagged, calls, fullgraph=True)


LAYERS = [torch.nn.Linear(3, 3)]


def _grow():
    torch.manual_seed(1)
    LAYERS.append(torch.nn.Linear(3, 3))


def _reset_layers():
    del LAYERS[1:]


def through_layers(x):
    seq = torch.nn.Sequential(*LAYERS, torch.nn.Tanh())
    return seq(x[:, :3]), len(seq)


def test_container_of_a_growing_global_module_list():
    calls = [(None, (_x(),)), (_grow, (_x(1),)), (None, (_x(2),))]
    run_calls(through_layers, calls, fullgraph=True, reset_state=_reset_layers)


class Counting(type):
    made: typing.ClassVar[dict] = {}

    def __call__(cls, *args, **kwargs):
        inst = super().__call__(*args, **kwargs)
        Counting.made[cls.__name__] = Counting.made.get(cls.__name__, 0) + 1
        return inst


class Part(metaclass=Counting):
    def __new__(cls, w):
        inst = super().__new__(cls)
        inst.w = w
        return inst


def _reset_counting():
    Counting.made = {}


def make_parts(x, n):
    parts = [Part(i) for i in range(n)]
    return x * sum(p.w for p in parts) + Counting.made["Part"]


def test_metaclass_call_counting_instances_across_calls():
    calls = [(None, (_x(), 2)), (None, (_x(1), 2)), (None, (_x(2), 3)),
             (_reset_counting, (_x(3), 1))]
    run_calls(make_parts, calls, fullgraph=True, reset_state=_reset_counting)
