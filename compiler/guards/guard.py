"""Guards as data, `Guard(source, kind, expected)`, and their compilation into one check function.

The check function is the fast path run on every call; `first_failure` re-evaluates the guards
one by one to say which failed and how, as `L['x'].dtype == torch.float32 (got torch.float64)`.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Callable, Iterable
from typing import Any

import torch

from compiler.guards.sources import ConstantSource, Source


class GuardKind(enum.Enum):
    TYPE = "type"                # type(S) is T
    ID = "id"                    # S is obj (functions, modules, classes)
    EQUALS = "equals"            # type(S) is type(v) and S == v
    TENSOR = "tensor"            # type, dtype, device, shape, stride, requires_grad
    LENGTH = "length"            # len(S) == n
    DICT_KEYS = "dict_keys"      # list(S) == keys, in order
    SAME_OBJECT = "same_object"  # S is other
    DISTINCT = "distinct"        # S is not other
    HASATTR = "hasattr"          # hasattr(S, name) is v, expected = (name, v)
    INSTANCE_ATTR = "instance_attr"  # (name in S.__dict__) is v, expected = (name, v)
    STORAGE_ALIASING = "storage_aliasing"  # which tensor inputs share storage, expected =
                                           # (sources, pattern)
    GRAD_MODE = "grad_mode"      # torch.is_grad_enabled() is v
    DEFAULT_DTYPE = "default_dtype"  # torch.get_default_dtype() is v


@dataclasses.dataclass(frozen=True)
class TensorSpec:
    type: type
    dtype: torch.dtype
    device: torch.device
    shape: tuple[int, ...]
    stride: tuple[int, ...] | None
    requires_grad: bool

    @classmethod
    def of(cls, t: torch.Tensor, with_stride: bool = True) -> TensorSpec:
        return cls(type(t), t.dtype, t.device, tuple(t.shape),
                   tuple(t.stride()) if with_stride else None, t.requires_grad)


@dataclasses.dataclass(frozen=True)
class Guard:
    source: Source | None
    kind: GuardKind
    expected: Any = dataclasses.field(compare=False)

    def key(self) -> tuple:
        expected = self.expected
        if self.kind in (GuardKind.SAME_OBJECT, GuardKind.DISTINCT):
            expected = expected.expr()
        elif self.kind in (GuardKind.ID, GuardKind.TYPE):
            expected = id(expected)
        elif self.kind is GuardKind.EQUALS:
            expected = (type(expected), repr(expected))
        elif self.kind is GuardKind.STORAGE_ALIASING:
            expected = (tuple(s.expr() for s in expected[0]), expected[1])
        elif not isinstance(expected, (int, bool, str, tuple, TensorSpec, torch.dtype)):
            expected = repr(expected)
        return (self.source.expr() if self.source else None, self.kind, expected)


def _name_of(value: Any) -> str:
    if isinstance(value, type):
        return f"{value.__module__}.{value.__qualname__}".replace("builtins.", "")
    return repr(value)


def storage_pattern(tensors) -> tuple:
    """For each tensor, the index of the first tensor with the same storage, and where it
    starts in that storage when the storage is shared (views of one base)."""
    first: dict[int, int] = {}
    owners = [first.setdefault(t.untyped_storage().data_ptr(), i)
              for i, t in enumerate(tensors)]
    shared = {o for o in owners if owners.count(o) > 1}
    return tuple((o, t.storage_offset() if o in shared else 0)
                 for o, t in zip(owners, tensors))


class _Env:
    """Names bound in the generated check function for the constants it compares against."""

    def __init__(self):
        self.values: dict[str, Any] = {
            "___is_grad_enabled": torch.is_grad_enabled,
            "___get_default_dtype": torch.get_default_dtype,
            "___copysign": math.copysign,
            "___storage_pattern": storage_pattern,
        }

    def bind(self, value: Any) -> str:
        name = f"___k{len(self.values)}"
        self.values[name] = value
        return name


def _float_conditions(s: str, k: str, value: float) -> list[str]:
    if math.isnan(value):
        return [f"{s} != {s}"]
    conditions = [f"{s} == {k}"]
    if value == 0.0:  # 0.0 == -0.0, yet 1/x and copysign tell them apart
        conditions.append(f"___copysign(1.0, {s}) == {math.copysign(1.0, value)!r}")
    return conditions


def conditions_of(guard: Guard, env: _Env, render: Callable[[Source], str] | None = None
                  ) -> list[tuple[str, Callable[[Callable], str]]]:
    """Each condition is Python source plus a function that explains its failure.

    `render` writes a source as an expression (or as a hoisted local, in the fast check). The
    explainer receives `get(expr)` to evaluate an expression on the failing inputs.
    """
    render = render or (lambda source: source.expr())
    s = render(guard.source) if guard.source is not None else ""
    e = guard.expected
    kind = guard.kind
    if kind is GuardKind.TYPE:
        k = env.bind(e)
        return [(f"type({s}) is {k}",
                 lambda get: f"type({s}) is {_name_of(e)} (got {_name_of(get(f'type({s})'))})")]
    if kind is GuardKind.ID:
        k = env.bind(e)
        return [(f"{s} is {k}", lambda get: f"{s} is {_short(e)} (got {_short(get(s))})")]
    if kind is GuardKind.EQUALS:
        t, k = env.bind(type(e)), env.bind(e)
        conditions = [f"type({s}) is {t}"]
        conditions += _float_conditions(s, k, e) if type(e) is float else [f"{s} == {k}"]
        text = " and ".join(conditions)
        return [(text, lambda get: f"{s} == {e!r} (got {get(s)!r})")]
    if kind is GuardKind.TENSOR:
        return _tensor_conditions(s, e, env)
    if kind is GuardKind.LENGTH:
        return [(f"len({s}) == {e!r}", lambda get: f"len({s}) == {e} (got {get(f'len({s})')})")]
    if kind is GuardKind.DICT_KEYS:
        k = env.bind(list(e))
        return [(f"list({s}) == {k}",
                 lambda get: f"list({s}.keys()) == {list(e)!r} (got {get(f'list({s})')!r})")]
    if kind in (GuardKind.SAME_OBJECT, GuardKind.DISTINCT):
        op = "is" if kind is GuardKind.SAME_OBJECT else "is not"
        other = render(e)
        return [(f"{s} {op} {other}", lambda get: f"{s} {op} {other} (it was not)")]
    if kind is GuardKind.HASATTR:
        name, present = e
        return [(f"hasattr({s}, {name!r}) is {present!r}",
                 lambda get: f"hasattr({s}, {name!r}) == {present} (got {not present})")]
    if kind is GuardKind.INSTANCE_ATTR:
        name, present = e
        return [(f"({name!r} in {s}.__dict__) is {present!r}",
                 lambda get: f"{name!r} in {s}.__dict__ == {present} (got {not present})")]
    if kind is GuardKind.STORAGE_ALIASING:
        sources, pattern = e
        args = ", ".join(render(source) for source in sources)
        names = ", ".join(source.expr() for source in sources)
        return [(f"___storage_pattern(({args},)) == {pattern!r}",
                 lambda get: f"storage sharing of ({names}) == {pattern} "
                             f"(got {get(f'___storage_pattern(({names},))')})")]
    if kind is GuardKind.GRAD_MODE:
        return [(f"___is_grad_enabled() is {e!r}",
                 lambda get: f"torch.is_grad_enabled() == {e} (got {not e})")]
    if kind is GuardKind.DEFAULT_DTYPE:
        k = env.bind(e)
        return [(f"___get_default_dtype() is {k}",
                 lambda get: f"torch.get_default_dtype() == {e} "
                             f"(got {get('___get_default_dtype()')})")]
    raise AssertionError(f"no code for guard kind {kind}")


def _short(value: Any) -> str:
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    name = getattr(value, "__qualname__", None) or type(value).__qualname__
    return f"<{name} at {id(value):#x}>"


def _tensor_conditions(s: str, spec: TensorSpec, env: _Env):
    fields = [
        ("type", f"type({s}) is {env.bind(spec.type)}", f"type({s})", _name_of(spec.type)),
        ("dtype", f"{s}.dtype is {env.bind(spec.dtype)}", f"{s}.dtype", str(spec.dtype)),
        ("device", f"{s}.device == {env.bind(spec.device)}", f"{s}.device", repr(spec.device)),
        ("shape", f"{s}.size() == {spec.shape!r}", f"tuple({s}.shape)", repr(spec.shape)),
        ("requires_grad", f"{s}.requires_grad is {spec.requires_grad!r}",
         f"{s}.requires_grad", repr(spec.requires_grad)),
    ]
    if spec.stride is not None:
        fields.insert(4, ("stride", f"{s}.stride() == {spec.stride!r}",
                          f"{s}.stride()", repr(spec.stride)))

    def explainer(label, got_expr, want):
        shown = f"{s}.{label}" if label != "type" else f"type({s})"
        if label == "stride":
            shown = f"{s}.stride()"
        return lambda get: f"{shown} == {want} (got {_render(get(got_expr))})"

    return [(cond, explainer(label, got, want)) for label, cond, got, want in fields]


def _render(value: Any) -> str:
    if isinstance(value, type):
        return _name_of(value)
    if isinstance(value, torch.device):
        return repr(value)
    return str(value)


class _Hoister:
    """Reads each source path once into a local of the check function, parents first."""

    def __init__(self):
        self.locals: dict[str, str] = {}
        self.pending: list[str] = []

    def render(self, source: Source) -> str:
        text = source.expr()
        if text in self.locals:
            return self.locals[text]
        base = getattr(source, "base", None)
        if isinstance(base, Source) and not isinstance(base, ConstantSource):
            parent = self.render(base)
            text_local = text.replace(base.expr(), parent, 1)
        else:
            text_local = text
        name = f"___v{len(self.locals)}"
        self.locals[text] = name
        self.pending.append(f"{name} = {text_local}")
        return name

    def take(self) -> list[str]:
        lines, self.pending = self.pending, []
        return lines


class CheckFunction:
    """All guards of one cache entry compiled into a single Python function."""

    def __init__(self, guards: Iterable[Guard]):
        self.guards = list(guards)
        env = _Env()
        hoister = _Hoister()
        fast_lines: list[str] = []
        self._conditions: list[tuple[str, Callable]] = []
        for guard in self.guards:
            self._conditions.extend(conditions_of(guard, env))
            for cond, _ in conditions_of(guard, env, hoister.render):
                fast_lines.extend(hoister.take())
                fast_lines.append(f"if not ({cond}): return False")
            if guard.source is not None:
                env.values.update(guard.source.constants())
            if guard.kind in (GuardKind.SAME_OBJECT, GuardKind.DISTINCT):
                env.values.update(guard.expected.constants())
            if guard.kind is GuardKind.STORAGE_ALIASING:
                for source in guard.expected[0]:
                    env.values.update(source.constants())
        self._env = env.values
        lines = ["def ___check(L, G):", "    try:", "        pass"]
        lines += [f"        {line}" for line in fast_lines]
        lines += ["    except Exception:", "        return False", "    return True"]
        self.source = "\n".join(lines)
        namespace = dict(self._env)
        exec(compile(self.source, "<parity guards>", "exec"), namespace)
        self.check: Callable[[dict, dict], bool] = namespace["___check"]

    def first_failure(self, L: dict, G: dict) -> str | None:
        """Explain the first failing guard in one line, or None if all hold."""
        def get(expr: str):
            return eval(expr, dict(self._env), {"L": L, "G": G})

        for cond, explain in self._conditions:
            try:
                ok = eval(cond, dict(self._env), {"L": L, "G": G})
            except Exception as exc:  # a missing attribute or key fails the guard
                return f"{cond.split(' ')[0]} could not be read ({type(exc).__name__})"
            if not ok:
                try:
                    return explain(get)
                except Exception:
                    return cond
        return None

    def describe(self) -> list[str]:
        """The guards as a person reads them."""
        return [describe(guard) for guard in self.guards]


def describe(guard: Guard) -> str:  # noqa: C901 - one line per guard kind
    s = guard.source.expr() if guard.source is not None else ""
    e, kind = guard.expected, guard.kind
    if kind is GuardKind.TYPE:
        return f"type({s}) is {_name_of(e)}"
    if kind is GuardKind.ID:
        return f"{s} is {_short(e)}"
    if kind is GuardKind.EQUALS:
        return f"{s} == {e!r}"
    if kind is GuardKind.TENSOR:
        stride = f", stride={e.stride}" if e.stride is not None else ""
        return (f"{s}: {_name_of(e.type)}(dtype={e.dtype}, device={e.device}, shape={e.shape}"
                f"{stride}, requires_grad={e.requires_grad})")
    if kind is GuardKind.LENGTH:
        return f"len({s}) == {e}"
    if kind is GuardKind.DICT_KEYS:
        return f"list({s}.keys()) == {list(e)!r}"
    if kind in (GuardKind.SAME_OBJECT, GuardKind.DISTINCT):
        return f"{s} {'is' if kind is GuardKind.SAME_OBJECT else 'is not'} {e.expr()}"
    if kind is GuardKind.HASATTR:
        return f"hasattr({s}, {e[0]!r}) == {e[1]}"
    if kind is GuardKind.INSTANCE_ATTR:
        return f"({e[0]!r} in {s}.__dict__) == {e[1]}"
    if kind is GuardKind.STORAGE_ALIASING:
        return f"storage sharing of ({', '.join(x.expr() for x in e[0])}) == {e[1]}"
    if kind is GuardKind.GRAD_MODE:
        return f"torch.is_grad_enabled() == {e}"
    return f"torch.get_default_dtype() == {e}"
