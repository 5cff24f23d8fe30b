"""torch's Python functions over any value, which the trace follows as Python (TorchFunctionValue
would take them for ops of torch, and refuse a dict, an object or a callable as an argument):
`torch.is_tensor` / `torch.overrides.is_tensor_like` (an isinstance and a hasattr: of a dict,
an object with `__torch_function__`, ...) and `torch._check` and its kin, whose message is a
callable the program passes, called (traced) only when the condition is false. And
`torch.__version__`, a str subclass comparing as versions, wraps as a constant of its own type."""

from __future__ import annotations

import torch

from compiler.guards.guard import GuardKind
from compiler.values.constant import PURE_METHODS, BoundConstantMethodValue, ConstantValue
from compiler.values.torch_functions import MODELLED_CALLS
from compiler.values.wrap import BY_EXACT_TYPE


def _traced(tx, fn, args, kwargs):
    from compiler.values.callables import UserFunctionValue
    return UserFunctionValue(fn).call(tx, list(args), kwargs)


for _fn in (torch.is_tensor, torch.overrides.is_tensor_like, torch._check, torch._check_with,
            torch._check_index, torch._check_value, torch._check_type,
            torch._check_not_implemented):
    MODELLED_CALLS[_fn] = _traced


_VERSION_TYPE = type(torch.__version__)


class TorchVersionValue(ConstantValue):
    """`torch.__version__`: a str whose comparisons parse versions (`>= "2.2"`, `< (2, 0)`),
    immutable: a constant of the trace, guarded equal, whose operators are its own (the
    constant operators run them on the real object) and whose other methods are str's."""

    def getattr(self, tx, name: str):
        if name in PURE_METHODS[str] and getattr(_VERSION_TYPE, name) is getattr(str, name):
            return BoundConstantMethodValue(self.value, name)
        return super().getattr(tx, name)


def _wrap_version(ctx, obj, source):
    if ctx is not None:
        ctx.guard(source, GuardKind.EQUALS, obj)
    return TorchVersionValue(obj, source)


BY_EXACT_TYPE.setdefault(_VERSION_TYPE, _wrap_version)
