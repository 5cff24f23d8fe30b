"""The compiler's knobs, in one dataclass; `compiler.config` is the live instance.

Tests change a knob with `config.patch(cache_limit=2)` used as a context manager.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator


@dataclasses.dataclass
class Config:
    cache_limit: int = 8            # compiles per code object before it runs eagerly
    inline_depth: int = 32          # nested user-function inlining before a break
    # Off only with the eager backend: compiled kernels (inductor) assume the strides they saw.
    guard_tensor_strides: bool = True
    max_loop_iterations: int = 10_000  # unrolled iterations of one loop before giving up
    graph_breaks: bool = True   # split a frame at an untraceable instruction (else run eagerly)
    # Tests set it: a tracer bug raises instead of falling back, and each graph is linted.
    raise_internal_errors: bool = False

    @contextlib.contextmanager
    def patch(self, **changes) -> Iterator[Config]:
        old = {name: getattr(self, name) for name in changes}
        for name, value in changes.items():
            if not hasattr(self, name):
                raise AttributeError(f"compiler.config has no knob {name!r}")
            setattr(self, name, value)
        try:
            yield self
        finally:
            for name, value in old.items():
                setattr(self, name, value)


config = Config()
