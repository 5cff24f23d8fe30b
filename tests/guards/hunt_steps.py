"""Differential steps for the guard hunt: a compiled function called several times while
something it read changes between calls. Each call runs eagerly and compiled on deep copies of
its arguments; results, raised errors, argument mutations and (optionally) a watched piece of
world state are compared, and the compile count is checked when the test names it."""

from __future__ import annotations

import copy
import types
from collections.abc import Callable, Iterable
from typing import Any

import pytest
import torch

import compiler
from tests.differential import assert_same


def step(change: Callable[[], Any] | None, *args, **kwargs):
    """One call: `change()` runs first (once, before both sides), then fn(*args, **kwargs)."""
    return change, args, kwargs


def call(*args, **kwargs):
    return step(None, *args, **kwargs)


def _outcome(fn, args, kwargs):
    try:
        return "ok", fn(*args, **kwargs)
    except compiler.Unsupported:
        raise
    except Exception as exc:  # noqa: BLE001 - the program's own error is part of its answer
        return "raised", exc


def _same_outcome(actual, expected, where: str) -> None:
    assert actual[0] == expected[0], f"{where}: compiled {actual!r}, eager {expected!r}"
    if expected[0] == "raised":
        assert type(actual[1]) is type(expected[1]), f"{where}: {actual[1]!r}"
        assert str(actual[1]) == str(expected[1]), f"{where}: {actual[1]} != {expected[1]}"
    else:
        assert_same(actual[1], expected[1], f"{where} out")


def run(
    fn,
    steps: Iterable,
    *,
    fullgraph: bool,
    compiles: int | None = None,
    save: Callable[[], Any] | None = None,
    restore: Callable[[Any], None] | None = None,
    backend: str = "eager",
    copy_args: bool = True,
):
    """Run every step eagerly then compiled; `save()` snapshots world state the function may
    change (restored with `restore(snapshot)` before the compiled side runs). With
    `copy_args=False` both sides get the very objects of the step (identity matters, or a
    tensor that cannot be copied), so the function must not change them."""
    compiled = compiler.compile(fn, backend=backend, fullgraph=fullgraph)
    for i, (change, args, kwargs) in enumerate(steps):
        if change is not None:
            change()
        copied = copy.deepcopy if copy_args else (lambda v: v)
        eager_in = copied((args, kwargs))
        compiled_in = copied((args, kwargs))
        before = save() if save is not None else None
        expected = _outcome(fn, *eager_in)
        eager_world = save() if save is not None else None
        if restore is not None:
            restore(before)
        actual = _outcome(compiled, *compiled_in)
        where = f"call {i}"
        _same_outcome(actual, expected, where)
        assert_same(_comparable(compiled_in), _comparable(eager_in), f"{where} args")
        if save is not None:
            assert_same(save(), eager_world, f"{where} world")
    stats = compiler.stats(compiled)
    if compiles is not None and fullgraph:
        assert stats.compiles == compiles, stats
    return stats


def _comparable(value):
    """Arguments as assert_same compares them: a bound method by its function and its
    instance's attributes, a bare object() or a callable instance by its class and attributes."""
    if isinstance(value, (tuple, list)):
        return (
            type(value)(_comparable(v) for v in value) if type(value) in (tuple, list) else (value)
        )
    if type(value) is dict:
        return {k: _comparable(v) for k, v in value.items()}
    if isinstance(value, types.MethodType):
        return ("method", value.__func__, _comparable(value.__self__))
    if type(value) is object:
        return "object()"
    if (
        callable(value)
        and type(value).__module__ not in ("builtins", "torch")
        and hasattr(value, "__dict__")
        and not isinstance(value, (type, types.FunctionType, torch.nn.Module))
    ):
        return (type(value), _comparable(dict(vars(value))))
    return value


# every test of a hunt module runs with fullgraph=True and without it
BOTH_MODES = pytest.mark.parametrize("fullgraph", [True, False], ids=["fullgraph", "breaks"])


def run_twins(
    make: Callable[[], tuple[Callable, Any]],
    actions: Iterable,
    *,
    fullgraph: bool,
    observe: Callable[[Any], Any] = lambda world: None,
    compiles: int | None = None,
):
    """Two worlds built alike by `make()` -> (fn, world), the second's fn compiled: each action
    changes both worlds alike and gives the call's arguments (`action(world)` -> tuple or
    None); the calls' outcomes and `observe(world)` after them are compared. For state that
    cannot be saved and put back (an iterator, a cache)."""
    eager_fn, eager_world = make()
    compiled_fn, compiled_world = make()
    compiled = compiler.compile(compiled_fn, fullgraph=fullgraph)
    for i, action in enumerate(actions):
        eager_args = action(eager_world) or ()
        compiled_args = action(compiled_world) or ()
        expected = _outcome(eager_fn, eager_args, {})
        actual = _outcome(compiled, compiled_args, {})
        _same_outcome(actual, expected, f"call {i}")
        assert_same(
            _comparable(observe(compiled_world)),
            _comparable(observe(eager_world)),
            f"call {i} world",
        )
    stats = compiler.stats(compiled)
    if compiles is not None and fullgraph:
        assert stats.compiles == compiles, stats
    return stats
