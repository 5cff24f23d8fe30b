"""Run a program's whole call sequence on one side and record what each call did.

The reference side calls `program` as it is; a compiled side first passes it through a
subject's `compile`. Both sides seed torch's RNG the same before every draw and every call.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch

from oracle.judge import program as programs
from oracle.judge.signature import call_signature
from oracle.judge.state import Freezer, Raised, key_text

CALL_SEED = 1234
DRAW_SEED = 4321


@dataclass
class CallRecord:
    index: int
    outcome: Any  # the frozen returned value, or Raised
    aliases: dict[str, str]  # output path -> the input path it is the very object of
    args_after: Any
    globals_after: dict[str, Any]
    cells_after: dict[str, Any]
    signature: tuple | None = None
    stats: dict | None = None
    # output path -> (the first output path of the same object, whether it is a tensor), for
    # every tensor, list, dict or set the returned value holds more than once
    repeats: dict[str, tuple[str, bool]] = field(default_factory=dict)

    @property
    def raised(self) -> bool:
        return isinstance(self.outcome, Raised)


@dataclass
class Trace:
    calls: list[CallRecord] = field(default_factory=list)
    run_seconds: float = 0.0  # inside compile() and the program's calls: not runner overhead
    stats_before: dict | None = None


@dataclass
class Side:
    """How one side runs: `prepare` turns `program` into the callable to call; `mark`
    receives the program's DYNAMIC hints before each call, as (tensor, dim, min, max)."""

    prepare: Callable[[Any], Any] | None = None
    mark: Callable[[Any, int, int | None, int | None], None] | None = None
    stats: Callable[[Any], dict | None] | None = None
    classify: Callable[[BaseException], str | None] | None = None
    signatures: bool = False


class CompileFailed(Exception):
    def __init__(self, raised: Raised):
        super().__init__(raised.message)
        self.raised = raised


def seed(value: int) -> None:
    # Not torch.manual_seed: it queues lazy seeding of every accelerator with a formatted
    # stack each time, ~1 ms a call. CPU's generator, and CUDA's once it is in use, suffice.
    torch.default_generator.manual_seed(value)
    if torch.cuda.is_initialized():
        torch.cuda.manual_seed_all(value)
    random.seed(value)


def run(path: str, side: Side | None = None) -> Trace:
    """Load the file afresh and run every call; raises InvalidProgram for a broken file."""
    side = side or Side()
    with programs.loaded(path) as loaded:
        return _run_loaded(loaded, side)


def _run_loaded(loaded: programs.Program, side: Side) -> Trace:
    trace = Trace()
    freezer = Freezer(loaded.name)
    fn = loaded.program
    target = _prepare(fn, side, freezer, trace)
    calls = loaded.calls()
    for index in range(1_000_000):
        seed(DRAW_SEED + index)
        item = next(calls, None)
        if item is None:
            break
        args, kwargs = item
        signature = None
        if side.signatures:
            signature = call_signature(fn, args, kwargs, loaded.namespace, loaded.name)
        marks = loaded.dynamic_marks(args, kwargs) if side.mark is not None else ()
        record = _call(target, args, kwargs, index, side, freezer, trace, marks,
                       loaded.namespace)
        record.globals_after = freezer.freeze_namespace(loaded.namespace)
        record.cells_after = freezer.freeze_cells(fn)
        record.signature = signature
        if side.stats is not None:
            record.stats = side.stats(target)
        trace.calls.append(record)
    return trace


def _prepare(fn: Any, side: Side, freezer: Freezer, trace: Trace) -> Any:
    if side.prepare is None:
        return fn
    start = time.perf_counter()
    try:
        target = side.prepare(fn)
    except Exception as exc:
        category = side.classify(exc) if side.classify else None
        raise CompileFailed(freezer.freeze_exception(exc, category)) from exc
    finally:
        trace.run_seconds += time.perf_counter() - start
    if side.stats is not None:
        trace.stats_before = side.stats(target)
    return target


def _call(target, args, kwargs, index, side: Side, freezer: Freezer, trace: Trace,
          marks=(), namespace: dict | None = None) -> CallRecord:
    # `keep` holds every input object alive until the aliases are known: an input the call
    # drops would free its id for an output to reuse. The module's globals count as inputs
    # too: a returned global list must be that list, not a copy.
    inputs, keep = _identities((args, kwargs), ("args", "kwargs"))
    _global_identities(namespace or {}, inputs, keep)
    seed(CALL_SEED + index)
    start = time.perf_counter()
    try:
        for tensor, dim, low, high in marks:
            side.mark(tensor, dim, low, high)
        value = target(*args, **kwargs)
    except Exception as exc:
        trace.run_seconds += time.perf_counter() - start
        category = side.classify(exc) if side.classify else None
        outcome, aliases, repeats = freezer.freeze_exception(exc, category), {}, {}
    else:
        trace.run_seconds += time.perf_counter() - start
        outcome = freezer.freeze(value)
        aliases, repeats = _aliases(value, inputs), _repeats(value)
    args_after = freezer.freeze({"args": list(args), "kwargs": kwargs})
    return CallRecord(index, outcome, aliases, args_after, {}, {}, repeats=repeats)


def _identities(roots: tuple, names: tuple[str, ...]) -> tuple[dict[int, str], list]:
    """id -> path of every tensor, list and dict reachable from the inputs, and the objects."""
    found: dict[int, str] = {}
    keep: list = []
    for root, name in zip(roots, names, strict=True):
        _walk(root, name, found, keep, 0)
    return found, keep


def _global_identities(namespace: dict, found: dict[int, str], keep: list) -> None:
    for name, value in list(namespace.items()):
        if not name.startswith("__"):
            _walk(value, f"G[{name!r}]", found, keep, 1)


def _walk(value: Any, path: str, found: dict[int, str], keep: list, depth: int) -> None:
    if depth > 8 or id(value) in found:
        return
    if isinstance(value, torch.Tensor) or (depth and isinstance(value, list | dict)):
        found[id(value)] = path
        keep.append(value)
    if isinstance(value, tuple | list):
        for i, item in enumerate(value):
            _walk(item, f"{path}[{i}]", found, keep, depth + 1)
    elif isinstance(value, dict):
        for i, (key, item) in enumerate(value.items()):  # key_text: a key's repr may raise
            _walk(item, f"{path}[{key_text(key, i)}]", found, keep, depth + 1)


def _aliases(value: Any, inputs: dict[int, str]) -> dict[str, str]:
    """Which parts of the returned value are input objects themselves (not copies)."""
    if not inputs:
        return {}
    outputs: dict[int, str] = {}
    _walk(value, "out", outputs, [], 1)
    return {path: inputs[key] for key, path in outputs.items() if key in inputs}


SHARED_KINDS = (torch.Tensor, list, dict, set)


def _repeats(value: Any) -> dict[str, tuple[str, bool]]:
    """The paths at which the returned value holds a tensor, list, dict or set it already
    holds at an earlier path (`return acc, acc`), with that first path. Tuples, lists and dicts
    are walked in order; an object met again is not walked again."""
    first: dict[int, str] = {}
    found: dict[str, tuple[str, bool]] = {}

    def walk(item: Any, path: str, depth: int) -> None:
        if depth > 8:
            return
        if isinstance(item, SHARED_KINDS):
            if id(item) in first:
                found[path] = (first[id(item)], isinstance(item, torch.Tensor))
                return
            first[id(item)] = path
        if isinstance(item, tuple | list):
            for i, sub in enumerate(item):
                walk(sub, f"{path}[{i}]", depth + 1)
        elif isinstance(item, dict):
            for i, (key, sub) in enumerate(item.items()):
                walk(sub, f"{path}[{key_text(key, i)}]", depth + 1)

    walk(value, "out", 0)
    return found
