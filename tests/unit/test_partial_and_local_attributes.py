"""Attributes of objects of C types with an instance dict: a functools.partial (`__name__`,
`__doc__` set on it, or absent: hasattr/getattr with a default answer from its dict, guarded)
and a threading.local (its attributes live in the calling thread's dict: read, set, deleted
and written back after the graph). Compared with eager, fullgraph, one graph per state."""

import functools
import threading

import torch

import compiler


def _add(x, y):
    return x + y


_plain = functools.partial(_add, y=2)
_named = functools.partial(_add, y=3)
_named.__name__ = "named"


def _hasattr_name(x, p):
    return x + 1, hasattr(p, "__name__"), getattr(p, "__name__", "none")


def _made_partial_has_no_name(x):
    p = functools.partial(_add, y=1)
    return p(x), hasattr(p, "__name__"), getattr(p, "__qualname__", None)


def _local_roundtrip(x, loc):
    loc.value = x * 2
    loc.count = getattr(loc, "count", 0) + 1
    return loc.value + loc.count, hasattr(loc, "gone")


def _same(actual, expected):
    assert type(actual) is type(expected)
    if isinstance(expected, tuple):
        for a, e in zip(actual, expected, strict=True):
            _same(a, e)
    elif isinstance(expected, torch.Tensor):
        torch.testing.assert_close(actual, expected)
    else:
        assert actual == expected


def test_partial_name_from_its_dict():
    compiled = compiler.compile(_hasattr_name, backend="eager", fullgraph=True)
    x = torch.ones(2)
    for p in (_plain, _named, _plain):
        _same(compiled(x, p), _hasattr_name(x, p))
    assert compiler.stats(compiled).graphs == 2


def test_partial_made_in_the_trace():
    compiled = compiler.compile(_made_partial_has_no_name, backend="eager", fullgraph=True)
    x = torch.ones(2)
    _same(compiled(x), _made_partial_has_no_name(x))


def test_thread_local_attributes():
    eager, ours = threading.local(), threading.local()
    compiled = compiler.compile(_local_roundtrip, backend="eager", fullgraph=True)
    x = torch.ones(2)
    for _ in range(2):
        _same(compiled(x, ours), _local_roundtrip(x, eager))
        assert ours.count == eager.count
        torch.testing.assert_close(ours.value, eager.value)
    seen = []
    worker = threading.Thread(target=lambda: seen.append(hasattr(ours, "count")))
    worker.start()
    worker.join()
    assert seen == [False]
