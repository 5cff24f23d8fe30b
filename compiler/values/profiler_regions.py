"""`torch.profiler.record_function(name)` (the same class as torch.autograd.profiler's) in a
trace: a labelled region for a profiler, which changes nothing a program computes. Its `with`
block, or a function it decorates, is traced as if it were not there (no node: the graph's
code is not profiled by region, as a compiled program's is not either). The object the block
enters is the manager itself, as eager's `__enter__` gives it. A break inside a block is
refused (its exit cannot leave the graph), and so is the object leaving the frame.

A real record_function object met in a trace (the one a module-level decorator keeps, whose
wrapper enters `self._recreate_cm()`, itself) is wrapped as the same kind of region.
"""

from __future__ import annotations

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.values.base import Value
from compiler.values.constant import ConstantValue

RECORD_FUNCTION = torch.autograd.profiler.record_function


def is_profiler_region_class(cls) -> bool:
    return cls is RECORD_FUNCTION


def construct_profiler_region(args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`record_function(name, args=None)`: both plain strings (what the C++ side accepts)."""
    from compiler.values.base import RaisedByProgram
    names = ("name", "args")
    given = dict(zip(names, args))
    if len(args) > 2 or set(kwargs) - set(names) or set(given) & set(kwargs):
        raise RaisedByProgram(TypeError("record_function() got unexpected arguments"))
    given.update(kwargs)
    if "name" not in given:
        raise RaisedByProgram(TypeError("record_function() missing argument 'name'"))
    name = given["name"]
    extra = given.get("args", ConstantValue(None))
    if not (name.is_constant() and type(name.as_constant()) is str and extra.is_constant()
            and type(extra.as_constant()) in (str, type(None))):
        raise Unsupported("record_function with a name or args other than strings",
                          BreakReason.UNSUPPORTED_CALL)
    return ProfilerRegionValue()


def wrap_profiler_region(ctx, obj, source) -> Value:
    if ctx is not None and source is not None:
        ctx.guard(source, GuardKind.TYPE, type(obj))
    return ProfilerRegionValue(source, real=obj)


class ProfilerRegionValue(Value):
    def __init__(self, source=None, real=None):
        super().__init__(source)
        self.real = real

    def python_type(self) -> type:
        return RECORD_FUNCTION

    def is_fresh_object(self) -> bool:
        return self.real is None

    def fixed_object(self):
        return self.real

    def reconstruct(self, plan) -> str:
        if self.source is not None:
            return super().reconstruct(plan)
        raise Unsupported("a record_function object made in the compiled code leaving it",
                          BreakReason.UNSUPPORTED_VALUE)

    def enter(self, tx) -> Value:
        return self

    def exit(self, tx) -> Value:
        return ConstantValue(None)

    def enter_with(self, tx) -> tuple[Value, Value]:
        return ProfilerExitValue(), self

    def getattr(self, tx, name: str) -> Value:
        if name == "_recreate_cm":  # ContextDecorator's wrapper enters what this gives: itself
            return _GivesBack(self)
        if name == "__class__":
            from compiler.values import registry
            return registry.class_value(RECORD_FUNCTION)
        raise Unsupported(f"attribute {name!r} of a record_function object",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)

    def call(self, tx, args, kwargs) -> Value:
        """Used as a decorator: the function, whose calls run in a region that records nothing."""
        from compiler.values.regions import ManagedFunctionValue, is_function
        if len(args) != 1 or kwargs or not is_function(args[0]):
            raise Unsupported("calling a record_function object", BreakReason.UNSUPPORTED_CALL)
        return ManagedFunctionValue(ProfilerRegionValue, args[0], exits_on_raise=True)


class _GivesBack(Value):
    def __init__(self, value: Value):
        super().__init__(None)
        self.value = value

    def call(self, tx, args, kwargs) -> Value:
        if args or kwargs:
            raise Unsupported("_recreate_cm with arguments", BreakReason.UNSUPPORTED_CALL)
        return self.value


class ProfilerExitValue(Value):
    """The `__exit__` of a record_function block, on the stack while the block runs."""

    def __init__(self):
        super().__init__(None)

    def call(self, tx, args, kwargs) -> Value:
        return ConstantValue(None)

    def reconstruct(self, plan) -> str:
        raise Unsupported("a graph break inside a record_function block",
                          BreakReason.UNSUPPORTED_VALUE)
