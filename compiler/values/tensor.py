"""Tensors during tracing: an FX node plus its fake-tensor example value.

Metadata (shape, dtype, device, ...) is read from the fake tensor and is a Python constant:
tensor inputs are guarded on all of it. Anything that needs real data is a graph break.
"""

from __future__ import annotations

import operator
from typing import Any

import torch
import torch.fx as fx

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import CallSource, ConstantSource
from compiler.values import registry
from compiler.values.attributes import find_in_mro, guard_lookup
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue

# Attributes whose value is metadata: Python constants read off the fake tensor.
METADATA_ATTRIBUTES = {
    "dtype", "device", "layout", "requires_grad", "ndim", "is_cuda", "is_sparse",
    "is_quantized", "is_meta", "is_leaf", "is_mkldnn", "is_complex_dtype", "itemsize", "nbytes",
    "is_nested", "is_cpu", "is_mps", "is_xpu", "is_sparse_csr",
}
# Methods that return metadata.
METADATA_METHODS = {
    "size", "dim", "ndimension", "numel", "nelement", "stride", "is_contiguous",
    "is_floating_point", "is_complex", "element_size", "get_device", "storage_offset",
    "is_signed", "type", "__len__", "is_inference",
}
# State of a tensor's storage and view that the tensor guard does not hold (_storage_state).
STORAGE_STATE_METHODS = {"storage_offset", "is_conj", "is_neg", "_is_view", "is_shared",
                         "is_pinned"}


def tensor_is_leaf(t: torch.Tensor) -> bool:
    return t.is_leaf


# Flags of an input tensor that its fake example does not carry and its guard does not hold.
INPUT_FLAGS = {"is_leaf": tensor_is_leaf, "is_inference": torch.Tensor.is_inference}
# Tensor-valued attributes: recorded as getattr nodes.
TENSOR_ATTRIBUTES = {"T", "mT", "H", "mH", "real", "imag"}
DATA_METHODS = {"item", "tolist", "numpy", "__bool__", "__int__", "__float__", "__index__",
                "data_ptr", "untyped_storage", "storage", "__array__", "__format__",
                "is_set_to"}  # (is_set_to: which storage, which the guards do not hold)
SIDE_EFFECT_METHODS = {"backward", "retain_grad", "register_hook",
                       "share_memory_", "pin_memory", "record_stream", "set_", "resize_",
                       "resize_as_", "detach_"}


# The module of a tensor's instance attributes (tensor_attributes.py), which installs itself
# here when imported (compiler/values/__init__.py imports it): it builds on TensorValue.
INSTANCE_ATTRIBUTES: Any = None


class TensorValue(Value):
    def __init__(self, node: fx.Node, example: torch.Tensor, source=None,
                 real_type: type = torch.Tensor):
        super().__init__(source)
        self.node = node
        self.example = example
        self.real_type = real_type
        # the instance dict as the trace read and wrote it (tensor_attributes.py)
        self.attrs: dict[str, Value] = {}
        self.deleted: set[str] = set()
        self.dict_stores: set[str] = set()  # descriptors' names written through __dict__

    @property
    def cls(self) -> type:  # (as an object's tracker names it: instance_dict.py)
        return self.real_type

    def attribute_writers(self) -> tuple[str, str]:
        from compiler.values.instance_dict import dict_writers
        return dict_writers(self.real_type, self.dict_stores) if self.dict_stores else (
            "setattr", "delattr")

    def reconstruct(self, plan) -> str:
        if self.is_input() or getattr(self, "data_replaced", False):
            return plan.source_expr(self.source)
        return plan.graph_output(self)

    def __repr__(self) -> str:
        return f"TensorValue({self.node.name}{', ' + str(self.source) if self.source else ''})"

    def as_fx_argument(self, part: str) -> Any:
        return getattr(self, part)  # the node, or the fake tensor

    def python_type(self) -> type:
        return self.real_type

    def is_fresh_object(self) -> bool:
        return True

    def is_input(self) -> bool:
        return self.node.op == "placeholder"

    def bool(self, tx) -> bool:
        from compiler.values.tensor_known import python_value
        known, answer = python_value(self, "__bool__", [], {})
        if known:  # made from Python constants and not written since
            return answer
        from compiler.values.tensor_assert import assert_truth
        asserted = assert_truth(tx, self)  # an assert statement's test, checked by the graph
        if asserted is not None:
            return asserted
        raise Unsupported("truth value of a tensor (control flow on tensor data)",
                          BreakReason.DATA_DEPENDENT)

    def len(self, tx) -> int:
        """As a Python int (a loop count): a symbolic size is specialised, guarded."""
        if self.example.dim() == 0:
            raise RaisedByProgram(TypeError("len() of a 0-d tensor"))
        return int(self.example.shape[0])

    def size_of(self, tx, dim: int) -> Value:
        """Dimension `dim` as the program reads it: a constant, or a symbolic int."""
        from compiler.values.symbolic_int import size_value
        return size_value(tx.ctx.graph, self, dim, self.example.shape[dim])

    def _shape(self, tx) -> Value:
        from compiler.values.containers import SizeValue
        return SizeValue([self.size_of(tx, d) for d in range(self.example.dim())])

    def unpack(self, tx) -> list[Value]:
        if self.example.dim() == 0:  # (unpacking iterates: Tensor.__iter__'s error)
            raise RaisedByProgram(TypeError("iteration over a 0-d tensor"))
        n = self.len(tx)
        return [self.getitem(tx, tx.const(i)) for i in range(n)]

    def iter(self, tx) -> Value:
        from compiler.values.iterators import SequenceIteratorValue
        return SequenceIteratorValue(self.unpack(tx))

    def getattr(self, tx, name: str) -> Value:
        from compiler.values.native import TensorMethodValue
        if name == "shape":
            return self._shape(tx)
        if name == "__class__" and find_in_mro(self.real_type, name)[0] is object:
            return registry.class_value(self.real_type)
        if name in ("requires_grad", "is_leaf") and tx.ctx.transform_depth:
            raise Unsupported(f"Tensor.{name} inside a torch.func transform",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        if name in ("is_leaf", "grad_fn") and self._reached_input() is not None:
            # (a method's: below) an input written in place with an operand that requires
            # grad has a history now, which its fake tensor has too: no leaf any more
            real_leaf = self._input_flag(tx, "is_leaf").as_constant()
            leaf = self.example.is_leaf and real_leaf
            if name == "is_leaf":
                return ConstantValue(leaf)
            return grad_fn_value(self, leaf, known_class=real_leaf)  # (a non-leaf's fake
            # has a stand-in node, not eager's)
        if name == "grad_fn":
            return grad_fn_value(self, self.example.is_leaf)
        if name == "nbytes":  # numel() * itemsize, symbolic where the sizes are
            from compiler.values.symbolic_int import numel_value, symbolic_binary
            return symbolic_binary(tx, "*", numel_value(tx.ctx.graph, self),
                                   ConstantValue(self.example.dtype.itemsize))
        if name in METADATA_ATTRIBUTES:
            return registry.wrap_constant(getattr(self.example, name))
        if name in TENSOR_ATTRIBUTES:
            return tx.ctx.tensor_op("call_function", getattr, [self, registry.wrap_constant(name)],
                                    {}, f"Tensor.{name}")
        if name == "grad":
            return self._grad(tx)
        if name == "data":
            return self._data(tx)
        if name in ("_base", "names"):
            raise Unsupported(f"Tensor.{name}", BreakReason.UNSUPPORTED_ATTRIBUTE)
        tensor_attributes = INSTANCE_ATTRIBUTES
        if name == "__dict__":
            return tensor_attributes.instance_dict(tx, self)
        found = tensor_attributes.instance_attribute(tx, self, name)
        if found is not None:  # the instance dict's (before the class's methods)
            return found
        if find_in_mro(self.real_type, name)[0] is None:
            guard_lookup(tx, self.real_type, name, None)  # a program may add it to the class
            raise tensor_attributes.missing(self, name)
        if callable(getattr(self.real_type, name)):
            return TensorMethodValue(self, name)
        raise Unsupported(f"Tensor.{name}", BreakReason.UNSUPPORTED_ATTRIBUTE)

    def _data(self, tx) -> Value:
        """`.data`: an alias of the storage that autograd does not see (its own version
        counter, no grad), made in the graph by the function the attribute calls. A compiling
        backend functionalizes the graph and could not keep writes through it untracked."""
        if tx.ctx.backend_compiles or tx.ctx.transform_depth:
            raise Unsupported("Tensor.data with a compiling backend or inside a transform",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        from compiler.values.tensor_known import forget
        forget(self)  # (written through the alias, its version counter would not move)
        return tx.ctx.tensor_op("call_function", torch._C._autograd._get_data_attr, [self], {},
                                "Tensor.data")

    def _storage_state(self, tx, name: str) -> Value:
        """What the tensor guard does not hold (where a view starts in its storage, the conj
        and neg bits, view-ness, shared or pinned memory): an input's is read and guarded;
        a tensor made in the graph answers from its fake, whose answer follows from the
        inputs' (their fakes keep these), so the inputs' are guarded. Shared or pinned memory
        of a tensor made in the graph is refused."""
        if self._reached_input() is not None and not getattr(self, "data_replaced", False):
            return ConstantValue(_guarded_query(tx, name, self.source, self._reached_input()))
        if name in ("is_shared", "is_pinned"):
            raise Unsupported(f"Tensor.{name}() of a tensor made in the graph",
                              BreakReason.UNSUPPORTED_CALL)
        for source, real, _ in tx.ctx.graph.inputs:
            _guarded_query(tx, name, source, real)
        answer = getattr(self.example, name)()
        if type(answer) not in (int, bool):
            raise Unsupported(f"Tensor.{name}() that is symbolic", BreakReason.UNSUPPORTED_CALL)
        return ConstantValue(answer)

    def _reached_input(self) -> torch.Tensor | None:
        """The real tensor of an input (reached through a source), else None."""
        real = getattr(self, "real", None)
        return real if real is not None and self.source is not None else None

    def _input_flag(self, tx, name: str) -> Value:
        """A flag of an input that the tensor guard does not hold (an input made by an op is
        no leaf; one made under inference mode is an inference tensor): read from the real
        tensor, and guarded by reading it again."""
        read = INPUT_FLAGS[name]
        answer = read(self._reached_input())
        query = CallSource(ConstantSource(tx.ctx.label_for(read, "fn"), read), (self.source,))
        tx.ctx.guard(query, GuardKind.EQUALS, answer)
        return ConstantValue(answer)

    def has_attribute(self, tx, name: str) -> bool | None:
        """Names the tensor type defines are for the generic rule; any other name can only be
        in the instance dict: as the trace left it, the real one's guarded on an input."""
        if find_in_mro(self.real_type, name)[0] is not None:
            return None
        if INSTANCE_ATTRIBUTES.has_instance_attribute(tx, self, name):
            return True
        guard_lookup(tx, self.real_type, name, None)  # a program may add it to the class
        return False

    def setattr(self, tx, name: str, value: Value) -> None:
        INSTANCE_ATTRIBUTES.set_attribute(tx, self, name, value)

    def delattr(self, tx, name: str) -> None:
        INSTANCE_ATTRIBUTES.delete_attribute(tx, self, name)

    def _grad(self, tx) -> Value:
        """`.grad` of an input is state guarded like any other input (or what the trace
        assigned it); a tensor made in the graph has none."""
        from compiler.guards.guard import GuardKind
        from compiler.guards.sources import AttrSource
        assigned = getattr(self, "assigned_grad", None)
        if assigned is not None:
            return assigned
        real = getattr(self, "real", None)
        if real is None:
            return ConstantValue(None)
        source = AttrSource(self.source, "grad")
        if real.grad is None:
            tx.ctx.guard(source, GuardKind.ID, None)
            return ConstantValue(None)
        return registry.wrap(tx.ctx, real.grad, source)

    def call_method(self, tx, name: str, args: list[Value], kwargs: dict[str, Value]) -> Value:
        if name == "__iter__" and not args and not kwargs:
            return self.iter(tx)  # Tensor.__iter__: the rows, as iter(x)
        from compiler.values import tensor_known
        known, answer = tensor_known.python_value(self, name, args, kwargs)
        if known:  # made from Python constants and not written since
            return registry.wrap_constant(answer)
        if name == "numpy":
            from compiler.values.numpy_arrays import tensor_to_array
            tensor_known.forget(self)  # (the array shares the memory)
            return tensor_to_array(tx, self, args, kwargs)
        if name == "item":  # read after the graph, while its value is not needed
            from compiler.values.deferred_item import deferred_item
            return deferred_item(tx, self, args, kwargs)
        if name in DATA_METHODS:
            raise Unsupported(f"Tensor.{name}() needs tensor data", BreakReason.DATA_DEPENDENT)
        if name == "detach_" and not args and not kwargs:
            from compiler.values.tensor_requires_grad import detach_
            return detach_(tx, self)
        if name in SIDE_EFFECT_METHODS:
            raise Unsupported(f"Tensor.{name}()", BreakReason.SIDE_EFFECT)
        if name == "requires_grad_":
            from compiler.values.tensor_requires_grad import requires_grad_
            return requires_grad_(tx, self, args, kwargs)
        symbolic = self._symbolic_metadata(tx, name, args, kwargs)
        if symbolic is not None:
            return symbolic
        if name == "is_inference" and not args and not kwargs and self._reached_input() is not None:
            return self._input_flag(tx, name)
        if name in STORAGE_STATE_METHODS and not args and not kwargs:
            return self._storage_state(tx, name)
        if name in METADATA_METHODS and not (name == "type" and (args or kwargs)):
            plain = [a.as_constant() for a in args]
            named = {k: v.as_constant() for k, v in kwargs.items()}
            try:
                result = getattr(self.example, name)(*plain, **named)
            except Exception as exc:
                raise RaisedByProgram(exc) from None
            if isinstance(result, torch.Size):
                from compiler.values.containers import SizeValue
                return SizeValue([registry.wrap_constant(d) for d in result])
            return registry.wrap_constant(result)
        if name == "new":
            name, args = _legacy_new(args, kwargs)
        if name.endswith("_") and not name.endswith("__") and overlapping_input(self):
            raise Unsupported(f"Tensor.{name} on an input whose elements overlap in memory",
                              BreakReason.UNSUPPORTED_CALL)
        return tx.ctx.tensor_op("call_method", name, [self, *args], kwargs, f"Tensor.{name}")

    def _symbolic_metadata(self, tx, name: str, args, kwargs) -> Value | None:
        """size(), size(d), numel(), len(): sizes as the program reads them, symbolic where
        the input's sizes are (None for anything else)."""
        if name not in ("size", "numel", "nelement", "__len__") or kwargs or any(
                not (isinstance(a, ConstantValue) and type(a.value) is int) for a in args):
            return None  # (never as_constant() here: that would specialise a symbolic arg)
        ndim = self.example.dim()
        if name == "size" and not args:
            return self._shape(tx)
        if name == "size" and len(args) == 1 and -ndim <= args[0].as_constant() < ndim:
            return self.size_of(tx, args[0].as_constant() % ndim)
        if name in ("numel", "nelement") and not args:
            from compiler.values.symbolic_int import numel_value
            return numel_value(tx.ctx.graph, self)
        if name == "__len__" and not args and ndim:
            return self.size_of(tx, 0)
        return None

    def getitem(self, tx, key: Value) -> Value:
        parts = key.items if hasattr(key, "items") and isinstance(key.items, list) else [key]
        for part in parts:
            if _negative_step(part):
                raise RaisedByProgram(ValueError("step must be greater than zero"))
        return tx.ctx.tensor_op("call_function", operator.getitem, [self, key], {},
                                "tensor indexing")

    def setitem(self, tx, key: Value, value: Value) -> None:
        tx.ctx.tensor_op("call_function", operator.setitem, [self, key, value], {},
                         "tensor item assignment")

    def hash_key(self) -> Any:
        return ("tensor", id(self))

    def known_index(self, tx) -> int:
        """`operator.index(t)` (a list or Size indexed by it): exact where the value is known
        (compiler/values/tensor_known.py), eager's TypeError where no value could be an index,
        else refused."""
        from compiler.values.tensor_known import index
        return index(self)


def _guarded_query(tx, name: str, source, real: torch.Tensor):
    read = getattr(torch.Tensor, name)
    answer = read(real)
    query = CallSource(ConstantSource(tx.ctx.label_for(read, "fn"), read), (source,))
    tx.ctx.guard(query, GuardKind.EQUALS, answer)
    return answer


def _negative_step(part: Value) -> bool:
    from compiler.values.symbolic_int import SymSliceValue
    if isinstance(part, SymSliceValue):
        step = part.step
        return step is not None and (step.as_constant() or 1) < 0
    return isinstance(part, ConstantValue) and isinstance(part.value, slice) and (
        part.value.step or 1) < 0


def _legacy_new(args: list[Value], kwargs: dict[str, Value]) -> tuple[str, list[Value]]:
    """`Tensor.new(...)` as the factory it means: sizes (ints or one torch.Size) give an
    uninitialised tensor, one list or tuple of numbers gives data; anything else is refused."""
    if kwargs:
        raise Unsupported("Tensor.new with keyword arguments", BreakReason.UNSUPPORTED_CALL)
    if len(args) == 1 and args[0].python_type() in (list, tuple):
        args = [registry.wrap_constant(tuple(item.as_constant() for item in args[0].unpack(None)))]
    consts = [a.as_constant() for a in args if a.is_constant()]
    if len(consts) == len(args):
        if all(type(c) is int for c in consts):
            return "new_empty", [registry.wrap_constant(tuple(consts) if consts else (0,))]
        if len(consts) == 1 and type(consts[0]) is torch.Size:
            return "new_empty", [registry.wrap_constant(tuple(consts[0]))]
        if len(consts) == 1 and type(consts[0]) in (list, tuple) and all(
                type(c) in (int, float, bool) for c in consts[0]):
            return "new_tensor", [registry.wrap_constant(consts[0])]
    raise Unsupported("Tensor.new with these arguments", BreakReason.UNSUPPORTED_CALL)


def grad_fn_value(tensor: TensorValue, leaf: bool, known_class: bool = True) -> Value:
    """`t.grad_fn`: None exactly for a leaf; else the autograd node, which only says it is
    there (`is not None`, truth) and what its class is when the fake tensor has the node the
    graph's op makes."""
    if leaf:
        return ConstantValue(None)
    from compiler.values.tensor_requires_grad import GradFnValue
    made = tensor.example.grad_fn  # (None on an input's fake, made a leaf, until an op writes it)
    node_type = None if made is None or not known_class else type(made)
    return GradFnValue(node_type)


def overlapping_input(value) -> bool:
    """An input whose elements overlap (expanded): eager's in-place kernels raise on it where
    the fake ones may not, and a graph raising then could not put the input back as it was."""
    example = getattr(value, "example", None)
    return (isinstance(value, TensorValue) and value.is_input()
            and torch._debug_has_internal_overlap(example) == 1)
