"""The typed program IR: values with kind, shape and dtype; statements; the program they form.

Each value carries a probe (its value on the first call), from which shape and dtype are read.
"""

from __future__ import annotations

import ast
import enum
from dataclasses import dataclass, field
from typing import Any

import torch


class Kind(enum.Enum):
    TENSOR = "tensor"
    INT = "int"
    FLOAT = "float"
    BOOL = "bool"
    TLIST = "list"  # a list of tensors
    TDICT = "dict"  # a dict of str -> tensor
    OBJECT = "object"  # any other object a statement made: only returned (Builder.emit_object)


SCALARS = (Kind.INT, Kind.FLOAT, Kind.BOOL)


def kind_of(obj: Any) -> Kind | None:
    """The IR kind of a Python object, or None when the IR cannot track it."""
    if isinstance(obj, torch.Tensor):
        return Kind.TENSOR
    if isinstance(obj, bool):
        return Kind.BOOL
    if isinstance(obj, int):
        return Kind.INT
    if isinstance(obj, float):
        return Kind.FLOAT
    if isinstance(obj, list) and obj and all(isinstance(t, torch.Tensor) for t in obj):
        return Kind.TLIST
    if isinstance(obj, dict) and obj and all(isinstance(t, torch.Tensor) for t in obj.values()):
        return Kind.TDICT
    return None


@dataclass(eq=False)
class Value:
    """A named value of the program body.

    `tame`: finite with moderate magnitude (safe to exponentiate or convert to int).
    `exact`: the probe's shape (or scalar value) holds on every call; data-dependent results
    are inexact and only reduced, never reshaped.
    """

    name: str
    kind: Kind
    probe: Any
    tame: bool = True
    exact: bool = True

    @property
    def is_tensor(self) -> bool:
        return self.kind is Kind.TENSOR

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.probe.shape)

    @property
    def dtype(self) -> torch.dtype:
        return self.probe.dtype

    @property
    def rank(self) -> int:
        return self.probe.dim()

    @property
    def numel(self) -> int:
        return self.probe.numel()

    def __repr__(self) -> str:
        if self.is_tensor:
            return f"{self.name}: {str(self.dtype)[6:]}{list(self.shape)}"
        return f"{self.name}: {self.kind.value}"


@dataclass
class Stmt:
    """One statement of the body as rendered lines (indented relative to the body)."""

    lines: list[str]
    defines: list[str] = field(default_factory=list)
    uses: list[str] = field(default_factory=list)
    mutates: list[str] = field(default_factory=list)
    ops: set[str] = field(default_factory=set)
    features: set[str] = field(default_factory=set)
    globals_written: set[str] = field(default_factory=set)


@dataclass
class Definition:
    """A module-level definition: a global, a helper function or a class."""

    name: str
    lines: list[str]


@dataclass
class Param:
    """A parameter of `program` and the source expression that makes its argument."""

    name: str
    kind: Kind
    make: str  # expression building the argument inside calls(), using generator `g`
    default: str | None = None  # when set, the parameter has this default
    keyword: bool = False  # passed in the kwargs dict of each call


@dataclass
class Call:
    """One call of the sequence: setup lines run before it, then its arguments."""

    args: dict[str, str]  # param name -> expression (or the name of a setup local)
    setup: list[str] = field(default_factory=list)
    globals_set: set[str] = field(default_factory=set)


@dataclass
class ProgramIR:
    params: list[Param]
    stmts: list[Stmt]
    defs: list[Definition]
    returns: list[str]
    calls: list[Call]
    module_init: list[str] | None = None  # set when `program` is an nn.Module instance
    final_raise: list[str] | None = None
    features: set[str] = field(default_factory=set)
    ops: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Program:
    """A generated program file (docs/architecture.md) and what went into it."""

    source: str
    features_used: frozenset[str]
    ops_used: frozenset[str]
    expects_exception: str | None = None

    @property
    def body_lines(self) -> int:
        """Non-blank lines inside the body of `program` (or of `forward`)."""
        tree = ast.parse(self.source)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in ("program", "forward"):
                lines = self.source.splitlines()[node.body[0].lineno - 1:node.end_lineno]
                return sum(1 for line in lines if line.strip())
        return 0

    def __repr__(self) -> str:
        return f"Program(source='''\n{self.source}''')"
