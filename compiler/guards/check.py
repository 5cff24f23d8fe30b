"""The guards of one cache entry compiled into a single Python function, run on every call.

`first_failure` re-evaluates the conditions one by one to say which failed and how, as
`L['x'].dtype == torch.float32 (got torch.float64)`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from typing import Any

import torch

from compiler.guards import (  # noqa: F401 - every module of kinds
    autocast,
    exception_state,
    kinds,
    shape_guards,
)
from compiler.guards.guard import Binder, Condition, Guard, check_complete, storage_pattern
from compiler.guards.sources import Source
from compiler.pysource import GeneratedFunction

check_complete()  # each GuardKind has its class, once all the kinds are registered

PRELUDE: dict[str, Any] = {
    "___is_grad_enabled": torch.is_grad_enabled,
    "___is_inference_mode_enabled": torch.is_inference_mode_enabled,
    "___get_default_dtype": torch.get_default_dtype,
    "___any_autocast": torch._C._is_any_autocast_enabled,
    "___autocast_state": autocast.autocast_state,
    "___copysign": math.copysign,
    "___exact_token": kinds.exact_token,
    "___same_keys": kinds.same_keys,
    "___storage_pattern": storage_pattern,
}


class _Expressions(Binder):
    """Conditions written over whole expressions: evaluated one at a time, to explain."""

    def __init__(self, function: GeneratedFunction):
        self.function = function

    def bind(self, value: Any) -> str:
        return self.function.bind(value)

    def render(self, source: Source) -> str:
        return self.function.expr(source)


class _Held(_Expressions):
    """Conditions of the fast check: each source path read once into a local."""

    def render(self, source: Source) -> str:
        return self.function.hold(source)


class CheckFunction:
    """All guards of one cache entry compiled into a single Python function, written when
    first asked for: a symbolic trace's guards are only final once the ShapeEnv's are added
    (shape_guards.with_shape_guards), so the check without them is never run."""

    def __init__(self, guards: Iterable[Guard]):
        self.guards = list(guards)

    @functools.cached_property
    def check(self) -> Callable[[dict, dict], bool]:
        return self._written.build()

    @property
    def source(self) -> str:
        return self._written.source()

    @functools.cached_property
    def _written(self) -> GeneratedFunction:
        function = GeneratedFunction("___check", "L, G", "<parity guards>", PRELUDE)
        explained, held = _Expressions(function), _Held(function)
        self._conditions: list[Condition] = []
        with function.block("try:"):
            function.line("pass")
            for guard in self.guards:
                self._conditions.extend(guard.conditions(explained))
                function.line(f"if not ({guard.test(held)}): return False")
                function.namespace.update(guard.constants())
        with function.block("except Exception:"):
            function.line("return False")
        function.line("return True")
        return function

    def first_failure(self, L: dict, G: dict) -> str | None:
        """Explain the first failing guard in one line, or None if all hold."""
        env = self._written.namespace

        def get(expr: str):
            return eval(expr, dict(env), {"L": L, "G": G})

        for test, reason in self._conditions:
            try:
                ok = eval(test, dict(env), {"L": L, "G": G})
            except Exception as exc:  # a missing attribute or key fails the guard
                return f"{test.split(' ')[0]} could not be read ({type(exc).__name__})"
            if not ok:
                try:
                    return reason(get)
                except Exception:
                    return test
        return None

    def describe(self) -> list[str]:
        """The guards as a person reads them."""
        return [guard.describe() for guard in self.guards]
