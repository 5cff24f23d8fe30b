"""Writes of NumPy arrays in a trace, and iteration over them.

An array's data is its tensor's (an argument's is the caller's array's memory, through
`torch.from_numpy`), so a write is an in-place op on that tensor in the graph: item
assignment (`a[i] = v`), in-place operators (`a += b`: NumPy's out-of-place result, cast back
into `a`), ufuncs given `out=` and the writing methods `fill` and `sort`. Each is first
done by real NumPy on a writable copy of the stand-ins: what NumPy refuses there (casting,
shapes, overflow of a constant) is refused here.
"""

from __future__ import annotations

import operator
import warnings

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue

INPLACE = {"+=": "+", "-=": "-", "*=": "*", "/=": "/", "//=": "//", "%=": "%", "**=": "**",
           "&=": "&", "|=": "|", "^=": "^"}


def _writable(array) -> object:
    """A copy of the array's stand-in, as writeable as the array (NumPy then raises for a
    read-only one as for the real one, in its order of checks)."""
    import numpy as np
    copy = np.array(array.stand_in())
    if array.readonly:
        copy.setflags(write=False)
    return copy


def _numpy_accepts(action, what: str) -> None:
    import numpy as np
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("error", np.exceptions.ComplexWarning)
            action()
    except ValueError as exc:
        if "read-only" in str(exc):  # read-only-ness is guarded: the program's error
            raise RaisedByProgram(exc) from None
        raise Unsupported(f"{what}: NumPy raises {type(exc).__name__} here",
                          BreakReason.UNSUPPORTED_CALL) from None
    except Exception as exc:  # noqa: BLE001 - refused by NumPy for these dtypes or shapes
        raise Unsupported(f"{what}: NumPy raises {type(exc).__name__} here",
                          BreakReason.UNSUPPORTED_CALL) from None


def _refuse_scalar_and_read_only(array, what: str) -> None:
    if array.scalar_type is not None:
        raise Unsupported(f"{what} of a NumPy scalar", BreakReason.UNSUPPORTED_VALUE)


def _plain_value(value: Value) -> Value:
    """A NumPy scalar constant as the Python number of the same value (exact)."""
    import numpy as np
    if isinstance(value, ConstantValue) and isinstance(value.value, np.generic):
        return ConstantValue(value.value.item())
    return value


def set_item(tx, array, key: Value, value: Value) -> None:
    """`array[key] = value`: torch's item assignment on the array's tensor, which casts and
    broadcasts as NumPy's does for what NumPy accepts here."""
    from compiler.values.numpy_arrays import NdarrayValue
    from compiler.values.numpy_ops import backing, stand_in
    _refuse_scalar_and_read_only(array, "item assignment")
    if not (isinstance(value, NdarrayValue) or value.is_constant()):
        raise Unsupported(f"assigning {value} into an ndarray", BreakReason.UNSUPPORTED_VALUE)
    found: list = []
    real_key, real_value = stand_in(key, found), stand_in(value, found)
    target = _writable(array)
    _numpy_accepts(lambda: target.__setitem__(real_key, real_value), "ndarray item assignment")
    import numpy as np
    if np.ndim(real_value) > np.ndim(target[real_key]):
        raise Unsupported("assigning an array of more dimensions than its target",
                          BreakReason.UNSUPPORTED_VALUE)
    if np.ndim(real_value) > 0 and _advanced(key):
        # a boolean mask's count of items, or repeated indices (torch's order undefined)
        raise Unsupported("assigning an array through an array or list index",
                          BreakReason.UNSUPPORTED_VALUE)
    if np.iscomplexobj(real_value) and not np.iscomplexobj(target):
        raise Unsupported("assigning complex values into a real array",
                          BreakReason.UNSUPPORTED_VALUE)
    tx.ctx.tensor_op("call_function", operator.setitem,
                     [array.tensor, backing(key), backing(_plain_value(value))], {},
                     "ndarray item assignment")


def _advanced(key: Value) -> bool:
    """An index with an array or a list in it (NumPy's advanced indexing)."""
    from compiler.values.containers import ListValue, TupleValue
    from compiler.values.numpy_arrays import NdarrayValue
    parts = key.items if type(key) is TupleValue else [key]
    return any(isinstance(p, (NdarrayValue, ListValue)) for p in parts)


def inplace_array_op(tx, symbol: str, a: Value, b: Value) -> Value:
    """`a += b` and the like on an array `a`: NumPy's `a + b` (the same ufunc loop) written
    back into `a` with its dtype; on a NumPy scalar it is `a + b`."""
    from compiler.values.numpy_arrays import NdarrayValue
    from compiler.values.numpy_ops import numpy_op, stand_in
    plain = INPLACE.get(symbol)
    if plain is None or not isinstance(a, NdarrayValue):
        raise Unsupported(f"in-place {symbol} with a NumPy array", BreakReason.UNSUPPORTED_VALUE)
    if a.scalar_type is not None:
        return numpy_op(tx, "op", plain, [a, b], {})
    found: list = []
    target, other = _writable(a), stand_in(b, found)
    inplace = getattr(operator, "i" + {"+": "add", "-": "sub", "*": "mul", "/": "truediv",
                                       "//": "floordiv", "%": "mod", "**": "pow",
                                       "&": "and_", "|": "or_", "^": "xor"}[plain].rstrip("_"))
    _numpy_accepts(lambda: inplace(target, other), f"in-place {symbol} on an ndarray")
    result = numpy_op(tx, "op", plain, [a, b], {})
    _write_back(tx, a, result, f"in-place {symbol}")
    return a


def _write_back(tx, target, result, what: str) -> None:
    """`result` copied into `target` (broadcast to its shape: NumPy accepted the stand-ins)."""
    import torch
    try:
        fits = torch.broadcast_shapes(result.shape, target.shape) == tuple(target.shape)
    except RuntimeError:
        fits = False
    if not fits:
        raise Unsupported(f"{what}: a result of shape {result.shape} into {target.shape}",
                          BreakReason.UNSUPPORTED_VALUE)
    tx.ctx.tensor_op("call_method", "copy_", [target.tensor, result.tensor], {},
                     f"ndarray {what}")


def ufunc_into(tx, kind: str, name: str, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`np.add(a, b, out=c)`: the ufunc's result written into `c`, which it returns. Only where
    the result's dtype is already `c`'s (else NumPy's loop could depend on `c`'s dtype)."""
    import numpy as np

    from compiler.values.containers import TupleValue
    from compiler.values.numpy_arrays import ELEMENTWISE, NdarrayValue
    from compiler.values.numpy_ops import numpy_op, stand_in
    out = kwargs["out"]
    if isinstance(out, TupleValue) and len(out.items) == 1:
        out = out.items[0]
    if not (kind == "fn" and name in ELEMENTWISE and isinstance(getattr(np, name, None),
                                                                np.ufunc)):
        raise Unsupported(f"NumPy {name} with out=", BreakReason.SIDE_EFFECT)
    if not isinstance(out, NdarrayValue) or out.scalar_type is not None:
        raise Unsupported(f"NumPy {name} with out= other than an array",
                          BreakReason.SIDE_EFFECT)
    rest = {k: v for k, v in kwargs.items() if k != "out"}
    if set(rest) - {"dtype", "casting"}:
        raise Unsupported(f"NumPy {name} with out= and {sorted(rest)}",
                          BreakReason.UNSUPPORTED_CALL)
    found: list = []
    target = _writable(out)
    real_args = [stand_in(a, found) for a in args]
    real_rest = {k: stand_in(v, found) for k, v in rest.items()}
    _numpy_accepts(lambda: getattr(np, name)(*real_args, out=target, **real_rest),
                   f"NumPy {name} with out=")
    result = numpy_op(tx, kind, name, args, rest)
    if not isinstance(result, NdarrayValue) or result.dtype != out.dtype:
        raise Unsupported(f"NumPy {name} with out= of another dtype than its result",
                          BreakReason.UNSUPPORTED_CALL)
    _write_back(tx, out, result, f"{name}(out=)")
    return out


def call_writing_method(tx, array, name: str, args: list[Value], kwargs: dict[str, Value]
                        ) -> Value:
    """`a.fill(v)` and `a.sort(axis=...)`: they write `a` and return None."""
    from compiler.values.numpy_ops import numpy_op, stand_in
    _refuse_scalar_and_read_only(array, f"ndarray.{name}")
    found: list = []
    target = _writable(array)
    real_args = [stand_in(a, found) for a in args]
    real_kwargs = {k: stand_in(v, found) for k, v in kwargs.items()}
    _numpy_accepts(lambda: getattr(target, name)(*real_args, **real_kwargs), f"ndarray.{name}")
    if name == "fill":
        if len(args) != 1 or kwargs or not args[0].is_constant():
            raise Unsupported("ndarray.fill of a non-constant", BreakReason.UNSUPPORTED_CALL)
        import numpy as np
        if np.iscomplexobj(real_args[0]) and not np.iscomplexobj(target):
            raise Unsupported("filling a real array with a complex value",
                              BreakReason.UNSUPPORTED_VALUE)
        tx.ctx.tensor_op("call_method", "fill_", [array.tensor, _plain_value(args[0])], {},
                         "ndarray.fill")
        return ConstantValue(None)
    if set(kwargs) - {"axis", "kind"} or len(args) > 2:
        raise Unsupported("ndarray.sort with order=", BreakReason.UNSUPPORTED_CALL)
    sort_kwargs = dict(kwargs)
    if args:
        sort_kwargs["axis"] = args[0]
    sort_kwargs.pop("kind", None)  # the sorted values do not depend on the algorithm
    result = numpy_op(tx, "fn", "sort", [array], sort_kwargs)
    _write_back(tx, array, result, "sort")
    return ConstantValue(None)


def iterate(tx, array) -> Value:
    """`iter(a)`: its rows, read when each step is taken (a row of a 1-D array is a NumPy
    scalar, a copy: a write of the array during the loop must be seen by the later steps)."""
    from compiler.values.iterators import LiveIteratorValue, SequenceIteratorValue
    if array.scalar_type is not None:
        raise RaisedByProgram(TypeError(f"'{array.scalar_type.__module__}."
                                        f"{array.scalar_type.__name__}' object is not "
                                        f"iterable"))
    if not array.shape:
        raise RaisedByProgram(TypeError("iteration over a 0-d array"))
    kind = type(iter(array.stand_in()))
    if len(array.shape) > 1:  # rows are views: read now or later, the same
        rows = [array.getitem(tx, ConstantValue(i)) for i in range(array.shape[0])]
        return SequenceIteratorValue(rows, kind=kind)
    position = [0]

    def step(tx):
        if position[0] >= array.shape[0]:
            raise RaisedByProgram(StopIteration())
        position[0] += 1
        return array.getitem(tx, ConstantValue(position[0] - 1))

    def remaining():
        raise Unsupported("an iterator over a 1-D ndarray leaving the trace",
                          BreakReason.UNSUPPORTED_VALUE)

    return LiveIteratorValue(kind, step, remaining)
