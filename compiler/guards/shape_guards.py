"""Guards of dynamic shapes: a tensor input whose symbolic dimensions are left to the ShapeEnv,
and each relation the ShapeEnv recorded about symbolic sizes (`L['x'].size()[0] <= 64`).

The ShapeEnv writes its guards over our sources (compiler/shapes/env.py), so they are Python
over L and G like any other condition; a failure names the relation and the sizes it read.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import torch
from torch.fx.experimental.symbolic_shapes import SYMPY_INTERP, is_concrete_int

from compiler.guards.guard import Binder, Condition, Guard, GuardKind
from compiler.guards.kinds import name_of
from compiler.guards.sources import Source

SIZE_READS = (".size()", ".stride()", ".storage_offset()")


@dataclasses.dataclass(frozen=True)
class SymbolicSpec:
    """A tensor input's metadata; a symbolic size or stride is its symbol's text ("s0")."""

    type: type
    dtype: torch.dtype
    device: torch.device
    shape: tuple[int | str, ...]
    stride: tuple[int | str, ...] | None
    requires_grad: bool
    layout: torch.layout = torch.strided

    @classmethod
    def of(cls, real: torch.Tensor, fake: torch.Tensor, with_stride: bool) -> SymbolicSpec:
        return cls(type(real), real.dtype, real.device, _shown(fake.shape),
                   _shown(fake.stride()) if with_stride else None, real.requires_grad,
                   real.layout)

    def refreshed(self, fake: torch.Tensor) -> SymbolicSpec:
        """After the trace: sizes it specialised are static now, compared here by value (the
        ShapeEnv leaves those to the tensor's own guard)."""
        stride = _shown(fake.stride()) if self.stride is not None else None
        return dataclasses.replace(self, shape=_shown(fake.shape), stride=stride)


def _shown(values) -> tuple[int | str, ...]:
    return tuple(int(v) if is_concrete_int(v) else str(v) for v in values)


@dataclasses.dataclass(frozen=True)
class SymbolicTensorGuard(Guard, kind=GuardKind.SYMBOLIC_TENSOR):
    """Like the tensor guard, but only the static sizes and strides are compared here; the
    symbolic ones are the ShapeEnv's (ShapeRelationGuard)."""

    expected: SymbolicSpec = dataclasses.field(compare=False)

    def conditions(self, binder: Binder) -> list[Condition]:
        s, spec = self.subject(binder), self.expected
        tests = [
            (f"type({s}) is {binder.bind(spec.type)}", f"type({s})", f"type({s})",
             name_of(spec.type)),
            (f"{s}.dtype is {binder.bind(spec.dtype)}", f"{s}.dtype", f"{s}.dtype",
             str(spec.dtype)),
            (f"{s}.device == {binder.bind(spec.device)}", f"{s}.device", f"{s}.device",
             repr(spec.device)),
            (f"{s}.dim() == {len(spec.shape)}", f"{s}.dim()", f"{s}.dim()",
             str(len(spec.shape))),
        ]
        for what, values in (("size", spec.shape), ("stride", spec.stride or ())):
            for i, v in enumerate(values):
                if isinstance(v, int):
                    read = f"{s}.{what}()[{i}]"
                    tests.append((f"{read} == {v}", read, read, str(v)))
        tests.append((f"{s}.requires_grad is {spec.requires_grad!r}", f"{s}.requires_grad",
                      f"{s}.requires_grad", repr(spec.requires_grad)))
        tests.append((f"{s}.layout is {binder.bind(spec.layout)}", f"{s}.layout", f"{s}.layout",
                      str(spec.layout)))
        return [Condition(test, _reason(shown, read, want)) for test, shown, read, want in tests]

    def describe(self) -> str:
        e = self.expected
        stride = f", stride={_tuple(e.stride)}" if e.stride is not None else ""
        return (f"{self.source.expr()}: {name_of(e.type)}(dtype={e.dtype}, device={e.device}, "
                f"shape={_tuple(e.shape)}{stride}, requires_grad={e.requires_grad})")


def _tuple(values) -> str:
    return "(" + ", ".join(str(v) for v in values) + ("," if len(values) == 1 else "") + ")"


def _reason(shown: str, read: str, want: str):
    return lambda get: f"{shown} == {want} (got {get(read)})"


@dataclasses.dataclass(frozen=True)
class ShapeRelationGuard(Guard, kind=GuardKind.SHAPE_RELATION):
    """One guard of the ShapeEnv: `expected` is (Python text over the sources' sizes, the
    sources it reads)."""

    expected: tuple[str, tuple[Source, ...]] = dataclasses.field(compare=False)

    def expected_key(self) -> Any:
        return self.expected[0]

    def conditions(self, binder: Binder) -> list[Condition]:
        text, sources = self.expected
        test = text
        for source in sorted(sources, key=lambda s: -len(s.expr())):
            held = binder.render(source)
            for read in SIZE_READS:
                test = test.replace(source.expr() + read, held + read)
        reads = _reads(text, sources)

        def reason(get) -> str:
            values = [(read, get(read)) for read in reads]
            if len(values) == 1:
                return f"{text} (got {values[0][1]})"
            return f"{text} (got {', '.join(f'{r} = {v}' for r, v in values)})"
        return [Condition(test, reason)]

    def describe(self) -> str:
        return self.expected[0]

    def constants(self) -> dict[str, Any]:
        names = dict(SYMPY_INTERP)
        for source in self.expected[1]:
            names.update(source.constants())
        return names


def _reads(text: str, sources) -> list[str]:
    """The sizes, strides and offsets `text` reads, and the symbolic numbers (an int input:
    `L['n']`), in order of first appearance."""
    names = "|".join(re.escape(s.expr()) for s in sorted(sources, key=lambda s: -len(s.expr())))
    pattern = rf"(?:{names})(?:\.size\(\)\[\d+\]|\.stride\(\)\[\d+\]|\.storage_offset\(\))?"
    return list(dict.fromkeys(re.findall(pattern, text)))


def relation_guards(shapes) -> list[Guard]:
    """The ShapeEnv's guards on the symbolic inputs of a trace (compiler/shapes/env.py), one
    per relation; a range `2 <= X <= 64` is two, so a failure names the bound it broke."""
    sources = tuple(i.source for i in shapes.inputs)
    guards = []
    for text in shapes.guard_expressions():
        for part in _split_range(text):
            used = tuple(s for s in sources if s.expr() in part)
            guards.append(ShapeRelationGuard(None, (part, used)))
    return guards


def _split_range(text: str) -> list[str]:
    """`2 <= X <= 64` or `2 <= X and X <= 64`: the two bounds of one size, as two guards."""
    match = (re.fullmatch(r"(-?\d+) <= ([^ ]+) <= (-?\d+)", text)
             or re.fullmatch(r"(-?\d+) <= ([^ ]+) and \2 <= (-?\d+)", text))
    if match is None:
        return [text]
    low, middle, high = match.groups()
    return [f"{low} <= {middle}", f"{middle} <= {high}"]


def with_shape_guards(check, shapes, function):
    """`check` with the ShapeEnv's guards added, once nothing more will add to them (after the
    backend compiled the graph)."""
    from compiler import logs
    from compiler.guards.check import CheckFunction
    if shapes is None or not shapes.symbolic:
        return check
    fakes = {i.source.expr(): i.fake for i in shapes.inputs}
    guards = [SymbolicTensorGuard(g.source, g.expected.refreshed(fakes[g.source.expr()]))
              if isinstance(g, SymbolicTensorGuard) else g for g in check.guards]
    relations = relation_guards(shapes)
    logs.log("guards", "symbolic sizes of %s:\n  %s\n shape guards:\n  %s",
             function.__qualname__, "\n  ".join(shapes.symbols()),
             "\n  ".join(g.describe() for g in relations) or "(none)")
    return CheckFunction([*guards, *relations])
