"""The ShapeEnv of one trace and the fake tensors of its inputs, with symbolic sizes where the
policy says so (compiler/shapes/policy.py).

ShapeEnv names each size by a torch `Source`; `ShapeSource` adapts ours, so a guard the ShapeEnv
produces reads `L['x'].size()[0] <= 64`, the same expression our check function evaluates.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools

import torch
from torch._dispatch.python import enable_python_dispatcher
from torch._guards import GuardSource
from torch._guards import Source as TorchSource
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import (
    DimDynamic,
    ShapeEnv,
    StatelessSymbolicContext,
    is_concrete_int,
)
from torch.utils._sympy.numbers import int_oo

from compiler.guards.sources import Source
from compiler.shapes.op_memo import FakeOpMemo
from compiler.shapes.policy import InputDims


@dataclasses.dataclass(frozen=True)
class ShapeSource(TorchSource):
    """One of our sources, as the ShapeEnv names the tensors whose sizes it tracks."""

    source: Source

    @functools.cached_property
    def _name_template(self) -> str:
        return self.source.expr()

    @functools.cached_property
    def guard_source(self) -> GuardSource:
        return GuardSource.LOCAL


def has_symbols(fake: torch.Tensor) -> bool:
    return not all(is_concrete_int(s) for s in (*fake.shape, *fake.stride()))


class TraceFakeMode(FakeTensorMode):
    """The fake mode of one trace. With symbolic sizes (`cache_outer_ops_only`), torch's
    fake-op cache keeps only the costly aten ops the trace runs itself, those whose fake run is
    a decomposition into several ops (batch norm, layer norm): a repeated block then skips
    them. A symbolic cache entry, or a hit, costs about what a small op does (an output
    synthesised from symbolic sizes), so small ops, and the ops run inside a decomposition, are
    not cached. Graph ops the memo answers (op_memo.py) do not get here; this cache serves
    the others, those whose outputs need grad among them (below autograd, torch's entries
    need none)."""

    COSTLY = 4  # inner ops of a fake run that make its op worth caching

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.cache_outer_ops_only = False
        self._depth = 0
        self._inner_ops = 0  # the ops run inside outer ones so far
        self._costly: set = set()  # the outer ops whose fake run was costly

    def dispatch(self, func, types, args=(), kwargs=None):
        if not self.cache_outer_ops_only:
            return super().dispatch(func, types, args, kwargs)
        cache_enabled, outer, inner = self.cache_enabled, self._depth == 0, self._inner_ops
        self.cache_enabled = cache_enabled and outer and func in self._costly
        self._depth += 1
        self._inner_ops += not outer
        try:
            return super().dispatch(func, types, args, kwargs)
        finally:
            self._depth -= 1
            self.cache_enabled = cache_enabled
            if outer and self._inner_ops - inner >= self.COSTLY:
                self._costly.add(func)


def new_fake_mode() -> TraceFakeMode:
    """Data-dependent outputs (`nonzero`, `item()`) stay errors, hence graph breaks: no
    unbacked symbols."""
    env = ShapeEnv(allow_scalar_outputs=False, allow_dynamic_output_shape_ops=False)
    return TraceFakeMode(shape_env=env)


@dataclasses.dataclass
class SymbolicInput:
    source: Source
    fake: torch.Tensor | torch.SymInt  # a SymInt for an int argument
    symbols: list  # (dim, its symbol when the input was made); dim None for an int

    @classmethod
    def of(cls, source: Source, fake: torch.Tensor) -> SymbolicInput:
        return cls(source, fake, [(d, size.node.expr) for d, size in enumerate(fake.shape)
                                  if not is_concrete_int(size)])


class ShapeInputs:
    """The symbolic tensor inputs of one trace, in the order they were met."""

    def __init__(self, mode: TraceFakeMode):
        self.mode = mode
        self.env: ShapeEnv = mode.shape_env
        self.inputs: list[SymbolicInput] = []
        self.memo: FakeOpMemo | None = None  # made with the first symbolic input

    def fakeify(self, source: Source, real: torch.Tensor, dims: InputDims | None):
        if dims is None or not dims.any_symbolic:
            fake = self.mode.from_tensor(real, static_shapes=True)
            if has_symbols(fake):  # the base of a symbolic input met before: memoized so
                self.inputs.append(SymbolicInput.of(source, fake))
            return fake
        context = StatelessSymbolicContext(
            dynamic_sizes=list(dims.sizes),
            dynamic_strides=None if dims.strides is None else list(dims.strides))
        fake = self.mode.from_tensor(real, source=ShapeSource(source), symbolic_context=context)
        for d, (low, high) in dims.bounds.items():
            size = fake.shape[d]
            if not is_concrete_int(size):
                symbol = size.node.expr
                current = self.env.var_to_range[symbol]
                self.env.constrain_symbol_range(
                    symbol, max(low if low is not None else 0, current.lower),
                    high if high is not None else int_oo)
        if has_symbols(fake):
            self.mode.cache_outer_ops_only = True
            self.memo = self.memo or FakeOpMemo(self.mode)
            self.inputs.append(SymbolicInput.of(source, fake))
        return fake

    def int_input(self, source: Source, value: int) -> torch.SymInt | int:
        """The symbol of an int argument (it may be negative: not duck sized), or the int
        itself should the ShapeEnv specialise it."""
        symint = self.env.create_unspecified_symint_and_symbol(value, ShapeSource(source),
                                                               DimDynamic.DYNAMIC)
        if is_concrete_int(symint):
            return int(symint)
        self.mode.cache_outer_ops_only = True
        self.memo = self.memo or FakeOpMemo(self.mode)
        self.inputs.append(SymbolicInput(source, symint, [(None, symint.node.expr)]))
        return symint

    @property
    def symbolic(self) -> bool:
        return bool(self.inputs)

    def run_op(self, kind: str, target, fake_inputs: tuple | None, run, effects):
        """`run()`, the fake run of one graph op; with symbolic sizes an earlier run of the
        same op on arguments of the same metadata may answer instead (op_memo.py)."""
        if self.memo is None or fake_inputs is None:
            return run()
        return self.memo.run(kind, target, *fake_inputs, run, effects)

    def dispatcher(self):
        """With symbolic sizes, ops run through torch's Python dispatcher, as torch.compile's
        tracing does: composite ops then decompose in Python, symbolically, where their C++
        decomposition would specialise a size (`F.pad` of a 1-d tensor)."""
        return enable_python_dispatcher() if self.inputs else contextlib.nullcontext()

    def symbols(self) -> list[str]:
        """Each input size traced as a symbol, what it was traced with, and what the trace
        made of it: `s0 = L['x'].size()[0] (traced at 3)`, `... specialised to 3`."""
        lines, seen = [], set()
        for i in self.inputs:
            for d, symbol in i.symbols:
                if symbol in seen:
                    continue
                seen.add(symbol)
                size = i.fake if d is None else i.fake.shape[d]
                now = size.node.expr
                fate = (f"specialised to {now}" if now.is_number else f"as {now}"
                        if now != symbol else "symbolic")
                read = i.source.expr() if d is None else f"{i.source.expr()}.size()[{d}]"
                lines.append(f"{symbol} = {read} (traced at {size.node.hint}, {fate})")
        return lines

    def guard_expressions(self) -> list[str]:
        """What the trace (and the backend, when called after it) assumed of the symbolic
        sizes, as Python over L and G."""
        if not self.inputs:
            return []
        return self.env.produce_guards([i.fake for i in self.inputs],
                                       [ShapeSource(i.source) for i in self.inputs])
