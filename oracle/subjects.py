"""Subjects: what gets checked against eager (docs/architecture.md), and their command-line specs.

`ours[:backend]` is this project's compiler, imported only when first used so that the oracle
works while the compiler is broken; `torch[:backend]` is torch.compile; `pkg.mod:attr` is anything
else that implements the Subject protocol.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from oracle import origin

KNOWN_BACKENDS = ("eager", "aot_eager", "inductor")


@runtime_checkable
class Subject(Protocol):
    name: str

    def compile(self, fn) -> Callable: ...

    def stats(self, compiled) -> dict | None: ...

    def reset(self) -> None: ...


# Optional, beyond the protocol: `classify(exc) -> "internal" | "unsupported" | None` tells a
# subject's own errors (a crash) from the program's; `internal_modules` does the same by module.


class SubjectSpecError(ValueError):
    """A --subject spec that cannot be resolved; the message says why, in one line."""


def resolve(spec: str) -> Subject:
    head, colon, tail = spec.partition(":")
    if head == "ours":
        return OursSubject(tail or "eager")
    if head == "torch":
        return TorchSubject(tail or "eager")
    if colon and head and tail:
        return _from_module(head, tail, spec)
    raise SubjectSpecError(
        f"unknown subject {spec!r}: expected ours[:backend], torch[:backend] or pkg.mod:attr")


def _from_module(module_name: str, attr: str, spec: str) -> Subject:
    try:
        module = _import_from_here(module_name)
    except Exception as exc:
        raise SubjectSpecError(f"subject {spec!r}: cannot import {module_name}: {exc}") from None
    if not hasattr(module, attr):
        raise SubjectSpecError(f"subject {spec!r}: {module_name} has no attribute {attr!r}")
    found = getattr(module, attr)
    if not _is_subject(found) and callable(found):
        try:
            found = found()
        except Exception as exc:
            raise SubjectSpecError(f"subject {spec!r}: factory raised {exc!r}") from None
    if not _is_subject(found):
        raise SubjectSpecError(
            f"subject {spec!r}: {type(found).__name__} lacks name/compile/stats/reset")
    return found


def _import_from_here(module_name: str):
    """Import as `python -m` would: a subject module in the working folder resolves from the
    installed `parity` command too."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        here = os.getcwd()
        if here in sys.path or not (exc.name or "").startswith(module_name.split(".")[0]):
            raise
        sys.path.append(here)
        return importlib.import_module(module_name)


def _is_subject(value: Any) -> bool:
    return not isinstance(value, type) and all(
        hasattr(value, a) for a in ("name", "compile", "stats", "reset"))


def _backend(name: str, spec: str) -> str | Callable:
    if name in KNOWN_BACKENDS:
        return name
    module_name, dot, attr = name.rpartition(".")
    if not dot or not module_name:
        raise SubjectSpecError(
            f"subject {spec!r}: unknown backend {name!r}: expected one of "
            f"{', '.join(KNOWN_BACKENDS)} or a dotted path pkg.mod.backend_fn")
    try:
        backend = getattr(importlib.import_module(module_name), attr)
    except Exception as exc:
        raise SubjectSpecError(f"subject {spec!r}: cannot load backend {name}: {exc}") from None
    if not callable(backend):
        raise SubjectSpecError(f"subject {spec!r}: backend {name} is not callable")
    return backend


def classify(subject: Any, exc: BaseException, runs: tuple[str, ...] = ()) -> str | None:
    """"internal" for a subject's own error, "unsupported" for a declared fallback, else None.

    The subject's `classify` hook decides first; where it has none, returns None or fails, the
    exception type's module against `internal_modules`, then where the exception was raised
    (oracle.origin: the subject's own package, the packages its compiled callables come from
    (`runs`: an adapter in one package wrapping a compiler in another) and torch's compiler
    stack are the subject's).
    """
    own = getattr(subject, "classify", None)
    if own is not None:
        try:
            category = own(exc)
        except Exception:
            category = None  # a broken hook must not turn the verdict into the oracle's failure
        if category is not None:
            return category
    module = getattr(type(exc), "__module__", None) or ""
    prefixes = tuple(str(p) for p in getattr(subject, "internal_modules", ()) or ())
    if prefixes and module.startswith(prefixes):
        return "internal"
    modules = origin.subject_modules(subject)
    if not getattr(subject, "internal_modules", None):
        modules = tuple(dict.fromkeys(modules + runs))
    return origin.blame(exc, modules)


class OursSubject:
    """This project's compiler, through its public API only."""

    def __init__(self, backend: str = "eager"):
        self.name = "ours" if backend == "eager" else f"ours:{backend}"
        self._backend = _backend(backend, self.name)

    def compile(self, fn) -> Callable:
        import compiler

        return compiler.compile(fn, backend=self._backend)

    def stats(self, compiled) -> dict | None:
        import compiler

        raw = compiler.stats(compiled).as_dict()
        config = getattr(compiler, "config", None)
        return {
            "compiles": raw.get("compiles"),
            "graphs": raw.get("graphs"),
            "ops": raw.get("ops"),
            "graph_breaks": len(raw.get("graph_breaks") or ()),
            "recompile_reasons": [str(r) for r in raw.get("recompiles") or ()],
            "fallbacks": len(raw.get("fallbacks") or ()),
            "cache_limit": getattr(config, "cache_limit", None),
        }

    def reset(self) -> None:
        try:
            import compiler
        except Exception:
            return  # compile() will report the import failure as a crash
        compiler.reset()

    def classify(self, exc: BaseException) -> str | None:
        import compiler

        if isinstance(exc, compiler.Unsupported):
            return "unsupported"
        module = type(exc).__module__ or ""
        if module.split(".")[0] == "compiler":
            return "internal"
        # A builtin error raised inside the compiler's own code (a KeyError from a table) is its
        # bug too; it declares what it cannot do only through compiler.Unsupported, so a
        # NotImplementedError from it is a crash here, not a decline.
        return "internal" if origin.blame(exc, ("compiler",)) else None


class TorchSubject:
    """torch.compile, with a counting wrapper around its backend.

    The wrapper counts graphs; frame compiles (what rules R1-R3 count) come from dynamo's
    compilation metrics, since one frame compile can hand several graphs, or none, to a backend.
    """

    def __init__(self, backend: str = "eager"):
        self.name = f"torch:{backend}"
        self._backend = _backend(backend, self.name)
        self.graphs = 0

    def _counting_backend(self):
        import torch._dynamo

        inner = self._backend
        if isinstance(inner, str):
            inner = torch._dynamo.lookup_backend(inner)

        def counting_backend(gm, example_inputs):
            self.graphs += 1
            return inner(gm, example_inputs)

        return counting_backend

    def compile(self, fn) -> Callable:
        import torch

        if self._backend == "inductor":
            import torch._inductor.config as inductor_config

            inductor_config.fallback_random = True  # the same random numbers as eager
        return torch.compile(fn, backend=self._counting_backend())

    def stats(self, compiled) -> dict | None:
        import torch._dynamo
        from torch._dynamo.utils import get_compilation_metrics

        records = list(get_compilation_metrics())
        by_frame: dict[int, int] = {}
        for record in records:
            frame = _frame_of(record.compile_id)
            by_frame[frame] = by_frame.get(frame, 0) + 1
        entry = _frame_of(records[0].compile_id) if records else None
        reasons = [r.recompile_reason.splitlines()[0] for r in records if r.recompile_reason]
        return {
            "compiles": by_frame.get(entry, 0),
            "graphs": self.graphs,
            "graph_breaks": sum(r.num_graph_breaks or 0 for r in records),
            "recompile_reasons": reasons,
            "compiles_by_code": {str(k): v for k, v in by_frame.items()},
            "cache_limit": torch._dynamo.config.recompile_limit,
        }

    def reset(self) -> None:
        import torch._dynamo
        from torch._dynamo.utils import clear_compilation_metrics

        torch._dynamo.reset()
        clear_compilation_metrics()
        self.graphs = 0

    def classify(self, exc: BaseException) -> str | None:
        import torch._dynamo.exc

        if isinstance(exc, torch._dynamo.exc.Unsupported):
            return "unsupported"
        module = type(exc).__module__ or ""
        own = ("torch._dynamo", "torch._inductor", "torch._functorch", "torch.fx")
        return "internal" if module.startswith(own) else None


def _frame_of(compile_id) -> str:
    """"0/1" (frame 0, its second compile) -> "0"; also accepts a CompileId object."""
    frame = getattr(compile_id, "frame_id", None)
    return str(frame) if frame is not None else str(compile_id).lstrip("!").split("/")[0]
