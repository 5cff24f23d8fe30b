"""The guard kinds, one class each: typed `expected`, conditions with their failure reasons,
the line a person reads, and how two guards of the kind are the same.

A kind defined in another module registers the same way (`class G(Guard, kind=...)`);
compiler/guards/check.py imports every module of kinds, then checks that each GuardKind has
its class.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import torch

from compiler.guards.guard import (
    Binder,
    Condition,
    Guard,
    GuardKind,
    TensorSpec,
)
from compiler.guards.sources import Source


def name_of(value: Any) -> str:
    if isinstance(value, type):
        return f"{value.__module__}.{value.__qualname__}".replace("builtins.", "")
    return repr(value)


def short(value: Any) -> str:
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    try:  # a module's __getattr__ may raise anything (torch.classes: RuntimeError)
        name = getattr(value, "__qualname__", None)
    except Exception:  # noqa: BLE001 - a description never fails
        name = None
    if not isinstance(name, str):
        name = type(value).__qualname__
    return f"<{name} at {id(value):#x}>"


@dataclasses.dataclass(frozen=True)
class TypeGuard(Guard, kind=GuardKind.TYPE):
    expected: type = dataclasses.field(compare=False)

    def expected_key(self) -> Any:
        return id(self.expected)

    def conditions(self, binder: Binder) -> list[Condition]:
        s, e = self.subject(binder), self.expected
        return [Condition(f"type({s}) is {binder.bind(e)}",
                          lambda get: f"type({s}) is {name_of(e)} "
                                      f"(got {name_of(get(f'type({s})'))})")]

    def describe(self) -> str:
        return f"type({self.source.expr()}) is {name_of(self.expected)}"


@dataclasses.dataclass(frozen=True)
class IdGuard(Guard, kind=GuardKind.ID):
    expected: object = dataclasses.field(compare=False)

    def expected_key(self) -> Any:
        return id(self.expected)

    def conditions(self, binder: Binder) -> list[Condition]:
        s, e = self.subject(binder), self.expected
        return [Condition(f"{s} is {binder.bind(e)}",
                          lambda get: f"{s} is {short(e)} (got {short(get(s))})")]

    def describe(self) -> str:
        return f"{self.source.expr()} is {short(self.expected)}"


_TYPE_DECIDES = (str, int, bool, type(None))  # equal values of one of these types are alike
# Members whose exact token is more than their type and value: a float's sign and NaN, a
# container's members (exact_token).
_TOKEN_NEEDED = (float, complex, tuple, list, set, frozenset)


def exact_token(value: Any) -> Any:
    """What two values share when no Python question tells them apart: the exact type with the
    value, a float's repr (0.0 and -0.0, NaN), members of a tuple or set token by token.
    `1 == True == 1.0` and `{1} == {True}`, yet `type(k)`, `str(k)` and `k / 0` differ."""
    kind = type(value)
    if kind in (float, complex):
        return kind, repr(value)
    if kind in (tuple, list):
        return kind, tuple(exact_token(v) for v in value)
    if kind in (set, frozenset):
        return kind, frozenset(exact_token(v) for v in value)
    return kind, value


def same_keys(mapping, keys: list, tokens: list) -> bool:
    """A mapping's keys, in order, are `keys`: a tensor key the same object (`tokens` None
    there), any other alike by its exact token (its type first: no tensor's `==` is asked)."""
    found = list(mapping)
    if len(found) != len(keys):
        return False
    for got, key, token in zip(found, keys, tokens):
        if got is not key if token is None else exact_token(got) != token:
            return False
    return True


def _float_tests(s: str, k: str, value: float) -> list[str]:
    if math.isnan(value):
        return [f"{s} != {s}"]
    tests = [f"{s} == {k}"]
    if value == 0.0:  # 0.0 == -0.0, yet 1/x and copysign tell them apart
        tests.append(f"___copysign(1.0, {s}) == {math.copysign(1.0, value)!r}")
    return tests


@dataclasses.dataclass(frozen=True)
class EqualsGuard(Guard, kind=GuardKind.EQUALS):
    """The exact type and the value of a constant (floats: NaN and the sign of zero too)."""

    expected: object = dataclasses.field(compare=False)

    def expected_key(self) -> Any:
        return (type(self.expected), repr(self.expected))

    def conditions(self, binder: Binder) -> list[Condition]:
        s, e = self.subject(binder), self.expected
        tests = [f"type({s}) is {binder.bind(type(e))}"]
        k = binder.bind(e)
        tests += _float_tests(s, k, e) if type(e) is float else [f"{s} == {k}"]
        if type(e) in (tuple, list) and not any(type(v) in _TOKEN_NEEDED for v in e):
            kinds = tuple(type(v) for v in e)  # (members equal, of the same types: alike)
            tests.append(f"tuple(map(type, {s})) == {binder.bind(kinds)}")
        elif type(e) in (tuple, list, set, frozenset):  # their members' types and signs too
            tests.append(f"___exact_token({s}) == {binder.bind(exact_token(e))}")
        return [Condition(" and ".join(tests), lambda get: f"{s} == {e!r} (got {get(s)!r})")]

    def describe(self) -> str:
        return f"{self.source.expr()} == {self.expected!r}"


def _shown(value: Any) -> str:
    if isinstance(value, type):
        return name_of(value)
    if isinstance(value, torch.device):
        return repr(value)
    return str(value)


@dataclasses.dataclass(frozen=True)
class TensorGuard(Guard, kind=GuardKind.TENSOR):
    """Type, dtype, device, shape, strides (unless `guard_tensor_strides` is off),
    requires_grad and layout, one condition each so that a recompile names the field that
    changed."""

    expected: TensorSpec = dataclasses.field(compare=False)

    def conditions(self, binder: Binder) -> list[Condition]:
        s, spec = self.subject(binder), self.expected
        fields = [  # (test, shown as, read by, expected text)
            (f"type({s}) is {binder.bind(spec.type)}", f"type({s})", f"type({s})",
             name_of(spec.type)),
            (f"{s}.dtype is {binder.bind(spec.dtype)}", f"{s}.dtype", f"{s}.dtype",
             str(spec.dtype)),
            (f"{s}.device == {binder.bind(spec.device)}", f"{s}.device", f"{s}.device",
             repr(spec.device)),
            (f"{s}.size() == {spec.shape!r}", f"{s}.shape", f"tuple({s}.shape)",
             repr(spec.shape)),
            (f"{s}.requires_grad is {spec.requires_grad!r}", f"{s}.requires_grad",
             f"{s}.requires_grad", repr(spec.requires_grad)),
            (f"{s}.layout is {binder.bind(spec.layout)}", f"{s}.layout", f"{s}.layout",
             str(spec.layout)),
        ]
        if spec.stride is not None:
            fields.insert(4, (f"{s}.stride() == {spec.stride!r}", f"{s}.stride()",
                              f"{s}.stride()", repr(spec.stride)))
        return [Condition(test, self._reason(shown, read, want))
                for test, shown, read, want in fields]

    @staticmethod
    def _reason(shown: str, read: str, want: str):
        return lambda get: f"{shown} == {want} (got {_shown(get(read))})"

    def test(self, binder: Binder) -> str:
        return f"{binder.bind(self.expected.matcher())}({self.subject(binder)})"

    def describe(self) -> str:
        e = self.expected
        stride = f", stride={e.stride}" if e.stride is not None else ""
        return (f"{self.source.expr()}: {name_of(e.type)}(dtype={e.dtype}, device={e.device}, "
                f"shape={e.shape}{stride}, requires_grad={e.requires_grad})")


@dataclasses.dataclass(frozen=True)
class LengthGuard(Guard, kind=GuardKind.LENGTH):
    expected: int = dataclasses.field(compare=False)

    def conditions(self, binder: Binder) -> list[Condition]:
        s, e = self.subject(binder), self.expected
        return [Condition(f"len({s}) == {e!r}",
                          lambda get: f"len({s}) == {e} (got {get(f'len({s})')})")]

    def describe(self) -> str:
        return f"len({self.source.expr()}) == {self.expected}"


@dataclasses.dataclass(frozen=True)
class DictKeysGuard(Guard, kind=GuardKind.DICT_KEYS):
    """The keys of a dict, in order."""

    expected: list = dataclasses.field(compare=False)

    def expected_key(self) -> Any:
        return repr(self.expected)

    def conditions(self, binder: Binder) -> list[Condition]:
        s, keys = self.subject(binder), list(self.expected)
        if any(isinstance(k, torch.Tensor) for k in keys):  # (a tensor's == is elementwise)
            tokens = binder.bind([None if isinstance(k, torch.Tensor) else exact_token(k)
                                  for k in keys])
            return [Condition(f"___same_keys({s}, {binder.bind(keys)}, {tokens})",
                              lambda get: f"list({s}.keys()) is {keys!r} key by key")]
        if all(type(k) in _TYPE_DECIDES for k in keys):  # then equal keys of equal types are alike
            kinds = f"list(map(type, {s})) == {binder.bind([type(k) for k in keys])}"
        else:
            tokens = binder.bind([exact_token(k) for k in keys])
            kinds = f"[___exact_token(k) for k in {s}] == {tokens}"
        return [Condition(f"list({s}) == {binder.bind(keys)} and {kinds}",
                          lambda get: f"list({s}.keys()) == {keys!r} (got {get(f'list({s})')!r})")]

    def describe(self) -> str:
        return f"list({self.source.expr()}.keys()) == {list(self.expected)!r}"


@dataclasses.dataclass(frozen=True)
class SameObjectGuard(Guard, kind=GuardKind.SAME_OBJECT):
    """Two sources reach one object: `S is other`."""

    expected: Source = dataclasses.field(compare=False)
    operator = "is"

    def expected_key(self) -> Any:
        return self.expected.expr()

    def conditions(self, binder: Binder) -> list[Condition]:
        s, other, op = self.subject(binder), binder.render(self.expected), self.operator
        return [Condition(f"{s} {op} {other}", lambda get: f"{s} {op} {other} (it was not)")]

    def describe(self) -> str:
        return f"{self.source.expr()} {self.operator} {self.expected.expr()}"

    def constants(self) -> dict[str, Any]:
        return {**super().constants(), **self.expected.constants()}


@dataclasses.dataclass(frozen=True)
class DistinctGuard(SameObjectGuard, kind=GuardKind.DISTINCT):
    """Two sources reach different objects: `S is not other`."""

    operator = "is not"


@dataclasses.dataclass(frozen=True)
class AllDistinctGuard(Guard, kind=GuardKind.ALL_DISTINCT):
    """S and the other sources reach as many different objects: one test for a whole group
    (not one `is not` per pair)."""

    expected: tuple = dataclasses.field(compare=False)

    def expected_key(self) -> Any:
        return tuple(source.expr() for source in self.expected)

    def conditions(self, binder: Binder) -> list[Condition]:
        parts = [self.subject(binder), *(binder.render(s) for s in self.expected)]
        ids = ", ".join(f"id({part})" for part in parts)
        named = ", ".join(parts)
        return [Condition(f"len({{{ids}}}) == {len(parts)}",
                          lambda get: f"{named} are {len(parts)} objects (they were not)")]

    def describe(self) -> str:
        others = ", ".join(source.expr() for source in self.expected)
        return f"{self.source.expr()}, {others} are different objects"

    def constants(self) -> dict[str, Any]:
        found = super().constants()
        for source in self.expected:
            found.update(source.constants())
        return found


@dataclasses.dataclass(frozen=True)
class HasattrGuard(Guard, kind=GuardKind.HASATTR):
    """`hasattr(S, name) is present`, expected = (name, present)."""

    expected: tuple[str, bool] = dataclasses.field(compare=False)

    def conditions(self, binder: Binder) -> list[Condition]:
        s, (name, present) = self.subject(binder), self.expected
        return [Condition(f"hasattr({s}, {name!r}) is {present!r}",
                          lambda get: f"hasattr({s}, {name!r}) == {present} "
                                      f"(got {not present})")]

    def describe(self) -> str:
        name, present = self.expected
        return f"hasattr({self.source.expr()}, {name!r}) == {present}"


@dataclasses.dataclass(frozen=True)
class InstanceAttrGuard(Guard, kind=GuardKind.INSTANCE_ATTR):
    """`(name in S.__dict__) is present`, expected = (name, present)."""

    expected: tuple[str, bool] = dataclasses.field(compare=False)

    def conditions(self, binder: Binder) -> list[Condition]:
        s, (name, present) = self.subject(binder), self.expected
        return [Condition(f"({name!r} in {s}.__dict__) is {present!r}",
                          lambda get: f"{name!r} in {s}.__dict__ == {present} "
                                      f"(got {not present})")]

    def describe(self) -> str:
        name, present = self.expected
        return f"({name!r} in {self.source.expr()}.__dict__) == {present}"


@dataclasses.dataclass(frozen=True)
class StorageAliasingGuard(Guard, kind=GuardKind.STORAGE_ALIASING):
    """Which tensor inputs share storage, expected = (sources, storage_pattern(...))."""

    expected: tuple[tuple[Source, ...], tuple] = dataclasses.field(compare=False)

    def expected_key(self) -> Any:
        sources, pattern = self.expected
        return (tuple(source.expr() for source in sources), pattern)

    def conditions(self, binder: Binder) -> list[Condition]:
        sources, pattern = self.expected
        args = ", ".join(binder.render(source) for source in sources)
        names = ", ".join(source.expr() for source in sources)
        return [Condition(f"___storage_pattern(({args},)) == {pattern!r}",
                          lambda get: f"storage sharing of ({names}) == {pattern} "
                                      f"(got {get(f'___storage_pattern(({names},))')})")]

    def describe(self) -> str:
        sources, pattern = self.expected
        return f"storage sharing of ({', '.join(x.expr() for x in sources)}) == {pattern}"

    def constants(self) -> dict[str, Any]:
        found = super().constants()
        for source in self.expected[0]:
            found.update(source.constants())
        return found


@dataclasses.dataclass(frozen=True)
class GradModeGuard(Guard, kind=GuardKind.GRAD_MODE):
    expected: bool = dataclasses.field(compare=False)

    def conditions(self, binder: Binder) -> list[Condition]:
        e = self.expected
        return [Condition(f"___is_grad_enabled() is {e!r}",
                          lambda get: f"torch.is_grad_enabled() == {e} (got {not e})")]

    def describe(self) -> str:
        return f"torch.is_grad_enabled() == {self.expected}"


@dataclasses.dataclass(frozen=True)
class InferenceModeGuard(Guard, kind=GuardKind.INFERENCE_MODE):
    """Tensors made under inference mode are inference tensors, and the trace answers
    `torch.is_inference_mode_enabled()` and `y.is_inference()` from what it saw. The grad-mode
    guard does not imply it (`enable_grad` inside `inference_mode` turns grad on)."""

    expected: bool = dataclasses.field(compare=False)

    def conditions(self, binder: Binder) -> list[Condition]:
        e = self.expected
        return [Condition(f"___is_inference_mode_enabled() is {e!r}",
                          lambda get: f"torch.is_inference_mode_enabled() == {e} "
                                      f"(got {not e})")]

    def describe(self) -> str:
        return f"torch.is_inference_mode_enabled() == {self.expected}"


@dataclasses.dataclass(frozen=True)
class DefaultDtypeGuard(Guard, kind=GuardKind.DEFAULT_DTYPE):
    expected: Any = dataclasses.field(compare=False)  # a torch.dtype

    def conditions(self, binder: Binder) -> list[Condition]:
        e = self.expected
        return [Condition(f"___get_default_dtype() is {binder.bind(e)}",
                          lambda get: f"torch.get_default_dtype() == {e} "
                                      f"(got {get('___get_default_dtype()')})")]

    def describe(self) -> str:
        return f"torch.get_default_dtype() == {self.expected}"

