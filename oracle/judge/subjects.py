"""Subjects: what gets checked against eager (docs/architecture.md), and their command-line specs.

`ours[:backend]` is this project's compiler, imported only when first used so that the oracle
works while the compiler is broken; `torch[:backend]` is torch.compile; `pkg.mod:attr` is anything
else that implements the Subject protocol. Options follow `?`: `torch:inductor?dynamic=true`.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from oracle.judge import origin

KNOWN_BACKENDS = ("eager", "aot_eager", "inductor")


@runtime_checkable
class Subject(Protocol):
    name: str

    def compile(self, fn) -> Callable: ...

    def stats(self, compiled) -> dict | None: ...

    def reset(self) -> None: ...


# Optional, beyond the protocol: `classify(exc) -> "internal" | "unsupported" | None` tells a
# subject's own errors (a crash) from the program's; `internal_modules` does the same by module;
# `mark_dynamic(tensor, dim, min=None, max=None)` receives a program's DYNAMIC hints
# (oracle/judge/program.py). `stats()` may say `"dynamic": "auto" | "true" | "false"` (rule R4) and
# count `"symbolic_recompiles"`, the recompiles a failing guard on a symbolic size caused.

# The values of the `dynamic` option, as torch.compile's `dynamic` argument takes them.
DYNAMIC_VALUES = {"none": None, "true": True, "false": False}


class SubjectSpecError(ValueError):
    """A --subject spec that cannot be resolved; the message says why, in one line."""


def resolve(spec: str) -> Subject:
    """The one place a spec is read and checked: `base[?name=value[&name=value]...]`."""
    base, options = split_options(spec)
    head, colon, tail = base.partition(":")
    if head in ("ours", "torch"):
        unknown = sorted(set(options) - {"dynamic"})
        if unknown:
            raise SubjectSpecError(f"subject {spec!r}: unknown option {unknown[0]!r}: "
                                   f"{head} takes dynamic=true|false|none")
        dynamic = _dynamic(options.get("dynamic", "none"), spec)
        kind = OursSubject if head == "ours" else TorchSubject
        return kind(tail or "eager", dynamic=dynamic)
    if colon and head and tail:
        return _from_module(head, tail, spec, {k: literal_option(v) for k, v in options.items()})
    raise SubjectSpecError(
        f"unknown subject {spec!r}: expected ours[:backend], torch[:backend] or pkg.mod:attr, "
        f"optionally followed by ?name=value")


_OPTION = re.compile(r"[A-Za-z_]\w*=[^&=?]*")


def split_options(spec: str) -> tuple[str, dict[str, str]]:
    base, question, text = spec.partition("?")
    if not question:
        return spec, {}
    options: dict[str, str] = {}
    for item in text.split("&"):
        if not _OPTION.fullmatch(item):
            raise SubjectSpecError(f"subject {spec!r}: bad option {item!r}: expected name=value, "
                                   f"options joined by &")
        name, _, value = item.partition("=")
        if name in options:
            raise SubjectSpecError(f"subject {spec!r}: option {name!r} given twice")
        options[name] = value
    return base, options


def _dynamic(value: str, spec: str) -> bool | None:
    if value.lower() not in DYNAMIC_VALUES:
        raise SubjectSpecError(f"subject {spec!r}: dynamic={value!r}: expected true, false or "
                               f"none")
    return DYNAMIC_VALUES[value.lower()]


def literal_option(value: str):
    """A user subject's option value: true/false/none, an int, a float, or the text itself."""
    lowered = value.lower()
    if lowered in DYNAMIC_VALUES:
        return DYNAMIC_VALUES[lowered]
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return value


def _spec_name(base: str, dynamic: bool | None) -> str:
    """The canonical name: options that differ from the default, spelled one way."""
    return base if dynamic is None else f"{base}?dynamic={str(dynamic).lower()}"


def _from_module(module_name: str, attr: str, spec: str, options: dict) -> Subject:
    try:
        module = _import_from_here(module_name)
    except Exception as exc:
        raise SubjectSpecError(f"subject {spec!r}: cannot import {module_name}: {exc}") from None
    if not hasattr(module, attr):
        raise SubjectSpecError(f"subject {spec!r}: {module_name} has no attribute {attr!r}")
    found = getattr(module, attr)
    if options and (_is_subject(found) or not callable(found)):
        raise SubjectSpecError(f"subject {spec!r}: options need a class or factory, and "
                               f"{attr} is an instance")
    if not _is_subject(found) and callable(found):
        try:
            found = found(**options)
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
    (oracle.judge.origin: the subject's own package, the packages its compiled callables come from
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

    def __init__(self, backend: str = "eager", dynamic: bool | None = None):
        self.name = _spec_name("ours" if backend == "eager" else f"ours:{backend}", dynamic)
        self._backend = _backend(backend, self.name)
        self.dynamic = dynamic

    def compile(self, fn) -> Callable:
        import compiler

        return compiler.compile(fn, backend=self._backend, dynamic=self.dynamic)

    def mark_dynamic(self, tensor, dim: int, min=None, max=None) -> None:  # noqa: A002
        import compiler

        mark = getattr(compiler, "mark_dynamic", None)  # hints are ignored until it exists
        if mark is not None:
            mark(tensor, dim, min=min, max=max)

    def stats(self, compiled) -> dict | None:
        import compiler

        raw = compiler.stats(compiled).as_dict()
        config = getattr(compiler, "config", None)
        reasons = [str(r) for r in raw.get("recompiles") or ()]
        return {
            "compiles": raw.get("compiles"),
            "compiles_by_code": dict(raw.get("compiles_by_code") or {}),
            "graphs": raw.get("graphs"),
            "ops": raw.get("ops"),
            "graph_breaks": len(raw.get("graph_breaks") or ()),
            "recompile_reasons": reasons,
            "fallbacks": len(raw.get("fallbacks") or ()),
            "wrong_graphs": len(raw.get("wrong_graphs") or ()),
            "internal_errors": list(raw.get("internal_errors") or ()),
            "cache_limit": getattr(config, "cache_limit", None),
            "dynamic": _dynamic_policy(self.dynamic),
            "symbolic_recompiles": sum(map(symbolic_guard, reasons)),
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

    def __init__(self, backend: str = "eager", dynamic: bool | None = None):
        self.name = _spec_name(f"torch:{backend}", dynamic)
        self._backend = _backend(backend, self.name)
        self.dynamic = dynamic
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
        return torch.compile(fn, backend=self._counting_backend(), dynamic=self.dynamic)

    def mark_dynamic(self, tensor, dim: int, min=None, max=None) -> None:  # noqa: A002
        import torch._dynamo

        torch._dynamo.mark_dynamic(tensor, dim, min=min, max=max)

    def stats(self, compiled) -> dict | None:
        import torch._dynamo
        from torch._dynamo.utils import get_compilation_metrics

        records, limit_hits = [], 0
        for record in get_compilation_metrics():
            if "recompile limit" in (record.fail_reason or ""):
                limit_hits += 1  # the attempt that found the limit reached: it runs eagerly
            else:
                records.append(record)
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
            "cache_limit_hits": limit_hits,
            "dynamic": _dynamic_policy(self.dynamic),
            "symbolic_recompiles": sum(map(symbolic_guard, reasons)),
        }

    def reset(self) -> None:
        import torch._dynamo
        from torch._dynamo.utils import clear_compilation_metrics

        torch._dynamo.reset()
        clear_compilation_metrics()
        self.graphs = 0

    def classify(self, exc: BaseException) -> str | None:
        import torch._dynamo.exc
        from torch.fx.experimental.symbolic_shapes import ConstraintViolationError

        if isinstance(exc, torch._dynamo.exc.Unsupported):
            return "unsupported"
        if isinstance(exc, ConstraintViolationError):
            return "unsupported"  # a DYNAMIC hint on a size the program specialises: documented
        module = type(exc).__module__ or ""
        own = ("torch._dynamo", "torch._inductor", "torch._functorch", "torch.fx")
        return "internal" if module.startswith(own) else None


def _frame_of(compile_id) -> str:
    """"0/1" (frame 0, its second compile) -> "0"; also accepts a CompileId object."""
    frame = getattr(compile_id, "frame_id", None)
    return str(frame) if frame is not None else str(compile_id).lstrip("!").split("/")[0]


def _dynamic_policy(dynamic: bool | None) -> str:
    return {None: "auto", True: "true", False: "false"}[dynamic]


# A recompile reason naming a relation on a symbolic size or stride (`2 <= L['x'].size()[0] <= 3`,
# `L['x'].size()[0] <= 64 (got 80)`), as opposed to a static shape that differs
# (`tensor 'x' size mismatch at index 0`, `L['x'].shape == (2, 3) (got (3, 3))`).
_SYMBOLIC_SOURCE = re.compile(r"\.(size|stride)\(\)\[\d+\]")
_RELATION = re.compile(r"<|>|!=|%|//|\b(Eq|Ne|Mod|FloorDiv)\(")


def symbolic_guard(reason: str) -> bool:
    """Did a guard on a symbolic size relation fail (the call left a symbolic entry's range)?"""
    reason = reason.split("  #")[0]  # torch quotes the user's line after it
    if "mismatch" in reason:
        return False
    sizes = len(_SYMBOLIC_SOURCE.findall(reason))  # two sizes: a relation between symbols
    return sizes > 1 or (sizes == 1 and _RELATION.search(reason) is not None)
