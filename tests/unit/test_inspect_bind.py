"""`inspect.signature(fn).bind(...)` / `bind_partial(...)` of a Python function: binding is
CPython's own (run on placeholders), errors are its TypeErrors; the BoundArguments'
`arguments` is one mutable dict, `args`/`kwargs` follow it, `apply_defaults()` replaces it
with one in parameter order. Compared with eager, fullgraph, one graph."""

import inspect

import pytest
import torch

import compiler


def _target(a, b, *rest, c=10, d=11, **kw):
    pass


def _posonly(p, /, q=2, *, r=3):
    pass


def _bind_and_edit(x, apply):
    bound = inspect.signature(_target).bind(1, 2, 3, d=12, e=15)
    bound.arguments["d"] = 13
    if apply:
        bound.apply_defaults()
    return dict(bound.arguments), bound.args, bound.kwargs, x + 1


def _bind_tensors(x, y):
    bound = inspect.signature(_target).bind(x, b=y)
    first = bound.args[0] + bound.args[1]
    bound.apply_defaults()
    return first, bound.args, list(bound.arguments), bound.kwargs


def _partial_bind(x, y):
    bound = inspect.signature(_posonly).bind_partial(x, r=5)
    missing = "q" in bound.arguments
    bound.apply_defaults()
    return bound.args, bound.kwargs, missing


def _bad_bind(x, y):
    try:
        inspect.signature(_posonly).bind(p=x)
    except TypeError as e:
        return x + 1, str(e)
    return x - 1, ""


def _too_many(x, y):
    try:
        inspect.signature(_posonly).bind(x, y, 3)
    except TypeError as e:
        return str(e)
    return "bound"


def _same(actual, expected):
    assert type(actual) is type(expected)
    if isinstance(expected, (tuple, list)):
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            _same(a, e)
    elif isinstance(expected, dict):
        assert list(actual) == list(expected)
        for k in expected:
            _same(actual[k], expected[k])
    elif isinstance(expected, torch.Tensor):
        torch.testing.assert_close(actual, expected)
    else:
        assert actual == expected


@pytest.mark.parametrize("fn, args", [
    (_bind_and_edit, (True,)), (_bind_and_edit, (False,)), (_bind_tensors, (torch.ones(3),)),
    (_partial_bind, (torch.ones(2),)), (_bad_bind, (torch.ones(2),)), (_too_many, (torch.ones(2),)),
], ids=lambda v: getattr(v, "__name__", None))
def test_matches_eager(fn, args):
    x = torch.arange(3.0)
    expected = fn(x, *args)
    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    _same(compiled(x, *args), expected)
    stats = compiler.stats(compiled)
    assert stats.graphs <= 1 and not stats.graph_breaks and not stats.fallbacks, stats
