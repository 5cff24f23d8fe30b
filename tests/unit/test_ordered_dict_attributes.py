"""An OrderedDict made in compiled code has an instance dict, as CPython's (a dict has none):
`Module.state_dict()` sets `_metadata` on one. Compared with eager."""

from __future__ import annotations

import collections

import pytest
import torch

import compiler
from tests.differential import check_same, compiler_test_config, one_graph  # noqa: F401


def attribute_set_and_read(x):
    od = collections.OrderedDict(a=1)
    had = hasattr(od, "note")
    od.note = x * 2
    od.note = od.note + 1
    return had, hasattr(od, "note"), od.note, getattr(od, "other", 5), list(od)


def attribute_shadows_a_method(x):
    od = collections.OrderedDict()
    od.keys = "mine"
    return od.keys, x + 1


def attribute_deleted(x):
    od = collections.OrderedDict()
    od.note = 1
    del od.note
    try:
        od.note  # noqa: B018 - raises AttributeError
    except AttributeError as err:
        return x + 1, str(err), hasattr(od, "note")
    return x, "", True


def returned_with_its_attribute(x):
    od = collections.OrderedDict(w=x + 1)
    od._metadata = collections.OrderedDict(version=1)
    return od, od._metadata


def test_returned_ordered_dict_keeps_its_attribute():
    compiled = compiler.compile(returned_with_its_attribute, fullgraph=True)
    od, meta = compiled(torch.ones(2))
    assert type(od) is collections.OrderedDict and od._metadata is meta
    assert meta == collections.OrderedDict(version=1) and list(od) == ["w"]


def dict_attribute_raises(x):
    d = {}
    try:
        d.note = 1
    except AttributeError as err:
        return x + 1, str(err)
    return x, ""


@pytest.mark.parametrize("fn", [attribute_set_and_read, attribute_shadows_a_method,
                                attribute_deleted, returned_with_its_attribute],
                         ids=lambda fn: fn.__name__)
def test_ordered_dict_attributes_match_eager(fn):
    one_graph(check_same(fn, torch.randn(3)))


def test_dict_attribute_assignment_is_not_modelled_as_ordered_dict():
    check_same(dict_attribute_raises, torch.randn(3), fullgraph=False)


def test_state_dict_of_a_module_in_one_graph():
    net = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.BatchNorm1d(2))

    def keys_of(m, x):
        sd = m.state_dict()
        return list(sd.keys()), sorted(sd._metadata), m(x)

    one_graph(check_same(keys_of, net, torch.randn(4, 3)))


def test_attributes_of_an_existing_ordered_dict_are_read_and_guarded():
    def probe(x, sd):
        return x + 1, hasattr(sd, "_metadata"), getattr(sd, "note", 3), sd.get("k")

    with_metadata = collections.OrderedDict(k=1)
    with_metadata._metadata = {"": {"version": 1}}
    with_metadata.note = 7
    compiled = compiler.compile(probe, fullgraph=True)
    for od in (with_metadata, collections.OrderedDict(k=1), with_metadata):
        got, want = compiled(torch.ones(1), od), probe(torch.ones(1), od)
        assert got[1:] == want[1:]
    assert compiler.stats(compiled).compiles == 2
