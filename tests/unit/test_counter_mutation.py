"""collections.Counter made in the compiled code: arithmetic, most_common, total, and its
mutating methods (update, subtract, item assignment and deletion, clear, pop, setdefault),
with aliases of one Counter seeing each other's writes, also across a graph break and in the
returned values. Compared with eager, fullgraph or not."""

import collections

import pytest
import torch

import compiler


def _arithmetic(x):
    a, b = collections.Counter("abracadabra"), collections.Counter("alakazam")
    return x + 1, a + b, a - b, a & b, a | b, a.most_common(2), a.total(), +a, -a


def _update_and_subtract(x):
    a = collections.Counter(a=3, b=1)
    a.update("aab")
    a.subtract({"b": 5})
    a.update(c=2)
    return x * a["a"], a, sorted(a), a.most_common(), a.total()


def _item_assignment(x):
    a = collections.Counter([1, 2, 2, 3])
    a[4] += 1
    a[1] = 7
    del a[3]
    return x + a[2], a.most_common(), a[9], 9 in a


def _alias_sees_writes(x):
    a = collections.Counter("xy")
    b = a
    a.update("x")
    b["z"] = 4
    a.setdefault("w", 1)
    return x * a["x"], b, a is b, b.pop("y"), a


def _clear(x):
    a = collections.Counter("hello")
    before = a.total()
    a.clear()
    return x + before, a, len(a)


CASES = [_arithmetic, _update_and_subtract, _item_assignment, _alias_sees_writes, _clear]


def _check(actual, expected):
    torch.testing.assert_close(actual[0], expected[0])
    assert actual[1:] == expected[1:]
    for got, want in zip(actual[1:], expected[1:]):
        assert type(got) is type(want)


@pytest.mark.parametrize("fullgraph", [False, True])
@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_matches_eager(fn, fullgraph):
    x = torch.arange(3.0)
    expected = fn(x)
    compiled = compiler.compile(fn, backend="eager", fullgraph=fullgraph)
    first, second = compiled(x), compiled(x)
    _check(first, expected)
    _check(second, expected)
    stats = compiler.stats(compiled)
    assert (stats.graphs, stats.recompiles) == (1, []), stats


def test_returned_aliases_are_one_object_per_call():
    def fn(x):
        a = collections.Counter("ab")
        b = a
        a += collections.Counter("b")
        b.update("c")
        return x + 1, a, b

    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    x = torch.arange(3.0)
    out, again = compiled(x), compiled(x)
    assert out[1] is out[2] and again[1] is again[2] and out[1] is not again[1]
    assert out[1] == fn(x)[1]
    out[1]["mutated"] = 1
    assert "mutated" not in compiled(x)[1]


def test_mutated_after_a_graph_break():
    def fn(x):
        a = collections.Counter("ab")
        b = a
        a.update("a")
        print("break")  # noqa: T201 - a graph break with the Counter live
        b.update("b")
        return x * a["a"] + a["b"], a, a is b

    compiled = compiler.compile(fn, backend="eager")
    x = torch.arange(3.0)
    expected, actual = fn(x), compiled(x)
    torch.testing.assert_close(actual[0], expected[0])
    assert actual[1:] == expected[1:]
