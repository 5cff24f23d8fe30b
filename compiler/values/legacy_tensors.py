"""The legacy tensor constructors in a trace: `torch.Tensor(...)`, `torch.FloatTensor(...)`,
`torch.LongTensor(...)` and the other CPU tensor types of module `torch`.

Called with Python data (a list or tuple, nested) they make a tensor of it, as
`torch.tensor(data, dtype=their dtype)`; with sizes (ints, or one torch.Size) an uninitialised
one, as `torch.empty(sizes, dtype=...)`; with nothing an empty one. `torch.Tensor`'s dtype is
the default dtype (guarded at the entry). A tensor argument (which they alias or convert) and
anything else are refused.
"""

from __future__ import annotations

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.constant import ConstantValue

_TENSOR_TYPE = type(torch.FloatTensor)  # torch.tensortype, the legacy types' metaclass


def is_legacy_tensor_class(cls) -> bool:
    return cls is torch.Tensor or (type(cls) is _TENSOR_TYPE and cls.__module__ == "torch")


def construct_legacy_tensor(tx, cls, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.containers import ListValue, SizeValue, TupleValue
    from compiler.values.torch_functions import TorchFunctionValue
    dtype = torch.get_default_dtype() if cls is torch.Tensor else cls.dtype
    if kwargs:
        raise Unsupported(f"{cls.__name__}() with keyword arguments", BreakReason.UNSUPPORTED_CALL)
    typed = {"dtype": ConstantValue(dtype)}
    if len(args) == 1 and isinstance(args[0], (ListValue, TupleValue)) and \
            not isinstance(args[0], SizeValue) and args[0].python_type() in (list, tuple):
        return TorchFunctionValue(torch.tensor).call(tx, [args[0]], typed)
    sizes = list(args[0].items) if len(args) == 1 and isinstance(args[0], SizeValue) else args
    if not args:  # no sizes: one empty dimension
        sizes = [ConstantValue(0)]
    if all(size.is_constant() and type(size.as_constant()) is int for size in sizes):
        return TorchFunctionValue(torch.empty).call(tx, [TupleValue(list(sizes))], typed)
    raise Unsupported(f"{cls.__name__}() of these arguments", BreakReason.UNSUPPORTED_CALL)
