"""compiler/values/container_objects.py and tuple_objects.py: instances of set, frozenset,
list and tuple subclasses made in the trace leave it as instances of their class, with their
contents and instance dict (the Dynamo-style cases compare containers by value only), the
class's methods are guarded, and a set whose table a rebuilt one would not have is refused."""

from __future__ import annotations

import pytest
import torch

import compiler


class Bag(set):
    def __init__(self, items, tag):
        super().__init__(items)
        self.tag = tag


class Stack(list):
    def push(self, item):
        self.append(item)
        return self


class Label(frozenset):
    def __new__(cls, items, label):
        made = super().__new__(cls, items)
        made.label = label
        return made


class Pair(tuple):
    def __new__(cls, a, b):
        return super().__new__(cls, (a, b))


class Bump(set):
    def add(self, item):
        super().add(item + 1)


def _made(x):
    bag = Bag([3, 1], "b")
    bag.add(2)
    stack = Stack().push(x).push(1)
    stack.note = "n"
    pair = Pair(1, 2)
    pair.extra = [1]
    return bag, stack, Label([4], "l"), pair


def test_rebuilt_with_class_contents_and_attributes():
    x = torch.ones(2)
    bag, stack, label, pair = compiler.compile(_made, fullgraph=True)(x)
    assert type(bag) is Bag and bag == {1, 2, 3} and vars(bag) == {"tag": "b"}
    assert type(stack) is Stack and stack[0] is x and stack[1:] == [1]
    assert vars(stack) == {"note": "n"}
    assert type(label) is Label and label == {4} and vars(label) == {"label": "l"}
    assert type(pair) is Pair and pair == (1, 2) and vars(pair) == {"extra": [1]}


def test_each_call_gets_new_objects():
    compiled = compiler.compile(_made, fullgraph=True)
    first, second = compiled(torch.ones(2)), compiled(torch.ones(2))
    assert all(a is not b for a, b in zip(first, second, strict=True))
    first[0].add(9)
    assert 9 not in second[0]


def test_a_method_changed_on_the_class_is_seen():
    def fn(x):
        s = Bump([1])
        s.add(5)
        return sorted(s)

    compiled = compiler.compile(fn, fullgraph=True)
    assert compiled(torch.ones(1)) == [1, 6]
    Bump.add = lambda self, item: set.add(self, item * 100)
    try:
        assert compiled(torch.ones(1)) == fn(torch.ones(1)) == [1, 500]
    finally:
        del Bump.add
    assert compiled(torch.ones(1)) == [1, 5]


def test_a_set_shaped_by_removals_is_refused_when_it_leaves():
    def fn(x):
        s = Bag(range(100), "r")
        for k in range(95):
            s.discard(k)
        return s

    with pytest.raises(compiler.Unsupported, match="iteration order"):
        compiler.compile(fn, fullgraph=True)(torch.ones(1))
    assert list(compiler.compile(fn)(torch.ones(1))) == list(fn(torch.ones(1)))


def test_iteration_of_an_overridden_iter_is_refused():
    class Backwards(list):
        def __iter__(self):
            return iter(list.__reversed__(self))

    def fn(x):
        return sorted(Backwards([1, 2])), set().union(Backwards([3]))

    with pytest.raises(compiler.Unsupported, match="overrides __iter__"):
        compiler.compile(fn, fullgraph=True)(torch.ones(1))
    assert compiler.compile(fn)(torch.ones(1)) == fn(torch.ones(1))
