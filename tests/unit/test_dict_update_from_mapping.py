"""dict.update and ** in a call from a Mapping that is not a dict read its keys and items, as
CPython does (never its iteration as (key, value) pairs); compiled or refused, never wrong."""

import collections
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


LOG = []


class LoggingMapping:
    """Not a Mapping subclass: only `keys` and `[]`, each logging when CPython calls it."""

    def __init__(self, a, b):
        self.a, self.b = a, b

    def keys(self):
        for key in ("p", "q"):
            LOG.append(f"key {key}")
            yield key

    def __getitem__(self, key):
        LOG.append(f"get {key}")
        return self.a if key == "p" else self.b


def test_dict_of_a_mapping_reads_all_keys_then_each_item():
    def f(x):
        LOG.clear()
        m = LoggingMapping(x, x + 1)
        return dict(m), {"z": 1, **m}, list(LOG)

    check_same(f, torch.ones(2))


def test_dict_of_a_chain_map():
    def f(x):
        cm = collections.ChainMap({"x": 1}, {"x": 2, "y": 3})
        return x * cm["x"], dict(cm)

    check_same(f, torch.ones(2))


def test_a_bad_pair_raises_after_the_good_ones_are_stored():
    def f(x):
        d = {}
        try:
            d.update([(1, x), (3,)])
        except ValueError as error:
            return x + 1, str(error), d
        return x

    check_same(f, torch.ones(2))
