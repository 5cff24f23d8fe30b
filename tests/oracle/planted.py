"""Subjects with one planted fault each, to prove the oracle catches every kind of fault.

Each is a Subject (docs/architecture.md) usable in-process or by spec, e.g.
tests.oracle.planted:Hang.
"""

from __future__ import annotations

import os
import time

import torch


class PlantedInternalError(Exception):
    """Stands for a compiler's internal error (CompilerBug, InternalTorchDynamoError)."""


class Faithful:
    """The honest subject: calls the program as it is, compiling once per new signature."""

    name = "faithful"
    internal_modules = (__name__,)

    def __init__(self):
        self.compiles = 0

    def compile(self, fn):
        seen = set()

        def compiled(*args, **kwargs):
            key = _tensor_key(args, kwargs) + tuple(_plain(args, kwargs))
            if key not in seen:
                seen.add(key)
                self.compiles += 1
            return self.call(fn, args, kwargs)

        return compiled

    def call(self, fn, args, kwargs):
        return fn(*args, **kwargs)

    def stats(self, compiled) -> dict:
        return {"compiles": self.compiles, "graphs": self.compiles, "recompile_reasons": []}

    def reset(self) -> None:
        self.compiles = 0


class WrongValue(Faithful):
    """Returns one tensor element off by 1e-3: far inside a 5% check on sums."""

    name = "planted:wrong-value"

    def call(self, fn, args, kwargs):
        out = fn(*args, **kwargs)
        _perturb_last_tensor(out)
        return out


class DroppedMutation(Faithful):
    """Runs on copies of the tensor arguments, so in-place writes to inputs are lost."""

    name = "planted:dropped-mutation"

    def call(self, fn, args, kwargs):
        copies = tuple(a.clone() if isinstance(a, torch.Tensor) else a for a in args)
        return fn(*copies, **kwargs)


class WrongException(Faithful):
    """Turns every exception of the program into a TypeError."""

    name = "planted:wrong-exception"

    def call(self, fn, args, kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as exc:
            raise TypeError(f"planted: {exc}") from None


class StaleCache(Faithful):
    """Guards on tensor metadata only: reuses the scalars and globals of the call that compiled.

    The classic stale-cache bug: a missing guard on a Python scalar or a module global.
    """

    name = "planted:stale-cache"

    def compile(self, fn):
        entries: dict = {}

        def compiled(*args, **kwargs):
            key = _tensor_key(args, kwargs)
            if key not in entries:
                self.compiles += 1
                entries[key] = (args, kwargs, _plain_globals(fn))
                return fn(*args, **kwargs)
            old_args, old_kwargs, old_globals = entries[key]
            stale = tuple(a if isinstance(a, torch.Tensor) else o
                          for a, o in zip(args, old_args, strict=True))
            with _patched(_globals_of(fn), old_globals):
                return fn(*stale, **{**kwargs, **_plain_kwargs(old_kwargs)})

        return compiled


class CopiedRepeats(Faithful):
    """Returns a copy wherever an object (a list, a dict, a tensor) appears a second time in
    the returned tuple: the values agree, `out[0] is out[3]` no longer holds."""

    name = "planted:copied-repeats"

    def call(self, fn, args, kwargs):
        out = fn(*args, **kwargs)
        if not isinstance(out, tuple):
            return out
        seen: set[int] = set()
        items = []
        for item in out:
            if id(item) in seen:
                item = item.clone() if isinstance(item, torch.Tensor) else type(item)(item)
            seen.add(id(item))
            items.append(item)
        return tuple(items)


class FreshContainers(Faithful):
    """Returns a shallow copy of each list or dict of the returned tuple: equal values, but
    not the objects the program returned (a global list, an argument)."""

    name = "planted:fresh-containers"

    def call(self, fn, args, kwargs):
        out = fn(*args, **kwargs)
        if not isinstance(out, tuple):
            return out
        return tuple(type(item)(item) if type(item) in (list, dict) else item for item in out)


class MergedContainers(Faithful):
    """Returns the first list again wherever an equal but distinct list follows it in the
    returned tuple: the values agree, two lists eager made apart became one object."""

    name = "planted:merged-containers"

    def call(self, fn, args, kwargs):
        out = fn(*args, **kwargs)
        if not isinstance(out, tuple):
            return out
        lists = [item for item in out if type(item) is list]
        return tuple(lists[0] if type(item) is list and item is not lists[0]
                     and len(item) == len(lists[0]) else item for item in out)


class RecompileAlways(Faithful):
    """Correct values, but compiles again on every call."""

    name = "planted:recompile-always"

    def compile(self, fn):
        def compiled(*args, **kwargs):
            self.compiles += 1
            return fn(*args, **kwargs)

        return compiled


class Crash(Faithful):
    name = "planted:crash"

    def call(self, fn, args, kwargs):
        raise PlantedInternalError("planted: lowering failed")


class Hang(Faithful):
    name = "planted:hang"

    def call(self, fn, args, kwargs):
        time.sleep(3600)


class Abort(Faithful):
    name = "planted:abort"

    def call(self, fn, args, kwargs):
        os.abort()


def make_faithful() -> Faithful:
    """A zero-argument factory, for the `pkg.mod:factory` spec form."""
    return Faithful()


def _tensor_key(args, kwargs) -> tuple:
    values = list(args) + list(kwargs.values())
    return tuple((tuple(v.shape), v.dtype) for v in values if isinstance(v, torch.Tensor))


def _plain(args, kwargs) -> list:
    return [repr(v) for v in list(args) + list(kwargs.values())
            if not isinstance(v, torch.Tensor)]


def _plain_kwargs(kwargs: dict) -> dict:
    return {k: v for k, v in kwargs.items() if not isinstance(v, torch.Tensor)}


def _globals_of(fn) -> dict:
    """A program's module globals (an nn.Module's, from its forward function)."""
    namespace = getattr(fn, "__globals__", None)
    if namespace is None:
        namespace = getattr(type(fn).forward, "__globals__", {})
    return namespace


def _plain_globals(fn) -> dict:
    """The plain-valued globals a program reads."""
    return {k: v for k, v in _globals_of(fn).items()
            if not k.startswith("__") and isinstance(v, int | float | bool | str)}


class _patched:
    def __init__(self, namespace: dict, values: dict):
        self.namespace, self.values, self.saved = namespace, values, {}

    def __enter__(self):
        self.saved = {k: self.namespace[k] for k in self.values}
        self.namespace.update(self.values)

    def __exit__(self, *exc):
        self.namespace.update(self.saved)


def _perturb_last_tensor(out) -> None:
    leaves = []

    def walk(value):
        if isinstance(value, torch.Tensor) and value.is_floating_point():
            leaves.append(value)
        elif isinstance(value, tuple | list):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    walk(out)
    if leaves:
        with torch.no_grad():
            leaves[-1].view(-1)[-1] += 1e-3
