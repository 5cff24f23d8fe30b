"""A real grad-mode or inference-mode object met in a trace: the one a function decorated with
`@torch.no_grad()` / `@torch.inference_mode()` keeps, whose `clone` the decorator's wrapper
calls on every call (`with ctx_factory(): ...`). It is wrapped as itself, guarded on its type
and mode; `clone()` runs as Python, `self.__class__(self.mode)`, which makes the trace's own
manager (compiler/values/torch_functions.py, inference_mode.py). Entering the real object
itself, or anything else about it, is refused.
"""

from __future__ import annotations

from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource
from compiler.values import registry
from compiler.values.base import Value
from compiler.values.constant import ConstantValue

MANAGER_TYPES = (torch.no_grad, torch.enable_grad, torch.inference_mode,
                 torch.autograd.profiler.record_function, torch.amp.autocast_mode.autocast)


class RealManagerValue(Value):
    def __init__(self, real: Any, source=None):
        super().__init__(source)
        self.real = real

    def python_type(self) -> type:
        return type(self.real)

    def fixed_object(self) -> Any:
        return self.real

    def has_attribute(self, tx, name: str) -> bool:
        return hasattr(self.real, name)

    def getattr(self, tx, name: str) -> Value:
        if name == "__class__":
            return registry.class_value(type(self.real))
        if name == "mode" and type(self.real) is torch.inference_mode:
            return ConstantValue(self.real.mode)  # guarded when wrapped
        if name == "clone":
            return registry.class_attribute(tx, type(self.real), name, self)
        raise Unsupported(f"attribute {name!r} of a {type(self.real).__name__} object",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)


def wrap_manager(ctx, obj: Any, source) -> Value:
    from compiler.values.profiler_regions import is_profiler_region_class, wrap_profiler_region
    if is_profiler_region_class(type(obj)):  # a region that records nothing: entered as such
        return wrap_profiler_region(ctx, obj, source)
    if type(obj) is torch.amp.autocast_mode.autocast:  # a region: its settings, guarded
        from compiler.values.autocast import wrap_autocast
        return wrap_autocast(ctx, obj, source)
    if type(obj) is torch.inference_mode and type(obj.mode) is not bool:
        raise Unsupported("an inference_mode object of a non-bool mode",
                          BreakReason.UNSUPPORTED_VALUE)
    if ctx is not None and source is not None:
        ctx.guard(source, GuardKind.TYPE, type(obj))
        if type(obj) is torch.inference_mode:
            ctx.guard(AttrSource(source, "mode"), GuardKind.EQUALS, obj.mode)
    return RealManagerValue(obj, source)
