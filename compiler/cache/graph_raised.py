"""What a compiled frame does when its graph raises at run time.

An op can fail only on real data (an index out of bounds, bad gather indices, a singular
matrix): fake tensors let the trace through, the graph raises. The graph runs before any
deferred side effect is replayed (compiler/graph/output.py), and outside the frame's try
blocks. When it wrote nothing observable (no input, parameter, buffer or global tensor written
in place; the RNG state put back), the frame runs again eagerly from its start, with the same
arguments: a resume function is its own code. Its handlers run, its side effects happen and
eager's own exception is the one that leaves. That run is no compile and no recompile.

A graph that writes an input in place cannot run twice as it is. When a handler of the frame
or a side effect deferred before its ops could tell, the inputs it writes are copied before it
runs and put back before the eager run (compiler/symbolic/trace.py, `put_back`); otherwise its
exception leaves the frame as it is, which is eager's behaviour.
"""

from __future__ import annotations

import torch

from compiler import logs
from compiler.config import config
from compiler.errors import CompilerBug


class GraphRaised:
    def __init__(self, owner, result, sets_grad_mode: bool, enters_autocast: bool = False,
                 enters_inference_mode: bool = False, sets_default_dtype: bool = False):
        self.owner = owner  # the CompiledFunction: its function, and its stats at the time
        self.under_handler = result.under_handler
        self.rerunnable = result.rerunnable
        self.draws_random = result.draws_random and result.rerunnable
        self.sets_grad_mode = sets_grad_mode
        self.enters_autocast = enters_autocast
        self.enters_inference_mode = enters_inference_mode
        self.sets_default_dtype = sets_default_dtype
        self.put_back = result.put_back
        self.saves_state = (self.draws_random or sets_grad_mode or enters_autocast
                            or enters_inference_mode or sets_default_dtype
                            or bool(self.put_back))

    def save(self, inputs: list) -> tuple:
        """What the graph may change before it raises: the grad mode, the RNG state, the
        inputs it writes in place (their copies), the autocast state, the inference-mode
        regions open and the default dtype."""
        copies = []
        if self.put_back:
            with torch.no_grad():
                # the storage's bytes, not the elements: exact for any layout (an expanded
                # input, whose elements overlap, cannot be written element by element)
                copies = [(inputs[i], inputs[i].untyped_storage().clone())
                          for i in self.put_back]
        from compiler.values.autocast import saved_state
        from compiler.values.inference_mode import open_regions
        return (torch.is_grad_enabled() if self.sets_grad_mode else None,
                torch.get_rng_state() if self.draws_random else None, copies,
                saved_state() if self.enters_autocast else None,
                open_regions() if self.enters_inference_mode else None,
                torch.get_default_dtype() if self.sets_default_dtype else None)

    def rerun(self, args, kwargs, L: dict, exc: BaseException,
              state: tuple = (None, None, (), None, None, None)):
        """Called in the handler of the graph's exception `exc`: the frame's eager result, or
        `exc` again when the frame cannot run twice (then a default dtype the graph set stays
        set, as eager's code set it before the same exception)."""
        grad_mode, rng, copies, autocast, regions, default_dtype = state
        if regions is not None:  # inference-mode regions the graph entered and did not leave
            from compiler.values.inference_mode import leave_regions
            leave_regions(regions)
        if autocast is not None:  # blocks the graph entered and did not leave: left
            from compiler.values.autocast import restore_state
            restore_state(autocast)
        if not self.rerunnable or not isinstance(exc, Exception):  # KeyboardInterrupt: as is
            _leave_grad_blocks(grad_mode, L, exc)
            raise exc
        if grad_mode is not None:  # the eager run leaves the blocks it enters itself
            torch._C._set_grad_enabled(grad_mode)
        if rng is not None:
            torch.set_rng_state(rng)
        if default_dtype is not None:
            torch.set_default_dtype(default_dtype)
        if copies:
            with torch.no_grad():
                for written, copy in copies:
                    written.untyped_storage().copy_(copy)
        result = self.owner.function(*args, **kwargs)
        if not self.under_handler:
            self._graph_was_wrong(exc)
        return result

    def _graph_was_wrong(self, exc: BaseException) -> None:
        """No handler of the frame was around the graph's ops, yet the eager run returned: the
        graph raised where the program does not (a backend's bug). The eager result stands;
        the mismatch is recorded as a fallback, and is an error where internal errors are."""
        what = (f"the graph of {self.owner.function.__qualname__} raised "
                f"{type(exc).__name__}: {exc} where the eager run did not; ran eagerly")
        logs.log("graph", "%s", what)
        self.owner.stats.fallbacks.append(what)
        self.owner.stats.wrong_graphs.append(what)
        if config.raise_internal_errors:
            raise CompilerBug(what) from exc


def _leave_grad_blocks(grad_mode: bool | None, L: dict, exc: BaseException) -> None:
    """A graph raised: the mode is the frame's at entry (when the graph set it), then the
    `with` blocks a resume function was entered in (their exits among its arguments, none of
    them called yet: the graph is the frame's first code) are left, innermost first, whether or
    not the graph set the grad mode (compiler/values/block_exits.py)."""
    from compiler.values.block_exits import BlockExit
    if grad_mode is not None:
        torch._C._set_grad_enabled(grad_mode)
    BlockExit.leave_all(L.values(), exc)
