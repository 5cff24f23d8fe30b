"""Branch coverage of one package (a subject's frontend), measured inside a worker process
program by program, for guided campaigns (oracle/app/coverage_guided.py).

coverage.py's C tracer records the arcs (line to line) the package's code takes. The worker's
tracer keeps what it has seen and reports per program only the arcs new to it, as
`(file, from line, to line)`. Which of them are branches (arcs leaving a line that has more than
one exit) the campaign decides (`BranchLines`), once per file for the whole campaign rather than
once per worker: parsing a large frontend takes seconds.
"""

from __future__ import annotations

import importlib.util
import os
import warnings
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
Arc = tuple[str, int, int]

_QUIET = ["module-not-imported", "module-not-measured", "no-data-collected",
          "couldnt-parse", "module-not-python", "already-imported"]


class CoverageUnavailable(Exception):
    """coverage.py is not installed, or the package cannot be found."""


def package_root(package: str) -> str:
    """The folder that `package`'s dotted path starts from (found without importing the
    package itself; a parent package is imported)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError) as exc:
        raise CoverageUnavailable(f"cannot find package {package!r}: {exc}") from None
    if spec is None or not spec.submodule_search_locations:
        raise CoverageUnavailable(f"{package!r} is not an importable package")
    folder = list(spec.submodule_search_locations)[0].rstrip(os.sep)
    for _ in package.split("."):
        folder = os.path.dirname(folder)
    return folder


class BranchTracer:
    def __init__(self, package: str):
        try:
            import coverage
        except ImportError:
            raise CoverageUnavailable("coverage.py is not installed") from None
        self.package = package
        folder = os.path.join(package_root(package), *package.split("."))
        self.measure = coverage.Coverage(data_file=None, branch=True, source=[folder],
                                         config_file=False)
        self.measure.set_option("run:disable_warnings", _QUIET)
        self.seen: dict[str, set[tuple[int, int]]] = {}

    def run(self, work: Callable[[], T]) -> tuple[T, frozenset[Arc]]:
        """Run `work()` traced; its value and the arcs new to this tracer."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.measure.start()
            try:
                value = work()
            finally:
                self.measure.stop()
            return value, self._new_arcs()

    def _new_arcs(self) -> frozenset[Arc]:
        data = self.measure.get_data()
        new: set[Arc] = set()
        for path in data.measured_files():
            seen = self.seen.setdefault(path, set())
            fresh = set(data.arcs(path) or ()) - seen
            seen |= fresh
            new.update((path, a, b) for a, b in fresh)
        return frozenset(new)


class BranchLines:
    """Which recorded arcs are branches, file by file (each file parsed once)."""

    def __init__(self):
        import coverage

        self.measure = coverage.Coverage(data_file=None, branch=True, config_file=False)
        self.files: dict[str, tuple[Callable, frozenset[int]]] = {}

    def branches(self, path: str, arcs: set[tuple[int, int]]) -> set[tuple[int, int]]:
        translate, lines = self._file(path)
        return {(a, b) for a, b in translate(arcs) if a in lines}

    def _file(self, path: str) -> tuple[Callable, frozenset[int]]:
        if path not in self.files:
            from coverage.python import PythonFileReporter

            try:
                reporter = PythonFileReporter(path, self.measure)
                lines = frozenset(n for n, exits in reporter.exit_counts().items() if exits > 1)
                self.files[path] = (reporter.translate_arcs, lines)
            except Exception:  # unparsable source: none of its arcs count as branches
                self.files[path] = (lambda arcs: arcs, frozenset())
        return self.files[path]


_tracers: dict[str, BranchTracer] = {}


def traced(package: str, work: Callable[[], T]) -> tuple[T, frozenset[Arc]]:
    """`work()` under this process's tracer of `package` (made on first use)."""
    tracer = _tracers.get(package)
    if tracer is None:
        tracer = _tracers[package] = BranchTracer(package)
    return tracer.run(work)
