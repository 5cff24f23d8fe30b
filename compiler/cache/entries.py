"""Cache entries of one compiled callable, its recompile bookkeeping and its statistics."""

from __future__ import annotations

import dataclasses
import traceback
from collections.abc import Callable
from typing import Any

from compiler.guards.check import CheckFunction


@dataclasses.dataclass(frozen=True)
class InternalError:
    """An exception raised by the compiler's own code while tracing."""

    type_name: str
    message: str
    module: str     # the compiler module of the innermost frame of ours that raised it
    where: str      # that frame's file:line

    @classmethod
    def of(cls, exc: BaseException) -> InternalError:
        module, where = "compiler", "?"
        for frame, line in traceback.walk_tb(exc.__traceback__):
            name = frame.f_globals.get("__name__", "")
            if name == "compiler" or name.startswith("compiler."):
                module, where = name, f"{frame.f_code.co_filename}:{line}"
        first = str(exc).splitlines()[0] if str(exc) else ""
        return cls(type(exc).__name__, first[:300], module, where)

    def __str__(self) -> str:
        return f"{self.type_name}: {self.message} ({self.module}, {self.where})"


@dataclasses.dataclass
class CompileStats:
    """What `compiler.stats(f)` reports."""

    frames: int = 0      # translations, including recompiles and eager fallbacks
    compiles: int = 0    # translations of the entry code object
    # the same by code object: a module's call path (with hooks) and its forward (without)
    # are two entry code objects, each with its own cache and cache limit
    compiles_by_code: dict[str, int] = dataclasses.field(default_factory=dict)
    graphs: int = 0      # graphs handed to the backend
    ops: int = 0         # tensor ops in those graphs
    graph_breaks: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    recompiles: list[str] = dataclasses.field(default_factory=list)
    fallbacks: list[str] = dataclasses.field(default_factory=list)
    # graphs that raised where the frame's eager re-run returned (a backend's or a trace's bug;
    # compiler/cache/graph_raised.py): the call's answer is eager's, the bug is still reported
    wrong_graphs: list[str] = dataclasses.field(default_factory=list)
    cache_limit_hits: int = 0
    # exceptions of the tracer itself (not Unsupported): the frame ran eagerly, so the answer
    # is right, but each is a bug of ours (raised instead with config.raise_internal_errors)
    internal_errors: list[InternalError] = dataclasses.field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["graph_breaks"] = [f"{reason} at {where}" for reason, where in self.graph_breaks]
        return data


@dataclasses.dataclass
class CacheEntry:
    """One compiled version of the frame: runs only while `check` holds."""

    check: CheckFunction
    run: Callable[..., Any]   # run(args, kwargs, L, G)
    graph_source: str = ""
    rebuild_source: str = ""
    # the check's compiled function, written with its entry (not at a lookup), called directly
    guard: Callable[[dict, dict], bool] = dataclasses.field(init=False, repr=False)

    def __post_init__(self):
        self.guard = self.check.check


@dataclasses.dataclass
class CodeCache:
    entries: list[CacheEntry] = dataclasses.field(default_factory=list)
    warned_limit: bool = False

    def lookup(self, L: dict, G: dict) -> CacheEntry | None:
        for entry in self.entries:
            if entry.guard(L, G):
                return entry
        return None

    def miss_reason(self, L: dict, G: dict) -> str | None:
        """Why the newest entry did not apply: the recompile reason."""
        if not self.entries:
            return None
        return self.entries[-1].check.first_failure(L, G)
