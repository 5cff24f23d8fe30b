"""Differential checks for compiler tests: run a function eagerly and compiled on equal but
distinct inputs, then compare outputs and input mutations (docs/architecture.md).
"""

from __future__ import annotations

import collections
import copy
import enum
import functools
import math
import sys
import types

import pytest
import torch

import compiler


@pytest.fixture(autouse=True)
def compiler_test_config():
    """A tracer bug must raise in tests instead of silently falling back to eager."""
    compiler.reset()
    with compiler.config.patch(raise_internal_errors=True):
        yield
    compiler.reset()


def assert_same(actual, expected, path: str = "out") -> None:
    """Nested tuples/lists/dicts compared by structure; tensors by value with exact dtype."""
    if isinstance(expected, torch.Tensor):
        assert isinstance(actual, torch.Tensor), f"{path}: expected a tensor, got {actual!r}"
        torch.testing.assert_close(actual, expected, equal_nan=True, msg=lambda m: f"{path}: {m}")
        assert actual.requires_grad == expected.requires_grad, f"{path}: requires_grad differs"
        return
    if isinstance(expected, type) and made_at_run_time(expected):
        assert same_made_class(actual, expected), f"{path}: class {actual!r} != {expected!r}"
        return
    assert type(actual) is type(expected) or same_made_class(type(actual), type(expected)), (
        f"{path}: expected {type(expected).__name__}, got {type(actual).__name__} {actual!r}")
    if type(actual) is not type(expected):  # two calls' classes: compared by what they hold
        _assert_same_of_made_class(actual, expected, path)
        return
    if isinstance(expected, (tuple, list, collections.deque)):
        assert len(actual) == len(expected), f"{path}: length {len(actual)} != {len(expected)}"
        if isinstance(expected, collections.deque):
            assert actual.maxlen == expected.maxlen, f"{path}: maxlen differs"
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            assert_same(a, e, f"{path}[{i}]")
    elif isinstance(expected, dict):
        assert list(actual) == list(expected), f"{path}: keys {list(actual)} != {list(expected)}"
        for key in expected:
            assert_same(actual[key], expected[key], f"{path}[{key!r}]")
    elif isinstance(expected, torch.nn.Module):
        assert_same(actual.state_dict(), expected.state_dict(), f"{path}.state_dict()")
    elif isinstance(expected, functools.partial):
        assert_same((actual.func, actual.args, actual.keywords),
                    (expected.func, expected.args, expected.keywords), f"{path}(partial)")
    elif _is_plain_object(expected):
        assert_same(vars(actual), vars(expected), f"{path}.__dict__")
    elif type(expected).__module__ == "numpy" and hasattr(expected, "shape"):
        assert (actual.dtype, actual.shape) == (expected.dtype, expected.shape), (
            f"{path}: {actual.dtype}{actual.shape} != {expected.dtype}{expected.shape}")
        torch.testing.assert_close(torch.as_tensor(actual), torch.as_tensor(expected),
                                   equal_nan=True, msg=lambda m: f"{path}: {m}")
    elif isinstance(expected, float) and math.isnan(expected):
        assert math.isnan(actual), f"{path}: {actual!r} is not nan"
    else:
        assert actual == expected, f"{path}: {actual!r} != {expected!r}"


def made_at_run_time(cls: type) -> bool:
    """A class its module does not name: made by a call (a local class, a namedtuple), anew
    on every call, so that eager's and the compiled run's are two classes."""
    found = sys.modules.get(cls.__module__)
    for part in cls.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is not cls


def same_made_class(actual, expected: type) -> bool:
    """Two classes made by two calls of the same code: the same names, bases and namespace."""
    return actual is expected or (
        isinstance(actual, type) and made_at_run_time(actual) and made_at_run_time(expected)
        and (actual.__qualname__, actual.__module__) == (expected.__qualname__,
                                                         expected.__module__)
        and actual.__mro__[1:] == expected.__mro__[1:] and vars(actual).keys() == vars(
            expected).keys())


def _assert_same_of_made_class(actual, expected, path: str) -> None:
    if isinstance(expected, enum.Enum):
        assert actual.name == expected.name, f"{path}: {actual!r} != {expected!r}"
        assert_same(actual.value, expected.value, f"{path}.value")
    elif isinstance(expected, tuple):
        assert_same(tuple(actual), tuple(expected), f"{path}(tuple)")
    else:
        assert_same(vars(actual), vars(expected), f"{path}.__dict__")


def _is_plain_object(obj) -> bool:
    """An instance of a user class: compared attribute by attribute, not by identity."""
    return (hasattr(obj, "__dict__") and not isinstance(obj, (type, types.ModuleType))
            and not callable(obj) and type(obj).__eq__ is object.__eq__)


def check_same(fn, *args, fullgraph: bool = True, backend="eager", **kwargs):
    """Compile `fn`, run both sides on deep copies of the inputs; return the compiled stats."""
    eager_args, eager_kwargs = copy.deepcopy((args, kwargs))
    compiled_args, compiled_kwargs = copy.deepcopy((args, kwargs))
    expected = fn(*eager_args, **eager_kwargs)
    compiled = compiler.compile(fn, backend=backend, fullgraph=fullgraph)
    actual = compiled(*compiled_args, **compiled_kwargs)
    assert_same(actual, expected)
    assert_same(compiled_args, eager_args, "args")
    assert_same(compiled_kwargs, eager_kwargs, "kwargs")
    return compiler.stats(compiled)


def one_graph(stats, ops: int | None = None) -> None:
    """The call was traced as one frame and one graph, with no break and no fallback."""
    assert (stats.frames, stats.graphs) == (1, 1), stats
    assert not stats.graph_breaks and not stats.fallbacks, stats
    if ops is not None:
        assert stats.ops == ops, stats
