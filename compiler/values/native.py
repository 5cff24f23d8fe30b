"""Callables the translator does not inline: a real native function held for good
(`NativeFunctionValue`, the base of builtins and torch functions) and a method bound to a
tracker that the tracker's own `call_method` runs (`list.append`, `Tensor.add`).

A module of its own, with no value kind but the base: containers, attributes and tensors
hand these out, and callables.py (which inlines user functions) sits above them.
"""

from __future__ import annotations

import types
from typing import Any

from compiler.values.base import HeldCallableValue, Value


class NativeFunctionValue(HeldCallableValue):
    """A callable the translator does not inline (a builtin, a torch function): it holds the
    real object, and its kind decides what a call does."""

    def fixed_object(self) -> Any:
        return self.fn

    def __repr__(self) -> str:
        name = getattr(self.fn, "__qualname__", None) or getattr(self.fn, "__name__", self.fn)
        return f"{type(self).__name__}({name})"

    def as_constant(self) -> Any:
        return self.fn


class BoundContainerMethodValue(Value):
    """`lst.append`, `d.items`, ...: dispatched to the container's call_method."""

    def __init__(self, container: Value, name: str):
        super().__init__(None)
        self.container, self.name = container, name

    def reconstruct(self, plan) -> str:
        return plan.temp(f"{plan.expr(self.container)}.{self.name}")

    def _raw(self) -> Any:
        """The method as the container's type defines it (a method or slot descriptor)."""
        cls = self.container.python_type()
        return next(vars(k)[self.name] for k in cls.__mro__ if self.name in vars(k))

    def python_type(self) -> type:
        """What reading it from an instance gives: a builtin method, or a method-wrapper for a
        slot (`lst.__add__`)."""
        raw = self._raw()
        if isinstance(raw, types.WrapperDescriptorType):
            return types.MethodWrapperType
        if isinstance(raw, (types.MethodDescriptorType, types.ClassMethodDescriptorType)):
            return types.BuiltinMethodType
        return super().python_type()

    def getattr(self, tx, name: str) -> Value:
        """Its name, qualified name (a slot's names the type defining it, a method's the
        instance's type, as CPython's) and the object it is bound to."""
        from compiler.values import registry
        raw = self._raw()
        if name == "__self__":
            return self.container
        if name == "__name__":
            return registry.wrap_constant(self.name)
        if name == "__qualname__" and isinstance(raw, types.WrapperDescriptorType):
            return registry.wrap_constant(f"{raw.__objclass__.__qualname__}.{self.name}")
        if name == "__qualname__" and isinstance(raw, types.MethodDescriptorType):
            return registry.wrap_constant(
                f"{self.container.python_type().__qualname__}.{self.name}")
        return super().getattr(tx, name)

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.call_arity import BOUND_DUNDERS, check_method
        check_method(self.container.python_type(), self.name, args, kwargs)
        for dunder in BOUND_DUNDERS if self.name.startswith("__") else ():
            answer = dunder(tx, self.container, self.name, args, kwargs)
            if answer is not None:
                return answer
        return self.container.call_method(tx, self.name, args, kwargs)


class TensorMethodValue(Value):
    def __init__(self, tensor: Value, name: str):
        super().__init__(None)
        self.tensor, self.name = tensor, name

    def reconstruct(self, plan) -> str:
        return plan.temp(f"{plan.expr(self.tensor)}.{self.name}")

    def call(self, tx, args, kwargs) -> Value:
        return self.tensor.call_method(tx, self.name, args, kwargs)
