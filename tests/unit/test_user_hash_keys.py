"""Objects whose class hashes them in Python as dict keys and set members
(compiler/values/stdlib_hash_keys.py): the traced `__hash__` gives the key's hash, the traced
`==` decides equality when CPython's table compares, and each runs exactly when and as often as
in eager (a logging `__hash__`/`__eq__` sees the same calls)."""

from __future__ import annotations

import pytest
import torch

from tests.differential import check_same, one_graph

LOG: list = []


class Key:
    def __init__(self, name, weight=1.0):
        self.name, self.weight = name, weight

    def __eq__(self, other):
        LOG.append(("eq", self.name, getattr(other, "name", other)))
        return isinstance(other, Key) and self.name == other.name

    def __hash__(self):
        LOG.append(("hash", self.name))
        return hash(self.name)


class Collide(Key):
    def __hash__(self):  # every key in one bucket: each lookup compares with the others
        LOG.append(("hash", self.name))
        return 1


def _logged(fn):
    def run(x):
        LOG.clear()
        result = fn(x)
        return result, list(LOG)
    run.__name__ = fn.__name__
    return run


@_logged
def set_from_list(x):
    keys = [Key("a"), Key("b"), Key("a", 2.0)]
    s = set(keys)
    return x * len(s), Key("b") in s, sorted(k.name for k in s), [k.weight for k in s
                                                                   if k.name == "a"]


@_logged
def dict_by_comprehension_and_setitem(x):
    d = {Key(n): i for i, n in enumerate("abca")}
    d[Key("b", 5.0)] = 10
    del d[Key("c")]
    return x + d[Key("a")], [(k.name, k.weight, v) for k, v in d.items()], Key("z") in d


@_logged
def colliding_hashes(x):
    s = set()
    for n in "abcab":
        s.add(Collide(n))
    s.discard(Collide("b"))
    d = dict.fromkeys([Collide("p"), Collide("q"), Collide("p")], 0)
    return x + len(s), sorted(k.name for k in s), list(k.name for k in d)


@_logged
def union_and_update_with_lists(x):
    s = {Key("a")} if False else set([Key("a")])
    t = s.union([Key("b"), Key("a")])
    s.update((Key("c"),))
    return x + len(t) + len(s), sorted(k.name for k in t), s.isdisjoint([Key("q")])


@_logged
def tuples_of_objects_and_tensors(x):
    d = {}
    d[(Key("a"), 1)] = "first"
    d[(x, "t")] = "tensor"
    return x + 1, d[(Key("a"), 1)], (x, "t") in d, (x + 0, "t") in d, len(d)


@pytest.mark.parametrize("fn", [set_from_list, dict_by_comprehension_and_setitem,
                                colliding_hashes, union_and_update_with_lists,
                                tuples_of_objects_and_tensors])
def test_objects_as_keys_match_eager_calls_included(fn):
    one_graph(check_same(fn, torch.ones(2)))


class NoHash:
    def __eq__(self, other):
        return True


def unhashable_key(x):
    try:
        set([NoHash()])
    except TypeError as error:
        return x + 1, str(error)
    return x, ""


def test_class_with_eq_and_no_hash_is_unhashable():
    one_graph(check_same(unhashable_key, torch.ones(2)))
