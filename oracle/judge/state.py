"""Frozen copies of what a call returned or raised, and of what its inputs, globals and closure
cells held afterwards: taken at once so later calls cannot change them; compare.py judges them.
"""

from __future__ import annotations

import enum
import functools
import sys
import types
from dataclasses import dataclass
from typing import Any

import torch

from oracle.judge.origin import first_line, origin

# Plain values are kept as they are and compared by type and value.
PLAIN_TYPES = frozenset(
    {int, float, bool, complex, str, bytes, type(None), type(...), slice, range,
     torch.dtype, torch.device, torch.layout, torch.memory_format}
)
# Globals of these kinds are code, not state: identity counts for guards, not for mutations.
CODE_TYPES = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
              types.MethodType, type)
MAX_DEPTH = 24
# Tensors with more elements are compared on SAMPLE evenly spaced elements, so that freezing
# never copies more than this (an expanded tensor's logical size can be terabytes).
MAX_ELEMENTS = 1 << 20
SAMPLE = 1 << 12


@dataclass(frozen=True)
class Plain:
    value: Any


@dataclass(frozen=True)
class TensorState:
    type_key: str
    dtype: torch.dtype
    shape: tuple[int, ...]
    stride: tuple[int, ...]
    device: str
    requires_grad: bool
    layout: str
    dense: bool
    values: torch.Tensor | None  # a detached strided copy; None where there is no data (meta)
    sampled: bool = False  # values holds SAMPLE elements of a tensor past MAX_ELEMENTS


@dataclass(frozen=True)
class SeqState:
    type_key: str
    items: tuple


@dataclass(frozen=True)
class MapState:
    """A dict, or the fields of an object; keys are rendered as text to match across sides."""

    type_key: str
    items: dict[str, Any]
    is_object: bool = False


@dataclass(frozen=True)
class Opaque:
    """A value we do not look into (a function, a generator): compared by type only."""

    type_key: str


@dataclass(frozen=True)
class Cycle:
    type_key: str


@dataclass(frozen=True)
class Raised:
    type_key: str
    lineage: tuple[str, ...]
    message: str
    where: str  # file:line of the innermost frame
    category: str | None = None  # "internal" | "unsupported" | None, from the subject
    origin: str = ""  # where it was raised: "<program>", "torch", "torch-compiler:..." (origin.py)

    @property
    def type_name(self) -> str:
        return self.type_key.rsplit(".", 1)[-1]


class Freezer:
    """Freezes values of one side; types defined by the program file are named `<program>.X`."""

    def __init__(self, module_name: str):
        self.module_name = module_name
        self._active: set[int] = set()

    def type_key(self, cls: type) -> str:
        module = getattr(cls, "__module__", None) or "?"
        if module == self.module_name:
            module = "<program>"
        return f"{module}.{getattr(cls, '__qualname__', cls.__name__)}"

    def freeze(self, value: Any, depth: int = 0) -> Any:
        cls = type(value)
        if cls in PLAIN_TYPES:
            return Plain(value)
        if isinstance(value, torch.Tensor):
            return freeze_tensor(value, self.type_key(cls))
        if isinstance(value, enum.Enum):
            return Plain(f"{self.type_key(cls)}.{value.name}")
        if isinstance(value, CODE_TYPES) or depth > MAX_DEPTH:
            return Opaque(self.type_key(cls))
        if id(value) in self._active:
            return Cycle(self.type_key(cls))
        self._active.add(id(value))
        try:
            return self._freeze_container(value, cls, depth + 1)
        finally:
            self._active.discard(id(value))

    def _freeze_container(self, value: Any, cls: type, depth: int) -> Any:
        key = self.type_key(cls)
        if isinstance(value, tuple | list):
            return SeqState(key, tuple(self.freeze(v, depth) for v in value))
        if isinstance(value, dict):
            return MapState(key, {key_text(k, i): self.freeze(v, depth)
                                  for i, (k, v) in enumerate(value.items())})
        if isinstance(value, set | frozenset):
            if all(type(v) in PLAIN_TYPES for v in value):
                return SeqState(key, tuple(Plain(v) for v in sorted(value, key=repr)))
            return SeqState(key, (Plain(len(value)),))
        if isinstance(value, torch.nn.Module):
            return MapState(key, self._module_fields(value, depth), is_object=True)
        if _is_numpy(value):
            return self._freeze_numpy(value, key, depth)
        fields = safe_dict(value)
        if isinstance(fields, dict):
            public = {k: v for k, v in fields.items() if not k.startswith("__")}
            return MapState(key, {k: self.freeze(v, depth) for k, v in public.items()}, True)
        return Opaque(key)

    def _freeze_numpy(self, value: Any, key: str, depth: int) -> Any:
        """Numeric arrays and scalars by value, as tensors; strings and objects item by item."""
        np = sys.modules["numpy"]
        array = np.asarray(value)
        if array.dtype.kind in "biufc" and array.dtype.isnative:
            return freeze_tensor(torch.from_numpy(np.array(array, copy=True)), key)
        if array.size > MAX_ELEMENTS:
            return Opaque(key)
        return SeqState(key, (Plain(array.shape), self.freeze(array.tolist(), depth)))

    def _module_fields(self, module: torch.nn.Module, depth: int) -> dict[str, Any]:
        fields = {k: self.freeze(v, depth) for k, v in vars(module).items()
                  if not k.startswith("_")}
        for group in ("_parameters", "_buffers", "_modules"):
            for name, v in vars(module)[group].items():
                fields[name] = self.freeze(v, depth)
        return fields

    def freeze_exception(self, exc: BaseException, category: str | None = None) -> Raised:
        lineage = tuple(self.type_key(c) for c in type(exc).__mro__)
        return Raised(lineage[0], lineage, first_line(exc), _innermost(exc), category,
                      origin(exc, self.module_name))

    def freeze_namespace(self, namespace: dict) -> dict[str, Any]:
        """Module globals that hold state: data, objects, and the data of program classes."""
        frozen = {}
        for name, value in namespace.items():
            if name.startswith("__"):
                continue  # dunders, and compilers' installed helpers (__compiled_fn_1 ...)
            if isinstance(value, type) and value.__module__ == self.module_name:
                frozen[name] = MapState(self.type_key(value), self._class_data(value), True)
            elif not isinstance(value, CODE_TYPES):
                frozen[name] = self.freeze(value)
        return frozen

    def _class_data(self, cls: type) -> dict[str, Any]:
        return {k: self.freeze(v) for k, v in vars(cls).items()
                if not k.startswith("__") and not callable(v)
                and not isinstance(v, staticmethod | classmethod | property)}

    def freeze_cells(self, fn: Any) -> dict[str, Any]:
        """Closure cells of the program function: `nonlocal` state lives there."""
        cells = getattr(fn, "__closure__", None) or ()
        names = getattr(getattr(fn, "__code__", None), "co_freevars", ())
        frozen = {}
        for name, cell in zip(names, cells, strict=False):
            try:
                value = cell.cell_contents
            except ValueError:
                continue  # an empty cell
            if not isinstance(value, CODE_TYPES):
                frozen[name] = self.freeze(value)
        return frozen


def freeze_tensor(t: torch.Tensor, type_key: str) -> TensorState:
    """Metadata and a detached plain copy of the values; never raises for a valid tensor.

    Uninitialised (lazy) parameters and buffers have no shape or data: only their kind is kept.
    Sparse tensors are compared densely, quantized ones by their dequantized values, subclasses
    as plain tensors. Past MAX_ELEMENTS (an expanded tensor may be gigabytes of logical size
    over one stored element) only SAMPLE evenly spaced elements are copied and compared. A
    tensor whose data cannot be read at all is compared by its metadata alone.
    """
    if isinstance(t, torch.nn.parameter.UninitializedTensorMixin):
        return TensorState(type_key, t.dtype, (), (), str(t.device), t.requires_grad,
                           "uninitialized", False, None)
    # A subclass's __torch_function__ is the program's code: reading values must not run it.
    with torch._C.DisableTorchFunctionSubclass():
        try:
            shape, stride, layout = _geometry(t)
        except Exception as exc:
            return TensorState(type_key, t.dtype, (), (), str(t.device), t.requires_grad,
                               f"unreadable ({type(exc).__name__})", False, None)
        values, sampled = _values(t)
    return TensorState(type_key, t.dtype, shape, stride, str(t.device), t.requires_grad,
                       layout, is_dense(shape, stride), values, sampled)


def _geometry(t: torch.Tensor) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    if t.is_nested:  # no single shape: the components' shapes are the layout
        return (), (), f"nested{[tuple(c.shape) for c in t.unbind()]}"
    stride = tuple(t.stride()) if t.layout == torch.strided else ()
    return tuple(t.shape), stride, str(t.layout)


def _values(t: torch.Tensor) -> tuple[torch.Tensor | None, bool]:
    """A plain strided copy (or a sample), and whether it is a sample."""
    try:
        plain = t.detach()
        if plain.device.type == "meta":
            return None, False
        if plain.is_nested:
            plain = torch.cat([c.flatten() for c in plain.unbind()])
        if plain.is_quantized:
            plain = plain.dequantize()
        if plain.layout != torch.strided:
            if plain.numel() > MAX_ELEMENTS:  # the stored entries only, never the dense form
                stored = plain.to_sparse_coo().coalesce().values()
                return _plain(_sample(stored)), True
            plain = plain.to_dense()
        if plain.numel() > MAX_ELEMENTS:
            return _plain(_sample(plain)), True
        return _plain(plain.resolve_conj().resolve_neg().clone()), False
    except Exception:
        return None, False  # no readable data (an exotic subclass): compared by metadata


def _plain(t: torch.Tensor) -> torch.Tensor:
    return t if type(t) is torch.Tensor else t.as_subclass(torch.Tensor)


def _sample(t: torch.Tensor) -> torch.Tensor:
    """SAMPLE evenly spaced elements in index order, gathered without materialising `t`."""
    n = t.numel()
    if n <= SAMPLE:
        return t.reshape(-1).resolve_conj().resolve_neg().clone()
    step = (n - 1) / (SAMPLE - 1)
    flat = (torch.arange(SAMPLE, dtype=torch.float64) * step).round().long()
    return t[torch.unravel_index(flat, t.shape)].resolve_conj().resolve_neg().clone()


def is_dense(shape: tuple[int, ...], stride: tuple[int, ...]) -> bool:
    """Non-overlapping and dense: some permutation of the dims is contiguous."""
    if not stride:
        return False
    expected = 1
    for st, size in sorted((st, size) for size, st in zip(shape, stride, strict=True)
                           if size > 1):
        if st != expected:
            return False
        expected *= size
    return True


def _is_numpy(value: Any) -> bool:
    np = sys.modules.get("numpy")  # not imported: the program holds no numpy values
    return np is not None and isinstance(value, np.ndarray | np.generic)


def safe_dict(value: Any) -> Any:
    """`value.__dict__`, or None: a hostile __getattribute__ may raise anything. A
    functools.partial makes its dict when it is first read, and CPython flattens partial(p, ...)
    only while p has none: its state (from __reduce__) says whether it has one without making
    it, so freezing never changes what the program computes next."""
    try:
        if type(value) is functools.partial:
            return value.__reduce__()[2][3]
        return getattr(value, "__dict__", None)
    except Exception:
        return None


def key_text(key: Any, position: int) -> str:
    if type(key) in PLAIN_TYPES:
        return repr(key)
    return f"<{type(key).__name__} key #{position}>"


def _innermost(exc: BaseException) -> str:
    tb = exc.__traceback__
    if tb is None:
        return "?"
    while tb.tb_next is not None:
        tb = tb.tb_next
    return f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}"
