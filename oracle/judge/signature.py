"""The metadata signature of a call (docs/verdicts.md): what a correct compiler may guard on.

Two calls with equal signatures must share compiled code (rule R1). The signature errs on the
fine side — identity of code objects, aliasing between tensors and between objects, torch's
global modes — so that a compiler is never blamed for a recompile that its guards were entitled
to.
"""

from __future__ import annotations

import enum
import functools
import math
import types
from fractions import Fraction
from typing import Any

import torch

from oracle.judge.state import CODE_TYPES, MAX_DEPTH, PLAIN_TYPES, safe_dict

# CPython sets and clears this type flag as its method cache is filled and invalidated: it
# says nothing about the type, and a signature must not change with it.
VALID_VERSION_TAG = 1 << 19
# Entries of a class's __dict__ that are the same for every class and say nothing of it.
CLASS_PLUMBING = ("__dict__", "__weakref__", "__doc__")


def type_flags(cls: type) -> int:
    return cls.__flags__ & ~VALID_VERSION_TAG


class _Signer:
    def __init__(self, module_name: str):
        self.module_name = module_name
        self.tensors: dict[int, int] = {}   # id -> first position, for aliasing between inputs
        self.storages: dict[int, int] = {}
        self.active: set[int] = set()
        self.objects: dict[int, int] = {}  # id -> order first reached, for aliasing
        self.held: list[Any] = []

    def sign(self, value: Any, depth: int = 0) -> Any:
        cls = type(value)
        if cls in PLAIN_TYPES:
            return (cls.__name__, _plain_key(value))
        if isinstance(value, torch.Tensor):
            return self._tensor(value)
        if isinstance(value, types.FunctionType) and depth <= MAX_DEPTH:
            return self._function(value, depth)
        if isinstance(value, type):  # its flags change when an ABC registers it
            return ("type", id(value), type_flags(value))
        if isinstance(value, staticmethod | classmethod | property):  # replaced, not edited
            return ("id", id(value))
        if isinstance(value, functools.partial) and depth <= MAX_DEPTH:
            return ("partial", self.sign(value.func, depth + 1), self.sign(value.args, depth + 1),
                    self.sign(value.keywords, depth + 1))
        if isinstance(value, (enum.Enum, *CODE_TYPES)) or depth > MAX_DEPTH:
            return ("id", id(value))
        if id(value) in self.active:
            return ("cycle", cls.__qualname__)
        if id(value) in self.objects:  # one object reached twice: aliasing, as for tensors
            return ("same", self.objects[id(value)])
        self.objects[id(value)] = len(self.objects)
        self.held.append(value)  # (kept alive: a temporary's id is not reused while signing)
        self.active.add(id(value))
        try:
            return self._container(value, cls, depth + 1)
        finally:
            self.active.discard(id(value))

    def _function(self, fn: types.FunctionType, depth: int) -> tuple:
        """A function by identity, and what a call of it reads besides the function object:
        its code, name, defaults, keyword defaults and its own attributes (a compiler guards
        on them; each may be reassigned)."""
        if id(fn) in self.active:
            return ("id", id(fn))
        self.active.add(id(fn))
        try:
            attributes = {k: v for k, v in vars(fn).items() if not k.startswith("__")}
            return ("function", id(fn), id(fn.__code__), fn.__name__, fn.__qualname__,
                    self.sign(fn.__defaults__, depth + 1),
                    self.sign(fn.__kwdefaults__, depth + 1), self.sign(attributes, depth + 1))
        finally:
            self.active.discard(id(fn))

    def _tensor(self, t: torch.Tensor) -> tuple:
        position = self.tensors.setdefault(id(t), len(self.tensors))
        kind = (type(t).__qualname__, t.dtype, str(t.device), t.requires_grad, t.layout)
        if isinstance(t, torch.nn.parameter.UninitializedTensorMixin):
            return ("T-uninitialized", *kind, position)  # no shape, stride or storage yet
        flags = (t.is_leaf, t.is_inference())  # a compiler may read either: a new trace
        try:
            shape, stride, storage = self._geometry(t)
        except Exception as exc:  # a tensor that hides its geometry: compared by kind alone
            return ("T-opaque", *kind, position, type(exc).__name__, flags)
        return ("T", *kind, shape, stride, position, storage, flags)

    def _geometry(self, t: torch.Tensor) -> tuple:
        if t.is_nested:
            return tuple(tuple(c.shape) for c in t.unbind()), (), -1
        storage = -1
        if t.layout == torch.strided and t.device.type != "meta" and not t.is_quantized:
            key = t.untyped_storage().data_ptr()
            storage = self.storages.setdefault(key, len(self.storages))
        stride = tuple(t.stride()) if t.layout == torch.strided else ()
        return tuple(t.shape), stride, storage

    def _container(self, value: Any, cls: type, depth: int) -> Any:
        name = f"{cls.__module__}.{cls.__qualname__}"
        if isinstance(value, tuple | list):
            return (name, tuple(self.sign(v, depth) for v in value))
        if isinstance(value, dict):
            return (name, tuple((self.sign(k, depth), self.sign(v, depth))
                                for k, v in value.items()))
        if isinstance(value, set | frozenset):
            return (name, len(value), frozenset(self.sign(v, depth) for v in value))
        fields = safe_dict(value)
        if isinstance(fields, dict):
            return (name, tuple((k, self.sign(v, depth)) for k, v in fields.items()
                                if not k.startswith("__")))
        return ("id", id(value))

    def sign_namespace(self, namespace: dict) -> tuple:
        items = []
        for name, value in namespace.items():
            if name.startswith("__"):
                continue
            if isinstance(value, type) and value.__module__ == self.module_name:
                # its data, and its methods, properties, name and bases (patched between
                # calls, as monkeypatching code does: a compiler guards on what it read)
                data = {k: v for k, v in vars(value).items() if k not in CLASS_PLUMBING}
                items.append((name, id(value), type_flags(value), value.__name__,
                              value.__qualname__, tuple(id(c) for c in value.__bases__),
                              self.sign(data)))
            else:
                items.append((name, self.sign(value)))
        return tuple(items)


def _plain_key(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    if isinstance(value, float | complex) and value == 0:
        return repr(value)  # 0.0 and -0.0 are different constants to a guard
    if isinstance(value, slice):  # its bounds may be anything, lists and tensors included
        return tuple(_Signer("").sign(v) for v in (value.start, value.stop, value.step))
    return value


def call_signature(fn: Any, args: tuple, kwargs: dict, namespace: dict,
                   module_name: str) -> tuple:
    """Hashable: inputs, the program module's globals, closure cells and torch's global modes."""
    signer = _Signer(module_name)
    cells = tuple(signer.sign(c.cell_contents) for c in getattr(fn, "__closure__", None) or ()
                  if _filled(c))
    modes = (torch.is_grad_enabled(), torch.get_default_dtype(),
             torch.are_deterministic_algorithms_enabled(), torch.is_inference_mode_enabled())
    return (signer.sign(args), signer.sign(kwargs), signer.sign_namespace(namespace), cells,
            signer.sign(fn), modes)


def _filled(cell) -> bool:
    try:
        _ = cell.cell_contents
    except ValueError:
        return False
    return True


def size_class(signature: tuple) -> tuple:
    """What stays of a call signature when sizes change as dynamic shapes allow (rule R4).

    Every tensor size of 2 or more becomes the number of its first appearance in the call, so
    sizes that are equal stay equal (a compiler may share one symbol between them) and sizes 0
    and 1 stay themselves (a compiler specialises them); strides become their layout: which
    dims are broadcast (stride 0), the order of the others and the gap between each and the
    next as a ratio, so a transposed, sliced or expanded input stays one.
    """
    return _abstract(signature, {})


def tensor_sizes(signature: tuple) -> dict[tuple[int, int], int]:
    """Every tensor size in a call signature, by (the tensor's position in the call, dim): what
    rule R4 compares between the calls of a sweep to tell which dimensions changed."""
    sizes: dict[tuple[int, int], int] = {}
    _collect_sizes(signature, sizes)
    return sizes


def _collect_sizes(value: Any, sizes: dict[tuple[int, int], int]) -> None:
    if not isinstance(value, tuple):
        return
    if _is_tensor_entry(value):
        for dim, size in enumerate(value[6]):
            sizes.setdefault((value[8], dim), size)
        return
    for item in value:
        _collect_sizes(item, sizes)


def _abstract(value: Any, numbering: dict[int, int]) -> Any:
    if not isinstance(value, tuple):
        return value
    if _is_tensor_entry(value):
        shape, stride = value[6], value[7]
        sizes = tuple(s if s < 2 else ("s", numbering.setdefault(s, len(numbering)))
                      for s in shape)
        return (*value[:6], sizes, _layout(shape, stride), *value[8:])
    return tuple(_abstract(v, numbering) for v in value)


def _is_tensor_entry(value: tuple) -> bool:
    return (len(value) == 11 and value[0] == "T" and isinstance(value[6], tuple)
            and all(type(s) is int for s in value[6]) and isinstance(value[7], tuple))


def _layout(shape: tuple[int, ...], stride: tuple[int, ...]) -> tuple:
    dims = [(st, i, sz) for i, (sz, st) in enumerate(zip(shape, stride, strict=False)) if sz > 1]
    broadcast = tuple(i for st, i, _ in dims if st == 0)
    live = sorted(d for d in dims if d[0] != 0)
    gaps, span = [], 1
    for st, _, sz in live:
        gaps.append(Fraction(st, span))
        span = st * sz
    return (broadcast, tuple(i for _, i, _ in live), tuple(gaps))
