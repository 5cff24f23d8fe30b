"""The one place where a real Python object becomes a value tracker, installing its guards.

`wrap(ctx, obj, source)`: constants, then an exact-type table (`BY_EXACT_TYPE`) and its ordered
fallbacks (`FALLBACKS`), then `wrap_object` for functions, classes, modules and user objects.
`wrap_constant` wraps values computed during tracing (no source, so no guards);
`wrap_op_result` wraps what a graph op returned.
"""

from __future__ import annotations

import collections
import copy
import dataclasses
import enum
import functools
import types
import weakref
from collections.abc import Callable
from typing import Any

import torch
from torch.nn.utils.weight_norm import WeightNorm

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind, TensorSpec, guard_of
from compiler.guards.sources import (
    AttrSource,
    ConstantSource,
    ItemSource,
    Source,
    TupleItemSource,
)
from compiler.values import input_aliasing, native, registry
from compiler.values.base import Value
from compiler.values.body_tensors import BodyTensor
from compiler.values.constant import (
    CONSTANT_TYPES,
    SYMBOLIC_TYPES,
    ConstantValue,
    is_special_form,
    is_typing_constant,
)
from compiler.values.containers import DictValue, ListValue, SizeValue, TupleValue
from compiler.values.context_decorators import MANAGER_TYPES, wrap_manager
from compiler.values.lazy_constants import wrap_item
from compiler.values.named_tuples import NamedTupleValue, is_namedtuple_class, is_structseq_class
from compiler.values.numpy_inputs import (
    is_ndarray,
    is_numpy_dtype,
    wrap_ndarray,
    wrap_numpy_dtype,
)
from compiler.values.numpy_scalars import is_numpy_scalar
from compiler.values.objects import UserObjectValue
from compiler.values.sets import SetValue
from compiler.values.symbolic_int import symbolic_int_argument


def wrap_constant(value: Any) -> Value:
    """Wrap a value computed at trace time; containers are rebuilt as trackers."""
    kind = type(value)
    if kind in CONSTANT_TYPES or is_typing_constant(value) or isinstance(value, enum.Enum):
        return ConstantValue(value)
    if kind in SYMBOLIC_TYPES:
        return ConstantValue(value)  # specialised there, guarded
    if is_numpy_scalar(value):
        return ConstantValue(value)
    if is_numpy_dtype(value):
        return wrap_numpy_dtype(None, value, None)
    if kind is tuple:
        return TupleValue([wrap_constant(v) for v in value])
    if kind is torch.Size:
        return SizeValue([wrap_constant(v) for v in value])
    if kind is list:
        return ListValue([wrap_constant(v) for v in value])
    if kind is dict:
        return DictValue.from_pairs([(wrap_constant(k), wrap_constant(v))
                                     for k, v in value.items()])
    if kind in (set, frozenset):
        return SetValue([wrap_constant(v) for v in value], frozen=kind is frozenset)
    if is_namedtuple_class(kind):
        return NamedTupleValue(kind, [wrap_constant(v) for v in value], real=value)
    if isinstance(value, torch.Tensor):
        raise Unsupported("a tensor created outside the graph", BreakReason.UNSUPPORTED_VALUE)
    from compiler.values.typing_values import TypingValue, is_typing_object
    if is_typing_object(value):  # `typing.Optional[int]`, `int | None` computed in the trace
        return TypingValue(value)
    return wrap_object(None, value, None)


def wrap(ctx, obj: Any, source: Source | None) -> Value:
    """Wrap a real object reached through `source`, guarding what the trace relies on."""
    kind = type(obj)
    if kind in CONSTANT_TYPES or isinstance(obj, enum.Enum):
        if isinstance(obj, enum.Enum):
            ctx.guard(source, GuardKind.ID, obj)
            return ConstantValue(obj, source)
        if kind is int and ctx is not None:
            symbolic = symbolic_int_argument(ctx, obj, source)
            if symbolic is not None:
                return symbolic
        if kind in (torch.dtype, torch.device, torch.layout, torch.memory_format):
            ctx.guard(source, GuardKind.ID if kind is torch.dtype else GuardKind.EQUALS, obj)
        else:
            ctx.guard(source, GuardKind.EQUALS, obj)
        return ConstantValue(obj, source)
    if is_numpy_scalar(obj):  # immutable: its exact type and value guarded
        ctx.guard(source, GuardKind.EQUALS, obj)
        return ConstantValue(obj, source)
    if is_numpy_dtype(obj):  # its exact class and value guarded
        return wrap_numpy_dtype(ctx, obj, source)
    if is_special_form(obj):  # typing.Union, typing.Literal...: one object each
        ctx.guard(source, GuardKind.ID, obj)
        return ConstantValue(obj, source)
    if _is_frozen_torch_dataclass(obj):
        snapshot = copy.copy(obj)  # the guard compares against it, not the object itself
        ctx.guard(source, GuardKind.EQUALS, snapshot)
        return ConstantValue(snapshot, source)
    remembered = ctx.values_by_id.get(id(obj)) if ctx is not None else None
    if remembered is not None and remembered[0] is obj:
        value = remembered[1]
        if source is not None and value.source is not None and source != value.source:
            ctx.guard(source, GuardKind.SAME_OBJECT, value.source)
        return value
    value = _wrap_new(ctx, obj, source)
    if ctx is not None and not isinstance(value, ConstantValue):
        ctx.values_by_id[id(obj)] = (obj, value)
        if source is not None:
            input_aliasing.remember_table(ctx, obj, value)
    return value


def _is_frozen_torch_dataclass(obj: Any) -> bool:
    """An options record of torch (`LinearCrossEntropyOptions`): a frozen dataclass of torch
    whose `__eq__` is the generated one and whose fields are all constants, so an equal
    object behaves the same; it is a constant of the graph, guarded by value."""
    kind = type(obj)
    params = getattr(kind, "__dataclass_params__", None)
    if params is None or isinstance(obj, type) or not kind.__module__.startswith("torch."):
        return False
    if not (params.frozen and params.eq) or "__eq__" not in vars(kind):
        return False
    return all(type(getattr(obj, f.name)) in CONSTANT_TYPES
               for f in dataclasses.fields(obj))


def _wrap_new(ctx, obj: Any, source: Source | None) -> Value:
    """The exact type's wrapper first (BY_EXACT_TYPE), then the first fallback whose test
    holds (FALLBACKS, in order), then `wrap_object`."""
    by_type = BY_EXACT_TYPE.get(type(obj))
    if by_type is not None:
        return by_type(ctx, obj, source)
    for applies, wrapper in FALLBACKS:
        if applies(obj):
            return wrapper(ctx, obj, source)
    return wrap_object(ctx, obj, source)


def _refuse_tensor_subclass(ctx, obj: torch.Tensor, source: Source | None) -> Value:
    raise Unsupported(f"tensor subclass {type(obj).__qualname__}", BreakReason.UNSUPPORTED_VALUE)


def _wrap_size(ctx, obj: torch.Size, source: Source | None) -> Value:
    ctx.guard(source, GuardKind.EQUALS, obj)
    return SizeValue([ConstantValue(v) for v in obj], source)


def _wrap_tuple(ctx, obj: tuple, source: Source | None) -> Value:
    """A tuple, a namedtuple or a torch.return_types structseq."""
    kind = type(obj)
    if kind.__len__ is not tuple.__len__ or kind.__iter__ is not tuple.__iter__:
        raise Unsupported(f"a {kind.__qualname__} with its own __len__ or __iter__",
                          BreakReason.UNSUPPORTED_VALUE)
    ctx.guard(source, GuardKind.TYPE, kind)
    ctx.guard(source, GuardKind.LENGTH, len(obj))
    own_getitem = kind.__getitem__ is not tuple.__getitem__  # items as the tuple stores them
    items = [wrap(ctx, v, TupleItemSource(source, i) if own_getitem and source is not None
                  else _item(source, i)) for i, v in enumerate(obj)]
    if kind is tuple:
        return TupleValue(items, source)
    return NamedTupleValue(kind, items, source, real=obj)


def _wrap_list(ctx, obj: list, source: Source | None) -> Value:
    ctx.guard(source, GuardKind.TYPE, list)
    ctx.guard(source, GuardKind.LENGTH, len(obj))
    return ListValue([wrap(ctx, v, _item(source, i)) for i, v in enumerate(obj)], source)


def _wrap_deque(ctx, obj: collections.deque, source: Source | None) -> Value:
    from compiler.values.stdlib_collections import DequeValue
    ctx.guard(source, GuardKind.TYPE, collections.deque)
    ctx.guard(source, GuardKind.LENGTH, len(obj))
    if source is not None:
        ctx.guard(AttrSource(source, "maxlen"), GuardKind.EQUALS, obj.maxlen)
    return DequeValue([wrap(ctx, v, _item(source, i)) for i, v in enumerate(obj)], obj.maxlen,
                      source)


def _wrap_weakref(ctx, obj: weakref.ReferenceType, source: Source | None) -> Value:
    from compiler.values.weakrefs import wrap_weakref
    return wrap_weakref(ctx, obj, source)


def _wrap_set(ctx, obj: set | frozenset, source: Source | None) -> Value:
    kind = type(obj)
    for member in obj:  # before the guard copies the set, which hashes every member
        if not _hashes_in_c(member):
            raise Unsupported(f"a set member of type {type(member).__qualname__}",
                              BreakReason.UNSUPPORTED_VALUE)
    ctx.guard(source, GuardKind.EQUALS, kind(obj))  # checks the type too
    return SetValue([_set_member(ctx, v) for v in obj], frozen=kind is frozenset, source=source)


def _set_member(ctx, member: Any) -> Value:
    """A member of a set argument: a constant, or an object the guard holds (it compares
    members with `==`, by identity for them), read through a constant source, so that the
    object the program also holds elsewhere is the same tracker."""
    if type(member) in CONSTANT_TYPES or type(member) is tuple and all(
            type(m) in CONSTANT_TYPES for m in member) or isinstance(member, enum.Enum):
        return wrap_constant(member)
    return wrap(ctx, member, ConstantSource(ctx.label_for(member, "member"), member))


def _wrap_existing_iterator(ctx, obj: Any, source: Source | None) -> Value:
    if source is None:  # made in the trace: nothing to replay its advance on
        return wrap_object(ctx, obj, source)
    return _wrap_iterator(ctx, obj, source)


def _item(source: Source | None, key: Any) -> Source | None:
    return ItemSource(source, key) if source is not None else None


def _wrap_tensor(ctx, obj: torch.Tensor, source: Source | None) -> Value:
    from compiler.values.tensor import TensorValue
    if source is None:
        raise Unsupported("a tensor with no known source", BreakReason.UNSUPPORTED_VALUE)
    if obj.layout is not torch.strided:  # sparse, mkldnn: no storage for the fake tensors
        raise Unsupported(f"a tensor of layout {obj.layout}", BreakReason.UNSUPPORTED_VALUE)
    from compiler.config import config
    from compiler.guards.shape_guards import SymbolicSpec, SymbolicTensorGuard
    from compiler.shapes.env import has_symbols
    # A tensor that may share its storage (a view, or one that covers only part of its
    # storage) is static for a functionalizing backend: aot_autograd cannot follow the symbols
    # of a storage shared by inputs.
    static = _is_module_state(source) or (ctx.backend_compiles and not _owns_storage(obj))
    dims = ctx.shape_policy.dims_of(source.expr(), obj, static)
    node, fake = ctx.graph.add_input(source, obj, dims)
    if has_symbols(fake):
        ctx.add_guard(SymbolicTensorGuard(source, SymbolicSpec.of(
            obj, fake, with_stride=config.guard_tensor_strides)))
    else:
        ctx.guard(source, GuardKind.TENSOR,
                  TensorSpec.of(obj, with_stride=config.guard_tensor_strides))
    value = TensorValue(node, fake, source, real_type=type(obj))
    value.real = obj  # for state the graph does not carry (`.grad`)
    ctx.register_tensor(fake, value)
    if source.is_local() and not _is_module_state(source):
        for other in ctx.local_tensor_values:
            ctx.guard(source, GuardKind.DISTINCT, other.source)
        ctx.local_tensor_values.append(value)
    return value


def _owns_storage(t: torch.Tensor) -> bool:
    return not t._is_view() and t.storage_offset() == 0 and (
        t.untyped_storage().nbytes() == t.numel() * t.element_size())


def _is_module_state(source: Source) -> bool:
    """Parameters and buffers: guarded by the module, not pairwise against every input."""
    while source is not None:
        base = getattr(source, "base", None)
        if isinstance(source, ItemSource) and isinstance(base, AttrSource) and (
                base.name in ("_parameters", "_buffers")):
            return True
        source = base
    return False


ITERATOR_TYPES = (type(iter([])), type(iter(())), type(iter(range(0))))


def _wrap_iterator(ctx, obj, source: Source) -> Value:
    """An existing iterator (a loop's, handed to a resume function): advancing it is a side
    effect, replayed after the graph."""
    from compiler.guards.sources import RemainingItemsSource, remaining_items
    from compiler.values.iterators import SequenceIteratorValue
    ctx.guard(source, GuardKind.TYPE, type(obj))
    rest = RemainingItemsSource(source)
    items = remaining_items(obj)
    ctx.guard(rest, GuardKind.LENGTH, len(items))
    value = SequenceIteratorValue([wrap(ctx, item, ItemSource(rest, i))
                                   for i, item in enumerate(items)], kind=type(obj),
                                  source=source, real=obj)
    ctx.side_effects.mutate(value)
    return value


def _hashes_in_c(member: Any) -> bool:
    """Whether hashing and comparing `member` runs no Python code (a guard does both)."""
    kind = type(member)
    if kind is tuple:
        return all(_hashes_in_c(m) for m in member)
    # (enum's __hash__ is Python, of the member's name: pure; its __eq__ must still be C's)
    hooks = ("__eq__",) if isinstance(member, enum.Enum) else ("__hash__", "__eq__")
    return not any(isinstance(getattr(kind, name, None), types.FunctionType) for name in hooks)


def _input_dict_key(ctx, key: Any) -> Value:
    """The tracker of a key of a dict from outside the frame. The keys guard compares the keys
    with `==` and their exact types (guards/kinds.py), so a key is modelled only where that is
    exact: constants and tuples of them, classes, TypeVars and functions (which compare by
    identity), enum members and objects that keep object's `__eq__` (dict_storage.py)."""
    from compiler.values.dict_storage import input_dict_key
    from compiler.values.typing_values import TypingValue, is_typing_object
    kind = type(key)
    if kind in CONSTANT_TYPES or is_special_form(key):
        return ConstantValue(key)
    if kind in (tuple, frozenset) and all(type(m) in CONSTANT_TYPES for m in key):
        return wrap_constant(key)  # the guard compares members' exact types (exact_token)
    if kind in _IDENTITY_KEY_TYPES and _one_object(key):  # by identity, of a fixed hash
        return wrap(ctx, key, ConstantSource(ctx.label_for(key, "key"), key))
    if isinstance(key, type) and kind.__eq__ is type.__eq__ and kind.__hash__ is type.__hash__:
        return wrap_constant(key)  # a class: compared by identity
    if kind is types.FunctionType:
        return wrap_constant(key)
    if isinstance(key, torch.Tensor) and kind in (torch.Tensor, torch.nn.Parameter):
        return wrap(ctx, key, ConstantSource(ctx.label_for(key, "key"), key))  # by identity
    if is_typing_object(key):
        return TypingValue(key)
    found = input_dict_key(ctx, key)
    if found is None:
        raise Unsupported(f"dict key of type {kind.__qualname__}", BreakReason.UNSUPPORTED_VALUE)
    return found


# Keys whose `==` is identity and whose hash is of fixed state: builtin functions and methods
# of a type (C: by identity and their module), torch's operator packets (hashed by their op).
_IDENTITY_KEY_TYPES = (types.BuiltinFunctionType, types.MethodDescriptorType,
                       types.WrapperDescriptorType, torch._ops.OpOverloadPacket,
                       torch._ops.OpOverload)


def _one_object(key: Any) -> bool:
    """A builtin function equal only to itself: not bound to an object or a class (`[].append`
    and `dict.fromkeys` are new objects on each read, equal to the key, not the same)."""
    if type(key) is not types.BuiltinFunctionType:
        return True
    return key.__self__ is None or isinstance(key.__self__, types.ModuleType)


def _wrap_dict(ctx, obj: dict, source: Source | None) -> Value:
    """A dict, an OrderedDict or a defaultdict (its class kept: its keys guard compares them in
    order; a defaultdict's factory read through its source, so a missing key read in the trace
    calls it and the insertion is replayed as the dict's other writes are)."""
    ctx.guard(source, GuardKind.TYPE, type(obj))
    ctx.guard(source, GuardKind.DICT_KEYS, list(obj))
    pairs = []
    for key, item in obj.items():
        key_value = _input_dict_key(ctx, key)
        literal = type(key) in CONSTANT_TYPES
        item_source = _item(source, key if literal or source is None else
                            ConstantSource(ctx.label_for(key, "key"), key))
        pairs.append((key_value, wrap_item(ctx, item, item_source, wrap)))
    if type(obj) is collections.OrderedDict:  # with an instance dict (state_dict's _metadata)
        from compiler.values.stdlib_collections import OrderedDictValue
        return OrderedDictValue(DictValue.from_pairs(pairs).entries, source, obj)
    value = DictValue.from_pairs(pairs, source)
    value.cls = type(obj)
    if type(obj) is collections.defaultdict:
        factory = wrap(ctx, obj.default_factory, _attr(source, "default_factory"))
        value.default_factory = None if obj.default_factory is None else factory
    return value


def _attr(source: Source | None, name: str) -> Source | None:
    return AttrSource(source, name) if source is not None else None


def _wrap_weight_norm(ctx, obj: WeightNorm, source: Source | None) -> Value:
    """torch's old weight_norm forward pre-hook is plain Python (its `__call__` recomputes the
    weight from `g` and `v`): an object of a user class, guarded on its type."""
    ctx.guard(source, GuardKind.TYPE, type(obj))
    return UserObjectValue(obj, source)


# What an object of exactly this type becomes: wrapper(ctx, obj, source) -> Value.
BY_EXACT_TYPE: dict[type, Callable[[Any, Any, Source | None], Value]] = {
    torch.Tensor: _wrap_tensor,
    torch.nn.Parameter: _wrap_tensor,
    torch.Size: _wrap_size,
    tuple: _wrap_tuple,
    list: _wrap_list,
    collections.deque: _wrap_deque,
    dict: _wrap_dict,
    collections.OrderedDict: _wrap_dict,
    collections.defaultdict: _wrap_dict,
    weakref.ReferenceType: _wrap_weakref,
    set: _wrap_set,
    frozenset: _wrap_set,
    WeightNorm: _wrap_weight_norm,
    BodyTensor: lambda ctx, obj, source: obj.value(ctx),  # made by the graph (body_tensors.py)
    **dict.fromkeys(MANAGER_TYPES, wrap_manager),  # a decorator's (context_decorators.py)
    **dict.fromkeys(ITERATOR_TYPES, _wrap_existing_iterator),
}

# Then, in order, the first whose test holds; everything else goes to `wrap_object`.
FALLBACKS: tuple[tuple[Callable[[Any], bool], Callable[[Any, Any, Source | None], Value]], ...] = (
    (lambda obj: isinstance(obj, torch.Tensor), _refuse_tensor_subclass),
    (lambda obj: is_namedtuple_class(type(obj)) or is_structseq_class(type(obj)), _wrap_tuple),
    (is_ndarray, wrap_ndarray),
)


def wrap_object(ctx, obj: Any, source: Source | None) -> Value:
    """Functions, classes, modules and user objects."""
    from compiler.values import callables, modules, objects
    from compiler.values.torch_functions import (
        TorchFunctionValue,
        is_runtime_query,
        is_torch_leaf,
    )
    bound = _bound_method(ctx, obj, source)
    if bound is not None:
        return bound
    added_identity = None  # the identity guard this call added, if any
    if ctx is not None and source is not None:
        guard_kind = GuardKind.TYPE if _is_plain_instance(obj) else GuardKind.ID
        guard = guard_of(source, guard_kind, type(obj) if guard_kind is GuardKind.TYPE else obj)
        if guard_kind is GuardKind.ID and guard.key() not in ctx.guards:
            added_identity = guard.key()
        ctx.add_guard(guard)
        if guard_kind is GuardKind.TYPE:
            input_aliasing.apart_from_others_of_its_type(ctx, obj, source)
    from compiler.values.numpy_arrays import NumpyFunctionValue, is_numpy_function
    if is_numpy_function(obj):
        return NumpyFunctionValue(obj, source)
    if isinstance(obj, types.FunctionType):
        from compiler.values.builtins import HANDLERS, BuiltinValue
        if is_torch_leaf(obj) or is_runtime_query(obj):
            return TorchFunctionValue(obj, source)
        if obj in HANDLERS:  # a stdlib function with a handler of its own
            return BuiltinValue(obj, source)
        return callables.UserFunctionValue(callables.without_bookkeeping(obj), source)
    if isinstance(obj, (types.BuiltinFunctionType, types.MethodDescriptorType,
                        types.WrapperDescriptorType, types.BuiltinMethodType,
                        types.MethodWrapperType, torch._C._VariableFunctionsClass)):
        if is_torch_leaf(obj):
            return TorchFunctionValue(obj, source)
        from compiler.values.builtins import BuiltinValue
        return BuiltinValue(obj, source)
    from compiler.values.block_exits import BlockExit, wrap_block_exit
    from compiler.values.torch_backends import BackendValue, is_backend_object
    if isinstance(obj, BlockExit) and source is not None:
        return wrap_block_exit(ctx, obj, source)
    if is_backend_object(obj):
        return BackendValue(obj, source)
    if isinstance(obj, types.ModuleType):
        return objects.PythonModuleValue(obj, source)
    if isinstance(obj, functools._lru_cache_wrapper):
        if ctx is not None:
            ctx.guard(source, GuardKind.ID, obj)
        from compiler.values.lru_cache import LruCacheValue
        return LruCacheValue(obj, source)
    if isinstance(obj, functools.partial):
        return callables.PartialValue.from_real(ctx, obj, source)
    if isinstance(obj, torch.nn.Module):
        return modules.wrap_module(ctx, obj, source)
    if isinstance(obj, type):
        return objects.ClassValue(obj, source)
    if is_torch_leaf(obj):
        return TorchFunctionValue(obj, source)
    if _is_plain_instance(obj) or type(obj) is object:  # (a sentinel: by identity, guarded)
        return objects.UserObjectValue(obj, source)
    if added_identity is not None:
        # Refused for its type alone: guarded on that, not on the object, which may be new on
        # every call (a regular expression's match on the stack at a graph break).
        del ctx.guards[added_identity]
        ctx.guard(source, GuardKind.TYPE, type(obj))
    raise Unsupported(f"value of type {type(obj).__qualname__}", BreakReason.UNSUPPORTED_VALUE)


def _bound_method(ctx, obj: Any, source: Source | None) -> Value | None:
    """A bound method (as a graph break leaves one on the stack) is a new object on every
    call: guard what it is bound to and the function, never its identity."""
    from compiler.values import callables
    from compiler.values.tensor import TensorValue
    at = (lambda name: AttrSource(source, name)) if source is not None else (lambda name: None)
    if isinstance(obj, types.MethodType):
        if ctx is not None:
            ctx.guard(source, GuardKind.TYPE, types.MethodType)
        self_value = wrap(ctx, obj.__self__, at("__self__"))
        return callables.UserMethodValue(wrap(ctx, obj.__func__, at("__func__")), self_value)
    if not isinstance(obj, types.BuiltinMethodType):  # (before reading an attribute: a
        return None                                     # user __getattr__ may raise anything)
    owner = obj.__self__
    if is_ndarray(owner):  # `a.astype` left on the stack by a graph break
        from compiler.values.numpy_inputs import wrap_bound_method
        return wrap_bound_method(ctx, obj, source)
    if type(owner) not in (list, dict, set, torch.Tensor, torch.nn.Parameter):
        return None
    if ctx is not None:
        ctx.guard(source, GuardKind.TYPE, type(obj))
        ctx.guard(at("__name__"), GuardKind.EQUALS, obj.__name__)
    self_value = wrap(ctx, owner, at("__self__"))
    if isinstance(self_value, TensorValue):
        return native.TensorMethodValue(self_value, obj.__name__)
    return native.BoundContainerMethodValue(self_value, obj.__name__)


def _is_plain_instance(obj: Any) -> bool:
    """An instance of a user-defined Python class (not a function, module, type or builtin)."""
    kind = type(obj)
    if isinstance(obj, (type, types.ModuleType, types.FunctionType, types.MethodType,
                        torch.nn.Module, functools.partial, torch.Tensor)):
        return False
    if kind.__module__ in ("builtins",) or kind.__module__.startswith("torch"):
        return False
    return hasattr(obj, "__dict__") or hasattr(kind, "__slots__")


def wrap_op_result(ctx, node, result: Any, keep_node: bool) -> Value:
    """Wrap what a graph op returned: tensors, sequences of tensors, or metadata constants."""
    from compiler.values.tensor import TensorValue
    if isinstance(result, torch.Tensor):
        existing = ctx.existing_tensor(result)
        if existing is not None:
            return existing  # an in-place op returns its receiver
        value = TensorValue(node, result)
        ctx.register_tensor(result, value)
        return value
    if isinstance(result, (tuple, list)) and any(isinstance(r, torch.Tensor) for r in result):
        items = []
        for i, item in enumerate(result):
            if isinstance(item, torch.Tensor):
                items.append(wrap_op_result(ctx, ctx.graph.getitem(node, i, item), item, False))
            else:
                items.append(wrap_constant(item))
        kind = type(result)
        if kind is list:
            return ListValue(items)
        if is_structseq_class(kind) or is_namedtuple_class(kind):
            return NamedTupleValue(kind, items)
        return TupleValue(items)
    if isinstance(result, torch.SymInt) and not keep_node:  # torch.numel(x), x.size(0)
        from compiler.values.symbolic_int import SymIntValue
        node.meta["symbolic"] = True
        ctx.graph.op_count -= 1
        return SymIntValue(node, result)
    if not keep_node:
        ctx.graph.discard(node)
    return wrap_constant(result)


registry.install(wrap=wrap, wrap_constant=wrap_constant)
