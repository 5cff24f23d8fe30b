"""Parity's JIT compiler for PyTorch: traces Python 3.11 bytecode into guarded FX graphs.

Public API: compile, stats, explain, reset, mark_dynamic, mark_static, Unsupported, config
(docs/architecture.md).
"""

from __future__ import annotations

import torch

from compiler.cache.entries import CompileStats
from compiler.config import config
from compiler.entry import CompiledFunction, reset_all
from compiler.errors import BreakReason, CompilerBug, Unsupported
from compiler.explain import Explanation, explain
from compiler.module_entry import CompiledModule
from compiler.shapes.marks import mark_dynamic, mark_static

__all__ = [
    "compile", "stats", "explain", "reset", "config", "mark_dynamic", "mark_static",
    "Unsupported",
    "CompilerBug", "BreakReason", "CompileStats", "Explanation",
]


def compile(fn=None, *, backend="eager", fullgraph: bool = False, dynamic=None):  # noqa: A001
    """Compile `fn` (a function or an nn.Module); usable as `@compile` or `@compile(...)`.

    `dynamic`: None (automatic: a size seen changing is traced symbolic from then on), True
    (every size symbolic from the first compile) or False (every size specialised).
    """
    if fn is None:
        return lambda f: compile(f, backend=backend, fullgraph=fullgraph, dynamic=dynamic)
    if isinstance(fn, torch.nn.Module):
        return CompiledModule(fn, backend=backend, fullgraph=fullgraph, dynamic=dynamic)
    return CompiledFunction(fn, backend=backend, fullgraph=fullgraph, dynamic=dynamic)


def stats(compiled) -> CompileStats:
    if not isinstance(compiled, CompiledFunction):
        raise TypeError(f"compiler.stats expects what compiler.compile returned, "
                        f"got {type(compiled).__qualname__}")
    return compiled.stats


def reset() -> None:
    """Clear every cache and counter."""
    reset_all()
