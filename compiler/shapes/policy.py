"""Which dimensions of a tensor input a compile traces as symbols.

`dynamic=False` specialises every size; `True` makes every size symbolic (duck sized: sizes
equal at the first compile share a symbol); `None` (automatic dynamic, as torch.compile)
specialises on the first compile and, once a dimension of an input has been seen with two
sizes, traces it symbolic (a symbol of its own) in every later compile of that code object, as
`True` does for its later compiles. Strides are automatic too: a stride seen changing while
its tensor's rank stays is traced symbolic from then on (a slice of ever longer rows); other
strides follow from the sizes. `mark_static` and `mark_dynamic` on the tensor win over all
three; parameters and buffers of modules are always specialised. An int argument of the frame
follows the same rule, as a size would: traced as a symbol once seen with two values (always
with `True`), unless a trace with int symbols was refused, which is then made again with them
specialised (compiler/entry.py).
"""

from __future__ import annotations

import dataclasses

import torch
from torch.fx.experimental.symbolic_shapes import DimDynamic

from compiler import logs
from compiler.shapes.marks import dynamic_marks, static_marks


@dataclasses.dataclass(frozen=True)
class InputDims:
    """How one tensor input is fakeified: a DimDynamic per dimension, and the [min, max] of
    the dimensions `mark_dynamic` bounded."""

    sizes: tuple[DimDynamic, ...]
    bounds: dict[int, tuple[int | None, int | None]]
    strides: tuple[DimDynamic, ...] | None = None  # None: each follows from the sizes

    @property
    def any_symbolic(self) -> bool:
        return any(d is not DimDynamic.STATIC for d in self.sizes) or (
            self.strides is not None and DimDynamic.DYNAMIC in self.strides)


class AutomaticDynamic:
    """Per code object and per kind (`size`, `stride`): what each input had when last
    compiled, None where it changed."""

    def __init__(self):
        self.seen: dict[tuple[str, str], tuple[int | None, ...]] = {}

    def changed_dims(self, name: str, values: tuple[int, ...], kind: str = "size") -> set[int]:
        before = self.seen.get((name, kind))
        if before is None or len(before) != len(values):
            return set()
        return {i for i, (old, new) in enumerate(zip(before, values))
                if old is None or old != new}

    def record(self, name: str, values: tuple[int, ...], kind: str = "size") -> None:
        before = self.seen.get((name, kind))
        if before is not None and len(before) == len(values):
            for i, (old, new) in enumerate(zip(before, values)):
                if old is not None and old != new:
                    what = name if kind == "int" else f"{name}.{kind}()[{i}]"
                    logs.log("recompiles", "automatic dynamic: %s was %d, now %d: "
                             "traced symbolic from now on", what, old, new)
            values = tuple(None if old is None or old != new else new
                           for old, new in zip(before, values))
        self.seen[(name, kind)] = values


class ShapePolicy:
    def __init__(self, dynamic: bool | None):
        if dynamic not in (None, True, False):
            raise ValueError(f"dynamic must be None, True or False, got {dynamic!r}")
        self.dynamic = dynamic
        self.automatic = AutomaticDynamic()
        self.ints_static = False  # for a trace again after one with int symbols was refused
        self.made_int_symbols = False  # by the current trace

    def int_is_symbolic(self, name: str, value: int) -> bool:
        """Whether an int argument of the frame is traced as a symbol: never with
        `dynamic=False` nor while ints are held static; with `None`, once the argument has
        been seen with two values, as a size is; with `True`, always."""
        if self.dynamic is False or self.ints_static:
            return False
        changed = self.automatic.changed_dims(name, (value,), "int")
        self.automatic.record(name, (value,), "int")
        symbolic = self.dynamic is True or bool(changed)
        self.made_int_symbols |= symbolic
        return symbolic

    def dims_of(self, name: str, t: torch.Tensor, module_state: bool) -> InputDims:
        shape = tuple(t.shape)
        static = static_marks(t)
        marked = {d: b for d, b in dynamic_marks(t).items() if _within(shape[d], b)}
        changed, changed_strides = set(), set()
        if self.dynamic is not False and not module_state:
            changed = self.automatic.changed_dims(name, shape)
            self.automatic.record(name, shape)
            stride = tuple(t.stride()) if t.layout is torch.strided else ()
            changed_strides = self.automatic.changed_dims(name, stride, "stride")
            self.automatic.record(name, stride, "stride")
        sizes = []
        for d in range(len(shape)):
            if d in static:
                sizes.append(DimDynamic.STATIC)
            elif d in marked or (d in changed and not module_state):
                sizes.append(DimDynamic.DYNAMIC)
            elif module_state:
                sizes.append(DimDynamic.STATIC)
            elif self.dynamic is True:
                sizes.append(DimDynamic.DUCK)
            else:
                sizes.append(DimDynamic.STATIC)
        bounds = {d: b for d, b in marked.items() if b != (None, None)}
        strides = None
        if changed_strides:
            strides = tuple(DimDynamic.DYNAMIC if d in changed_strides else
                            DimDynamic.INFER_STRIDE for d in range(len(shape)))
        return InputDims(tuple(sizes), bounds, strides)

    def forget(self) -> None:
        self.automatic = AutomaticDynamic()


def _within(size: int, bounds: tuple[int | None, int | None]) -> bool:
    """A size outside the bounds it was marked with is specialised for this compile."""
    low, high = bounds
    return (low is None or size >= low) and (high is None or size <= high)
