"""Objects whose class hashes them in Python as dict keys and set members
(compiler/values/stdlib_hash_keys.py): the traced `__hash__` gives the key's hash, the traced
`==` decides equality when CPython's table compares, and each runs exactly when and as often as
in eager (a logging `__hash__`/`__eq__` sees the same calls)."""

from __future__ import annotations

import pytest
import torch

import compiler
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


@_logged
def beside_constants_of_equal_hash(x):
    d = {Key("a"): 1, "a": 2}  # Key("a") hashes as "a": the table compares them
    d["a"] = 3
    d[Key("a")] = 4
    s = {"b", Key("b")}
    return x + d["a"] + d[Key("a")], len(d), len(s), "b" in s, hash((Key("a"), 1)) == hash(
        ("a", 1)), hash(frozenset({Key("c")})) == hash(frozenset({"c"}))


@pytest.mark.parametrize("fn", [set_from_list, dict_by_comprehension_and_setitem,
                                union_and_update_with_lists, tuples_of_objects_and_tensors])
def test_objects_as_keys_match_eager_calls_included(fn):
    one_graph(check_same(fn, torch.ones(2)))


@pytest.mark.parametrize("fn", [colliding_hashes, beside_constants_of_equal_hash])
def test_unequal_keys_of_equal_hash_with_a_logging_eq_are_refused(fn):
    """CPython may compare two such keys more than once in one lookup (its probe sequence
    can come back to the entry, depending on the table size and the hash's bits: with
    PYTHONHASHSEED=1, `{Key("a"): 1, "a": 2}` compares them three times): a comparison that
    says False and changed something is refused, and the call runs in Python."""
    with pytest.raises(compiler.Unsupported, match="__eq__ with side effects"):
        check_same(fn, torch.ones(2))
    check_same(fn, torch.ones(2), fullgraph=False)


class Pure(Key):
    def __eq__(self, other):  # no side effect: any number of comparisons is the same
        return isinstance(other, Key) and self.name == other.name

    def __hash__(self):
        return 1


def pure_colliding_keys(x):
    s = {Pure(n) for n in "abcab"}
    d = {Pure("p"): 1, "p": 2, Pure("q"): 3}
    d[Pure("p")] += 10
    return x + len(s), sorted(k.name for k in s), [getattr(k, "name", k) for k in d], d


def test_unequal_keys_of_equal_hash_with_a_pure_eq():
    one_graph(check_same(pure_colliding_keys, torch.ones(2)))


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
