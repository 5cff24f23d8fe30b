"""NumPy arrays in a trace: an ndarray argument (compiler/values/numpy_inputs.py) or
`Tensor.numpy()` gives an array tracker backed by a tensor, and the NumPy calls, methods and
operators on it run in the graph through `torch._numpy`.

`torch._numpy` is an emulation, so each operation is also asked of real NumPy on stand-in
arrays of the same dtypes, shapes and layouts (NEP 50: result dtypes do not depend on values):
the result's type (array or NumPy scalar), dtype, shape, layout and whether it views its
inputs must be NumPy's, else the operation is refused (compiler/values/numpy_ops.py). Only
listed functions, methods and operators are traced. Writes (item assignment, in-place
operators, `out=`, `fill`, `sort`) are in-place ops on the array's tensor
(compiler/values/numpy_writes.py). At the output an argument array is itself; another is the
graph's tensor `.numpy()` (a NumPy scalar: `.numpy()[()]`).
"""

from __future__ import annotations

import operator
import types
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import HeldCallableValue, RaisedByProgram, Value

ELEMENTWISE = {
    "sin", "cos", "tan", "exp", "exp2", "log", "log2", "log10", "log1p", "expm1", "sqrt",
    "abs", "absolute", "tanh", "sinh", "cosh", "arcsin", "arccos", "arctan", "arcsinh",
    "arccosh", "arctanh", "square", "negative", "positive", "sign", "floor", "ceil", "trunc",
    "rint", "round", "around", "reciprocal", "deg2rad", "rad2deg", "degrees", "radians",
    "maximum", "minimum", "fmax", "fmin", "add", "subtract", "multiply", "divide",
    "true_divide", "floor_divide", "power", "fmod", "remainder", "mod", "arctan2", "hypot",
    "logaddexp", "copysign", "where", "clip", "isnan", "isinf", "isfinite", "signbit",
    "logical_and", "logical_or", "logical_not", "logical_xor", "bitwise_and", "bitwise_or",
    "bitwise_xor", "bitwise_not", "invert", "greater", "less", "equal", "not_equal",
    "greater_equal", "less_equal", "isclose",
}
REDUCTIONS = {"sum", "mean", "max", "min", "amax", "amin", "prod", "std", "var", "argmax",
              "argmin", "cumsum", "cumprod", "all", "any", "ptp", "count_nonzero", "median",
              "average", "sort", "argsort"}
# Making arrays from constants (any listed function may take constants alone: a NumPy
# scalar result is then NumPy's own, a constant; an array is made in the graph, new per call).
CONSTRUCTORS = {"arange", "zeros", "ones", "full", "eye", "identity", "linspace", "logspace",
                "array", "asarray", "tri", "empty"}
FUNCTIONS = ELEMENTWISE | REDUCTIONS | CONSTRUCTORS | {
    "matmul", "dot", "vdot", "inner", "outer", "tensordot", "kron", "cross", "einsum",
    "transpose", "swapaxes", "moveaxis", "reshape", "ravel", "concatenate", "stack", "hstack",
    "vstack", "column_stack", "zeros_like", "ones_like", "full_like", "empty_like", "expand_dims",
    "squeeze", "flip", "fliplr", "flipud", "roll", "tile", "repeat", "diag", "diagonal",
    "trace", "tril", "triu", "take", "take_along_axis", "diff", "atleast_1d", "atleast_2d",
    "copy", "linalg.norm", "linalg.det", "ascontiguousarray", "nan_to_num", "percentile",
    "quantile", "append", "searchsorted", "real", "conj", "conjugate", "meshgrid", "split",
    "array_split", "hsplit", "vsplit",
    "linalg.inv", "linalg.solve", "linalg.cholesky", "linalg.eigvalsh",
    "linalg.matrix_power", "linalg.multi_dot",
    "fft.fft", "fft.ifft", "fft.rfft", "fft.irfft", "fft.fft2", "fft.ifft2", "fft.rfft2",
    "fft.irfft2", "fft.fftn", "fft.ifftn", "fft.rfftn", "fft.irfftn", "fft.hfft", "fft.ihfft",
    "fft.fftshift", "fft.ifftshift", "fft.fftfreq", "fft.rfftfreq",
    "broadcast_to", "dstack", "atleast_3d", "sinc", "logaddexp2", "float_power", "isneginf",
    "isposinf", "geomspace", "vander", "convolve", "diagflat",
}
# Not listed, their emulation answers otherwise than NumPy on some values: cbrt (negatives),
# heaviside (nan), fix (x.5), angle (-0.0), gcd (signs), cov/corrcoef (data-dependent).
METHODS = REDUCTIONS | {"reshape", "transpose", "clip", "copy", "squeeze", "dot", "astype",
                        "flatten", "ravel", "round", "swapaxes", "repeat", "trace",
                        "diagonal", "take", "conj", "searchsorted"}
# Methods that write their array (compiler/values/numpy_writes.py) or need its values.
WRITING_METHODS = {"fill", "sort"}
DATA_METHODS = {"item", "tolist", "nonzero", "tobytes", "__float__", "__int__", "__bool__"}
OPERATORS = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "@": operator.matmul,
    "&": operator.and_, "|": operator.or_, "^": operator.xor,
    "<": operator.lt, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
    ">": operator.gt, ">=": operator.ge, "neg": operator.neg, "pos": operator.pos,
    "abs": operator.abs, "~": operator.invert, "getitem": operator.getitem,
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


def np_call(kind: str, name: str, /, *args, **kwargs):
    """The graph op: one NumPy operation on tensors seen as torch._numpy arrays."""
    return emulate(torch.float64, kind, name, args, kwargs)


def emulate(float_dtype: torch.dtype, kind: str, name: str, args, kwargs):
    """np_call's work with this default dtype (NumPy's is float64; a backend that traces the
    graph replays its ops under the program's: numpy_ops.py checks the answer is the same)."""
    tnp = emulation()

    import numpy as np

    def arrays(value, scalars_as_arrays=True):
        if isinstance(value, torch.Tensor):
            return tnp.asarray(value)
        if isinstance(value, (list, tuple)):
            return type(value)(arrays(v, scalars_as_arrays) for v in value)
        if isinstance(value, np.generic):  # typed, as NumPy's scalars are (NEP 50)
            return tnp.asarray(torch.as_tensor(value)) if scalars_as_arrays else value.item()
        return value

    operand = kind != "op" or name != "getitem"  # (an index is a plain int)
    args = [arrays(a, operand) for a in args]
    kwargs = {k: arrays(v, False) for k, v in kwargs.items()}
    default = torch.get_default_dtype()
    torch.set_default_dtype(float_dtype)  # NumPy's: int / int is float64
    try:
        zero, args = _zero_divisors(name, args)
        result = _apply(kind, name, args, kwargs)
        if zero is not None:  # NumPy's integer division by zero: 0 (torch raises)
            result = tnp.asarray(torch.where(zero, torch.zeros_like(result.tensor),
                                             result.tensor))
    except tnp.linalg.LinAlgError as exc:  # NumPy's error, with its message
        raise np.linalg.LinAlgError(LINALG_ERRORS.get(name, str(exc))) from None
    finally:
        torch.set_default_dtype(default)
    if isinstance(result, (list, tuple)) and all(isinstance(r, tnp.ndarray) for r in result):
        return tuple(r.tensor for r in result)  # (meshgrid, split)
    if not isinstance(result, tnp.ndarray):
        raise TypeError(f"torch._numpy {name} gave {type(result).__name__}")
    if kind == "fn" and name == "sign" and isinstance(args[0], tnp.ndarray) and (
            args[0].tensor.is_floating_point()):  # torch.sign(nan) is 0, NumPy's nan
        return torch.where(torch.isnan(args[0].tensor), args[0].tensor, result.tensor)
    return result.tensor


INT_DIVISIONS = {"//", "%", "floor_divide", "remainder", "mod", "fmod"}


def _is_integral(value) -> bool:
    tnp = emulation()
    if isinstance(value, tnp.ndarray):
        return not (value.tensor.is_floating_point() or value.tensor.is_complex())
    return type(value) in (int, bool)


def _zero_divisors(name: str, args: list):
    """For an integer division: where the divisor is 0 (then 1 in its place), else None."""
    tnp = emulation()
    if name not in INT_DIVISIONS or len(args) < 2 or not all(map(_is_integral, args[:2])):
        return None, args
    divisor = args[1]
    data = divisor.tensor if isinstance(divisor, tnp.ndarray) else torch.tensor(divisor)
    zero = data == 0
    safe = torch.where(zero, torch.ones_like(data), data)
    if not isinstance(divisor, tnp.ndarray):
        safe = 1 if divisor == 0 else divisor
    else:
        safe = tnp.asarray(safe)
    return zero, [args[0], safe, *args[2:]]


LINALG_ERRORS = {"linalg.inv": "Singular matrix", "linalg.solve": "Singular matrix",
                 "linalg.cholesky": "Matrix is not positive definite"}


def _apply(kind: str, name: str, args: list, kwargs: dict):
    tnp = emulation()
    if kind == "fn":
        fn = tnp
        for part in name.split("."):  # linalg.norm
            fn = getattr(fn, part)
        return fn(*args, **kwargs)
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


def read_only(array):
    array.setflags(write=False)
    return array


class NdarrayValue(Value):
    """An ndarray (or, with `scalar_type`, a NumPy scalar) whose data is `tensor`'s."""

    def __init__(self, tensor: Value, scalar_type: type | None = None, source=None,
                 readonly: bool = False):
        super().__init__(source)
        self.tensor = tensor
        self.scalar_type = scalar_type
        self.readonly = readonly  # a read-only argument, or a view of one: writes raise

    def reconstruct(self, plan) -> str:
        """An input array is itself (its writes were the graph's); another is its tensor's
        data, as NumPy's array or scalar."""
        if self.source is not None:
            return plan.source_expr(self.source)
        scalar = "[()]" if self.scalar_type is not None else ""
        text = f"{plan.expr(self.tensor)}.numpy(){scalar}"
        if self.readonly:  # a view of a read-only argument stays read-only
            text = f"{plan.bind(read_only)}({text})"
        return plan.temp(text)

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
        from compiler.values.numpy_ops import laid_out_ones
        return laid_out_ones(self.shape, tuple(self.tensor.example.stride()), self.dtype)

    def is_fresh_object(self) -> bool:
        return self.source is None and self.scalar_type is None

    def len(self, tx) -> int:
        if self.scalar_type is not None:
            from compiler.values.containers import type_name
            raise RaisedByProgram(TypeError(f"object of type '{type_name(self.scalar_type)}' "
                                            f"has no len()"))
        if not self.shape:
            raise RaisedByProgram(TypeError("len() of unsized object"))
        return self.shape[0]

    def bool(self, tx) -> bool:
        """NumPy's error for an array of more or fewer than one item; else data-dependent."""
        if self.scalar_type is None and self.stand_in().size != 1:
            try:
                bool(self.stand_in())
            except ValueError as exc:
                raise RaisedByProgram(exc) from None
        raise Unsupported("truth value of a NumPy value (control flow on its data)",
                          BreakReason.DATA_DEPENDENT)

    def getattr(self, tx, name: str) -> Value:
        if name in ("shape", "ndim", "size", "itemsize", "nbytes", "strides"):
            return registry.wrap_constant(getattr(self.stand_in(), name))
        if name == "dtype":
            from compiler.values.numpy_ops import NumpyDtypeValue
            return NumpyDtypeValue(self.dtype)
        if name in ("T", "real", "imag"):
            return numpy_op(tx, "attr", name, [self], {})
        if name in METHODS or name in WRITING_METHODS:
            return NumpyMethodValue(self, name)
        if name == "item":
            return NumpyMethodValue(self, name)
        if name in DATA_METHODS:
            raise Unsupported(f"ndarray.{name}() needs the array's data",
                              BreakReason.DATA_DEPENDENT)
        if not hasattr(self.stand_in(), name):
            from compiler.values.containers import type_name
            raise RaisedByProgram(AttributeError(f"'{type_name(self.python_type())}' object "
                                                 f"has no attribute {name!r}"))
        raise Unsupported(f"ndarray.{name}", BreakReason.UNSUPPORTED_ATTRIBUTE)

    def getitem(self, tx, key: Value) -> Value:
        check_index(tx, key)
        return numpy_op(tx, "op", "getitem", [self, key], {})

    def setitem(self, tx, key: Value, value: Value) -> None:
        from compiler.values.numpy_writes import set_item
        check_index(tx, key)
        set_item(tx, self, key, value)

    def iter(self, tx) -> Value:
        from compiler.values.numpy_writes import iterate
        return iterate(tx, self)


class NumpyMethodValue(Value):
    def __init__(self, array: NdarrayValue, name: str):
        super().__init__(None)
        self.array, self.name = array, name

    def call(self, tx, args, kwargs) -> Value:
        if self.name == "item":  # the number is read after the graph (deferred_item.py)
            if args or kwargs:
                raise Unsupported("ndarray.item() with an index", BreakReason.DATA_DEPENDENT)
            if self.array.scalar_type is None and self.array.stand_in().size != 1:
                raise RaisedByProgram(ValueError("can only convert an array of size 1 to a "
                                                 "Python scalar"))
            from compiler.values.deferred_item import deferred_item
            return deferred_item(tx, self.array.tensor, [], {})
        if self.name in WRITING_METHODS:
            from compiler.values.numpy_writes import call_writing_method
            return call_writing_method(tx, self.array, self.name, args, kwargs)
        return numpy_op(tx, "method", self.name, [self.array, *args], kwargs)


def check_index(tx, key: Value) -> None:
    """Indexes NumPy and torch read alike: ints, forward slices, None, Ellipsis, lists of
    ints, arrays (of ints, or booleans: then the shape depends on the data)."""
    from compiler.values.containers import ListValue
    parts = key.unpack(tx) if key.python_type() is tuple else [key]
    for part in parts:
        if isinstance(part, NdarrayValue) and part.scalar_type is None and (
                part.dtype.kind in "iub"):
            continue
        if isinstance(part, ListValue) and part.is_constant() and all(
                type(v) is int for v in part.as_constant()) and part.as_constant():
            continue
        real = part.as_constant() if part.is_constant() else None
        if not (type(real) in (int, type(None), type(Ellipsis)) or (
                type(real) is slice and (real.step or 1) > 0)):
            raise Unsupported("ndarray index other than ints, forward slices, lists of ints "
                              "and arrays", BreakReason.UNSUPPORTED_VALUE)


def numpy_op(tx, kind: str, name: str, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.numpy_ops import numpy_op as record
    return record(tx, kind, name, args, kwargs)


class NumpyFunctionValue(HeldCallableValue):
    """A listed NumPy function (`np.sin`, `np.sum`, `np.linalg.norm`, ...)."""

    def __repr__(self) -> str:
        return f"NumpyFunctionValue({function_name(self.fn)})"

    def as_constant(self) -> Any:
        return self.fn

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.numpy_tensor_args import call_with_tensors, has_tensor
        if has_tensor(args, kwargs):
            return call_with_tensors(tx, self, args, kwargs)
        return self.call_on_arrays(tx, args, kwargs)

    def call_on_arrays(self, tx, args, kwargs) -> Value:
        from compiler.values.numpy_ops import QUERIES, answer_query
        if self.fn.__name__ in QUERIES:
            return answer_query(self.fn, args, kwargs)
        if "out" in kwargs:
            from compiler.values.numpy_writes import ufunc_into
            return ufunc_into(tx, "fn", function_name(self.fn), args, kwargs)
        return numpy_op(tx, "fn", function_name(self.fn), args, kwargs)


SUBMODULES = ("linalg", "fft")


def function_name(fn) -> str:
    """`sin`, or `linalg.norm` for a function of numpy.linalg (`fft.fftshift`: numpy.fft)."""
    import numpy as np
    if getattr(np, fn.__name__, None) is fn:
        return fn.__name__
    for sub in SUBMODULES:
        if getattr(getattr(np, sub), fn.__name__, None) is fn:
            return f"{sub}.{fn.__name__}"
    return fn.__name__


def is_numpy_function(obj: Any) -> bool:
    import numpy as np

    from compiler.values.numpy_ops import QUERIES
    if obj is np.finfo:  # (a class: its instances are cached, one per dtype)
        return True
    if not type(obj).__module__.startswith("numpy") and not isinstance(
            obj, (types.FunctionType, types.BuiltinFunctionType)):
        return False  # (a user object's __getattr__ may raise anything)
    name = getattr(obj, "__name__", None)
    if not isinstance(name, str):
        return False
    if (name in FUNCTIONS or name in QUERIES) and getattr(np, name, None) is obj:
        return True
    return any(f"{sub}.{name}" in FUNCTIONS and getattr(getattr(np, sub), name, None) is obj
               for sub in SUBMODULES)


def tensor_to_array(tx, tensor, args, kwargs) -> Value:
    """`Tensor.numpy()`: the array shares the tensor's data. `numpy(force=True)` is
    `t.detach().cpu().resolve_conj().resolve_neg().numpy()` (a conjugate or negative view is
    copied, else the data is still shared)."""
    force = kwargs.get("force")
    if args or set(kwargs) - {"force"} or force is not None and not (
            force.is_constant() and type(force.as_constant()) is bool):
        raise Unsupported("Tensor.numpy() with these arguments", BreakReason.UNSUPPORTED_CALL)
    example = tensor.example
    if example.device.type != "cpu" or example.layout != torch.strided:
        raise Unsupported("Tensor.numpy() of a tensor that is not a dense CPU one",
                          BreakReason.UNSUPPORTED_CALL)
    if force is not None and force.as_constant():
        tensor = tx.ctx.tensor_op("call_method", "detach", [tensor], {}, "numpy(force=True)")
        for bit, resolve in (("is_conj", "resolve_conj"), ("is_neg", "resolve_neg")):
            if getattr(tensor.example, bit)():
                tensor = tx.ctx.tensor_op("call_method", resolve, [tensor], {},
                                          "numpy(force=True)")
        example = tensor.example
    if example.requires_grad:
        raise RaisedByProgram(RuntimeError("Can't call numpy() on Tensor that requires grad. "
                                           "Use tensor.detach().numpy() instead."))
    for bit, what, resolve in (("is_conj", "conjugate", "resolve_conj"),
                               ("is_neg", "negative", "resolve_neg")):
        if getattr(example, bit)():
            raise RaisedByProgram(RuntimeError(
                f"Can't call numpy() on Tensor that has {what} bit set. "
                f"Use tensor.{resolve}().numpy() instead."))
    numpy_dtype(example.dtype)
    return NdarrayValue(tensor)


def array_to_tensor(tx, fn, args, kwargs) -> Value | None:
    """torch.from_numpy / torch.as_tensor of an array: a new tensor sharing its data;
    torch.tensor of one: a copy of it (in its layout, as torch.tensor keeps it)."""
    if not (args and isinstance(args[0], NdarrayValue)):
        if fn is torch.from_numpy:
            return None
        from compiler.values.numpy_tensor_args import tensor_of_numpy_scalars
        return tensor_of_numpy_scalars(tx, fn, args, kwargs)
    array = args[0]
    dtype = kwargs.get("dtype")
    if len(args) > 1 or set(kwargs) - {"dtype"} or fn is torch.from_numpy and kwargs or (
            dtype is not None and not isinstance(dtype.as_constant() if dtype.is_constant()
                                                 else None, torch.dtype)):
        raise Unsupported(f"{fn.__name__} of an ndarray with options",
                          BreakReason.UNSUPPORTED_CALL)
    if dtype is not None and dtype.as_constant() != array.tensor.example.dtype:
        # a new tensor of that dtype (as_tensor shares only when no conversion is needed)
        tensor = array.tensor
        if array.scalar_type is None and fn is torch.tensor:
            tensor = tx.ctx.tensor_op("call_method", "clone", [tensor], {}, "torch.tensor")
        return tx.ctx.tensor_op("call_method", "to", [tensor, dtype], {}, fn.__name__)
    if array.scalar_type is not None:
        if fn is torch.from_numpy:
            raise RaisedByProgram(TypeError(f"expected np.ndarray (got "
                                            f"{array.scalar_type.__name__})"))
        return tx.ctx.tensor_op("call_method", "clone", [array.tensor], {}, "torch.as_tensor")
    if fn is torch.tensor:
        return tx.ctx.tensor_op("call_method", "clone", [array.tensor], {}, "torch.tensor")
    return tx.ctx.tensor_op("call_method", "view_as", [array.tensor, array.tensor], {},
                            fn.__name__)
