"""The ambient autocast state as a guard: ops traced under one state make other dtypes than
under another, and the trace answers `y.dtype` from what it saw."""

from __future__ import annotations

import dataclasses
from typing import Any

import torch

from compiler.guards.guard import Binder, Condition, Guard, GuardKind

DEVICES = ("cpu", "cuda", "xpu", "mps", "hpu", "xla", "ipu", "privateuseone")
OFF: tuple = ()


def autocast_state() -> tuple:
    """() when no device autocasts; else each device's (enabled, dtype) and the cache flag."""
    if not torch._C._is_any_autocast_enabled():
        return OFF
    return (tuple((torch.is_autocast_enabled(d), torch.get_autocast_dtype(d))
                  for d in DEVICES), torch.is_autocast_cache_enabled())


@dataclasses.dataclass(frozen=True)
class AutocastGuard(Guard, kind=GuardKind.AUTOCAST):
    expected: Any = dataclasses.field(compare=False)

    def conditions(self, binder: Binder) -> list[Condition]:
        e = self.expected
        test = ("not ___any_autocast()" if e == OFF
                else f"___autocast_state() == {binder.bind(e)}")
        return [Condition(test, lambda get: f"autocast state == {_shown(e)} "
                                            f"(got {_shown(get('___autocast_state()'))})")]

    def describe(self) -> str:
        return f"autocast state == {_shown(self.expected)}"


def _shown(state: tuple) -> str:
    if state == OFF:
        return "off"
    devices, cache = state
    on = [f"{d}:{str(dtype).removeprefix('torch.')}"
          for d, (enabled, dtype) in zip(DEVICES, devices) if enabled]
    return f"on({', '.join(on)}{', no cache' if not cache else ''})"
