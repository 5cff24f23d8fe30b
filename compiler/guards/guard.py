"""What a guard is: `Guard`, one subclass per `GuardKind`, registered by kind.

A guard kind is one class (compiler/guards/kinds.py): its typed `expected`, how two guards of
the kind are the same (`expected_key`), its conditions as Python source (`conditions`), each
with the reason given when it fails, and the line a person reads (`describe`). Declaring
`class LengthGuard(Guard, kind=GuardKind.LENGTH)` registers it; registering a kind twice is an
error, and `check_complete()` (run when compiler/guards/check.py has imported every module
of kinds) fails when a member of `GuardKind` has no class. check.py also compiles a list of
guards into the one check function run on every call.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple

import torch

from compiler.guards.sources import Source


class GuardKind(enum.Enum):
    TYPE = "type"                # type(S) is T
    ID = "id"                    # S is obj (functions, modules, classes)
    EQUALS = "equals"            # type(S) is type(v) and S == v
    TENSOR = "tensor"            # type, dtype, device, shape, stride, requires_grad
    LENGTH = "length"            # len(S) == n
    DICT_KEYS = "dict_keys"      # list(S) == keys, in order
    SAME_OBJECT = "same_object"  # S is other
    DISTINCT = "distinct"        # S is not other
    ALL_DISTINCT = "all_distinct"  # S and the others are as many objects, expected = sources
    HASATTR = "hasattr"          # hasattr(S, name) is v, expected = (name, v)
    INSTANCE_ATTR = "instance_attr"  # (name in S.__dict__) is v, expected = (name, v)
    STORAGE_ALIASING = "storage_aliasing"  # which tensor inputs share storage, expected =
                                           # (sources, pattern)
    GRAD_MODE = "grad_mode"      # torch.is_grad_enabled() is v
    DEFAULT_DTYPE = "default_dtype"  # torch.get_default_dtype() is v
    AUTOCAST = "autocast"        # the autocast state is v (compiler/guards/autocast.py)
    INFERENCE_MODE = "inference_mode"  # torch.is_inference_mode_enabled() is v
    HANDLED_EXCEPTION = "handled_exception"  # sys.exc_info()[1] is None at the call
                                             # (compiler/guards/exception_state.py)
    SYMBOLIC_TENSOR = "symbolic_tensor"  # TENSOR with symbolic sizes left to SHAPE_RELATION
    SHAPE_RELATION = "shape_relation"    # a ShapeEnv guard over sizes: L['x'].size()[0] <= 64


@dataclasses.dataclass(frozen=True)
class TensorSpec:
    type: type
    dtype: torch.dtype
    device: torch.device
    shape: tuple[int, ...]
    stride: tuple[int, ...] | None
    requires_grad: bool
    # a sparse COO tensor has strides too ((0,) for one of shape (2,), as an expanded one)
    layout: torch.layout = torch.strided

    @classmethod
    def of(cls, t: torch.Tensor, with_stride: bool = True) -> TensorSpec:
        return cls(type(t), t.dtype, t.device, tuple(t.shape),
                   tuple(t.stride()) if with_stride else None, t.requires_grad, t.layout)

    def matches(self, t) -> bool:
        """The tensor guard's conditions in one call, in their order (`matcher`'s)."""
        return self.matcher()(t)

    def matcher(self) -> Callable[[Any], bool]:
        """`matches` as the check function calls it, once per tensor on every call: a closure
        over the expected fields (no attribute of the spec read at the call), one call per
        tensor (inlined, the conditions would make the check function slower to compile)."""
        T, dtype, device, shape, stride, requires_grad, layout = (
            self.type, self.dtype, self.device, self.shape, self.stride, self.requires_grad,
            self.layout)
        if stride is None:
            def matches(t) -> bool:
                return (type(t) is T and t.dtype is dtype and t.device == device
                        and t.size() == shape and t.requires_grad is requires_grad
                        and t.layout is layout)
        else:
            def matches(t) -> bool:
                return (type(t) is T and t.dtype is dtype and t.device == device
                        and t.size() == shape and t.stride() == stride
                        and t.requires_grad is requires_grad and t.layout is layout)
        return matches


def storage_pattern(tensors) -> tuple:
    """For each tensor, the index of the first tensor with the same storage, and where it
    starts in that storage when the storage is shared (views of one base)."""
    first: dict[int, int] = {}
    owners = [first.setdefault(t.untyped_storage().data_ptr(), i)
              for i, t in enumerate(tensors)]
    shared = {o for o in owners if owners.count(o) > 1}
    return tuple((o, t.storage_offset() if o in shared else 0)
                 for o, t in zip(owners, tensors))


Getter = Callable[[str], Any]


class Condition(NamedTuple):
    """One test of a guard: Python source over `L`/`G` and the bound constants, and the
    reason it failed, built from `get(expr)`, which evaluates an expression on the failing
    inputs: `L['x'].dtype == torch.float32 (got torch.float64)`."""

    test: str
    reason: Callable[[Getter], str]


class Binder:
    """What a guard's conditions need of the function they are compiled into: a name for a
    constant they compare against (`bind`), and their source written as an expression or as the
    local that holds it (`render`)."""

    def bind(self, value: Any) -> str:
        raise NotImplementedError

    def render(self, source: Source) -> str:
        raise NotImplementedError


GUARD_CLASSES: dict[Any, type[Guard]] = {}


@dataclasses.dataclass(frozen=True)
class Guard:
    """Base of the guard kinds: `source` is what is checked (None for global state)."""

    source: Source | None
    expected: Any = dataclasses.field(compare=False)
    kind: ClassVar[GuardKind]

    def __init_subclass__(cls, kind: Any = None, **rest):
        super().__init_subclass__(**rest)
        if kind is None:
            return
        if kind in GUARD_CLASSES:
            raise AssertionError(f"guard kind {kind} is registered twice")
        for method in ("conditions", "describe"):
            if getattr(cls, method) is getattr(Guard, method):
                raise AssertionError(f"{cls.__name__} (guard kind {kind}) lacks {method}")
        cls.kind = kind
        GUARD_CLASSES[kind] = cls

    def key(self) -> tuple:
        """Two guards with equal keys check the same thing: the trace keeps one."""
        return (self.source.expr() if self.source is not None else None, self.kind,
                self.expected_key())

    def expected_key(self) -> Any:
        """`expected` as a hashable value that tells two different expectations apart."""
        return self.expected

    def test(self, binder: Binder) -> str:
        """The guard's conditions as the one test the check function runs: a line per guard
        compiles faster than a line per condition (`first_failure` explains with the
        conditions). A kind may write a shorter test of its own."""
        tests = [c.test for c in self.conditions(binder)]
        return tests[0] if len(tests) == 1 else " and ".join(f"({t})" for t in tests)

    def conditions(self, binder: Binder) -> list[Condition]:
        raise NotImplementedError

    def describe(self) -> str:
        """The guard as a person reads it (`PARITY_LOGS=guards`, `compiler.explain`)."""
        raise NotImplementedError

    def constants(self) -> dict[str, Any]:
        """Names the conditions use beyond those they bind: those of the sources involved."""
        return self.source.constants() if self.source is not None else {}

    def subject(self, binder: Binder) -> str:
        """The checked source as the conditions write it."""
        return binder.render(self.source) if self.source is not None else ""


def guard_of(source: Source | None, kind: GuardKind, expected: Any) -> Guard:
    """The guard of `kind` on `source`: `guard_of(L['x'], GuardKind.LENGTH, 3)`."""
    return GUARD_CLASSES[kind](source, expected)


def check_complete() -> None:
    """Every member of GuardKind has its class."""
    missing = [kind.name for kind in GuardKind if kind not in GUARD_CLASSES]
    if missing:
        raise AssertionError(f"guard kinds without a class: {', '.join(missing)}")
