"""A bare `object()` used as a sentinel (a module global, a default, a dict value) is traced by
identity, guarded, as torch.compile does; a user `__getattr__` that raises something other than
AttributeError does not break wrapping. Compared with eager under fullgraph."""

from __future__ import annotations

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph

_MISSING = object()
TABLE = {"a": 2.0, "b": _MISSING}


def lookups(x, d, key="k", default=_MISSING):
    v = d.get(key, _MISSING)
    w = TABLE["b"]
    out = x + 1 if v is _MISSING else x * v
    return out, w is _MISSING, default is _MISSING, _MISSING == w, {_MISSING: 1}[w], v


def test_a_sentinel_is_compared_by_identity_as_eager():
    one_graph(check_same(lookups, torch.ones(2), {}))
    compiler.reset()
    one_graph(check_same(lookups, torch.ones(2), {"k": 3.0}))


def writes_the_sentinel(x):
    _MISSING.field = 1
    return x


def test_setting_an_attribute_of_a_bare_object_raises_as_eager():
    with pytest.raises(AttributeError):
        writes_the_sentinel(torch.ones(1))
    for fullgraph in (True, False):
        compiler.reset()
        with pytest.raises((AttributeError, compiler.Unsupported)):
            compiler.compile(writes_the_sentinel, fullgraph=fullgraph)(torch.ones(1))


class Lazy:
    def __init__(self):
        self.store = {"w": 2.0}

    def __getattr__(self, name):
        return self.store[name]  # KeyError, not AttributeError, for other names


LAZY = Lazy()


def reads_lazy(x):
    return x * LAZY.w


def test_a_getattr_raising_key_error_is_no_internal_error():
    with compiler.config.patch(raise_internal_errors=True):
        stats = check_same(reads_lazy, torch.ones(2), fullgraph=False)
    assert not stats.internal_errors
