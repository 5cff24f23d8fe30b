"""Multi-call probes for user classes and function objects, third part: objects and functions
made in the compiled code that leave it (closures sharing cells, functions with attributes,
objects stored into inputs and globals) and are used by later calls.
"""

from __future__ import annotations

import dataclasses
import typing

import torch

import compiler
from tests.differential import assert_same, compiler_test_config  # noqa: F401

X = torch.arange(6.0).reshape(2, 3)


def _both(fn):
    return fn, compiler.compile(fn, fullgraph=True)


def test_returned_closures_share_a_live_cell():
    def make(x):
        total = 1

        def get():
            return total

        def put(v):
            nonlocal total
            total = v

        return x * total, get, put

    eager, compiled = _both(make)
    ey, eget, eput = eager(X)
    cy, cget, cput = compiled(X)
    assert_same(cy, ey)
    eput(5)
    cput(5)
    assert cget() == eget() == 5


def test_returned_function_with_attributes():
    def make(x):
        def helper(y):
            return y * 3

        helper.scale = 3
        helper.tags = ["a"]
        return helper(x) * helper.scale, helper

    eager, compiled = _both(make)
    ey, eh = eager(X)
    cy, ch = compiled(X)
    assert_same(cy, ey)
    assert (ch.scale, ch.tags, ch.__name__) == (eh.scale, eh.tags, eh.__name__)
    assert_same(ch(X), eh(X))


class Node:
    def __init__(self, v):
        self.v = v
        self.children = []


def test_object_made_then_stored_in_input_list_and_mutated():
    def fn(x, out):
        n = Node(1)
        out.append(n)
        n.v = 2
        n.children.append(Node(3))
        return x * n.v

    eager, compiled = _both(fn)
    e_out, c_out = [], []
    for _ in range(2):
        assert_same(compiled(X, c_out), eager(X, e_out))
    assert [(n.v, [c.v for c in n.children]) for n in c_out] == [
        (n.v, [c.v for c in n.children]) for n in e_out]


CACHE: dict = {}


def test_object_cached_in_global_then_reused():
    def fn(x):
        if "node" not in CACHE:
            CACHE["node"] = Node(2)
        node = CACHE["node"]
        node.v += 1
        return x * node.v

    compiled = compiler.compile(fn, fullgraph=True)
    expected = []
    CACHE.clear()
    for _ in range(3):
        expected.append(fn(X))
    CACHE.clear()
    got = [compiled(X) for _ in range(3)]
    assert_same(got, expected)


def test_same_object_reached_two_ways():
    def fn(x, o, items):
        o.v = o.v + 1
        return x * items[0].v, items[0] is o

    eager, compiled = _both(fn)
    for shared in (True, False, True):
        eo, co = Node(1), Node(1)
        e_items = [eo if shared else Node(1)]
        c_items = [co if shared else Node(1)]
        assert_same(compiled(X, co, c_items), eager(X, eo, e_items))
        assert (co.v, c_items[0].v) == (eo.v, e_items[0].v)


def test_setattr_hook_on_input_replayed_once():
    class Recorder:
        def __init__(self):
            object.__setattr__(self, "log", [])

        def __setattr__(self, name, value):
            self.log.append(name)
            object.__setattr__(self, name, value)

    def fn(x, r):
        r.a = 1
        r.b = x.sum()
        return x + r.a

    eager, compiled = _both(fn)
    er, cr = Recorder(), Recorder()
    assert_same(compiled(X, cr), eager(X, er))
    assert cr.log == er.log
    assert_same((cr.a, cr.b), (er.a, er.b))


def test_tensor_attribute_mutated_in_place():
    class State:
        def __init__(self):
            self.buf = torch.zeros(2, 3)
            self.steps = 0

    def fn(x, s):
        s.buf.add_(x)
        s.steps += 1
        return s.buf * s.steps

    eager, compiled = _both(fn)
    es, cs = State(), State()
    for _ in range(3):
        assert_same(compiled(X, cs), eager(X, es))
    assert_same((cs.buf, cs.steps), (es.buf, es.steps))


class P(typing.NamedTuple):
    a: int
    b: float = 0.5


def test_namedtuple_input_values_vary():
    def fn(x, p):
        return x * p.a + p.b, p._replace(a=p.a + 1)

    eager, compiled = _both(fn)
    for p in (P(1), P(2), P(2, 1.5), P(-1, 0.0)):
        assert_same(compiled(X, p), eager(X, p))


@dataclasses.dataclass
class D:
    a: int
    b: list = dataclasses.field(default_factory=list)


def test_dataclass_eq_and_asdict_between_inputs():
    def fn(x, d1, d2):
        d1.b.append(d2.a)
        return x * (d1 == d2), dataclasses.asdict(d1), d1 == D(d1.a, list(d1.b))

    eager, compiled = _both(fn)
    for pair in ((1, 1), (1, 2), (3, 3)):
        e = (D(pair[0]), D(pair[1]))
        c = (D(pair[0]), D(pair[1]))
        assert_same(compiled(X, *c), eager(X, *e))
        assert c == e


def test_attribute_deleted_in_trace_then_hasattr():
    class Obj:
        pass

    def fn(x, o):
        had = hasattr(o, "tmp")
        if had:
            del o.tmp
        return x + had, hasattr(o, "tmp")

    eager, compiled = _both(fn)
    for present in (True, False, True):
        eo, co = Obj(), Obj()
        if present:
            eo.tmp = co.tmp = 1
        assert_same(compiled(X, co), eager(X, eo))
        assert vars(co) == vars(eo)


def test_method_object_stored_and_called_later():
    class Counter:
        def __init__(self):
            self.n = 0

        def inc(self):
            self.n += 1
            return self.n

    def fn(x, c, hooks):
        hooks.append(c.inc)
        return x * c.inc()

    eager, compiled = _both(fn)
    ec, cc, eh, ch = Counter(), Counter(), [], []
    assert_same(compiled(X, cc, ch), eager(X, ec, eh))
    assert [h() for h in ch] == [h() for h in eh]
    assert cc.n == ec.n


def test_function_assigned_to_class_in_trace_binds_to_instances():
    def make():
        class Greeter:
            def greet(self, x):
                return x + 1

        return Greeter

    def fn(x, cls, obj):
        cls.greet = lambda self, t: t * 10
        return obj.greet(x), cls.greet(obj, x)

    eager, compiled = _both(fn)
    for _ in range(2):
        e_cls, c_cls = make(), make()
        assert_same(compiled(X, c_cls, c_cls()), eager(X, e_cls, e_cls()))


def test_simple_namespace_input_changes_between_calls():
    import types

    ns = types.SimpleNamespace(scale=2, tags=["a"])

    def fn(x, cfg):
        return x * cfg.scale + len(cfg.tags), getattr(cfg, "shift", 0), cfg.__dict__.get("extra")

    compiled = compiler.compile(fn, fullgraph=True)
    for change in (None, lambda: setattr(ns, "scale", 5), lambda: ns.tags.append("b"),
                   lambda: setattr(ns, "shift", 1), lambda: setattr(ns, "extra", 3)):
        if change is not None:
            change()
        assert_same(compiled(X, ns), fn(X, ns))
