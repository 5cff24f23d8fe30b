"""Our compiler as it stood at an older commit, as a subject beside today's oracle and generators.

Spec: `--subject bench.subjects.old_compiler:OldCompilerSubject`. The copy is prepared by
`python -m bench.bench_old_compiler prepare REV`: the commit's `compiler/` is written to
`.parity/old-compiler/compiler_REV/` with its absolute imports renamed, so that it imports
beside today's `compiler` without shadowing it. `PARITY_OLD_COMPILER` names the revision
(default d8f74ff); `PARITY_OLD_COMPILER_DIR` the folder holding the copy.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

from oracle.judge import origin

DEFAULT_REVISION = "d8f74ff"
ROOT = Path(__file__).resolve().parents[2]


def copy_dir() -> Path:
    return Path(os.environ.get("PARITY_OLD_COMPILER_DIR", ROOT / ".parity" / "old-compiler"))


def package_name(revision: str) -> str:
    return f"compiler_{revision}"


def load(revision: str):
    folder = copy_dir()
    if not (folder / package_name(revision)).is_dir():
        raise ImportError(f"no copy of the compiler at {revision} in {folder}: run "
                          f"python -m bench.bench_old_compiler prepare {revision}")
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    return importlib.import_module(package_name(revision))


class OldCompilerSubject:
    """The old compiler through its public API, classified as `OursSubject` classifies ours."""

    def __init__(self, revision: str | None = None):
        self.revision = revision or os.environ.get("PARITY_OLD_COMPILER", DEFAULT_REVISION)
        self.package = package_name(self.revision)
        self.compiler = load(self.revision)
        self.name = f"ours@{self.revision}"

    def compile(self, fn):
        return self.compiler.compile(fn, backend="eager")

    def stats(self, compiled) -> dict | None:
        raw = self.compiler.stats(compiled).as_dict()
        return {
            "compiles": raw.get("compiles"),
            "graphs": raw.get("graphs"),
            "ops": raw.get("ops"),
            "graph_breaks": len(raw.get("graph_breaks") or ()),
            "recompile_reasons": [str(r) for r in raw.get("recompiles") or ()],
            "fallbacks": len(raw.get("fallbacks") or ()),
            "cache_limit": getattr(getattr(self.compiler, "config", None), "cache_limit", None),
        }

    def reset(self) -> None:
        self.compiler.reset()

    def classify(self, exc: BaseException) -> str | None:
        if isinstance(exc, self.compiler.Unsupported):
            return "unsupported"
        module = type(exc).__module__ or ""
        if module.split(".")[0] == self.package:
            return "internal"
        return "internal" if origin.blame(exc, (self.package,)) else None
