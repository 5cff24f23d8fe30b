"""torch's own Python helpers over modules and tensors, which the program calls and which
the trace follows as Python (TorchFunctionValue would take them for ops of torch):
`torch.func.stack_module_state` (and the function it stacks each tensor with),
`parametrize.is_parametrized` / `type_before_parametrizations`, `parametrize.cached()`
(parametrize_cache.py), and the methods of torch's parametrizations a `@torch.no_grad()`
decorator wraps (spectral norm's power iteration)."""

from __future__ import annotations

import torch

from compiler.values.torch_functions import MODELLED_CALLS


def _inlined(tx, fn, args, kwargs):
    """A helper of torch written in Python over modules and tensors: its code is traced as
    the program's own."""
    from compiler.values.callables import UserFunctionValue
    return UserFunctionValue(fn).call(tx, list(args), kwargs)


_STACKED_LEAF = torch.func.stack_module_state.__globals__.get("construct_stacked_leaf")
for _helper in (torch.func.stack_module_state, _STACKED_LEAF,
                torch.nn.utils.parametrize.is_parametrized,
                torch.nn.utils.parametrize.type_before_parametrizations):
    if _helper is not None:
        MODELLED_CALLS[_helper] = _inlined


def _parametrize_cached(tx, fn, args, kwargs):
    from compiler.values.parametrize_cache import cached_call
    return cached_call(tx, fn, args, kwargs)


MODELLED_CALLS[torch.nn.utils.parametrize.cached] = _parametrize_cached


def _register_grad_mode_methods() -> None:
    """Methods of torch's parametrizations decorated with `@torch.no_grad()` (spectral norm's
    power iteration): the decorator's wrapper is traced as Python (its `with` block sets the
    mode) and the function it wraps, a torch function by its module, is traced as Python too."""
    from torch.nn.utils import parametrizations
    for cls in vars(parametrizations).values():
        if not isinstance(cls, type) or not issubclass(cls, torch.nn.Module):
            continue
        for method in vars(cls).values():
            cells = dict(zip(getattr(getattr(method, "__code__", None), "co_freevars", ()),
                             getattr(method, "__closure__", None) or ()))
            if "ctx_factory" in cells and "func" in cells:
                MODELLED_CALLS[cells["func"].cell_contents] = _inlined


_register_grad_mode_methods()
