"""dict.update and ** in a call from a Mapping that is not a dict read its keys and items, as
CPython does (never its iteration as (key, value) pairs); compiled or refused, never wrong."""

import collections.abc

import torch

from tests.differential import check_same


class Options(collections.abc.Mapping):
    def __init__(self, **kw):
        self._d = kw

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


def test_update_from_a_mapping_uses_its_keys():
    def f(x):
        d = {}
        d.update(Options(ab=1))
        return x + 1, d

    check_same(f, torch.ones(2), fullgraph=False)


def test_double_star_merge_of_a_mapping_uses_its_keys():
    def target(x, scale=1.0, shift=0.0):
        return x * scale + shift

    def f(x):
        return target(x, **{"shift": 1.0}, **Options(scale=3.0))

    check_same(f, torch.ones(2), fullgraph=False)


def test_update_from_pairs_still_compiles():
    def f(x):
        d = {"a": x}
        d.update([("b", x + 1), ("c", 2)])
        return d

    check_same(f, torch.ones(2))
