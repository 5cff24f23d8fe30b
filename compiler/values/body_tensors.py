"""Tensors a class body in compiled code makes with a torch factory of constants
(`t = torch.ones(2)`): eager makes a new one on every call, with the same contents.

The body runs for real once, at trace time; the tensor it made is then replaced in the class by
a `BodyTensor` that says how it was made, and that factory call is recorded in the graph there
(reading the attribute gives its tensor), so every call gets a fresh tensor, as in eager:
written in place or returned, it is that call's own. Any other way to the placeholder (the
class's `__dict__`) is refused, as its type is unknown to the tracer, and such a class is never
made anew by the rebuild nor given to `@dataclass` or a library metaclass (their defaults would
hold the one real tensor).
"""

from __future__ import annotations

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value

FACTORIES = (torch.ones, torch.zeros, torch.full, torch.arange, torch.eye, torch.linspace,
             torch.tensor)


def is_factory(callee) -> bool:
    return any(callee is factory for factory in FACTORIES)


class BodyTensor:
    """Stands in the class for the tensor its body made: the factory and its arguments."""

    def __init__(self, factory, args: tuple, kwargs: dict):
        self.factory, self.args, self.kwargs = factory, args, kwargs
        self._made: tuple[int, Value] | None = None

    def value(self, ctx) -> Value:
        """The tensor of this trace: one graph call, made with the class."""
        if ctx is None:
            raise Unsupported("a class body's tensor outside a trace",
                              BreakReason.UNSUPPORTED_VALUE)
        if self._made is None or self._made[0] != id(ctx):
            from compiler.values import registry
            made = ctx.tensor_op(
                "call_function", self.factory, [registry.wrap_constant(a) for a in self.args],
                {k: registry.wrap_constant(v) for k, v in self.kwargs.items()},
                f"torch.{self.factory.__name__}")
            self._made = (id(ctx), made)
        return self._made[1]

    def __repr__(self) -> str:
        return f"BodyTensor({self.factory.__name__}{self.args})"


def replace_body_tensors(ctx, cls: type, names: dict[str, tuple]) -> None:
    """Put a `BodyTensor` in the class where the body stored a factory's tensor, its graph
    call recorded now, where the body ran (under its grad and inference modes)."""
    for name, (factory, args, kwargs) in names.items():
        if not isinstance(vars(cls).get(name), torch.Tensor):
            raise AssertionError(f"{cls.__qualname__}.{name} is not the tensor its body made")
        placeholder = BodyTensor(factory, args, kwargs)
        placeholder.value(ctx)
        setattr(cls, name, placeholder)
