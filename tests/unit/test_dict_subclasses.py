"""compiler/values/dict_subclasses.py, dict_unbound.py and mapping_proxy_made.py: what is
refused (and so stays right without fullgraph), and the guards on an existing instance's
storage."""

from __future__ import annotations

import collections
import types

import pytest
import torch

import compiler


class Tagged(dict):
    pass


class Lying(dict):
    def keys(self):
        return ["same"]

    def __iter__(self):
        return iter(["same"])

    def __len__(self):
        return 1


class Ordered(collections.OrderedDict):
    pass


class Overriding(collections.OrderedDict):
    def __getitem__(self, key):
        return super().__getitem__(key) * 10


def _both(fn, *make_args):
    """fullgraph refuses; without it the answer (and the arguments after) are eager's."""
    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(*make_args[0]())
    compiler.reset()
    for make in make_args:
        want_args, got_args = make(), make()
        want = fn(*want_args)
        got = compiler.compile(fn)(*got_args)
        assert repr(got) == repr(want)
        assert repr(got_args) == repr(want_args)


def test_dict_order_of_an_ordered_dict_is_refused():
    def fn(x, od):
        od.move_to_end("a")
        return x + 1, list(dict.keys(od)), list(od)

    _both(fn, lambda: (torch.ones(1), Ordered(a=1, b=2)))


def test_ordered_dict_pop_on_a_class_overriding_getitem_is_refused():
    def fn(x, od):
        return x + od.pop("a"), list(od)

    _both(fn, lambda: (torch.ones(1), Overriding(a=1, b=2)))


def test_a_view_of_an_input_storage_leaving_the_frame_is_refused():
    def fn(x, d):
        d["k"] = 2
        return x + 1, d.items()

    _both(fn, lambda: (torch.ones(1), Tagged(a=1)))


def test_storage_keys_are_guarded_past_lying_overrides():
    def fn(x, d):
        return x + sum(dict.values(d)), sorted(dict.keys(d))

    compiled = compiler.compile(fn, fullgraph=True)
    for d in (Lying(a=1), Lying(b=2), Lying(a=1, b=2)):
        assert repr(compiled(torch.ones(1), d)) == repr(fn(torch.ones(1), d))
    assert len(compiler.stats(compiled).recompiles) == 2


def test_len_of_an_input_reads_the_storage_length_guarded():
    def fn(x, d):
        return x + len(d)

    compiled = compiler.compile(fn, fullgraph=True)
    for d in (Tagged(a=1), Tagged(a=1, b=2), Tagged(c=3)):
        assert torch.equal(compiled(torch.ones(1), d), fn(torch.ones(1), d))
    assert len(compiler.stats(compiled).recompiles) == 1


def test_ior_of_a_dict_subclass_returns_the_same_object():
    def fn(x, d):
        before = d
        d |= {"b": 2}
        return x + len(d), d is before

    d = Tagged(a=1)
    got = compiler.compile(fn, fullgraph=True)(torch.ones(1), d)
    assert got[1] is True and dict(d) == {"a": 1, "b": 2}


def test_mapping_proxy_of_a_list_raises_type_error():
    def fn(x):
        try:
            types.MappingProxyType([1, 2])
        except TypeError:
            return x - 1
        return x + 1

    assert torch.equal(compiler.compile(fn, fullgraph=True)(torch.ones(1)), torch.zeros(1))


def test_unbound_method_on_the_wrong_type_raises_as_cpython():
    def fn(x):
        try:
            dict.__getitem__([1], 0)
        except TypeError:
            return x - 1
        return x + 1

    assert torch.equal(compiler.compile(fn, fullgraph=True)(torch.ones(1)), torch.zeros(1))
