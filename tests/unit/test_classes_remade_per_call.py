"""Classes made inside compiled code that leave it: eager makes a new class on every call, so
the rebuild makes the class anew on every call from the steps that made it (a namedtuple, a
`typing.NamedTuple`, an Enum, a class statement and `@dataclass` over it). Each function runs
three times eagerly and three times compiled under `fullgraph=True`: one compile, and the
identity relations between everything the calls return (objects and their classes), their
values and what the classes say of themselves are eager's.
"""

from __future__ import annotations

import collections
import dataclasses
import enum
import typing

import pytest
import torch

import compiler
from tests.differential import compiler_test_config  # noqa: F401 - autouse fixture


def namedtuple_instances(x):
    Row = collections.namedtuple("Row", ["a", "b"], defaults=[0])
    return Row(x, 1), Row(x + 1), Row


def namedtuple_made_twice(x):
    made = [collections.namedtuple("Pair", "u v") for _ in range(2)]
    return made[0](x, 2), made[1](x, 3), made[0] is made[1]


def typed_namedtuple(x):
    class Point(typing.NamedTuple):
        p: torch.Tensor
        q: int = 2

        def total(self):
            return self.p * self.q

    pt = Point(x)
    return pt, pt.total(), Point._fields, Point(x, 3)._replace(q=4)


def enum_members(x):
    class Color(enum.Enum):
        RED = 1
        BLUE = "b"

        def describe(self):
            return f"{self.name}:{self.value}"

    return Color.RED, Color("b"), Color.BLUE.describe(), x * Color.RED.value, Color


def int_enum_member(x):
    class Level(enum.IntEnum):
        LOW = 1
        HIGH = 3

    return Level.HIGH, x * Level.HIGH, Level.LOW < Level.HIGH


def frozen_dataclass(x):
    @dataclasses.dataclass(frozen=True)
    class Key:
        a: int
        b: str = "k"

    k = Key(2)
    return k, x * k.a, k == Key(2, "k"), Key


def class_statement_instance(x):
    class Box:
        scale = 3

        def __init__(self, t):
            self.t = t

        def scaled(self):
            return self.t * self.scale

    box = Box(x)
    return box, box.scaled(), Box


def methods_closing_over_locals(x):
    k = 3

    class Node:
        def clone(self):
            return Node()

        def get(self):
            return k

    class Mode(enum.Enum):
        A = 1
        B = 2

        def other(self):
            return Mode.B if self is Mode.A else Mode.A

    k = 5
    n = Node()
    return n, n.clone(), n.get(), Node, Mode.A.other(), Mode


REMADE = [namedtuple_instances, namedtuple_made_twice, typed_namedtuple, enum_members,
          int_enum_member, frozen_dataclass, class_statement_instance, methods_closing_over_locals]


def test_methods_of_a_remade_class_see_the_calls_own_class_and_variables():
    compiled_fn = compiler.compile(methods_closing_over_locals, fullgraph=True)
    first, second = compiled_fn(torch.ones(2)), compiled_fn(torch.ones(2))
    node, mode = first[3], first[5]
    assert type(node().clone()) is node and node().get() == 5 and first[2] == 5
    assert mode.A.other() is mode.B and mode is not second[5] and node is not second[3]


def _objects(value) -> list:
    """Every returned object whose identity eager's calls tell apart: classes, instances of
    user classes (namedtuples, enum members, objects) and their classes."""
    found = []
    if isinstance(value, type):
        return [value]
    if isinstance(value, (list, tuple)) and type(value) in (list, tuple):
        for item in value:
            found += _objects(item)
        return found
    if isinstance(value, (bool, int, float, str, torch.Tensor)) and not isinstance(
            value, enum.Enum):
        return found
    return [value, type(value)]


def _relations(results) -> list[bool]:
    objects = [obj for result in results for obj in _objects(result)]
    return [a is b for a in objects for b in objects]


def _shown(value):
    """A value as data: tensors as lists, objects by their class's name and their fields."""
    if isinstance(value, torch.Tensor):
        return value.tolist()
    if isinstance(value, type):
        return value.__qualname__, value.__module__, sorted(vars(value).keys() - {"__doc__"})
    if isinstance(value, enum.Enum):
        return type(value).__qualname__, value.name, _shown(value.value)
    if isinstance(value, (tuple, list)):
        return type(value).__qualname__, getattr(value, "_fields", None), [_shown(v) for v in
                                                                            value]
    if hasattr(value, "__dict__"):
        return type(value).__qualname__, {k: _shown(v) for k, v in vars(value).items()}
    return value


@pytest.mark.parametrize("fn", REMADE, ids=lambda fn: fn.__name__)
def test_a_class_leaving_the_frame_is_made_anew_on_every_call(fn):
    eager = [fn(torch.ones(2)) for _ in range(3)]
    compiled_fn = compiler.compile(fn, fullgraph=True)
    compiled = [compiled_fn(torch.ones(2)) for _ in range(3)]
    assert _relations(compiled) == _relations(eager)
    assert [_shown(r) for r in compiled] == [_shown(r) for r in eager]
    stats = compiler.stats(compiled_fn)
    assert (stats.compiles, stats.recompiles, stats.fallbacks) == (1, [], []), stats


def test_instances_of_a_remade_namedtuple_compare_as_tuples():
    compiled_fn = compiler.compile(namedtuple_instances, fullgraph=True)
    first, second = compiled_fn(torch.ones(2)), compiled_fn(torch.ones(2))
    assert type(first[0]) is not type(second[0]) and first[2] is not second[2]
    assert first[0][1] == second[0][1] == 1 and first[0]._fields == ("a", "b")
    assert type(first[0]) is first[2] and first[1].b == 0


def namedtuple_written_then_returned(x):
    Row = collections.namedtuple("Row", "a b")
    Row.scale = 2
    return Row(x, Row.scale)


def class_list_grown_then_returned(x):
    class Local:
        items = []

    Local.items.append(1)
    return Local, x


def class_whose_body_reads_a_local(x):
    k = 3

    class Local:
        v = k  # read when the class is made: the rebuild's cell would hold k's last value

    k = 4
    return Local(), x + k


MADE = []  # what the hooks below saw, in eager and in the compiled code


def enum_with_init(x):
    class Planet(enum.Enum):
        EARTH = 1

        def __init__(self, value):
            MADE.append(value)

    return Planet.EARTH, x


def enum_with_missing(x):
    class Mode(enum.Enum):
        ON = 1

        @classmethod
        def _missing_(cls, value):
            MADE.append(value)
            return cls.ON

    return Mode(7), x


def enum_with_a_list_value(x):
    class Shape(enum.Enum):
        SQUARE = [2, 2]

    Shape.SQUARE.value.append(1)
    return Shape.SQUARE.value, x


@pytest.mark.parametrize("fn", [namedtuple_written_then_returned, class_list_grown_then_returned,
                                class_whose_body_reads_a_local, enum_with_init, enum_with_missing,
                                enum_with_a_list_value],
                         ids=lambda fn: fn.__name__)
def test_a_class_that_cannot_be_made_anew_exactly_is_refused_leaving(fn):
    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(torch.ones(2))
    compiler.reset()
    MADE.clear()
    eager = [fn(torch.ones(2)) for _ in range(2)]
    eager_made = list(MADE)
    MADE.clear()
    compiled_fn = compiler.compile(fn)
    compiled = [compiled_fn(torch.ones(2)) for _ in range(2)]
    assert MADE == eager_made
    assert _relations(compiled) == _relations(eager)
    assert [_shown(r) for r in compiled] == [_shown(r) for r in eager]


def class_live_at_a_break(x):
    Row = collections.namedtuple("Row", "a b")
    r = Row(x + 1, 1)
    k = float(x.sum())  # tensor data: a graph break while Row is live
    return Row(r.a * k, 2), r


def test_a_class_live_at_a_graph_break_is_not_made_anew_there():
    """The resume function would get a new class on every call and recompile for each."""
    compiled_fn = compiler.compile(class_live_at_a_break)
    eager = [class_live_at_a_break(torch.ones(2)) for _ in range(3)]
    compiled = [compiled_fn(torch.ones(2)) for _ in range(3)]
    assert [_shown(r) for r in compiled] == [_shown(r) for r in eager]
    assert _relations(compiled) == _relations(eager)
    assert compiler.stats(compiled_fn).recompiles == []
