"""`torch.profiler.record_function(name, args)` (the same class as torch.autograd.profiler's)
in a trace: a labelled region for a profiler, which changes nothing a program computes but is
seen by a profiler running around the call (`prof.key_averages()` lists its name). Its `with`
block, or a function it decorates, is a region (compiler/values/regions.py) whose nodes are
the ones eager's `__enter__` / `__exit__` call: `torch.ops.profiler._record_function_enter_new
(name, args)` and `_record_function_exit` of the handle it gave, around the block's ops, so a
profiler sees the graph's run as it sees eager's. The trace itself enters nothing. The object
the block enters is the manager itself, as eager's `__enter__` gives it. A break inside a block
is refused (its exit cannot leave the graph), and so is a manager made in the trace leaving it.

A real record_function object met in a trace (the one a module-level decorator keeps, whose
wrapper enters `self._recreate_cm()`, itself) is wrapped as the same kind of region, its name
and args guarded. (Eager's `__enter__` also stores the handle on that object, as `record`;
the compiled call does not.)
"""

from __future__ import annotations

import contextlib
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource
from compiler.values.base import Value
from compiler.values.constant import ConstantValue
from compiler.values.regions import RegionValue

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
    if not (
        name.is_constant()
        and type(name.as_constant()) is str
        and extra.is_constant()
        and type(extra.as_constant()) in (str, type(None))
    ):
        raise Unsupported(
            "record_function with a name or args other than strings", BreakReason.UNSUPPORTED_CALL
        )
    return ProfilerRegionValue(name.as_constant(), extra.as_constant())


def wrap_profiler_region(ctx, obj, source) -> Value:
    if type(obj.name) is not str or type(obj.args) not in (str, type(None)):
        raise Unsupported(
            "a record_function object with a name or args other than strings",
            BreakReason.UNSUPPORTED_VALUE,
        )
    if ctx is not None and source is not None:
        ctx.guard(source, GuardKind.TYPE, type(obj))
        ctx.guard(AttrSource(source, "name"), GuardKind.EQUALS, obj.name)
        ctx.guard(AttrSource(source, "args"), GuardKind.EQUALS, obj.args)
    made = ProfilerRegionValue(obj.name, obj.args, held=obj)
    made.source = source
    return made


class ProfilerRegionValue(RegionValue):
    """One record_function object: made in the trace, or the program's own (`held`)."""

    kind = "record_function"
    enter_target = torch.ops.profiler._record_function_enter_new.default
    exit_target = torch.ops.profiler._record_function_exit._RecordFunction
    exits_on_raise = True  # ContextDecorator's wrapper is a `with` block

    def __init__(self, name: str, args: str | None, held: Any = None):
        super().__init__()
        self.name, self.args, self.held = name, args, held

    def python_type(self) -> type:
        return RECORD_FUNCTION

    def is_fresh_object(self) -> bool:
        return self.held is None

    def fixed_object(self):
        return self.held

    def reconstruct(self, plan) -> str:
        if self.source is not None:
            return super().reconstruct(plan)
        raise Unsupported(
            "a record_function object made in the compiled code leaving it",
            BreakReason.UNSUPPORTED_VALUE,
        )

    def start(self, tx) -> tuple[Any, tuple]:
        return contextlib.nullcontext(), (self.name, self.args)  # nothing entered at trace time

    def fresh(self) -> ProfilerRegionValue:
        return ProfilerRegionValue(self.name, self.args)

    def enter(self, tx) -> Value:
        super().enter(tx)
        return self  # the `as` value: the manager, as eager's __enter__ gives

    def getattr(self, tx, name: str) -> Value:
        if name == "_recreate_cm":  # ContextDecorator's wrapper enters what this gives: itself
            return _GivesBack(self)
        if name == "__class__":
            from compiler.values import registry

            return registry.class_value(RECORD_FUNCTION)
        if name in ("name", "args"):  # plain strings, fixed when made (guarded when wrapped)
            return ConstantValue(getattr(self, name))
        raise Unsupported(
            f"attribute {name!r} of a record_function object", BreakReason.UNSUPPORTED_ATTRIBUTE
        )


class _GivesBack(Value):
    def __init__(self, value: Value):
        super().__init__(None)
        self.value = value

    def call(self, tx, args, kwargs) -> Value:
        if args or kwargs:
            raise Unsupported("_recreate_cm with arguments", BreakReason.UNSUPPORTED_CALL)
        return self.value
