"""NumPy arrays in a trace: `Tensor.numpy()` gives an array tracker backed by a tensor, and
the NumPy calls, methods and operators on it run in the graph through `torch._numpy`.

`torch._numpy` is an emulation, so each operation is also asked of real NumPy on stand-in
arrays of the same dtypes and shapes (NEP 50: result dtypes do not depend on values): the
result's type (array or NumPy scalar), dtype and shape must be NumPy's, else the operation is
refused. Only listed functions, methods and operators are traced; arrays are never written
(in-place operators, item and attribute assignment are refused). At the output an array is the
graph's tensor `.numpy()` (a NumPy scalar: `.numpy()[()]`).
"""

from __future__ import annotations

import operator
import types
import warnings
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import HeldCallableValue, RaisedByProgram, Value
from compiler.values.constant import ConstantValue

ELEMENTWISE = {
    "sin", "cos", "tan", "exp", "exp2", "log", "log2", "log10", "log1p", "expm1", "sqrt",
    "abs", "absolute", "tanh", "sinh", "cosh", "arcsin", "arccos", "arctan", "square",
    "negative", "sign", "floor", "ceil", "maximum", "minimum", "add", "subtract", "multiply",
    "divide", "true_divide", "power", "arctan2", "hypot", "where", "clip",
}
REDUCTIONS = {"sum", "mean", "max", "min", "amax", "amin", "prod", "std", "var", "argmax",
              "argmin", "cumsum", "cumprod", "all", "any"}
# Made from constant arguments alone (no array needed).
CONSTRUCTORS = {"arange", "zeros", "ones", "full", "eye", "identity", "linspace"}
FUNCTIONS = ELEMENTWISE | REDUCTIONS | CONSTRUCTORS | {
    "matmul", "dot", "transpose", "reshape", "concatenate", "stack", "zeros_like",
    "ones_like", "expand_dims", "squeeze", "outer", "einsum"}
METHODS = REDUCTIONS | {"reshape", "transpose", "clip", "copy", "squeeze", "dot"}
OPERATORS = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "@": operator.matmul,
    "<": operator.lt, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
    ">": operator.gt, ">=": operator.ge, "neg": operator.neg, "pos": operator.pos,
    "abs": operator.abs, "getitem": operator.getitem,
}


def emulation():
    """torch._numpy, with NumPy's default dtypes set beforehand (left unset, its first use
    would import torch._dynamo's config to read them)."""
    import torch._numpy as tnp
    from torch._numpy import _dtypes_impl
    if _dtypes_impl._default_dtypes is None:
        _dtypes_impl._default_dtypes = _dtypes_impl.DefaultDTypes(
            float_dtype=torch.float64, complex_dtype=torch.complex128, int_dtype=torch.int64)
    return tnp


def np_call(kind: str, name: str, *args, **kwargs):
    """The graph op: one NumPy operation on tensors seen as torch._numpy arrays."""
    tnp = emulation()

    def arrays(value):
        if isinstance(value, torch.Tensor):
            return tnp.asarray(value)
        if isinstance(value, (list, tuple)):
            return type(value)(arrays(v) for v in value)
        return value

    args = [arrays(a) for a in args]
    kwargs = {k: arrays(v) for k, v in kwargs.items()}
    default = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)  # NumPy's: int / int is float64
    try:
        result = _apply(kind, name, args, kwargs)
    finally:
        torch.set_default_dtype(default)
    if not isinstance(result, tnp.ndarray):
        raise TypeError(f"torch._numpy {name} gave {type(result).__name__}")
    return result.tensor


def _apply(kind: str, name: str, args: list, kwargs: dict):
    tnp = emulation()
    if kind == "fn":
        return getattr(tnp, name)(*args, **kwargs)
    if kind == "method":
        return getattr(args[0], name)(*args[1:], **kwargs)
    if kind == "attr":
        return getattr(args[0], name)
    return OPERATORS[name](*args)


def numpy_dtype(dtype: torch.dtype):
    try:
        return torch.empty(0, dtype=dtype).numpy().dtype
    except (TypeError, RuntimeError):
        raise Unsupported(f"{dtype} has no NumPy dtype", BreakReason.UNSUPPORTED_VALUE) from None


class NdarrayValue(Value):
    """An ndarray (or, with `scalar_type`, a NumPy scalar) whose data is `tensor`'s."""

    def __init__(self, tensor: Value, scalar_type: type | None = None):
        super().__init__(None)
        self.tensor = tensor
        self.scalar_type = scalar_type

    def reconstruct(self, plan) -> str:
        """Its tensor's data, as NumPy's array or scalar."""
        scalar = "[()]" if self.scalar_type is not None else ""
        return plan.temp(f"{plan.expr(self.tensor)}.numpy(){scalar}")

    def __repr__(self) -> str:
        return f"NdarrayValue({self.tensor!r}{', scalar' if self.scalar_type else ''})"

    @property
    def dtype(self):
        return numpy_dtype(self.tensor.example.dtype)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.tensor.example.shape)

    def python_type(self) -> type:
        import numpy as np
        return self.scalar_type or np.ndarray

    def stand_in(self):
        """A real NumPy value of this one's type, dtype, shape and layout (values are ones)."""
        if self.scalar_type is not None:
            return self.scalar_type(1)
        return _laid_out_ones(self.shape, tuple(self.tensor.example.stride()), self.dtype)

    def len(self, tx) -> int:
        if self.scalar_type is not None:
            from compiler.values.containers import type_name
            raise RaisedByProgram(TypeError(f"object of type '{type_name(self.scalar_type)}' "
                                            f"has no len()"))
        if not self.shape:
            raise RaisedByProgram(TypeError("len() of unsized object"))
        return self.shape[0]

    def getattr(self, tx, name: str) -> Value:
        if name in ("shape", "ndim", "size", "itemsize", "nbytes"):
            return registry.wrap_constant(getattr(self.stand_in(), name))
        if name == "dtype":
            return ConstantValue(self.dtype)
        if name == "T":
            return numpy_op(tx, "attr", "T", [self], {})
        if name in METHODS:
            return NumpyMethodValue(self, name)
        if not hasattr(self.stand_in(), name):
            from compiler.values.containers import type_name
            raise RaisedByProgram(AttributeError(f"'{type_name(self.python_type())}' object "
                                                 f"has no attribute {name!r}"))
        raise Unsupported(f"ndarray.{name}", BreakReason.UNSUPPORTED_ATTRIBUTE)

    def getitem(self, tx, key: Value) -> Value:
        parts = key.unpack(tx) if key.python_type() is tuple else [key]
        for part in parts:
            real = part.as_constant() if part.is_constant() else None
            if not (type(real) in (int, type(None), type(Ellipsis)) or (
                    type(real) is slice and (real.step or 1) > 0)):
                raise Unsupported("ndarray indexing other than by ints and forward slices",
                                  BreakReason.UNSUPPORTED_VALUE)
        return numpy_op(tx, "op", "getitem", [self, key], {})


class NumpyMethodValue(Value):
    def __init__(self, array: NdarrayValue, name: str):
        super().__init__(None)
        self.array, self.name = array, name

    def call(self, tx, args, kwargs) -> Value:
        return numpy_op(tx, "method", self.name, [self.array, *args], kwargs)


class NumpyFunctionValue(HeldCallableValue):
    """A listed NumPy function (`np.sin`, `np.sum`, ...); `np.asarray` of an array is it."""

    def __repr__(self) -> str:
        return f"NumpyFunctionValue({self.fn.__name__})"

    def as_constant(self) -> Any:
        return self.fn

    def call(self, tx, args, kwargs) -> Value:
        if self.fn.__name__ == "asarray":
            if len(args) == 1 and not kwargs and isinstance(args[0], NdarrayValue) and (
                    args[0].scalar_type is None):
                return args[0]
            raise Unsupported("np.asarray of anything but an array", BreakReason.UNSUPPORTED_CALL)
        return numpy_op(tx, "fn", self.fn.__name__, args, kwargs)


def is_numpy_function(obj: Any) -> bool:
    import numpy as np
    if not type(obj).__module__.startswith("numpy") and not isinstance(
            obj, (types.FunctionType, types.BuiltinFunctionType)):
        return False  # (a user object's __getattr__ may raise anything)
    name = getattr(obj, "__name__", None)
    return (name in FUNCTIONS or name == "asarray") and getattr(np, name, None) is obj


def numpy_op(tx, kind: str, name: str, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """Record `name` in the graph through torch._numpy, once NumPy has said what it gives."""
    if name not in CONSTRUCTORS and not any(_holds_array(a) for a in [*args, *kwargs.values()]):
        raise Unsupported(f"NumPy {name} without an array from a tensor",
                          BreakReason.UNSUPPORTED_CALL)
    if "out" in kwargs:
        raise Unsupported("NumPy out= arguments", BreakReason.SIDE_EFFECT)
    expected = _numpy_result(kind, name, args, kwargs)
    from compiler.values.tensor import TensorValue
    graph_args = [ConstantValue(kind), ConstantValue(name), *(_backing(a) for a in args)]
    result = tx.ctx.tensor_op("call_function", np_call, graph_args,
                              {k: _backing(v) for k, v in kwargs.items()}, f"numpy {name}")
    if not isinstance(result, TensorValue):
        raise Unsupported(f"NumPy {name} result", BreakReason.UNSUPPORTED_VALUE)
    kind_of, dtype, shape, strides = expected
    if (numpy_dtype(result.example.dtype), tuple(result.example.shape)) != (dtype, shape):
        raise Unsupported(f"torch._numpy's {name} differs from NumPy's "
                          f"({result.example.dtype}{tuple(result.example.shape)} for "
                          f"{dtype}{shape})", BreakReason.UNSUPPORTED_CALL)
    if name == "copy" and strides is not None and strides == _c_order(shape) and (
            tuple(result.example.stride()) != strides):  # torch._numpy's copy keeps the layout
        result = tx.ctx.tensor_op("call_method", "contiguous", [result], {}, "numpy copy")
    if strides is not None and tuple(result.example.stride()) != strides:
        raise Unsupported(f"torch._numpy's {name} lays out its result unlike NumPy's "
                          f"(strides {tuple(result.example.stride())} for {strides})",
                          BreakReason.UNSUPPORTED_CALL)
    return NdarrayValue(result, None if kind_of is None else kind_of)


def _c_order(shape) -> tuple[int, ...]:
    """The element strides of a C-contiguous array of this shape."""
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


def _laid_out_ones(shape, strides, dtype):
    """Ones in an array of this shape and these element strides (its layout is what NumPy's
    answer's layout follows: a copy in C order, an elementwise result in the input's)."""
    import numpy as np
    shape, strides = [operator.index(n) for n in shape], [operator.index(s) for s in strides]
    if 0 in shape or any(s < 0 for s in strides):
        return np.ones(shape, dtype=dtype)
    span = 1 + sum((n - 1) * s for n, s in zip(shape, strides))
    flat = np.ones(span, dtype=dtype)
    return np.lib.stride_tricks.as_strided(flat, shape, [s * flat.itemsize for s in strides],
                                           writeable=False)


def _holds_array(value: Value) -> bool:
    if isinstance(value, NdarrayValue):
        return True
    items = getattr(value, "items", None)
    return isinstance(items, list) and any(_holds_array(v) for v in items)


def _backing(value: Value) -> Value:
    from compiler.values.containers import ListValue, TupleValue
    if isinstance(value, NdarrayValue):
        return value.tensor
    if isinstance(value, (ListValue, TupleValue)) and type(value) in (ListValue, TupleValue):
        return type(value)([_backing(v) for v in value.items])
    if isinstance(value, NdarrayValue) or not value.is_constant():
        raise Unsupported(f"{value} in a NumPy call", BreakReason.UNSUPPORTED_VALUE)
    import numpy as np
    real = value.as_constant()
    if isinstance(real, np.dtype) or isinstance(real, type) and issubclass(real, np.generic):
        return ConstantValue(np.dtype(real).name)  # a dtype by name: the graph's code prints it
    return value


def _stand_in(value: Value):
    from compiler.values.containers import ListValue, TupleValue
    if isinstance(value, NdarrayValue):
        return value.stand_in()
    if type(value) in (ListValue, TupleValue):
        return (list if type(value) is ListValue else tuple)(_stand_in(v) for v in value.items)
    return value.as_constant()


def _numpy_result(kind: str, name: str, args: list[Value], kwargs: dict[str, Value]):
    """(scalar type or None for an array, dtype, shape) of real NumPy's answer."""
    import numpy as np
    real_args = [_stand_in(a) for a in args]
    real_kwargs = {k: _stand_in(v) for k, v in kwargs.items()}
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            if kind == "fn":
                result = getattr(np, name)(*real_args, **real_kwargs)
            elif kind == "method":
                result = getattr(real_args[0], name)(*real_args[1:], **real_kwargs)
            elif kind == "attr":
                result = getattr(real_args[0], name)
            else:
                result = OPERATORS[name](*real_args)
    except Exception as exc:  # noqa: BLE001 - NumPy refuses these dtypes or shapes
        raise Unsupported(f"NumPy {name} raises {type(exc).__name__} here",
                          BreakReason.UNSUPPORTED_CALL) from None
    if isinstance(result, np.ndarray):
        strides = None if result.size == 0 else tuple(s // result.itemsize
                                                       for s in result.strides)
        return None, result.dtype, result.shape, strides
    if isinstance(result, np.generic):
        return type(result), result.dtype, (), None
    raise Unsupported(f"NumPy {name} gives {type(result).__name__}",
                      BreakReason.UNSUPPORTED_VALUE)


def tensor_to_array(tx, tensor, args, kwargs) -> Value:
    """`Tensor.numpy()`: the array shares the tensor's data."""
    if args or kwargs:
        raise Unsupported("Tensor.numpy(force=...)", BreakReason.UNSUPPORTED_CALL)
    example = tensor.example
    if example.requires_grad:
        raise RaisedByProgram(RuntimeError("Can't call numpy() on Tensor that requires grad. "
                                           "Use tensor.detach().numpy() instead."))
    if example.device.type != "cpu" or example.layout != torch.strided:
        raise Unsupported("Tensor.numpy() of a tensor that is not a dense CPU one",
                          BreakReason.UNSUPPORTED_CALL)
    numpy_dtype(example.dtype)
    return NdarrayValue(tensor)


def array_to_tensor(tx, fn, args, kwargs) -> Value | None:
    """torch.from_numpy / torch.as_tensor of an array: a new tensor sharing its data;
    torch.tensor of one: a copy of it (in its layout, as torch.tensor keeps it)."""
    if not (args and isinstance(args[0], NdarrayValue)):
        return None
    array = args[0]
    if len(args) > 1 or kwargs:
        raise Unsupported(f"{fn.__name__} of an ndarray with options",
                          BreakReason.UNSUPPORTED_CALL)
    if array.scalar_type is not None:
        if fn is torch.from_numpy:
            raise RaisedByProgram(TypeError(f"expected np.ndarray (got "
                                            f"{array.scalar_type.__name__})"))
        return tx.ctx.tensor_op("call_method", "clone", [array.tensor], {}, "torch.as_tensor")
    if fn is torch.tensor:
        return tx.ctx.tensor_op("call_method", "clone", [array.tensor], {}, "torch.tensor")
    return tx.ctx.tensor_op("call_method", "view_as", [array.tensor, array.tensor], {},
                            fn.__name__)
