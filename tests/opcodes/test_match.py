"""`match` statements: MATCH_SEQUENCE, MATCH_MAPPING, MATCH_KEYS, MATCH_CLASS and GET_LEN."""

import collections
import collections.abc
import dataclasses

import pytest
import torch

import compiler
from tests.differential import check_same


def one_graph(stats):
    """Traced whole: no break, no fallback (a case may return its input: no graph)."""
    assert stats.frames == 1 and stats.graphs <= 1, stats
    assert not stats.graph_breaks and not stats.fallbacks, stats


@dataclasses.dataclass
class Box:
    w: int
    h: int = 1


class NoArgs:
    pass


def classify(x, subject):
    match subject:
        case [a, b, *rest]:
            return x * (a + b) + len(rest)
        case {"k": v, **others}:
            return x + v + len(others)
        case Box(w, h=2):
            return x * w
        case Box(w=w):
            return x - w
        case str() | bytes():
            return x
        case _:
            return None


@pytest.mark.parametrize("subject", [
    [1, 2], (3, 4, 5), "ab", b"xy", {"k": 2, "z": 1}, Box(2, 2), Box(3), 7, [1], {"q": 1},
])
def test_patterns_match_eager_in_one_graph(subject):
    one_graph(check_same(classify, torch.randn(2), subject))


def test_dict_kinds_made_in_the_trace():
    def f(x):
        out = []
        for d in (collections.OrderedDict(k=1, j=2), collections.defaultdict(int, k=3)):
            out.append(classify(x, d))
        return out

    one_graph(check_same(f, torch.randn(2)))


def test_mapping_pattern_does_not_call_the_default_factory():
    def f(x):
        d = collections.defaultdict(list)
        match d:
            case {"k": v}:
                return x, v
        return x + 1, len(d)

    one_graph(check_same(f, torch.randn(2)))


def test_class_pattern_errors_are_the_programs():
    def f(x, obj):
        try:
            match obj:
                case NoArgs(a):
                    return x + a
        except TypeError:
            return x + 1
        return x - 1

    one_graph(check_same(f, torch.randn(2), NoArgs()))
    one_graph(check_same(f, torch.randn(2), 3))


def test_missing_attribute_fails_the_case():
    def f(x, obj):
        match obj:
            case Box(nope=3):
                return x
        return x * 2

    one_graph(check_same(f, torch.randn(2), Box(1)))


def test_sequence_pattern_on_a_user_class_is_guarded_on_abc_registration():
    class Seq:
        def __len__(self):
            return 2

        def __iter__(self):
            return iter((1, 2))

    def f(x, obj):
        match obj:
            case [a, b]:
                return x + a + b
        return x - 1

    compiled = compiler.compile(f, fullgraph=True)
    assert torch.equal(compiled(torch.zeros(2), Seq()), torch.zeros(2) - 1)
    collections.abc.Sequence.register(Seq)
    assert torch.equal(compiled(torch.zeros(2), Seq()), torch.zeros(2) + 3)
    assert compiler.stats(compiled).recompiles


def test_two_sub_patterns_for_one_attribute_name_it_as_eager():
    class P:
        __match_args__ = ("x", "y")

        def __init__(self):
            self.x, self.y = 1, 2

    def f(x):
        try:
            match P():
                case P(1, 2, y=2):
                    return x + 1
            return x
        except TypeError as error:
            return x - 1, str(error)

    check_same(f, torch.zeros(2))


class _ListArgs:
    __match_args__ = ["x"]


class _NumberArgs:
    __match_args__ = (1, "y")


class _OneArg:
    __match_args__ = ("x",)


@pytest.mark.parametrize("cls", [_ListArgs, _NumberArgs, _OneArg])
def test_bad_positional_sub_patterns_raise_eagers_text(cls):
    def f(x):
        try:
            match cls():
                case cls(1, 2):
                    return x + 1
            return x
        except TypeError as error:
            return x - 1, str(error)

    check_same(f, torch.zeros(2), fullgraph=False)  # a list __match_args__ is refused
