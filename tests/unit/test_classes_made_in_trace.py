"""Classes made inside compiled code (a `class` statement, `collections.namedtuple`, a
dataclass, an Enum): eager makes a new class on every call, so a class object made once at trace
time must never reach a later call. Each function runs three times eagerly and three times
compiled; the identity relations between the calls' results, their values and the state the
class bodies touch must be eager's.
"""

from __future__ import annotations

import collections
import dataclasses
import enum

import pytest
import torch

import compiler
from tests.differential import compiler_test_config  # noqa: F401 - autouse fixture

REGISTRY: list = []


def namedtuple_returned(x):
    Row = collections.namedtuple("Row", "x y")
    return Row(x, x + 1)


def namedtuple_class_returned(x):
    Row = collections.namedtuple("Row", "x y")
    return Row, x + 1


def instance_returned(x):
    class Local:
        def __init__(self, t):
            self.t = t

    return Local(x + 1)


def class_returned(x):
    class Local:
        pass

    return Local, x * 2


def dataclass_instance_returned(x):
    @dataclasses.dataclass
    class Pt:
        a: int

    return Pt(1), x


def enum_member_returned(x):
    class Color(enum.Enum):
        RED = 1

    return Color.RED, x


def method_returned(x):
    class Local:
        def get(self):
            return 1

    return Local.get, x - 1


def class_list_returned(x):
    class Local:
        items = []

    Local.items.append(1)
    return Local.items, x


def class_stored_in_input(x, box):
    class Local:
        pass

    box["cls"] = Local
    return x + 1


def module_returned(x):
    m = torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Softmax(dim=0))
    return m, m(x)


ESCAPES = [module_returned, namedtuple_returned, namedtuple_class_returned, instance_returned,
           class_returned, dataclass_instance_returned, enum_member_returned, method_returned,
           class_list_returned, class_stored_in_input]


def _made_object(fn, result, box):
    """The object made from the function's class: the one whose identity is compared."""
    if fn is class_stored_in_input:
        return box["cls"]
    return result[0] if type(result) is tuple else result


def _runs(fn, run=None, calls: int = 3):
    results = []
    for _ in range(calls):
        box = {}
        args = (torch.ones(2), box) if fn is class_stored_in_input else (torch.ones(2),)
        result = (run or fn)(*args)
        results.append((result, _made_object(fn, result, box)))
    return results


def _relations(objects) -> list[bool]:
    kinds = [obj if isinstance(obj, type) else type(obj) for obj in objects]
    return ([a is b for a in objects for b in objects]
            + [a is b for a in kinds for b in kinds])


@pytest.mark.parametrize("fn", ESCAPES, ids=lambda fn: fn.__name__)
def test_a_class_made_in_the_trace_is_new_on_every_call(fn):
    eager = _runs(fn)
    compiled = _runs(fn, compiler.compile(fn))
    assert _relations([m for _, m in compiled]) == _relations([m for _, m in eager])
    for (got, _), (want, _) in zip(compiled, eager, strict=True):
        assert _plain(got) == _plain(want)


def _plain(value):
    """A value as comparable data: tensors as lists, objects by their type's name and fields."""
    if isinstance(value, torch.Tensor):
        return value.tolist()
    if isinstance(value, (tuple, list)):
        return type(value).__name__, [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if callable(value) or isinstance(value, enum.Enum):
        return getattr(value, "__qualname__", repr(value))
    if hasattr(value, "__dict__"):
        return type(value).__qualname__, _plain(vars(value))
    return value


# Made anew by the rebuild on every call (compiler/values/class_recipes.py): these compile in
# one frame. The others cannot be made anew exactly and leave only by running eagerly.
REMADE = [namedtuple_returned, namedtuple_class_returned, instance_returned, class_returned,
          dataclass_instance_returned, enum_member_returned, class_stored_in_input]


@pytest.mark.parametrize("fn", REMADE, ids=lambda fn: fn.__name__)
def test_a_class_made_anew_by_the_rebuild_compiles_fullgraph(fn):
    eager = _runs(fn)
    compiled_fn = compiler.compile(fn, fullgraph=True)
    compiled = _runs(fn, compiled_fn)
    assert _relations([m for _, m in compiled]) == _relations([m for _, m in eager])
    for (got, _), (want, _) in zip(compiled, eager, strict=True):
        assert _plain(got) == _plain(want)
    assert compiler.stats(compiled_fn).compiles == 1


@pytest.mark.parametrize("fn", [fn for fn in ESCAPES if fn not in REMADE],
                         ids=lambda fn: fn.__name__)
def test_fullgraph_refuses_a_class_leaving_the_frame(fn):
    compiled_fn = compiler.compile(fn, fullgraph=True)
    with pytest.raises(compiler.Unsupported):
        _runs(fn, compiled_fn, calls=1)


def counter_on_the_class(x):
    class Local:
        count = 0

    Local.count += 1
    return x + Local.count


def list_on_the_class(x):
    class Local:
        items = []

    Local.items.append(1)
    Local.items.append(2)
    return x + len(Local.items)


def namedtuple_attribute_written(x):
    Row = collections.namedtuple("Row", "a b")
    Row.scale = getattr(Row, "scale", 1) + 1
    return x * Row.scale


@pytest.mark.parametrize("fn", [counter_on_the_class, list_on_the_class,
                                namedtuple_attribute_written], ids=lambda fn: fn.__name__)
def test_class_state_written_in_one_call_does_not_reach_the_next(fn):
    compiled_fn = compiler.compile(fn, fullgraph=True)
    for _ in range(3):
        torch.testing.assert_close(compiled_fn(torch.ones(2)), fn(torch.ones(2)))
    stats = compiler.stats(compiled_fn)
    assert (stats.compiles, stats.graphs, stats.recompiles) == (1, 1, []), stats


class Registered:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        REGISTRY.append(cls.__name__)


def body_with_a_call(x):
    class Local:
        REGISTRY.append("body")

    return x + len(REGISTRY)


def base_with_init_subclass(x):
    class Local(Registered):
        pass

    return x + len(REGISTRY)


@pytest.mark.parametrize("fn", [body_with_a_call, base_with_init_subclass],
                         ids=lambda fn: fn.__name__)
def test_code_run_while_making_the_class_runs_on_every_call(fn):
    REGISTRY.clear()
    want = [fn(torch.zeros(1)).item() for _ in range(3)]
    want_registry = list(REGISTRY)
    REGISTRY.clear()
    compiled_fn = compiler.compile(fn)
    got = [compiled_fn(torch.zeros(1)).item() for _ in range(3)]
    assert (got, REGISTRY) == (want, want_registry)
    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(torch.zeros(1))


def class_used_in_the_frame(x):
    class Pt:
        b = 2

        def __init__(self, a):
            self.a = a

        @classmethod
        def make(cls, v):
            return cls(v)

        @property
        def total(self):
            return self.a + self.b

    Row = collections.namedtuple("Row", "u v")
    r = Row(Pt.make(3).total, 4)
    return x * r.u + r.v


def test_a_class_used_only_inside_the_frame_stays_one_graph():
    compiled_fn = compiler.compile(class_used_in_the_frame, fullgraph=True)
    for _ in range(2):
        torch.testing.assert_close(compiled_fn(torch.ones(2)), class_used_in_the_frame(
            torch.ones(2)))
    stats = compiler.stats(compiled_fn)
    assert (stats.compiles, stats.recompiles, stats.fallbacks) == (1, [], []), stats


def dataclass_used_in_the_frame(x):
    @dataclasses.dataclass
    class Pt:
        a: int
        b: int = 2

    @dataclasses.dataclass(frozen=True, order=True)
    class Key:
        k: int

    p = Pt(1)
    return (x * p.a + p.b, p == Pt(1, 2), Pt(1) == (1, 2), p != Pt(2),
            Key(1) < Key(2), [f.name for f in dataclasses.fields(Pt)])


def test_a_dataclass_made_and_used_in_the_frame_is_one_graph():
    compiled_fn = compiler.compile(dataclass_used_in_the_frame, fullgraph=True)
    for _ in range(2):
        got, want = compiled_fn(torch.ones(2)), dataclass_used_in_the_frame(torch.ones(2))
        torch.testing.assert_close(got[0], want[0])
        assert got[1:] == want[1:]
    stats = compiler.stats(compiled_fn)
    assert (stats.compiles, stats.graphs, stats.recompiles) == (1, 1, []), stats


class Declines:
    def __eq__(self, other):
        return NotImplemented

    __hash__ = object.__hash__


def eq_declined_by_both(x):
    a, b = Declines(), Declines()
    return x + 1, a == a, a == b, a == (1,), (1,) == a, a != b, a in [b, a]


def test_eq_declined_by_both_sides_compares_identity():
    compiled_fn = compiler.compile(eq_declined_by_both, fullgraph=True)
    got, want = compiled_fn(torch.ones(1)), eq_declined_by_both(torch.ones(1))
    assert got[1:] == want[1:]
