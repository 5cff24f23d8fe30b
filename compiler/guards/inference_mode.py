"""The ambient inference mode as a guard: tensors made under it are inference tensors, and the
trace answers `torch.is_inference_mode_enabled()` and `y.is_inference()` from what it saw. The
grad-mode guard does not imply it (`enable_grad` inside `inference_mode` turns grad on)."""

from __future__ import annotations

import dataclasses

from compiler.guards.guard import Binder, Condition, Guard, GuardKind


@dataclasses.dataclass(frozen=True)
class InferenceModeGuard(Guard, kind=GuardKind.INFERENCE_MODE):
    expected: bool = dataclasses.field(compare=False)

    def conditions(self, binder: Binder) -> list[Condition]:
        e = self.expected
        return [Condition(f"___is_inference_mode_enabled() is {e!r}",
                          lambda get: f"torch.is_inference_mode_enabled() == {e} "
                                      f"(got {not e})")]

    def describe(self) -> str:
        return f"torch.is_inference_mode_enabled() == {self.expected}"
