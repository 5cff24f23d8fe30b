"""NumPy scalars made from constants in a trace (`np.float32(0.5)`): constants of the trace.

Their arithmetic is NumPy's own (evaluated on the real scalars), and a tensor op given one is
computed with the real scalar on the fake tensors, so its result dtype is eager's. In the graph
the scalar is an attribute of the graph module (generated code cannot spell it).
"""

from __future__ import annotations

from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.constant import ConstantValue, call_pure

# What a NumPy scalar type may be made from here: Python scalars, strings, NumPy scalars.
SCALAR_ARGUMENTS = (bool, int, float, str)


def is_numpy_scalar_type(cls: type) -> bool:
    import numpy as np
    return isinstance(cls, type) and issubclass(cls, (np.number, np.bool_))


def is_numpy_scalar(obj: Any) -> bool:
    return is_numpy_scalar_type(type(obj))


def construct_scalar(cls: type, args: list[Value], kwargs: dict[str, Value], tx=None) -> Value:
    """`cls(constant)`: the real NumPy scalar; `cls(array)` (`np.float32(a.sum())`), given
    the translator: NumPy's conversion, in the graph; a tensor or anything else refused."""
    from compiler.values.numpy_arrays import NdarrayValue
    if tx is not None and args and isinstance(args[0], NdarrayValue):
        import numpy as np
        if getattr(np, cls.__name__, None) is not cls or len(args) > 1 or kwargs:
            raise Unsupported(f"{cls.__name__}() of an array", BreakReason.UNSUPPORTED_CALL)
        from compiler.values.numpy_ops import numpy_op
        return numpy_op(tx, "fn", cls.__name__, args, {})
    plain = []
    for arg in args:
        value = arg.as_constant() if isinstance(arg, ConstantValue) else None
        if not (type(value) in SCALAR_ARGUMENTS or is_numpy_scalar(value)):
            raise Unsupported(f"{cls.__name__}() of {arg}", BreakReason.UNSUPPORTED_CALL)
        plain.append(value)
    if kwargs or len(plain) > 1:
        raise Unsupported(f"{cls.__name__}() with these arguments", BreakReason.UNSUPPORTED_CALL)
    result = call_pure(cls, plain, {})
    if not is_numpy_scalar(result):
        raise Unsupported(f"{cls.__name__}() gave {type(result).__name__}",
                          BreakReason.UNSUPPORTED_CALL)
    return ConstantValue(result)
