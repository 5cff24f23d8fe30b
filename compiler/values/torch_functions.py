"""torch functions: recorded in the graph as call_function nodes, except runtime queries
(answered at trace time and guarded) and grad-mode context managers.
"""

from __future__ import annotations

import functools
import os
import sys
import types
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import CallSource, ConstantSource
from compiler.values.base import Value, is_hashable
from compiler.values.block_exits import BlockExit
from compiler.values.callables import UserFunctionValue
from compiler.values.constant import ConstantValue
from compiler.values.native import NativeFunctionValue
from compiler.values.regions import ManagedFunctionValue

# Python-level torch code that is inlined rather than recorded: module forwards and helpers.
INLINED_MODULE_PREFIXES = ("torch.nn.modules.",)
NEVER_LEAF_PREFIXES = ("torch._dynamo", "torch.compiler", "torch.jit", "torch.autograd.grad",
                       "torch.fx", "torch._C._dynamo", "torch.utils", "torch.distributions")

UNSUPPORTED = {
    torch.seed: "torch.seed changes the global RNG state",
    torch.set_grad_enabled: None,  # handled as a context manager or call below
    torch.autograd.grad: "torch.autograd.grad",
    torch.nn.utils.vector_to_parameters: "vector_to_parameters assigns each parameter's .data",
}


def is_torch_leaf(obj: Any) -> bool:
    """A callable of torch's that is recorded in the graph as one op. (An object of a Python
    class of torch's, `Normal(loc, scale)` or a constraint, is no callable: it reads its
    `__module__` from its class, and is an object as any.)"""
    if isinstance(obj, type) or not callable(obj):
        return False
    if is_hashable(obj) and obj in MODELLED_CALLS:
        return True
    module = getattr(obj, "__module__", None) or ""
    if module.startswith(INLINED_MODULE_PREFIXES + NEVER_LEAF_PREFIXES):
        return False
    if isinstance(obj, (types.MethodDescriptorType, types.WrapperDescriptorType)):
        return getattr(obj, "__objclass__", None) in (torch._C.TensorBase, torch.Tensor)
    return module == "torch" or module.startswith("torch.")


COMPILING_QUERIES = (torch.compiler.is_compiling, torch.compiler.is_dynamo_compiling,
                     torch._utils.is_compiling)  # (the last warns it is deprecated, in eager)
RUNTIME_QUERIES = (torch.is_grad_enabled, torch.get_default_dtype, *COMPILING_QUERIES,
                   torch.jit.is_scripting,
                   torch.jit.is_tracing, torch.is_inference_mode_enabled)


def is_runtime_query(fn) -> bool:
    return any(fn is query for query in RUNTIME_QUERIES)


def _runtime_query(tx, fn) -> Value | None:
    if fn is torch.is_grad_enabled:
        return ConstantValue(torch.is_grad_enabled())  # guarded by the GRAD_MODE guard
    if fn is torch.get_default_dtype:
        return ConstantValue(torch.get_default_dtype())
    if any(fn is query for query in COMPILING_QUERIES):
        return ConstantValue(True)
    if fn is torch.jit.is_scripting or fn is torch.jit.is_tracing:
        return ConstantValue(False)
    if fn is torch.is_inference_mode_enabled:
        return ConstantValue(torch.is_inference_mode_enabled())
    return None


def unwrapped(fn):
    """The function under the wrapper torch's own compiler puts over some of torch's functions
    when it is imported (`torch.manual_seed` becomes a wrapper whose `__wrapped__` is the
    function): the tables here know the function, and the wrapper only disables that compiler."""
    while callable(getattr(fn, "__wrapped__", None)) and getattr(
            getattr(fn, "__code__", None), "co_filename", "").endswith(_DISABLE_WRAPPERS):
        fn = fn.__wrapped__
    return fn


_DISABLE_WRAPPERS = (os.path.join("torch", "_compile.py"),
                     os.path.join("torch", "_dynamo", "eval_frame.py"))
_MANUAL_SEED = unwrapped(torch.manual_seed)


class TorchFunctionValue(NativeFunctionValue):
    def is_constant(self) -> bool:
        return False

    def call(self, tx, args, kwargs) -> Value:
        fn = unwrapped(self.fn)  # what the tables below know it by
        answer = _runtime_query(tx, fn)
        if answer is not None:
            return answer
        if fn in (torch.no_grad, torch.enable_grad):
            return GradModeValue(fn is torch.enable_grad)
        if fn is torch.set_grad_enabled:
            return GradModeValue(args[0].as_constant(), applies_now=True, tx=tx)
        if fn is torch._C._set_grad_enabled:  # the mode itself (a user's context manager)
            if len(args) != 1 or kwargs or not args[0].is_constant() or not isinstance(
                    args[0].as_constant(), bool):
                raise Unsupported("torch._C._set_grad_enabled of a value that is not a bool "
                                  "constant", BreakReason.UNSUPPORTED_CALL)
            _set_grad(tx, args[0].as_constant())
            return ConstantValue(None)
        if fn is torch.from_numpy or fn is torch.as_tensor or fn is torch.tensor:
            from compiler.values.numpy_arrays import array_to_tensor
            converted = array_to_tensor(tx, fn, args, kwargs)
            if converted is not None:
                return converted
        if fn is torch.tensor or fn is torch.as_tensor:
            from compiler.values.deferred_item import tensor_of_items
            from compiler.values.tensor_literals import tensor_of_tensors
            built = tensor_of_items(tx, fn, list(args), kwargs)
            if built is None:
                built = tensor_of_tensors(tx, fn, list(args), kwargs)
            if built is not None:
                return built
        if fn is _MANUAL_SEED or fn is torch.set_rng_state:
            from compiler.values import rng_state
            modelled_state = rng_state.manual_seed if fn is _MANUAL_SEED else \
                rng_state.set_rng_state
            return modelled_state(tx, fn, list(args), kwargs)
        if fn is torch.set_default_dtype:
            from compiler.values.default_dtype import set_default_dtype
            return set_default_dtype(tx, fn, list(args), kwargs)
        if fn is torch.repeat_interleave:
            kwargs = _known_output_size(list(args), dict(kwargs))
        if fn in TAKE_PARAMETER_ITERABLES:
            args = [_drained(tx, a) for a in args]
        modelled = MODELLED_CALLS.get(fn) if is_hashable(fn) else None
        if modelled is not None:
            return modelled(tx, fn, list(args), kwargs)
        reason = (UNSUPPORTED.get(fn) if is_hashable(fn) else None) or _not_an_op(self.fn)
        if reason:
            raise Unsupported(reason, BreakReason.UNSUPPORTED_CALL)
        if isinstance(fn, (types.MethodDescriptorType, types.WrapperDescriptorType)):
            name = fn.__name__
            return args[0].call_method(tx, name, list(args[1:]), kwargs) \
                if hasattr(args[0], "call_method") else _bad(name)
        _refuse_overlapping_out(kwargs.get("out"))
        on_constants = all(a.is_constant() for a in (*args, *kwargs.values()))
        if on_constants:
            answered = _call_on_constants(tx, self.fn, fn, args, kwargs)
            if answered is not None:
                return answered
        try:
            result = tx.ctx.tensor_op("call_function", self.fn, list(args), kwargs,
                                      f"torch.{getattr(fn, '__name__', fn)}")
        except Unsupported as refused:
            if is_hashable(fn) and fn in CONSTANT_FACTORIES and \
                    refused.reason is BreakReason.EXCEPTION:
                _raise_as_eager(fn, args, kwargs)
            raise
        if on_constants and result.is_constant() and not _answers_alike(fn):
            raise Unsupported(f"torch.{getattr(fn, '__name__', fn)} with no tensor argument (it "
                              f"may change torch's global state)", BreakReason.UNSUPPORTED_CALL)
        if not on_constants and not _answers_alike(fn) and _returned_none(fn, result):
            raise Unsupported(f"torch.{getattr(fn, '__name__', fn)} of a tensor returns None: "
                              f"what it does is no value of the graph",
                              BreakReason.UNSUPPORTED_CALL)
        return result


def _known_output_size(args: list[Value], kwargs: dict[str, Value]) -> dict[str, Value]:
    """`torch.repeat_interleave(x, repeats, dim)` whose repeats tensor's value is known at
    trace time (made from constants, unwritten): its `output_size`, which the fake run needs
    and the real op takes as a hint that changes nothing (without it, the size depends on
    data). Any other call: the keywords as they were."""
    from compiler.values.tensor import TensorValue
    from compiler.values.tensor_known import known_value
    names = ["input", "repeats", "dim"]
    given = dict(zip(names, args)) | {k: v for k, v in kwargs.items() if k in names}
    source, repeats, dim = given.get("input"), given.get("repeats"), given.get("dim")
    if "output_size" in kwargs or not isinstance(source, TensorValue) or not isinstance(
            repeats, TensorValue) or (dim is not None and not dim.is_constant()):
        return kwargs
    known = known_value(repeats)
    if known is None or known.dim() > 1 or known.is_floating_point() or bool((known < 0).any()):
        return kwargs
    dim = dim.as_constant() if dim is not None else None
    if known.numel() == 1:
        size = source.example.numel() if dim is None else source.example.shape[dim]
        if not isinstance(size, int):  # a symbolic size: unknown here
            return kwargs
        total = size * int(known.reshape(-1)[0])
    else:
        total = int(known.sum())
    return {**kwargs, "output_size": ConstantValue(total)}


# Factories of torch that draw nothing: on constants, what their fake run raises, their real
# run raises too (`torch.tensor([[1, 2], [3]])`), which is the program's exception.
CONSTANT_FACTORIES = frozenset({
    torch.tensor, torch.as_tensor, torch.zeros, torch.ones, torch.full, torch.empty,
    torch.arange, torch.linspace, torch.logspace, torch.eye})


def _raise_as_eager(fn, args, kwargs) -> None:
    """The fake run of a factory on Python data failed: run it for real; what that raises is
    eager's exception (RaisedByProgram); if it does not, or the data is not all constants
    (lists and tuples of constants, nested), the refusal stands."""
    from compiler.values.base import RaisedByProgram
    try:
        real_args = [_data(a) for a in args]
        real_kwargs = {k: _data(v) for k, v in kwargs.items()}
    except _NotData:
        return
    try:
        fn(*real_args, **real_kwargs)
    except (TypeError, ValueError, RuntimeError, OverflowError, IndexError) as exc:
        raise RaisedByProgram(exc) from None


class _NotData(Exception):
    pass


def _data(value: Value):
    from compiler.values.containers import ListValue, TupleValue
    if isinstance(value, (ListValue, TupleValue)) and value.python_type() in (list, tuple):
        return value.python_type()(_data(item) for item in value.items)
    if value.is_constant() and type(value.as_constant()) in _DATA_TYPES:
        return value.as_constant()
    raise _NotData


_DATA_TYPES = (int, float, bool, complex, str, type(None), torch.dtype, torch.device,
               torch.layout, torch.memory_format)


def _refuse_overlapping_out(out: Value | None) -> None:
    """`out=` an input whose elements overlap (tensor.overlapping_input)."""
    from compiler.values.tensor import overlapping_input
    for value in (out.items if hasattr(out, "items") and isinstance(out.items, list) else [out]):
        if overlapping_input(value):
            raise Unsupported("out= an input whose elements overlap in memory",
                              BreakReason.UNSUPPORTED_CALL)


def _returned_none(fn, result: Value) -> bool:
    """A call of torch that returned None computed nothing the graph could hold: it was called
    for an effect on torch's state, which a node whose result is unused would drop. (An
    in-place op keeps its node; those return their tensor anyway.)"""
    name = getattr(fn, "__name__", "")
    return (result.is_constant() and result.as_constant() is None
            and not (name.endswith("_") and not name.endswith("__")))


# torch.nn.utils functions that iterate an iterable of tensors once (`m.parameters()`): a
# generator is drained into the tuple the graph's call gets, as they would exhaust it.
TAKE_PARAMETER_ITERABLES = frozenset({
    torch.nn.utils.parameters_to_vector, torch.nn.utils.clip_grad_norm_,
    torch.nn.utils.clip_grad_value_})


def _drained(tx, value: Value) -> Value:
    from compiler.values.containers import TupleValue
    from compiler.values.iterators import SequenceIteratorValue
    if isinstance(value, SequenceIteratorValue):
        return TupleValue(value.drain(tx))
    return value


# Callables of torch that give the same answer for the same constant arguments, and change
# nothing a program can see (`_log_api_usage_once` only counts the call for torch's logs).
PURE_ON_CONSTANTS = frozenset({
    torch.promote_types, torch.can_cast, torch.broadcast_shapes, torch.is_tensor,
    torch.is_storage, torch.typename, torch.result_type, torch.is_floating_point,
    torch.is_complex, torch.is_nonzero, torch._C._log_api_usage_once})
_QUERY_PREFIXES = ("is_", "are_", "get_", "has_", "len_")


def is_constant_answer(answer) -> bool:
    """An answer the graph can hold as a constant: no tensor in it."""
    return type(answer) in (bool, int, float, str, type(None), torch.dtype, torch.device) or (
        isinstance(answer, tuple) and all(is_constant_answer(a) for a in answer))


def _is_query(fn) -> bool:
    """Named as a question of torch's state (`torch.are_deterministic_algorithms_enabled`,
    `torch._C._get_tracing_state`): answered at trace time and guarded."""
    return getattr(fn, "__name__", "").lstrip("_").startswith(_QUERY_PREFIXES)


def _answers_alike(fn) -> bool:
    """Pure on constants, or a question of autocast state, which the entry's autocast guard
    holds (and the trace enters the program's autocast regions for real)."""
    return fn in PURE_ON_CONSTANTS or "autocast" in getattr(fn, "__name__", "")


def _call_on_constants(tx, called, fn, args, kwargs) -> Value | None:
    """A call of torch with only constants in computes nothing on tensors unless it makes one
    (a factory: None, for the graph). A query of torch's state is asked now, outside the fake
    mode, and guarded to answer the same (`torch.get_num_threads()`); a Python function of
    torch is inlined, its body says what it does. Any other call that gives a constant back may
    have changed torch's state, which would happen only while tracing: refused (above)."""
    if fn in PURE_ON_CONSTANTS:
        return None
    if _is_query(fn) and not kwargs:
        answer = called(*(a.as_constant() for a in args))
        if not is_constant_answer(answer):
            return None
        if not _answers_alike(fn):
            ctx = tx.ctx
            constants = tuple(ConstantSource(ctx.label_for(a.as_constant(), "arg"),
                                             a.as_constant()) for a in args)
            query = CallSource(ConstantSource(ctx.label_for(called, "fn"), called), constants)
            ctx.guard(query, GuardKind.ID if isinstance(answer, torch.dtype) else GuardKind.EQUALS,
                      answer)
        return ConstantValue(answer)
    if isinstance(fn, types.FunctionType) and not _is_query(fn):
        return UserFunctionValue(fn).call(tx, list(args), kwargs)
    return None


# Callables of torch whose call a module above models (a custom autograd Function's apply,
# torch.func's transforms): fn -> handler(tx, fn, args, kwargs). Those modules fill it at
# their import (compiler/values/__init__.py imports them), so this one does not import them.
MODELLED_CALLS: dict[Any, Any] = {}


def _kl_divergence(tx, fn, args, kwargs) -> Value:
    from compiler.values.distributions import kl_divergence
    return kl_divergence(tx, fn, args, kwargs)


MODELLED_CALLS[torch.distributions.kl.kl_divergence] = _kl_divergence


def _not_an_op(fn) -> str | None:
    """Why a callable of torch cannot be one call of the graph: a function torch made at run
    time (a torch.func transform's wrapper, named after the function it wraps, not its
    module's attribute of that name as boolean_dispatch's F.max_pool2d is) runs code the graph
    can neither name nor see. (A custom autograd Function's apply is modelled on its own.)"""
    if made_by_functorch(fn) or "<locals>" in getattr(fn, "__qualname__", "") and getattr(
            sys.modules.get(fn.__module__), fn.__name__, None) is not fn:
        return f"{fn.__qualname__}, a function torch made at run time"  # (not named in its module)
    return None


def made_by_functorch(fn) -> bool:
    """A transform's wrapper (`torch.func.vmap(torch.sum)`): functools.wraps gave it the name
    and module of what it wraps, its code tells where it was made."""
    code = getattr(fn, "__code__", None)
    return code is not None and "<locals>" in code.co_qualname and (
        os.path.join("torch", "_functorch", "") in code.co_filename)


def _bad(name: str):
    raise Unsupported(f"Tensor.{name} on a non-tensor", BreakReason.UNSUPPORTED_CALL)


class GradModeValue(Value):
    """`torch.no_grad()` / `torch.enable_grad()` / `torch.set_grad_enabled(b)` in a trace.

    Entering records `torch._C._set_grad_enabled` in the graph and sets the mode for the rest
    of tracing, so fake tensors get requires_grad right; leaving restores it.
    """

    def __init__(self, enabled: bool, applies_now: bool = False, tx=None):
        super().__init__(None)
        self.enabled = enabled
        self.previous: bool | None = None
        self.applied_on_call = applies_now
        if applies_now:  # set_grad_enabled(b) takes effect on call, like the real one
            self.previous = torch.is_grad_enabled()
            _set_grad(tx, self.enabled)

    def python_type(self) -> type:
        return torch.autograd.grad_mode.set_grad_enabled

    def enter(self, tx) -> Value:
        """As torch's `__enter__`, on every entry of the same object: no_grad / enable_grad
        save the mode each time; set_grad_enabled(b) keeps what it saved when made."""
        if not self.applied_on_call:
            self.previous = torch.is_grad_enabled()
        _set_grad(tx, self.enabled)
        return ConstantValue(None)

    def exit(self, tx) -> Value:
        _set_grad(tx, self.previous)
        return ConstantValue(None)

    def call(self, tx, args, kwargs) -> Value:
        if len(args) == 1 and not kwargs:  # used as a decorator: @torch.no_grad()
            inner = args[0]
            if isinstance(inner, UserFunctionValue):
                if self.applied_on_call:  # set_grad_enabled(b) gives the mode back
                    _set_grad(tx, self.previous)
                # each call enters a mode of its own and leaves it even when the call raises
                return ManagedFunctionValue(functools.partial(GradModeValue, self.enabled),
                                            inner, exits_on_raise=True)
        raise Unsupported("calling a grad-mode object", BreakReason.UNSUPPORTED_CALL)


class RestoreGradMode(BlockExit):
    """The real `__exit__` of a grad-mode `with` block at a graph break: the stack slot the
    resume function's exit path calls; it restores the mode from before the block. (At the
    break the runner sets the mode the breaking instruction runs in, the block's or an inner
    one's: nothing to enter.)"""

    def __init__(self, previous: bool):
        self.previous = previous

    def __call__(self, *exc_info) -> None:
        torch._C._set_grad_enabled(self.previous)

    def wrapped(self, ctx, source) -> Value:
        return wrap_restore_grad_mode(ctx, self, source)

    def __repr__(self) -> str:
        return f"RestoreGradMode({self.previous})"


class GradExitValue(Value):
    """The exit of a grad-mode `with` block on the stack: made by BEFORE_WITH (its manager
    knows the mode to restore once entered), or a RestoreGradMode handed to a resume function
    (guarded on the mode it restores)."""

    resumable_exit = True

    def __init__(self, manager: GradModeValue | None = None, previous: bool | None = None,
                 source=None):
        super().__init__(source)
        self.manager = manager
        self._previous = previous

    @property
    def previous(self) -> bool:
        return self.manager.previous if self.manager is not None else self._previous

    @property
    def real(self) -> RestoreGradMode:
        return RestoreGradMode(self.previous)

    def held_object(self) -> RestoreGradMode:
        return self.real  # rebuilt as a real exit, called by the resume function's handlers

    def python_type(self) -> type:
        return RestoreGradMode

    def call(self, tx, args, kwargs) -> Value:
        _set_grad(tx, self.previous)
        return ConstantValue(None)


def wrap_restore_grad_mode(ctx, obj: RestoreGradMode, source) -> GradExitValue:
    from compiler.guards.guard import GuardKind
    from compiler.guards.sources import AttrSource
    ctx.guard(AttrSource(source, "previous"), GuardKind.EQUALS, obj.previous)
    return GradExitValue(previous=obj.previous, source=source)


def _set_grad(tx, enabled: bool) -> None:
    torch._C._set_grad_enabled(enabled)
    tx.ctx.graph.graph.call_function(torch._C._set_grad_enabled, (enabled,))
