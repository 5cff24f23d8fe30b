"""Calling a class in a trace: builtin types, exceptions, named tuples, torch value types and
user classes (a new object whose Python `__init__` is inlined).
"""

from __future__ import annotations

import collections
import enum
import types

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import Value
from compiler.values.constant import call_pure
from compiler.values.named_tuples import is_namedtuple_class, is_structseq_class

# Makers of instances of Python classes over a builtin container, given by the modules that
# model them (container_objects.py, imported by compiler/values/__init__.py): each gives the
# instance, or None for a class that is not theirs.
BUILTIN_BASE_MAKERS: list = []


def construct(tx, cls_value, args: list[Value], kwargs: dict[str, Value],
              through_type_call: bool = False) -> Value:
    """`cls(*args, **kwargs)`; `through_type_call`: as `type.__call__` does it (what a
    metaclass's own `__call__` reaches through super())."""
    from compiler.values.builtins import HANDLERS, call_builtin
    from compiler.values.exceptions import ExceptionValue
    from compiler.values.objects import ObjectValue
    cls = cls_value.cls
    if cls in HANDLERS or cls.__module__ == "builtins" and not issubclass(cls, BaseException):
        return call_builtin(tx, cls, args, kwargs)
    if issubclass(cls, BaseException):
        plain = [a.as_constant() for a in args]
        return ExceptionValue(call_pure(cls, plain, {k: v.as_constant()
                                                     for k, v in kwargs.items()}))
    if issubclass(cls, enum.Enum):  # looking a member up by value
        from compiler.values.constant import ConstantValue
        from compiler.values.containers import plain
        return ConstantValue(call_pure(cls, [plain(a) for a in args], {}))
    if is_namedtuple_class(cls):  # its `__new__` (or a subclass's) is traced
        from compiler.values.custom_new import construct_with_new
        return construct_with_new(tx, cls_value, args, kwargs)
    if is_structseq_class(cls):
        from compiler.values.custom_new import construct_structseq
        return construct_structseq(tx, cls, args, kwargs)
    if cls in (torch.no_grad, torch.enable_grad, torch.set_grad_enabled):
        from compiler.values.torch_functions import GradModeValue
        if cls is torch.set_grad_enabled:
            return GradModeValue(args[0].as_constant(), applies_now=True, tx=tx)
        if args:  # @torch.no_grad without parentheses: the function, decorated
            return GradModeValue(cls is torch.enable_grad).call(tx, args, kwargs)
        return GradModeValue(cls is torch.enable_grad)
    if cls in (torch.Size, torch.device, torch.dtype, torch.finfo, torch.iinfo):
        from compiler.values.containers import plain
        return registry.wrap_constant(call_pure(cls, [plain(a) for a in args],
                                                {k: plain(v) for k, v in kwargs.items()}))
    if issubclass(cls, torch.nn.Module) and cls.__module__.startswith("torch.nn.modules"):
        return _stateless_module(tx, cls, args, kwargs)
    if _is_torch_distribution(cls):  # plain Python classes: their __init__ is traced
        return _initialised(tx, ObjectValue(cls), args, kwargs)
    from compiler.values.numpy_scalars import construct_scalar, is_numpy_scalar_type
    if is_numpy_scalar_type(cls):
        return construct_scalar(cls, args, kwargs, tx=tx)
    from compiler.values.autocast import construct_autocast, is_autocast_class
    if is_autocast_class(cls):
        return construct_autocast(cls, args, kwargs)
    from compiler.values.inference_mode import construct_inference_mode, is_inference_mode_class
    if is_inference_mode_class(cls):
        return construct_inference_mode(tx, args, kwargs)
    from compiler.values.profiler_regions import construct_profiler_region, is_profiler_region_class
    if is_profiler_region_class(cls):
        return construct_profiler_region(args, kwargs)
    from compiler.values.torch_managers import construct_manager, is_manager_class
    if is_manager_class(cls):
        return construct_manager(cls, args, kwargs)
    from compiler.values.python_random import construct_random, is_python_random_class
    if is_python_random_class(cls):
        return construct_random(args, kwargs)
    from compiler.values.legacy_tensors import construct_legacy_tensor, is_legacy_tensor_class
    if is_legacy_tensor_class(cls):
        return construct_legacy_tensor(tx, cls, args, kwargs)
    if cls is torch.Generator:
        from compiler.values.rng_state import construct_generator
        return construct_generator(tx, args, kwargs)
    if cls.__module__.startswith("torch"):  # (a user nn.Module subclass goes on as any class)
        raise Unsupported(f"constructing {cls.__qualname__} inside the compiled code",
                          BreakReason.UNSUPPORTED_CALL)
    from compiler.values.dict_storage import MappingObjectValue, storage_base
    base = storage_base(cls)
    if base is not None:  # a dict or OrderedDict subclass (a ModelOutput)
        return _initialised(tx, MappingObjectValue(cls, base), args, kwargs)
    for make in BUILTIN_BASE_MAKERS:  # a set, frozenset, list or tuple subclass
        made = make(tx, cls_value, args, kwargs)
        if made is not None:
            return made
    if type(cls) is not type and not _is_plain_metaclass(cls) and not through_type_call:
        called = _metaclass_call(tx, cls_value)
        if called is not None:  # the metaclass's own __call__, traced
            return called.call(tx, args, kwargs)
    if cls is types.SimpleNamespace:  # its keywords become its attributes
        if args:
            from compiler.values.base import RaisedByProgram
            raise RaisedByProgram(TypeError("no positional arguments expected"))
        made = ObjectValue(cls)
        made.attrs.update(kwargs)
        return made
    if cls.__new__ is not object.__new__:
        from compiler.values.custom_new import construct_with_new
        return construct_with_new(tx, cls_value, args, kwargs)
    _refuse_abstract(cls)
    return _initialised(tx, ObjectValue(cls), args, kwargs)


def _metaclass_call(tx, cls_value) -> Value | None:
    """The `__call__` of a program's metaclass bound to the class (None: type's, which makes
    the object as for any class); a metaclass whose `__call__` is not Python is refused."""
    from compiler.values.attributes import guarded_find_in_mro
    from compiler.values.callables import UserFunctionValue, UserMethodValue
    meta = type(cls_value.cls)
    owner, raw = guarded_find_in_mro(tx, meta, "__call__")
    if owner is type:
        return None
    if not isinstance(raw, types.FunctionType) or meta.__module__.startswith("torch"):
        raise Unsupported(f"class {cls_value.cls.__qualname__} with metaclass "
                          f"{meta.__qualname__}", BreakReason.UNSUPPORTED_CALL)
    return UserMethodValue(UserFunctionValue(raw), cls_value)


class TypeCallValue(Value):
    """`type.__call__` bound to a class (`super().__call__` in a metaclass's `__call__`):
    makes and initialises the object as type does."""

    def __init__(self, cls_value: Value):
        super().__init__(None)
        self.cls_value = cls_value

    def call(self, tx, args, kwargs) -> Value:
        return construct(tx, self.cls_value, args, kwargs, through_type_call=True)


def _refuse_abstract(cls: type) -> None:
    """object.__new__ raises for a class with abstract methods left: CPython's own error."""
    if getattr(cls, "__abstractmethods__", None):
        from compiler.values.base import RaisedByProgram
        try:
            object.__new__(cls)
        except TypeError as exc:
            raise RaisedByProgram(exc) from None


def _initialised(tx, obj, args, kwargs) -> Value:
    from compiler.values.objects import class_attribute
    init = class_attribute(tx, obj.cls, "__init__", obj)
    if init is not None:
        returned = init.call(tx, args, kwargs)
        if not (returned.is_constant() and returned.as_constant() is None):
            from compiler.values.base import RaisedByProgram
            raise RaisedByProgram(TypeError(f"__init__() should return None, not "
                                            f"'{returned.python_type().__name__}'"))
    elif args or kwargs:
        from compiler.values.base import RaisedByProgram
        raise RaisedByProgram(TypeError(f"{obj.cls.__name__}() takes no arguments"))
    return obj


def _stateless_module(tx, cls, args, kwargs) -> Value:
    """torch's own modules built at trace time: ones without parameters or buffers (ReLU,
    Softmax(dim=1), Flatten...), whose forward is a pure function of the constant arguments,
    and containers (Sequential, ModuleList, ModuleDict) of modules the trace already tracks
    (globals, an argument's children: the same trackers, sources and guards) or built the same
    way. Eager builds a new one on every call: the trace's one may not leave the frame."""
    from compiler.values.modules import NNModuleValue
    given: set[int] = set()  # modules made before, or existing ones, and all they hold
    real_args = [_real_argument(tx, cls, a, given) for a in args]
    real_kwargs = {k: _real_argument(tx, cls, v, given) for k, v in kwargs.items()}
    from torch.nn.modules import module as module_globals
    if (module_globals._global_module_registration_hooks
            or module_globals._global_parameter_registration_hooks
            or module_globals._global_buffer_registration_hooks):
        raise Unsupported(f"constructing {cls.__qualname__} under global registration hooks",
                          BreakReason.UNSUPPORTED_CALL)
    rng = torch.get_rng_state()
    with torch.random.fork_rng(devices=[]):  # a trial build must leave the global RNG alone
        module = call_pure(cls, real_args, real_kwargs)
        consumed = not torch.equal(torch.get_rng_state(), rng)
    made = [part for part in module.modules() if id(part) not in given]
    if any(t is not None for part in made for t in [*part._parameters.values(),
                                                     *part._buffers.values()]):
        raise Unsupported(f"constructing {cls.__qualname__} (it has parameters or buffers) "
                          f"inside the compiled code", BreakReason.UNSUPPORTED_CALL)
    if consumed:
        raise Unsupported(f"constructing {cls.__qualname__} draws from the global RNG",
                          BreakReason.UNSUPPORTED_CALL)
    for part in made:
        tx.ctx.note_made_object(part)
    return NNModuleValue(module)


def _real_argument(tx, cls, value, given: set[int]):
    """A constructor argument of a torch module as the real object: a constant, a tracked
    module, or a list, tuple or dict (constant keys) of them; an iterator made in the trace
    (`reversed(list(m.blocks))`) is drained as the constructor would drain it."""
    from compiler.values.containers import DictValue, ListValue, TupleValue, is_plain, plain
    from compiler.values.modules import NNModuleValue
    if isinstance(value, NNModuleValue):
        given.update(id(part) for part in value.module.modules())
        return value.module
    if is_plain(value):
        return plain(value)
    kind = value.python_type()
    if isinstance(value, (ListValue, TupleValue)) and kind in (list, tuple):
        return kind(_real_argument(tx, cls, item, given) for item in value.items)
    if isinstance(value, DictValue) and kind in (dict, collections.OrderedDict) and all(
            k.is_constant() for k, _ in value.entries.values()):
        return kind((k.as_constant(), _real_argument(tx, cls, v, given))
                    for k, v in value.entries.values())
    if value.source is None and hasattr(kind, "__next__") and value.is_fresh_object():
        return [_real_argument(tx, cls, item, given) for item in value.unpack(tx)]
    raise Unsupported(f"constructing {cls.__qualname__} from traced values",
                      BreakReason.UNSUPPORTED_CALL)


def _is_torch_distribution(cls: type) -> bool:
    """A distribution of torch.distributions, one of the constraints a distribution makes for
    its parameters (`constraints.interval(low, high)`) or a transform (`ExpTransform()`):
    plain Python classes."""
    from torch.distributions.constraints import Constraint
    from torch.distributions.transforms import Transform
    return (issubclass(cls, (torch.distributions.Distribution, Constraint, Transform))
            and type(cls) is type and cls.__module__.startswith("torch.distributions.")
            and cls.__new__ is object.__new__)


# What a metaclass may define and still leave its classes plain once they are made.
CREATION_ONLY = frozenset({"__new__", "__init__", "__prepare__", "__module__", "__qualname__",
                           "__doc__", "__dict__", "__weakref__"})


def _is_plain_metaclass(cls: type) -> bool:
    """ABCMeta, or a metaclass that only customises making the class: calling the class and
    reading its attributes then go through `type` as for any class."""
    import abc
    meta = type(cls)
    if meta is abc.ABCMeta:
        return True
    return all(set(vars(k)) <= CREATION_ONLY for k in meta.__mro__ if k not in (type, object))

