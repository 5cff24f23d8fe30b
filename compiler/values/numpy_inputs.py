"""An ndarray reached through a source (an argument, a global, a closure cell, an item of a
list or dict argument): the graph's input is `torch.from_numpy(<array>)`, made anew on each
call, which shares the array's memory, so a write in the graph is a write of the caller's
array, as in eager.

Guarded: the exact type ndarray, the dtype (byte order included), whether it is writeable (a
write of a read-only one, or of a view of one, raises NumPy's error), then the from_numpy
tensor as any tensor input (shape and element strides always: NumPy's result layouts follow
the input's). Its sizes are static: a new shape is a new trace.
"""

from __future__ import annotations

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind, TensorSpec
from compiler.guards.sources import AttrSource, FromNumpySource, Source, tensor_of_array
from compiler.values.base import Value


def is_ndarray(obj) -> bool:
    """Exactly numpy.ndarray (a subclass, np.matrix or a masked array, is not modelled)."""
    kind = type(obj)
    return kind.__name__ == "ndarray" and kind.__module__ == "numpy"


def wrap_ndarray(ctx, obj, source: Source | None) -> Value:
    import numpy as np
    import torch

    from compiler.values.numpy_arrays import NdarrayValue, numpy_dtype
    from compiler.values.tensor import TensorValue
    if source is None:
        raise Unsupported("an ndarray with no known source", BreakReason.UNSUPPORTED_VALUE)
    ctx.guard(source, GuardKind.TYPE, np.ndarray)
    ctx.guard(AttrSource(source, "dtype"), GuardKind.EQUALS, obj.dtype)
    ctx.guard(AttrSource(AttrSource(source, "flags"), "writeable"), GuardKind.EQUALS,
              bool(obj.flags.writeable))
    try:
        real = tensor_of_array(obj)
    except (TypeError, ValueError) as exc:  # its dtype, byte order or strides
        raise Unsupported(f"an ndarray torch cannot share ({exc})",
                          BreakReason.UNSUPPORTED_VALUE) from None
    if numpy_dtype(real.dtype).char != obj.dtype.char:  # (byte order, an alias: longlong)
        raise Unsupported(f"an ndarray of dtype {obj.dtype!r} (char {obj.dtype.char!r})",
                          BreakReason.UNSUPPORTED_VALUE)
    if ctx.backend_compiles:
        # A functionalizing backend bakes in which inputs share memory; the storage guard
        # sees the memory of a tensor made by from_numpy start where its array starts, so
        # an array that is a view of another one could be missed: only owners are taken.
        ctx.guard(AttrSource(AttrSource(source, "flags"), "owndata"), GuardKind.EQUALS,
                  bool(obj.flags.owndata))
        if not obj.flags.owndata:
            raise Unsupported("an ndarray that views another one, for a compiling backend",
                              BreakReason.UNSUPPORTED_VALUE)
    tensor_source = FromNumpySource(source)
    dims = ctx.shape_policy.dims_of(tensor_source.expr(), real, True)  # static sizes
    node, fake = ctx.graph.add_input(tensor_source, real, dims)
    ctx.guard(tensor_source, GuardKind.TENSOR, TensorSpec.of(real, with_stride=True))
    tensor = TensorValue(node, fake, tensor_source, real_type=torch.Tensor)
    tensor.real = real
    ctx.register_tensor(fake, tensor)
    if source.is_local():
        ctx.local_tensor_values.append(tensor)  # for the storage-aliasing guard
    return NdarrayValue(tensor, source=source, readonly=not obj.flags.writeable)


def wrap_bound_method(ctx, obj, source: Source | None) -> Value:
    """A bound method of an ndarray (`a.sum`, as a graph break leaves it on the stack): its
    array wrapped through `__self__`, the method looked up on it in the trace."""
    import types

    from compiler.values import registry
    from compiler.values.numpy_arrays import METHODS, WRITING_METHODS, NumpyMethodValue
    name = obj.__name__
    if name not in METHODS and name not in WRITING_METHODS:
        raise Unsupported(f"the bound method ndarray.{name}", BreakReason.UNSUPPORTED_VALUE)
    if ctx is not None:
        ctx.guard(source, GuardKind.TYPE, types.BuiltinMethodType)
        ctx.guard(AttrSource(source, "__name__"), GuardKind.EQUALS, name)
    array = registry.wrap(ctx, obj.__self__, AttrSource(source, "__self__")
                          if source is not None else None)
    return NumpyMethodValue(array, name)


def is_numpy_dtype(obj) -> bool:
    """A NumPy dtype object (`np.dtype("uint16")`, `a.dtype`: of a class per kind)."""
    kind = type(obj)
    return kind.__module__ == "numpy.dtypes" or kind.__name__ == "dtype" and (
        kind.__module__ == "numpy")


def wrap_numpy_dtype(ctx, obj, source: Source | None) -> Value:
    """A dtype argument: immutable, guarded on its exact class and equality (byte order and
    itemsize included), a constant of the trace."""
    from compiler.values.numpy_ops import NumpyDtypeValue
    if ctx is not None and source is not None:
        ctx.guard(source, GuardKind.TYPE, type(obj))
        ctx.guard(source, GuardKind.EQUALS, obj)
    return NumpyDtypeValue(obj, source)
