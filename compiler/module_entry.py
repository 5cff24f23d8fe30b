"""`compiler.compile(module)`: each call goes through the module's call path as
`nn.Module.__call__` would. With nothing but `forward` to run (no hooks, no overridden
`__call__` or instance `forward`), `type(m).forward` is the frame compiled; otherwise a frame
that calls the module is, and the hooks are traced there (values/module_call.py), guarded. A
lazy module's first call, which initialises its parameters, runs eagerly.
"""

from __future__ import annotations

import inspect
import types

import torch

from compiler.entry import CompiledFunction
from compiler.errors import BreakReason, Unsupported
from compiler.values.module_call import CALL_FUNCTIONS, has_hooks, has_uninitialized_state


def _call_module(module, /, *args, **kwargs):
    return module(*args, **kwargs)


class CompiledModule(CompiledFunction):
    def __init__(self, module: torch.nn.Module, **options):
        super().__init__(module, **options)
        self.module = module
        self._maybe_lazy = _any_uninitialized(module)
        # A staticmethod forward takes no module: the call path runs it. (Read once: a forward
        # replaced later is another function, which `_forward_only` sees.)
        self._forward_is_method = isinstance(
            inspect.getattr_static(type(module), "forward", None), types.FunctionType)
        self._call_path: CompiledFunction | None = None
        self._call_path_of: list | None = None  # the nested_frames list it was made for

    def __call__(self, *args, **kwargs):
        module = self.module
        if self._maybe_lazy:
            if _any_uninitialized(module):
                return self._initialising_call(args, kwargs)
            self._maybe_lazy = False
        if self._forward_only(module):
            return super().__call__(*args, **kwargs)
        return self._call_path_frame()(module, *args, **kwargs)

    def _forward_only(self, module) -> bool:
        cls = type(module)
        return (cls.__call__ in CALL_FUNCTIONS and cls.forward is self.function
                and self._forward_is_method
                and "forward" not in module.__dict__ and not has_hooks(module))

    def _call_path_frame(self) -> CompiledFunction:
        """The frame `_call_module(m, ...)`, sharing this one's statistics (made again after
        `compiler.reset()`)."""
        # reset_all() gives this function a new list of nested frames and new stats: a frame
        # made before that belongs to the old list.
        if self._call_path is None or self._call_path_of is not self.nested_frames:
            self._call_path = CompiledFunction(_call_module, backend=self.backend_spec,
                                               fullgraph=self.fullgraph, dynamic=self.dynamic,
                                               stats=self.stats)
            self.nested_frames.append(self._call_path)
            self._call_path_of = self.nested_frames
        return self._call_path

    def _initialising_call(self, args, kwargs):
        reason = (f"the first call of lazy module {type(self.module).__name__} initialises its "
                  f"parameters")
        if self.fullgraph:
            raise Unsupported(f"{reason}: call it once before", BreakReason.UNSUPPORTED_CALL)
        self.stats.fallbacks.append(reason)
        return self.module(*args, **kwargs)


def _any_uninitialized(module: torch.nn.Module) -> bool:
    return any(has_uninitialized_state(m) for m in module.modules())
