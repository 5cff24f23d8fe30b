"""The fake results of a symbolic trace's graph ops, reused when the same op meets arguments of
the same metadata again: a ResNet's batch norms, the layers of a transformer.

With symbolic sizes a fake run is costly: every size and stride is a sympy expression, and a
batch norm or a linear decomposes into a dozen ops that each compute and compare them. torch's
fake-op cache keys a size by how it is written, so the storage of an input, `4*s0*(s1 - 1) +
4*s0`, and that of an op's output of the same sizes, `4*s0*s1`, are two keys, and a batch norm
of either runs its decomposition again. Here a size is keyed by its expanded expression, the
same for every way of writing it, and the key is made above torch's dispatch, once per graph op
(not per aten op a decomposition runs).

A hit gives what a run would, and the trace's guards do not change:
- the key holds everything a fake result depends on: the op, each tensor argument's dtype,
  device, sizes, strides, offset, storage size, requires_grad, conj/neg and inference bits,
  every other argument by type and value, and the grad mode, inference mode, default dtype and
  device. Equal keys are equal metadata for every value of the symbols, so a second run would
  compute equal sizes and, as the ShapeEnv already holds the first run's guards, add none;
- only fresh outputs are kept: a tensor (or a tuple or list of tensors) that shares no storage
  with an argument or another output, needs no grad, holds no constant, and that an empty
  tensor of its sizes and strides reproduces (storage size, offset 0, dispatch keys). An op
  that returns an alias, writes a tensor or draws random numbers runs every time. One
  difference is kept: an output that is a view of a tensor made inside the op (a 3-d linear's
  matmul, viewed back to 3-d) comes back as a tensor of its own, as eager's does;
- under autocast or a torch function mode (they change what an op makes) nothing is reused.
An entry is used only when its run was slower than making its output (`worth_seconds`): which
runs are skipped depends on timing, what the trace gets does not.
"""

from __future__ import annotations

import math
import time
import types
from collections.abc import Callable
from typing import Any, NamedTuple

import sympy
import torch
from torch._subclasses.fake_tensor import FakeTensor, in_kernel_invocation_manager
from torch.fx.experimental.symbolic_shapes import statically_known_true, sym_eq
from torch.multiprocessing.reductions import StorageWeakRef

_PLAIN = frozenset({int, bool, str, complex, type(None), types.EllipsisType, torch.dtype,
                    torch.device, torch.layout, torch.memory_format})
_MISSING = object()


class _Uncacheable(Exception):
    """An argument or result the memo does not describe exactly: the op runs every time."""


class FakeOpMemo:
    """One trace's memo (its entries are only true under that trace's ShapeEnv). `hits` and
    `runs` count over all traces, for tests."""

    hits = 0
    runs = 0  # fake runs of ops the memo could key
    # An entry is used when its run took at least this long: making an output from an entry
    # (an empty tensor of symbolic sizes and strides) costs about a millisecond, more than a
    # small op's run (a relu), less than a conv's, a linear's or a batch norm's decomposition.
    worth_seconds = 0.002

    def __init__(self, mode):
        self.mode = mode
        self.env = mode.shape_env
        self._entries: dict[tuple, _Entry | None] = {}
        self._expanded: dict = {}

    def run(self, kind: str, target: Any, args: list, kwargs: dict, run: Callable[[], Any],
            effects) -> Any:
        """`run()`'s result, or an equal one made from the entry of an earlier run."""
        key = self._key(kind, target, args, kwargs)
        entry = self._entries.get(key, _MISSING) if key is not None else None
        if isinstance(entry, _Entry) and entry.seconds >= self.worth_seconds:
            made = entry.output(self)
            if made is not None:
                FakeOpMemo.hits += 1
                return made
            self._entries[key] = None  # the empty tensors differ from the run's outputs
        seen, start = effects.seen, time.perf_counter()
        result = run()
        if entry is _MISSING:
            FakeOpMemo.runs += 1
            self._entries[key] = (self._entry(result, args, kwargs, time.perf_counter() - start)
                                  if effects.seen == seen else None)
        return result

    # -- keys ---------------------------------------------------------------------------------
    def _key(self, kind, target, args, kwargs) -> tuple | None:
        if torch._C._is_any_autocast_enabled() or torch._C._len_torch_function_stack():
            return None
        try:
            key = (kind, target, torch.is_grad_enabled(), torch.is_inference_mode_enabled(),
                   torch.get_default_dtype(), torch._C._get_default_device(),
                   self._arguments(args), self._arguments(tuple(sorted(kwargs.items()))))
            hash(key)
        except (_Uncacheable, TypeError):
            return None
        return key

    def _arguments(self, values) -> tuple:
        return tuple(self._argument(v) for v in values)

    def _argument(self, value: Any) -> Any:
        kind = type(value)
        if kind is FakeTensor:
            return self._tensor(value)
        if kind in _PLAIN:
            return kind, value
        if kind is float:  # -0.0 == 0.0, yet they may make different results
            return kind, value, math.copysign(1.0, value)
        if kind is torch.SymInt:
            return kind, self._size(value)
        if kind in (tuple, list, torch.Size):
            return kind, self._arguments(value)
        if kind is slice:
            return kind, self._arguments((value.start, value.stop, value.step))
        raise _Uncacheable(kind)

    def _tensor(self, t: FakeTensor) -> tuple:
        if (t.fake_mode is not self.mode or t.constant is not None or t.layout != torch.strided
                or t.is_quantized):
            raise _Uncacheable("tensor")
        return (FakeTensor, t.dtype, t.device, self._sizes(t.shape), self._sizes(t.stride()),
                self._size(t.storage_offset()), self._size(t.untyped_storage().nbytes()),
                t.requires_grad, t.is_conj(), t.is_neg(), t.is_inference())

    def _sizes(self, values) -> tuple:
        return tuple(self._size(v) for v in values)

    def _size(self, value) -> Any:
        """An int, or a symbolic size's expanded expression: one form for every way of writing
        it (expansion does not evaluate anything, so it adds no guard)."""
        if type(value) is int:
            return value
        expr = value.node.expr
        expanded = self._expanded.get(expr)
        if expanded is None:
            expanded = self._expanded[expr] = sympy.expand(expr)
        return expanded

    # -- entries ------------------------------------------------------------------------------
    def _entry(self, result: Any, args: list, kwargs: dict, seconds: float) -> _Entry | None:
        outputs = list(result) if type(result) in (tuple, list) else [result]
        if not outputs or any(type(o) is not FakeTensor for o in outputs):
            return None
        storages = {StorageWeakRef(t.untyped_storage())
                    for t in _tensors(args) + _tensors(list(kwargs.values()))}
        specs = []
        for out in outputs:
            storage = StorageWeakRef(out.untyped_storage())
            if storage in storages or not self._fresh(out):
                return None
            storages.add(storage)
            specs.append(_Spec(tuple(out.shape), tuple(out.stride()), out.dtype, out.device,
                               self._made_as(out)))
        return _Entry(type(result) if type(result) in (tuple, list) else None, tuple(specs),
                      seconds)

    def _fresh(self, out: FakeTensor) -> bool:
        return (out.fake_mode is self.mode and out.constant is None and out.layout == torch.strided
                and not out.is_quantized and not out.is_conj() and not out.is_neg()
                and not out.requires_grad and out.grad_fn is None
                and self._size(out.storage_offset()) == 0)

    @staticmethod
    def _made_as(t: FakeTensor) -> tuple:
        """What an empty tensor made for `t` must share with it beyond sizes and strides."""
        return t.untyped_storage().nbytes(), torch._C._dispatch_key_set(t), t.is_inference()

    def same_make(self, made: FakeTensor, spec: _Spec) -> bool:
        """The storage size of `made` is the run's for every value of the symbols (compared
        as the ShapeEnv knows them, which adds no guard), and so are its dispatch keys."""
        nbytes, keys, inference = self._made_as(made)
        if (keys, inference) != spec.made_as[1:]:
            return False
        other = spec.made_as[0]
        return (self._size(nbytes) == self._size(other)
                or statically_known_true(sym_eq(nbytes, other)))

    def empty(self, spec: _Spec) -> FakeTensor:
        with in_kernel_invocation_manager(self.mode), self.env.suppress_guards():
            meta = torch.empty_strided(spec.shape, spec.stride, dtype=spec.dtype, device="meta")
        return FakeTensor(self.mode, meta, spec.device)


class _Spec(NamedTuple):
    """An output's sizes, strides, dtype and device, and what else the run's output had."""

    shape: tuple
    stride: tuple
    dtype: torch.dtype
    device: torch.device
    made_as: tuple


class _Entry:
    def __init__(self, container: type | None, specs: tuple[_Spec, ...], seconds: float):
        self.container = container  # tuple or list of tensors; None: one tensor
        self.specs = specs
        self.seconds = seconds  # how long the run took
        self.checked = False

    def output(self, memo: FakeOpMemo) -> Any:
        """Outputs equal to the run's, or None should the first ones made differ from it in
        storage size or dispatch keys (checked once)."""
        made = [memo.empty(spec) for spec in self.specs]
        if not self.checked:
            if not all(memo.same_make(t, spec) for t, spec in zip(made, self.specs)):
                return None
            self.checked = True
        return made[0] if self.container is None else self.container(made)


def _tensors(values) -> list[torch.Tensor]:
    found = []
    for v in values:
        if isinstance(v, torch.Tensor):
            found.append(v)
        elif isinstance(v, (tuple, list)):
            found.extend(_tensors(v))
    return found
