"""One NumPy operation in the graph: asked of real NumPy on stand-ins first, then recorded
through torch._numpy and made to agree with NumPy's answer or refused.

NumPy's answer (NEP 50: it does not depend on the values) fixes the result's type (array or
NumPy scalar), dtype, shape, element strides, and whether it is one of the inputs, a view of
some (it shares their memory) or a new array. The emulation's result must have the same dtype
and shape; then:
- an input itself (`np.asarray(a)`, `a.astype(a.dtype, copy=False)`): that input's tracker;
- a view: the emulation's must view the same inputs' memory, in the same layout (the strides
  of length-1 dimensions, which address nothing, are set to NumPy's), else refused;
- a new array or scalar: if the emulation's views an input (`a[0, 0]`, `a.flatten()`), or is
  laid out otherwise, it is copied into NumPy's layout, so that a later write of the input is
  not seen through it, and its strides are NumPy's.
"""

from __future__ import annotations

import dataclasses
import operator
import warnings
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.constant import ConstantValue


@dataclasses.dataclass
class NumpyAnswer:
    scalar_type: type | None  # the NumPy scalar type, None for an array
    dtype: Any
    shape: tuple[int, ...]
    strides: tuple[int, ...] | None  # in elements; None for a scalar or an empty array
    itself: Value | None  # the input tracker NumPy returned itself
    views: list[Value]  # the input arrays whose memory the result shares
    arrays: list[Value]  # every input array
    constant: Any = None  # a NumPy scalar computed from constants alone: NumPy's own
    items: list | None = None  # a list or tuple of arrays (meshgrid, split): each's answer
    container: type | None = None
    readonly: bool = False  # NumPy makes it read-only (np.diagonal, `a.imag` of a real array)


def numpy_op(tx, kind: str, name: str, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """Record `name` in the graph through torch._numpy, once NumPy has said what it gives."""
    from compiler.values.numpy_arrays import NdarrayValue, np_call
    if kind == "op" and any(isinstance(getattr(a, "example", None), torch.Tensor)
                            for a in args):
        return _tensor_op_with_numpy_scalars(tx, name, args)
    if "out" in kwargs:  # (a listed ufunc's: NumpyFunctionValue, numpy_writes.py)
        raise Unsupported(f"NumPy {name} with out=", BreakReason.SIDE_EFFECT)
    _refuse_value_dependent(name, args, kwargs)
    from compiler.values.numpy_arrays import LINALG_ERRORS
    if name in LINALG_ERRORS and tx.ctx.backend_compiles:
        raise Unsupported(f"NumPy {name} (its LinAlgError is torch's once the backend compiles "
                          f"the graph)", BreakReason.UNSUPPORTED_CALL)
    answer = numpy_answer(kind, name, args, kwargs)
    _refuse_wide_unsigned(name, answer)
    if answer.itself is not None:
        return answer.itself
    if answer.constant is not None:
        return ConstantValue(answer.constant)
    graph_name = name
    if name in ("array", "asarray") and args and set(kwargs) <= {"dtype"} and any(
            isinstance(v, NdarrayValue) for v in getattr(args[0], "items", None) or ()):
        graph_name = "stack"  # of a list of arrays: torch._numpy would read their data
    graph_name = UNINITIALIZED.get(graph_name, graph_name)
    if name == "diag" and isinstance(args[0], NdarrayValue) and len(args[0].shape) == 2:
        graph_name = "diagonal"  # (NumPy's diag of a matrix: its diagonal view)
        kwargs = {"offset" if k == "k" else k: v for k, v in kwargs.items()}
    args = _ufunc_operands_cast(tx, kind, graph_name, args, kwargs, answer)
    if tx.ctx.backend_compiles:
        args, kwargs = _default_dtype_free(tx, kind, graph_name, args, kwargs, answer)
    graph_args = [ConstantValue(kind), ConstantValue(graph_name), *(backing(a) for a in args)]
    if name in ACCUMULATING and "dtype" not in kwargs and answer.dtype is not None and (
            answer.dtype.kind == "i") and len(args) <= 2:
        # NumPy accumulates small integers in its default int: asked of the emulation
        kwargs = {**kwargs, "dtype": ConstantValue(answer.dtype)}
    renamed = CLIP_KEYWORDS if name == "clip" else {}  # torch._numpy's names
    result = tx.ctx.tensor_op("call_function", np_call, graph_args,
                              {renamed.get(k, k): backing(v) for k, v in kwargs.items()},
                              f"numpy {name}")
    if answer.items is not None:
        from compiler.values.containers import ListValue, TupleValue
        parts = getattr(result, "items", None)
        if type(result) is not TupleValue or len(parts) != len(answer.items):
            raise Unsupported(f"torch._numpy's {name} gives another sequence than NumPy's",
                              BreakReason.UNSUPPORTED_CALL)
        arrays = [_as_numpys(tx, name, part, item) for part, item in zip(parts, answer.items)]
        return (ListValue if answer.container is list else TupleValue)(arrays)
    return _as_numpys(tx, name, result, answer)


def _ufunc_operands_cast(tx, kind: str, name: str, args: list[Value], kwargs: dict[str, Value],
                         answer: NumpyAnswer) -> list[Value]:
    """A ufunc NumPy computes in a float loop for integer or bool operands (`np.sqrt` of uint8:
    float16, `np.hypot` of ints: float64) where the emulation keeps another dtype: those
    operands cast to NumPy's result dtype first, as NumPy's loop casts them."""
    import numpy as np

    from compiler.values.numpy_arrays import NdarrayValue, numpy_dtype
    integral = [isinstance(v, NdarrayValue) and v.dtype.kind in "iub" for v in args]
    if not (kind == "fn" and isinstance(getattr(np, name, None), np.ufunc) and any(integral)
            and answer.dtype is not None and answer.dtype.kind in "fc"):
        return args
    emulated = _fake_dtypes(tx, kind, name, args, kwargs, torch.float64)
    if emulated is None or len(emulated) != 1 or numpy_dtype(emulated[0]) == answer.dtype:
        return args
    target = torch.from_numpy(np_empty(answer.dtype)).dtype
    return [NdarrayValue(tx.ctx.tensor_op("call_method", "to", [v.tensor, tx.const(target)], {},
                                          f"numpy {name} operand"), v.scalar_type)
            if cast else v for v, cast in zip(args, integral)]


# torch has few kernels for uint16/32/64 (a comparison, max, sum raise when the graph runs):
# only moves of their data are traced
WIDE_UNSIGNED = {"uint16", "uint32", "uint64"}
DATA_MOVES = {"getitem", "T", "transpose", "reshape", "copy", "ravel", "flatten", "astype",
              "squeeze", "swapaxes", "moveaxis", "expand_dims", "concatenate", "stack",
              "hstack", "vstack", "array", "asarray", "ascontiguousarray", "atleast_1d",
              "atleast_2d", "broadcast_to", "zeros_like", "ones_like", "full_like", "empty_like"}


def _refuse_wide_unsigned(name: str, answer: NumpyAnswer) -> None:
    dtypes = [a.dtype for a in answer.arrays]
    if answer.dtype is not None:
        dtypes.append(answer.dtype)
    if name not in DATA_MOVES and any(d.name in WIDE_UNSIGNED for d in dtypes):
        raise Unsupported(f"NumPy {name} of {'/'.join(sorted(WIDE_UNSIGNED))} arrays (torch "
                          f"has few kernels for them)", BreakReason.UNSUPPORTED_CALL)


def _default_dtype_free(tx, kind: str, name: str, args: list[Value], kwargs: dict[str, Value],
                        answer: NumpyAnswer):
    """For a backend that traces the graph (its ops replay under the program's default dtype,
    not NumPy's float64): the call made not to depend on it, else refused. Integer or bool
    arrays of a call whose result is float (int / int, arctan2) are cast to float64 first, as
    NumPy's loop casts them; a constructor (logspace) is given NumPy's dtype."""
    from compiler.values.numpy_arrays import NdarrayValue
    if not _depends_on_default(tx, kind, name, args, kwargs):
        return args, kwargs
    if any(isinstance(v, NdarrayValue) and v.dtype.kind in "iub" for v in args):
        args = [tx.ctx.tensor_op("call_method", "to", [v.tensor, tx.const(torch.float64)], {},
                                 f"numpy {name} operand")
                if isinstance(v, NdarrayValue) and v.dtype.kind in "iub" else v for v in args]
        args = [NdarrayValue(v) if isinstance(getattr(v, "example", None), torch.Tensor)
                and not isinstance(v, NdarrayValue) else v for v in args]
    elif name in CONSTRUCTORS_WITH_DTYPE and "dtype" not in kwargs and answer.dtype is not None:
        kwargs = {**kwargs, "dtype": ConstantValue(answer.dtype)}
    if _depends_on_default(tx, kind, name, args, kwargs):
        raise Unsupported(f"NumPy {name}: its emulation's dtype follows the default dtype, "
                          f"which a compiling backend replays as the program's",
                          BreakReason.UNSUPPORTED_CALL)
    return args, kwargs


CONSTRUCTORS_WITH_DTYPE = {"arange", "linspace", "logspace", "geomspace", "zeros", "ones",
                           "full", "eye", "identity", "array", "asarray"}


def _depends_on_default(tx, kind: str, name: str, args: list[Value],
                        kwargs: dict[str, Value]) -> bool:
    """Whether the emulation's result dtypes change with the default dtype (run on the fake
    inputs under float64 and float32); an error counts as a change."""
    dtypes = [_fake_dtypes(tx, kind, name, args, kwargs, default)
              for default in (torch.float64, torch.float32)]
    return dtypes[0] is None or dtypes[0] != dtypes[1]


def _fake_dtypes(tx, kind: str, name: str, args: list[Value], kwargs: dict[str, Value],
                 default: torch.dtype) -> tuple | None:
    """The emulation's result dtypes on the fake inputs under this default dtype (None if it
    raises)."""
    from compiler.values.numpy_arrays import emulate

    def fake(value):
        if isinstance(value, (list, tuple)):
            return type(value)(fake(v) for v in value)
        example = getattr(value, "example", None)
        if isinstance(example, torch.Tensor):
            return example
        items = getattr(value, "items", None)
        if type(items) is list and not value.is_constant():
            return type(value.python_type()([]))(fake(v) for v in items)
        return value.as_constant()

    graph_args = [fake(backing(a)) for a in args]
    graph_kwargs = {k: fake(backing(v)) for k, v in kwargs.items()}
    try:
        with tx.ctx.graph.fake_mode, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = emulate(default, kind, name, graph_args, graph_kwargs)
    except Exception:  # noqa: BLE001 - not known
        return None
    parts = result if isinstance(result, tuple) else (result,)
    return tuple(part.dtype for part in parts)


def _as_numpys(tx, name: str, result: Value, answer: NumpyAnswer) -> Value:
    """The emulation's tensor as the array NumPy gives (dtype, shape, layout, views)."""
    from compiler.values.numpy_arrays import NdarrayValue, numpy_dtype
    if not isinstance(getattr(result, "example", None), torch.Tensor):  # a tensor's tracker
        raise Unsupported(f"NumPy {name} result", BreakReason.UNSUPPORTED_VALUE)
    example = result.example
    if answer.shape == () and tuple(example.shape) == (1,):  # (median, percentile)
        result = tx.ctx.tensor_op("call_method", "reshape", [result, tx.const(())], {},
                                  f"numpy {name} scalar")
        example = result.example
    if name.startswith("fft.") and tuple(example.shape) == answer.shape and (
            numpy_dtype(example.dtype).kind == answer.dtype.kind
            and numpy_dtype(example.dtype).itemsize > answer.dtype.itemsize):
        # torch._numpy's fft computes single precision in double: rounded to NumPy's dtype
        result = tx.ctx.tensor_op("call_method", "to", [result, tx.const(
            torch.from_numpy(np_empty(answer.dtype)).dtype)], {}, f"numpy {name} dtype")
        example = result.example
    if (numpy_dtype(example.dtype), tuple(example.shape)) != (answer.dtype, answer.shape):
        raise Unsupported(f"torch._numpy's {name} differs from NumPy's "
                          f"({example.dtype}{tuple(example.shape)} for "
                          f"{answer.dtype}{answer.shape})", BreakReason.UNSUPPORTED_CALL)
    result = _agree(tx, name, result, answer)
    return NdarrayValue(result, answer.scalar_type,
                        readonly=answer.readonly or any(v.readonly for v in answer.views))


def np_empty(dtype):
    import numpy as np
    return np.empty(0, dtype=dtype)


def _tensor_op_with_numpy_scalars(tx, name: str, args: list[Value]) -> Value:
    """`t * a.mean()`: torch takes a NumPy scalar as it takes a Python number (of its kind:
    the default float dtype for a float). Its 0-d tensor cast to that dtype promotes alike (of
    the tensor's kind: the tensor's dtype; of a higher one: that dtype) and rounds alike.
    An array (not a scalar) with a tensor is refused, and so is a complex scalar (torch reads
    it as a float) or a 64-bit unsigned one."""
    from compiler.values.numpy_arrays import OPERATORS, NdarrayValue
    operands = []
    for arg in args:
        if isinstance(arg, NdarrayValue):
            dtype = _wrapped_number_dtype(arg)
            if arg.scalar_type is None or dtype is None:
                raise Unsupported(f"operator {name} of a tensor and an ndarray",
                                  BreakReason.UNSUPPORTED_VALUE)
            arg = tx.ctx.tensor_op("call_method", "to", [arg.tensor, tx.const(dtype)], {},
                                   "NumPy scalar as a number")
        operands.append(arg)
    if name not in OPERATORS or name == "getitem":
        raise Unsupported(f"operator {name} of a tensor and a NumPy scalar",
                          BreakReason.UNSUPPORTED_VALUE)
    if name == "/" and isinstance(args[0], NdarrayValue):  # Tensor.__rtruediv__: as eager's
        return tx.ctx.tensor_op("call_method", "__rtruediv__", [operands[1], operands[0]], {},
                                "operator / with a NumPy scalar")
    return tx.ctx.tensor_op("call_function", OPERATORS[name], operands, {},
                            f"operator {name} with a NumPy scalar")


def _wrapped_number_dtype(array) -> torch.dtype | None:
    kind = array.dtype.kind
    if kind == "f":
        return torch.get_default_dtype()
    if kind == "i" or kind == "u" and array.dtype.itemsize < 8:
        return torch.int64
    if kind == "b":  # (torch reads a NumPy bool as a float)
        return torch.get_default_dtype()
    return None


ACCUMULATING = {"sum", "prod", "cumsum", "cumprod"}
# np.empty's values are whatever its memory held: zeros here, one of those (deterministic)
UNINITIALIZED = {"empty": "zeros", "empty_like": "zeros_like"}
CLIP_KEYWORDS = {"a_min": "min", "a_max": "max"}
PRODUCTS = {"matmul", "dot", "vdot", "inner", "outer", "tensordot", "kron", "einsum", "@",
            "linalg.norm", "linalg.det", "linalg.multi_dot", "linalg.matrix_power",
            "linalg.inv", "linalg.solve"}


# torch's complex add (nan + 2j: nan+nanj) and power (0j ** 0: nan) differ from NumPy's
COMPLEX_REFUSED = {"+", "-", "add", "subtract", "**", "power"}
# Whose Python int operands are values (not axes, counts, decimals)
VALUE_OPERANDS = {"<", "<=", ">", ">=", "==", "!=", "+", "-", "*", "/", "//", "%", "**", "&",
                  "|", "^", "searchsorted"}


def _refuse_out_of_range_ints(name: str, args: list[Value], kwargs: dict[str, Value]) -> None:
    """A Python int out of an integer array's range (`u8 < -1`, `a == 300` for int8): NumPy
    compares by value, torch._numpy would wrap it into the dtype first."""
    import numpy as np

    from compiler.values.numpy_arrays import ELEMENTWISE, NdarrayValue
    if not (name in VALUE_OPERANDS or name in ELEMENTWISE and name not in ("round", "around")):
        return
    operands = [*args, *kwargs.values()]
    ints = [v.as_constant() for v in operands
            if v.is_constant() and type(v.as_constant()) is int]
    for array in operands:
        if ints and isinstance(array, NdarrayValue) and array.dtype.kind in "iu":
            info = np.iinfo(array.dtype)
            if any(not info.min <= n <= info.max for n in ints):
                raise Unsupported(f"NumPy {name} of a {array.dtype} array and a Python int out "
                                  f"of its range", BreakReason.UNSUPPORTED_CALL)


def _refuse_value_dependent(name: str, args: list[Value], kwargs: dict[str, Value]) -> None:
    """What NumPy answers otherwise for some values, where the stand-ins cannot tell: the
    order of equal keys in an unstable argsort, and integers raised to negative integer
    powers (NumPy raises, torch computes)."""
    from compiler.values.numpy_arrays import NdarrayValue
    _refuse_out_of_range_ints(name, args, kwargs)
    if name in COMPLEX_REFUSED and any(isinstance(v, NdarrayValue) and v.dtype.kind == "c"
                                       for v in args):
        raise Unsupported(f"NumPy {name} of complex values (torch's differs on infinities "
                          f"and NaNs)", BreakReason.UNSUPPORTED_CALL)
    if name == "argsort":
        kind = kwargs.get("kind")
        if not (kind is not None and kind.is_constant() and kind.as_constant() == "stable"):
            raise Unsupported("NumPy argsort of equal keys orders them by its algorithm "
                              "(kind='stable' is traced)", BreakReason.UNSUPPORTED_CALL)
    if name in PRODUCTS and any(isinstance(v, NdarrayValue) and v.dtype.kind == "b"
                                for v in args):
        raise Unsupported(f"NumPy {name} of booleans (torch has no boolean matmul)",
                          BreakReason.UNSUPPORTED_CALL)
    if name in ("**", "power") and len(args) >= 2:
        base, exponent = args[0], args[1]
        if all(isinstance(v, NdarrayValue) or v.is_constant() for v in (base, exponent)) and (
                isinstance(exponent, NdarrayValue) and exponent.dtype.kind == "i"
                and (not isinstance(base, NdarrayValue) or base.dtype.kind in "iub")):
            raise Unsupported("NumPy integer power by an integer array (NumPy raises for a "
                              "negative exponent)", BreakReason.UNSUPPORTED_CALL)


def _agree(tx, name: str, result: Value, answer: NumpyAnswer) -> Value:
    """The emulation's result, made to share memory with the inputs NumPy's does and no
    other, laid out as NumPy's (see the module's doc)."""
    example = result.example
    aliased = [a for a in answer.arrays if torch._C._is_alias_of(example, a.tensor.example)]
    strides = answer.strides
    if answer.views:
        if any(all(v is not a for a in aliased) for v in answer.views):
            raise Unsupported(f"NumPy's {name} gives a view where torch._numpy's copies",
                              BreakReason.UNSUPPORTED_CALL)
        got = tuple(example.stride())
        if strides is not None and got != strides:
            if any(n != 1 and g != s for n, g, s in zip(answer.shape, got, strides)):
                raise Unsupported(f"torch._numpy's {name} lays out its view unlike NumPy's "
                                  f"(strides {got} for {strides})", BreakReason.UNSUPPORTED_CALL)
            result = tx.ctx.tensor_op(
                "call_method", "as_strided",
                [result, tx.const(answer.shape), tx.const(strides),
                 tx.const(example.storage_offset())], {}, f"numpy {name} layout")
        return result
    if aliased or (strides is not None and tuple(example.stride()) != strides):
        layout = strides if strides is not None else _c_order(answer.shape)
        result = tx.ctx.tensor_op("call_function", laid_out_copy, [result, tx.const(layout)],
                                  {}, f"numpy {name} copy")
    return result


def laid_out_copy(tensor: torch.Tensor, strides) -> torch.Tensor:
    """The graph op: a new tensor with these element strides holding `tensor`'s values."""
    return torch.empty_strided(tensor.shape, strides, dtype=tensor.dtype,
                               device=tensor.device).copy_(tensor)


def _c_order(shape) -> tuple[int, ...]:
    """The element strides of a C-contiguous array of this shape."""
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


def laid_out_ones(shape, strides, dtype):
    """Ones in an array of this shape and these element strides (its layout is what NumPy's
    answer's layout follows: a copy in C order, an elementwise result in the input's)."""
    import numpy as np
    shape, strides = [operator.index(n) for n in shape], [operator.index(s) for s in strides]
    if 0 in shape or any(s < 0 for s in strides):
        return np.ones(shape, dtype=dtype)
    span = 1 + sum((n - 1) * s for n, s in zip(shape, strides))
    flat = np.ones(span, dtype=dtype)
    # writeable, as NumPy's own arrays: a view NumPy makes read-only (np.diagonal) shows it
    return np.lib.stride_tricks.as_strided(flat, shape, [s * flat.itemsize for s in strides],
                                           writeable=True)


def backing(value: Value) -> Value:
    """The graph argument for a NumPy call's argument: an array's tensor, containers of them,
    constants (a dtype by name: the graph's code prints it)."""
    import numpy as np

    from compiler.values.containers import ListValue, TupleValue
    from compiler.values.numpy_arrays import NdarrayValue
    if isinstance(value, NdarrayValue):
        return value.tensor
    if type(value) in (ListValue, TupleValue):
        return type(value)([backing(v) for v in value.items])
    if not value.is_constant():
        raise Unsupported(f"{value} in a NumPy call", BreakReason.UNSUPPORTED_VALUE)
    real = value.as_constant()
    if isinstance(real, np.dtype) or isinstance(real, type) and (
            issubclass(real, np.generic) or real in (bool, int, float, complex)):
        return ConstantValue(np.dtype(real).name)  # (`astype(bool)`: NumPy's bool)
    return value


def stand_in(value: Value, found: list):
    """A real NumPy value for `value` (arrays: ones laid out as it is), recording each
    (tracker, stand-in array) pair in `found`."""
    from compiler.values.containers import ListValue, TupleValue
    from compiler.values.numpy_arrays import NdarrayValue
    if isinstance(value, NdarrayValue):
        real = value.stand_in()
        found.append((value, real))
        return real
    if type(value) in (ListValue, TupleValue):
        return (list if type(value) is ListValue else tuple)(stand_in(v, found)
                                                             for v in value.items)
    if not value.is_constant():
        raise Unsupported(f"{value} in a NumPy call", BreakReason.UNSUPPORTED_VALUE)
    return value.as_constant()


def run_numpy(kind: str, name: str, real_args: list, real_kwargs: dict):
    """Real NumPy's answer on stand-ins; a refusal of NumPy (dtypes, shapes) refuses."""
    import numpy as np

    from compiler.values.numpy_arrays import OPERATORS
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            if kind == "fn":
                fn = np
                for part in name.split("."):
                    fn = getattr(fn, part)
                return fn(*real_args, **real_kwargs)
            if kind == "method":
                return getattr(real_args[0], name)(*real_args[1:], **real_kwargs)
            if kind == "attr":
                return getattr(real_args[0], name)
            return OPERATORS[name](*real_args)
    except Exception as exc:  # noqa: BLE001 - NumPy refuses these dtypes or shapes
        raise Unsupported(f"NumPy {name} raises {type(exc).__name__} here",
                          BreakReason.UNSUPPORTED_CALL) from None


def numpy_answer(kind: str, name: str, args: list[Value], kwargs: dict[str, Value]
                 ) -> NumpyAnswer:
    import numpy as np
    found: list = []
    real_args = [stand_in(a, found) for a in args]
    real_kwargs = {k: stand_in(v, found) for k, v in kwargs.items()}
    from compiler.values.numpy_arrays import LINALG_ERRORS
    if name in LINALG_ERRORS:  # (ones are singular: identities answer the same dtype, shape)
        found[:] = [(value, _identities(real)) for value, real in found]
        real_args = [value for _, value in found] if len(found) == len(args) else real_args
    result = run_numpy(kind, name, real_args, real_kwargs)
    arrays = [value for value, _ in found]
    for value, real in found:
        if result is real:
            return NumpyAnswer(None, result.dtype, result.shape, None, value, [], arrays)
    if isinstance(result, np.ndarray):
        return _array_answer(result, found, arrays)
    if isinstance(result, np.generic):
        return NumpyAnswer(type(result), result.dtype, (), None, None, [], arrays,
                           None if found else result)
    if type(result) in (list, tuple) and result and all(
            isinstance(r, np.ndarray) for r in result):
        items = [_array_answer(r, found, arrays) for r in result]
        return NumpyAnswer(None, None, (), None, None, [], arrays, None, items, type(result))
    raise Unsupported(f"NumPy {name} gives {type(result).__name__}",
                      BreakReason.UNSUPPORTED_VALUE)


def _identities(real):
    """Identity matrices in place of a stand-in of square matrices (its dtype and shape)."""
    import numpy as np
    if real.ndim < 2 or real.shape[-1] != real.shape[-2]:
        return real
    return np.broadcast_to(np.eye(real.shape[-1], dtype=real.dtype), real.shape).copy()


def _array_answer(result, found: list, arrays: list) -> NumpyAnswer:
    import numpy as np
    strides = None if result.size == 0 else tuple(s // result.itemsize for s in result.strides)
    views = [v for v, real in found if isinstance(real, np.ndarray)
             and np.may_share_memory(result, real)]
    return NumpyAnswer(None, result.dtype, result.shape, strides, None, views, arrays,
                       readonly=not result.flags.writeable)


# Plain attributes of a NumPy dtype: what it is, never values of an array.
DTYPE_ATTRIBUTES = {"kind", "name", "char", "itemsize", "type", "str", "byteorder", "num",
                    "alignment", "isbuiltin", "isnative", "hasobject"}


class NumpyDtypeValue(ConstantValue):  # (here: numpy_arrays.py and this import each other)
    """An array's dtype (`a.dtype`): a constant whose plain attributes are read from it."""

    def getattr(self, tx, name: str) -> Value:
        if name in DTYPE_ATTRIBUTES:
            from compiler.values import registry
            return registry.wrap_constant(getattr(self.value, name))
        return super().getattr(tx, name)


class NumpyInfoValue(ConstantValue):
    """`np.finfo(np.float32)`: NumPy's object for that dtype (one per dtype, cached by NumPy),
    whose plain attributes (`min`, `eps`, `bits`, `dtype`, ...) are constants."""

    def getattr(self, tx, name: str) -> Value:
        import numpy as np

        from compiler.values import registry
        if not name.startswith("_") and hasattr(self.value, name):
            attribute = getattr(self.value, name)
            if isinstance(attribute, np.dtype):
                return NumpyDtypeValue(attribute)
            if not callable(attribute):
                return registry.wrap_constant(attribute)
        return super().getattr(tx, name)


# NumPy functions answering from dtypes and shapes alone, evaluated at trace time.
QUERIES = {"issubdtype", "result_type", "promote_types", "can_cast", "shape", "ndim", "size",
           "isscalar", "iscomplexobj", "isrealobj", "dtype", "finfo"}


def answer_query(fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`np.issubdtype(a.dtype, np.floating)`, `np.result_type(a, 1.0)`: NumPy's answer on
    the stand-ins (same dtypes and shapes), a constant."""
    import numpy as np

    from compiler.values import registry
    found: list = []
    real_args = [stand_in(a, found) for a in args]
    real_kwargs = {k: stand_in(v, found) for k, v in kwargs.items()}
    result = run_numpy("fn", fn.__name__, real_args, real_kwargs)
    if isinstance(result, np.dtype):
        return NumpyDtypeValue(result)
    if type(result) is np.finfo:
        return NumpyInfoValue(result)
    if type(result) not in (bool, int, tuple) or isinstance(result, tuple) and not all(
            type(n) is int for n in result):
        raise Unsupported(f"np.{fn.__name__} giving {type(result).__name__}",
                          BreakReason.UNSUPPORTED_CALL)
    return registry.wrap_constant(result)
