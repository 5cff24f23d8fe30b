"""Attributes a program keeps on a tensor object: `x.tag = 1`, `x.tag`, `del x.tag`,
`hasattr(x, "tag")`, a function stored on a tensor and called, `x.__dict__`.

A tensor is a Python object with an instance dict. CPython's generic lookup (which tensors
use) asks the class's data descriptors first (`grad`, `shape`, `requires_grad`: the tensor's
own state, modelled in tensor.py), then the instance dict, then the class's other attributes
(the methods): so an instance entry named `sum` hides `Tensor.sum`.

The tracker keeps what the trace read and wrote (`attrs`, `deleted`, as an object's tracker
does). An input's entries are read from the real tensor, each guarded (its presence by name,
its value through its source); a tensor made in the trace starts with none. Every write is a
side effect replayed after the graph on the real tensor: the input itself, or the graph's
output for a tensor made in the trace (so one that leaves the frame carries its attributes).
A tensor whose identity depends on data (max()/min() of tensors) takes no attribute.
"""

from __future__ import annotations

import sys

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource
from compiler.values import registry, tensor
from compiler.values.attributes import find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue
from compiler.values.tensor import TensorValue

_SLOTS = ("__getattribute__", "__setattr__", "__delattr__")


def _check_plain_class(tensor, name: str) -> None:
    """A tensor class with attribute hooks of its own (a subclass's `__getattr__`,
    `__setattr__`...) is refused: its lookups are not the generic one modelled here."""
    kind = tensor.real_type
    if any(find_in_mro(kind, slot)[0] is not object for slot in _SLOTS) or (
            find_in_mro(kind, "__getattr__")[0] is not None):
        raise Unsupported(f"attribute {name!r} of a {kind.__qualname__} (a tensor class with "
                          f"attribute hooks)", BreakReason.UNSUPPORTED_ATTRIBUTE)


def is_data_descriptor(kind: type, name: str) -> bool:
    """Whether the class's `name` comes before the instance dict (a getset, a property)."""
    raw = find_in_mro(kind, name)[1]
    return raw is not None and (hasattr(type(raw), "__set__")
                                or hasattr(type(raw), "__delete__"))


def _real_entry(tx, tensor, name: str) -> bool:
    """Whether the real tensor's instance dict has `name` (guarded by name); always False for
    a tensor made in the trace."""
    real = tensor._reached_input()
    if real is None or name in tensor.deleted:
        return False
    present = name in real.__dict__
    tx.ctx.guard(tensor.source, GuardKind.INSTANCE_ATTR, (name, present))
    return present


def instance_attribute(tx, tensor, name: str) -> Value | None:
    """The instance dict's entry `name`, as the lookup finds it (None: the class decides)."""
    if is_data_descriptor(tensor.real_type, name):
        return None
    if name in tensor.attrs:
        return tensor.attrs[name]
    if not _real_entry(tx, tensor, name):
        return None
    _check_plain_class(tensor, name)
    value = registry.wrap(tx.ctx, tensor._reached_input().__dict__[name],
                          AttrSource(tensor.source, name))
    tensor.attrs[name] = value
    return value


def has_instance_attribute(tx, tensor, name: str) -> bool:
    return name in tensor.attrs or _real_entry(tx, tensor, name)


def missing(tensor, name: str) -> RaisedByProgram:
    return RaisedByProgram(AttributeError(
        f"'{tensor.real_type.__name__}' object has no attribute {name!r}"))


def _check_identity_known(tx, tensor) -> None:
    from compiler.values.tensor_selection import check_write
    check_write(tx.ctx, tensor)  # (a tensor max()/min() picked, or picked from)


def set_attribute(tx, tensor, name: str, value: Value) -> None:
    _check_plain_class(tensor, name)
    if name == "grad":
        from compiler.values.tensor_requires_grad import assign_grad
        _check_identity_known(tx, tensor)
        return assign_grad(tx, tensor, value)
    if name == "requires_grad":
        return _set_requires_grad(tx, tensor, value)
    if name in ("real", "imag"):
        return _set_part(tx, tensor, name, value)
    if name == "data":
        return _set_data(tx, tensor, value)
    if is_data_descriptor(tensor.real_type, name):
        raise Unsupported(f"setting Tensor.{name}", BreakReason.SIDE_EFFECT)
    if name.startswith("__") and name.endswith("__"):
        raise Unsupported(f"setting the special attribute {name!r} of a tensor",
                          BreakReason.SIDE_EFFECT)
    _check_identity_known(tx, tensor)
    tx.ctx.side_effects.touch(tensor)
    tensor.attrs[name] = value
    tensor.deleted.discard(name)
    tx.ctx.side_effects.write_attribute(tensor, name, value)


def delete_attribute(tx, tensor, name: str) -> None:
    _check_plain_class(tensor, name)
    if is_data_descriptor(tensor.real_type, name):
        raise Unsupported(f"deleting Tensor.{name}", BreakReason.SIDE_EFFECT)
    if not has_instance_attribute(tx, tensor, name):
        raise missing(tensor, name)
    _check_identity_known(tx, tensor)
    tx.ctx.side_effects.touch(tensor)
    tensor.attrs.pop(name, None)
    tensor.deleted.add(name)
    if tensor._reached_input() is not None:
        tx.ctx.side_effects.write_attribute(tensor, name, None)
    else:  # made in the trace: the entry never existed before the frame, nothing to replay
        tx.ctx.side_effects.attribute_writes.pop((id(tensor), name), None)


def _set_requires_grad(tx, tensor, value: Value) -> None:
    """`t.requires_grad = flag`: the setter's checks (a bool; a leaf, whatever the flag; a
    floating or complex dtype to require grad), then as `requires_grad_(flag)`."""
    from compiler.values.tensor_requires_grad import requires_grad_
    if not value.is_constant() or type(value.as_constant()) is not bool:
        if value.is_constant():
            raise RaisedByProgram(RuntimeError("requires_grad must be a bool"))
        raise Unsupported("Tensor.requires_grad set to a computed value",
                          BreakReason.SIDE_EFFECT)
    flag = value.as_constant()
    if not tensor.getattr(tx, "is_leaf").as_constant():
        hint = "" if flag else (
            " If you want to use a computed variable in a subgraph that doesn't require "
            "differentiation use var_no_grad = var.detach().")
        raise RaisedByProgram(RuntimeError(
            f"you can only change requires_grad flags of leaf variables.{hint}"))
    dtype = tensor.example.dtype
    if flag and not (dtype.is_floating_point or dtype.is_complex):
        raise RaisedByProgram(RuntimeError(
            "only Tensors of floating point and complex dtype can require gradients"))
    requires_grad_(tx, tensor, [ConstantValue(flag)], {})


def _set_data(tx, tensor, value: Value) -> None:
    """`t.data = z`: `t` stays the same object (its attributes, grad, requires_grad) with
    `z`'s data: from here on the trace reads it as `z.detach()` (the same storage, no
    history), and an existing `t` gets `z` assigned after the graph, as eager's setter does.
    Refused for a tensor that requires grad (the graph cannot give the leaf new data), with a
    compiling backend or in a transform (as reading `.data`)."""
    if not isinstance(value, TensorValue):
        if value.is_constant():
            raise RaisedByProgram(TypeError(f"Variable data has to be a tensor, but got "
                                            f"{type(value.as_constant()).__name__}"))
        raise Unsupported(f"Tensor.data set to {value}", BreakReason.SIDE_EFFECT)
    mine, given = tensor.example, value.example
    if (tx.ctx.backend_compiles or tx.ctx.transform_depth or mine.requires_grad
            or mine.layout != given.layout or mine.device != given.device):
        raise Unsupported("Tensor.data set on a tensor that requires grad, across layouts or "
                          "devices, with a compiling backend or in a transform",
                          BreakReason.SIDE_EFFECT)
    _check_identity_known(tx, tensor)
    _check_identity_known(tx, value)
    tx.ctx.side_effects.touch(tensor)
    detached = tx.ctx.tensor_op("call_method", "detach", [value], {}, "Tensor.data assigned")
    tensor.node, tensor.example = detached.node, detached.example
    tx.ctx.register_tensor(detached.example, tensor)
    tensor.known = None
    if tensor.source is not None:
        tensor.data_replaced = True  # (still rebuilt from its source: the same object)
        tx.ctx.side_effects.write_attribute(tensor, "data", value)


def _set_part(tx, tensor, name: str, value: Value) -> None:
    """`t.real = v` / `t.imag = v`: eager copies `v` into that part (a tensor as it is, a
    number made a tensor of the part's dtype first); the part of a real tensor's `real` is
    the tensor itself."""
    if name == "imag" and not tensor.example.dtype.is_complex:
        raise RaisedByProgram(RuntimeError(
            "imag is not implemented for tensors with non-complex dtypes."))
    part = tensor.getattr(tx, name)
    if isinstance(value, TensorValue):
        part.call_method(tx, "copy_", [value], {})
    elif value.is_constant() and type(value.as_constant()) in (bool, int, float):
        part.call_method(tx, "fill_", [value], {})
    else:
        raise Unsupported(f"Tensor.{name} set to {value}", BreakReason.SIDE_EFFECT)


def instance_dict(tx, tensor) -> Value:
    """`x.__dict__` / `vars(x)` of an input: the view objects have (keys and entries guarded,
    writes replayed). A tensor made in the trace is refused (its entries would have to be
    rebuilt onto the graph's output through the view)."""
    if tensor._reached_input() is None:
        raise Unsupported("the __dict__ of a tensor made in the compiled code",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)
    _check_plain_class(tensor, "__dict__")
    from compiler.values.instance_dict import InstanceDictValue
    return InstanceDictValue.of(tensor)


tensor.INSTANCE_ATTRIBUTES = sys.modules[__name__]
