"""The compiled callable: on each call, find a cache entry whose guards hold and run it, or
translate the frame on a miss (a recompile when entries exist), up to the cache limit.
"""

from __future__ import annotations

import functools
import inspect
import types
import warnings
import weakref

import torch

from compiler import logs
from compiler.cache.binding import FrameBinder
from compiler.cache.entries import CacheEntry, CodeCache, CompileStats, InternalError
from compiler.cache.graph_raised import GraphRaised
from compiler.cache.graph_run import graph_runner
from compiler.config import config
from compiler.errors import BreakReason, Unsupported
from compiler.graph.backends import resolve
from compiler.guards.check import CheckFunction
from compiler.guards.shape_guards import with_shape_guards
from compiler.shapes.policy import ShapePolicy
from compiler.values.inference_mode import enter_region

_ALL: weakref.WeakSet[CompiledFunction] = weakref.WeakSet()


class CompiledFunction:
    def __init__(self, fn, backend="eager", fullgraph: bool = False, dynamic=None,
                 stats: CompileStats | None = None, nested: bool = False):
        self.original = fn
        self.is_nested = nested  # a resume function or a callee at a break: not the entry
        if isinstance(fn, torch.nn.Module):
            self.function = type(fn).forward
            self.bound_self = fn
        elif isinstance(fn, types.MethodType):
            self.function, self.bound_self = fn.__func__, fn.__self__
        elif isinstance(fn, types.FunctionType):
            self.function, self.bound_self = fn, None
        elif isinstance(inspect.getattr_static(type(fn), "__call__", None), types.FunctionType):
            self.function, self.bound_self = type(fn).__call__, fn  # a callable object
        else:
            raise TypeError(f"compiler.compile expects a function, an nn.Module or an object "
                            f"whose class defines __call__, got {type(fn).__qualname__}")
        self.backend = resolve(backend)
        self.backend_spec = backend
        self.fullgraph = fullgraph
        self.dynamic = dynamic
        self.shape_policy = ShapePolicy(dynamic)
        self.stats = stats if stats is not None else CompileStats()
        self.nested_frames: list[CompiledFunction] = []  # resume functions and callees
        self.globals = self.function.__globals__  # a function's globals are never reassigned
        self._take_code()
        functools.update_wrapper(self, self.function, updated=())
        for name, value in vars(self.function).items():  # its attributes, not over the state
            vars(self).setdefault(name, value)
        _ALL.add(self)

    def _take_code(self) -> None:
        """Compile the function's code as it is now: its cache, binder and skip reason. A
        program may assign the function's `__code__`; the next call then starts afresh."""
        self.code = self.function.__code__
        self.cache = CodeCache()
        self.binder = FrameBinder(self.function)
        self.skip_reason = _skip_reason(self.function)

    def __get__(self, instance, owner=None):
        """Read from an instance (a compiled function in a class body): a method bound to it,
        as the function's own `__get__` gives; a compiled module, bound method or callable
        object binds nothing, as the object itself would not."""
        if instance is None or not isinstance(self.original, types.FunctionType):
            return self
        return types.MethodType(self, instance)

    def __call__(self, *args, **kwargs):
        if self.bound_self is not None:
            args = (self.bound_self, *args)
        if self.function.__code__ is not self.code:
            self._take_code()
        if self.skip_reason:
            if self.fullgraph:  # fullgraph compiles or refuses; it never runs eagerly
                raise Unsupported(self.skip_reason, BreakReason.SKIPPED_FRAME)
            if not self.stats.fallbacks or self.stats.fallbacks[-1] != self.skip_reason:
                self.stats.fallbacks.append(self.skip_reason)
            return self.function(*args, **kwargs)
        binder = self.binder
        if not kwargs and len(args) == binder.arity:  # FrameBinder.bind's first case, inlined
            frame_locals = binder.by_position(*args)
        else:
            frame_locals = binder.bind(args, kwargs)
        G = self.globals
        for entry in self.cache.entries:  # CodeCache.lookup, inlined: it runs on every call
            if entry.guard(frame_locals, G):
                return entry.run(args, kwargs, frame_locals, G)
        entry = self._compile(frame_locals, G)
        if entry is None:
            return self.function(*args, **kwargs)
        return entry.run(args, kwargs, frame_locals, G)

    # -- compiling ----------------------------------------------------------------------------
    def _compile(self, frame_locals, G) -> CacheEntry | None:
        if len(self.cache.entries) >= config.cache_limit:
            self.stats.cache_limit_hits += 1
            if self.fullgraph:
                raise Unsupported(f"{self.function.__qualname__} reached the cache limit "
                                  f"({config.cache_limit})", BreakReason.SKIPPED_FRAME)
            if not self.cache.warned_limit:
                self.cache.warned_limit = True
                reason = self.cache.miss_reason(frame_locals, G)
                warnings.warn(f"parity: {self.function.__qualname__} reached the cache limit "
                              f"({config.cache_limit}); running it eagerly from now on. "
                              f"Last reason: {reason}", stacklevel=3)
                self.stats.fallbacks.append(f"cache limit {config.cache_limit} reached")
            return None
        reason = self.cache.miss_reason(frame_locals, G)
        if reason is not None:
            self.stats.recompiles.append(reason)
            logs.log("recompiles", "recompiling %s: %s", self.function.__qualname__, reason)
        self.stats.frames += 1
        if not self.is_nested:
            self.stats.compiles += 1
            code = self.function.__code__
            key = f"{code.co_qualname}:{code.co_firstlineno}"  # the cache limit is per code
            self.stats.compiles_by_code[key] = self.stats.compiles_by_code.get(key, 0) + 1
        result = self._trace(frame_locals)
        entry = self._split_entry(result, frame_locals) if self._can_split(result) else None
        if entry is None:
            entry = self._entry_from(result)
        self.cache.entries.append(entry)
        return entry

    def _split_entry(self, result, frame_locals) -> CacheEntry | None:
        """Trace again up to the break and make the entry that resumes after it."""
        stop = result.stopped
        split = self._trace(frame_locals, break_at=stop.break_index)
        if split.stopped is not None:
            return None
        try:
            entry = self._entry_from(split)
        except Unsupported as why_not:
            logs.log("graph_breaks", "cannot split %s: %s", self.function.__qualname__, why_not)
            return None
        if stop.raised is None:
            self.stats.graph_breaks.append((stop.what, stop.where or "?"))
            logs.log("graph_breaks", "graph break in %s: %s", self.function.__qualname__, stop)
        return entry

    def _can_split(self, result) -> bool:
        """An uncaught raise always splits (the graph before it is whole); other breaks only
        outside fullgraph."""
        stop = result.stopped
        if stop is None or stop.break_index is None:
            return False
        if stop.raised is not None:
            return True
        return result.raised is None and not self.fullgraph and config.graph_breaks

    def nested(self, fn) -> CompiledFunction:
        """A frame reached from this one at a graph break, sharing its statistics."""
        frame = CompiledFunction(fn, backend=self.backend_spec, fullgraph=self.fullgraph,
                                 dynamic=self.dynamic, stats=self.stats, nested=True)
        self.nested_frames.append(frame)
        return frame

    def _trace(self, frame_locals, break_at=None):
        """A trace with int arguments as symbols that is refused is made again with ints
        specialised, as they are from then on for this function: an int symbol never costs
        a graph break, nor a refusal under fullgraph."""
        policy = self.shape_policy
        policy.made_int_symbols = False
        result = self._trace_once(frame_locals, break_at)
        stop = result.stopped
        if stop is not None and stop.raised is None and policy.made_int_symbols:
            logs.log("recompiles", "%s: refused with int arguments as symbols (%s); ints are "
                     "specialised from now on", self.function.__qualname__, stop)
            policy.ints_static = True
            result = self._trace_once(frame_locals, break_at)
        return result

    def _trace_once(self, frame_locals, break_at):
        from compiler.symbolic.trace import TraceResult, trace_frame
        try:
            return trace_frame(self.function, frame_locals, break_at,
                               guard_aliasing=self.backend_spec != "eager",
                               shape_policy=self.shape_policy)
        except Exception as exc:  # a bug of ours: never let it change the program's result
            if config.raise_internal_errors:
                raise
            self.stats.internal_errors.append(InternalError.of(exc))
            stop = Unsupported(f"internal error while tracing: {type(exc).__name__}: {exc}",
                               BreakReason.UNSUPPORTED_VALUE)
            return TraceResult(guards=[], stopped=stop)

    def _entry_from(self, result) -> CacheEntry:
        check = CheckFunction(result.guards)
        logs.log("guards", "guards of %s:\n  %s", self.function.__qualname__,
                 "\n  ".join(check.describe()))
        if result.stopped is not None:
            stop = result.stopped
            if self.fullgraph:  # a frame that raises too: the eager run is not compiled
                raise stop
            if result.raised is None:
                self.stats.graph_breaks.append((stop.what, stop.where or "?"))
                logs.log("graph_breaks", "graph break in %s: %s", self.function.__qualname__,
                         stop)
            self.stats.fallbacks.append(str(stop))
            return CacheEntry(check, self._run_eagerly)
        return self._compiled_entry(check, result)

    def _compiled_entry(self, check, result) -> CacheEntry:
        rebuild = result.rebuild
        if result.resume is not None:
            from compiler.cache.breaks import BreakRunner
            runner = BreakRunner(self, result.resume)  # raises Unsupported if it cannot resume
            finish = rebuild

            def rebuild(L, G, outputs):
                stack, frame_locals = finish(L, G, outputs)
                return runner.continue_from(stack, frame_locals)

        if result.graph is None:
            check = with_shape_guards(check, result.shapes, self.function)
            return CacheEntry(check, lambda args, kwargs, L, G: rebuild(L, G, ()),
                              rebuild_source=result.rebuild_source)
        logs.log("graph", "graph of %s:\n%s", self.function.__qualname__, result.graph.code)
        compiled = self.backend(result.graph, list(result.example_inputs))
        check = with_shape_guards(check, result.shapes, self.function)  # the backend's too
        self.stats.graphs += 1
        self.stats.ops += result.op_count
        targets = {node.target for node in result.graph.graph.nodes}
        raised = GraphRaised(self, result, sets_grad_mode=torch._C._set_grad_enabled in targets,
                             enters_autocast=torch.amp._enter_autocast in targets,
                             enters_inference_mode=enter_region in targets,
                             sets_default_dtype=torch.set_default_dtype in targets)
        run = graph_runner(result.input_sources, compiled, rebuild, raised)
        return CacheEntry(check, run, graph_source=result.graph.code,
                          rebuild_source=result.rebuild_source)

    def _run_eagerly(self, args, kwargs, L, G):
        return self.function(*args, **kwargs)


def _skip_reason(fn) -> str | None:
    flags = fn.__code__.co_flags
    if flags & inspect.CO_GENERATOR:
        return "generator functions are never traced"
    if flags & (inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR):
        return "coroutines are never traced"
    return None


def reset_all() -> None:
    for compiled in list(_ALL):
        compiled.nested_frames = []
        compiled.cache = CodeCache()
        compiled.shape_policy.forget()
        compiled.stats = CompileStats()
