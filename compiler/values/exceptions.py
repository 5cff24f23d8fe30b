"""Exception objects in a trace: made by the program (arguments are constants) or raised by
the operations it traced. Each holds the real exception object, whose state (args, attributes
a user `__init__` set, the cause `raise ... from` gave it) answers the program's questions.
"""

from __future__ import annotations

from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values import exception_chaining, registry
from compiler.values.attributes import bound_method, missing
from compiler.values.base import RaisedByProgram, Value

# Builtin exceptions whose whole state is their args: an instance of a subclass is rebuilt as
# the base's __new__ with the same args plus the instance dict (the user __init__ is not run
# again; it already ran in the trace).
ARGS_ONLY = {BaseException, Exception, ValueError, TypeError, RuntimeError, KeyError,
             IndexError, LookupError, ArithmeticError, ZeroDivisionError, AssertionError,
             NotImplementedError, RecursionError, OverflowError, FloatingPointError,
             BufferError, EOFError, MemoryError, ReferenceError, Warning, UserWarning,
             DeprecationWarning, RuntimeWarning}
IMMUTABLE = (type(None), bool, int, float, complex, str, bytes)


def _new_exception(base: type, cls: type, args: tuple, attrs: dict) -> BaseException:
    exc = base.__new__(cls, *args)
    exc.__dict__.update(attrs)
    return exc


class ExceptionValue(Value):
    """An exception object of the trace; `raised`: it was raised (so it has a traceback), or
    it is a second tracker of an exception (a cause or context read), never rebuilt (a rebuild
    is one object per tracker, and the program may hold the exception through another)."""

    def __init__(self, exc: BaseException, raised: bool = False):
        super().__init__(None)
        self.exc = exc
        self.raised = raised

    def reconstruct(self, plan) -> str:
        """A fresh exception object on each call, equal in type, args and attributes."""
        exc = self.exc
        if self.raised or plan.ctx.exception_contexts.was_raised(exc) \
                or exc.__cause__ is not None or exc.__context__ is not None \
                or exc.__suppress_context__:
            raise Unsupported("an exception that was raised or chained (its traceback and "
                              "context) leaving the compiled code", BreakReason.UNSUPPORTED_VALUE)
        found = plan.ctx.exception_attributes.get(id(exc))
        if found is not None and found[0] is exc and found[1]:
            raise Unsupported("an exception whose state the trace holds in trackers leaving "
                              "the compiled code", BreakReason.UNSUPPORTED_VALUE)
        attrs = dict(vars(exc)) if hasattr(exc, "__dict__") else {}
        if not (_immutable(exc.args) and _immutable(tuple(attrs.values()))):
            raise Unsupported("an exception holding mutable objects leaving the compiled code",
                              BreakReason.UNSUPPORTED_VALUE)
        cls = type(exc)
        base = _builtin_base(cls)
        if base is cls and not attrs and base in ARGS_ONLY:
            return plan.temp(f"{plan.bind(cls)}(*{plan.bind(exc.args)})")
        if base not in ARGS_ONLY or any("__new__" in vars(k) for k in _user_classes(cls)):
            raise Unsupported(f"rebuilding a {cls.__qualname__} exception (its state is more "
                              "than its args)", BreakReason.UNSUPPORTED_VALUE)
        return plan.temp(f"{plan.bind(_new_exception)}({plan.bind(base)}, {plan.bind(cls)}, "
                         f"{plan.bind(exc.args)}, {plan.bind(attrs)})")

    def python_type(self) -> type:
        return type(self.exc)

    def as_constant(self) -> Any:
        return self.exc

    def getattr(self, tx, name: str) -> Value:
        exc = self.exc
        held = _held(tx, exc)
        if name in held:  # set or handed out as a tracker earlier in the trace
            return held[name]
        if name == "args":
            if not _immutable(exc.args):
                raise Unsupported("the args of an exception holding mutable objects",
                                  BreakReason.UNSUPPORTED_ATTRIBUTE)
            return registry.wrap_constant(exc.args)
        if name == "__cause__":  # set by `raise ... from` or the program (never implicitly)
            cause = exc.__cause__
            return registry.wrap_constant(None) if cause is None else ExceptionValue(cause, True)
        if name == "__context__":  # as CPython chains it (compiler/values/exception_context.py)
            context = tx.ctx.exception_contexts.context_of(tx, exc)
            return ExceptionValue(context, True) if context else registry.wrap_constant(None)
        if name == "__traceback__":
            return exception_chaining.read_traceback(tx, self)
        if name in ("__suppress_context__", "__notes__") and name not in vars(exc):
            if name == "__notes__":
                raise missing(type(exc), name)
            return registry.wrap_constant(exc.__suppress_context__)
        if name == "__class__":
            return registry.class_value(type(exc))
        if name == "__dict__":
            raise Unsupported(f"attribute {name!r} of an exception",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        return self._lookup(tx, name)

    def _lookup(self, tx, name: str) -> Value:
        """As `object.__getattribute__`: a data descriptor of the class (a property, a builtin
        exception's own field), then the instance dict, then the class attribute."""
        from compiler.values.attributes import guarded_find_in_mro
        exc, cls = self.exc, type(self.exc)
        if any(k.__module__ != "builtins" and ("__getattr__" in vars(k)
                                               or "__getattribute__" in vars(k))
               for k in cls.__mro__):
            raise Unsupported(f"attribute {name!r} of an exception class with __getattr__",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        owner, raw = guarded_find_in_mro(tx, cls, name)
        data_descriptor = owner is not None and hasattr(type(raw), "__set__")
        if data_descriptor and owner.__module__ == "builtins":  # errno, reason, value, ...
            return _constant_field(getattr(exc, name), name)
        if name in vars(exc) and not data_descriptor:
            return self._instance_attribute(tx, name)
        if owner is None:
            raise missing(cls, name)
        if owner.__module__ != "builtins":
            return registry.class_attribute(tx, cls, name, self)
        if name in ("with_traceback", "add_note"):
            return bound_method(self, name)
        raise Unsupported(f"attribute {name!r} of an exception", BreakReason.UNSUPPORTED_ATTRIBUTE)

    def _instance_attribute(self, tx, name: str) -> Value:
        """An attribute in the instance dict: a constant, or (mutable state a user __init__
        made) one tracker for the rest of the trace, so that its changes are seen."""
        exc = self.exc
        value = vars(exc)[name]
        if _immutable((value,)):
            return registry.wrap_constant(value)
        _refuse_reading_user_str(type(exc))
        seen: set[int] = set()
        if not _unshared((*exc.args, *vars(exc).values()), seen):
            raise Unsupported("mutable state shared between attributes of an exception",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)
        tracker = registry.wrap_constant(value)
        _held(tx, exc, create=True)[name] = tracker
        return tracker

    def setattr(self, tx, name: str, value: Value) -> None:
        if name in exception_chaining.CHAIN_ATTRIBUTES:
            exception_chaining.assign(tx, self, name, value)
            return
        exc = self.exc
        owner = next((k for k in type(exc).__mro__ if name in vars(k)), None)
        descriptor = owner is not None and hasattr(type(vars(owner)[name]), "__set__")
        if name.startswith("__") or descriptor and owner.__module__ != "builtins":
            super().setattr(tx, name, value)  # a dunder, a property: refused
        if value.is_constant() and _immutable((value.as_constant(),)):
            try:  # the trace's own object (a builtin field's setter may refuse the value)
                setattr(exc, name, value.as_constant())
            except (TypeError, ValueError, AttributeError) as error:
                raise RaisedByProgram(error) from None
            _held(tx, exc).pop(name, None)
        elif descriptor:
            super().setattr(tx, name, value)
        else:
            _refuse_reading_user_str(type(exc))
            _held(tx, exc, create=True)[name] = value

    def call_method(self, tx, name: str, args, kwargs) -> Value:
        if name == "with_traceback" and len(args) == 1 and not kwargs:
            exception_chaining.set_traceback(tx, self, args[0])
            return self
        if name == "add_note" and len(args) == 1 and not kwargs and args[0].is_constant() \
                and "__notes__" not in _held(tx, self.exc):
            note = args[0].as_constant()
            try:
                self.exc.add_note(note)
            except TypeError as error:
                raise RaisedByProgram(error) from None
            return registry.wrap_constant(None)
        return super().call_method(tx, name, args, kwargs)


def _held(tx, exc: BaseException, create: bool = False) -> dict[str, Value]:
    """The attributes of `exc` whose state the trace holds in trackers (none yet: {})."""
    found = tx.ctx.exception_attributes.get(id(exc))
    if found is not None and found[0] is exc:
        return found[1]
    if not create:
        return {}
    held: dict[str, Value] = {}
    tx.ctx.exception_attributes[id(exc)] = (exc, held)
    return held


def _refuse_reading_user_str(cls: type) -> None:
    """str() of an exception runs on the real object (values/builtins.py): a user __str__ or
    __repr__ would not see the state the trace holds in trackers."""
    for name in ("__str__", "__repr__"):
        owner = next(k for k in cls.__mro__ if name in vars(k))
        if owner.__module__ != "builtins":
            raise Unsupported(f"state held apart from an exception whose {name} may read it",
                              BreakReason.UNSUPPORTED_ATTRIBUTE)


def _constant_field(value: Any, name: str) -> Value:
    if not _immutable((value,)):
        raise Unsupported(f"attribute {name!r} of an exception holding a mutable object",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)
    return registry.wrap_constant(value)


def _unshared(values, seen: set[int]) -> bool:
    """Whether no mutable object is reachable twice from `values` (lists, dicts, sets)."""
    for value in values:
        if type(value) in IMMUTABLE:
            continue
        if type(value) is not tuple:
            if id(value) in seen:
                return False
            seen.add(id(value))
        inner = (value.values() if isinstance(value, dict) else value
                 if isinstance(value, (list, tuple, set, frozenset)) else ())
        if not _unshared(tuple(inner), seen):
            return False
    return True


def _immutable(values: tuple) -> bool:
    return all(type(v) in IMMUTABLE or type(v) is tuple and _immutable(v) for v in values)


def _builtin_base(cls: type) -> type:
    return next(k for k in cls.__mro__ if k.__module__ == "builtins")


def _user_classes(cls: type) -> list[type]:
    return [k for k in cls.__mro__ if k.__module__ != "builtins"]


def exception_repr(tx, value: ExceptionValue) -> Value:
    """repr() of an exception (user_hash_repr.py's repr handler asks here): BaseException's
    reads only the args; a user __repr__ is traced (values/builtins.py's str() runs the real
    object's __str__)."""
    exc, cls = value.exc, type(value.exc)
    owner = next(k for k in cls.__mro__ if "__repr__" in vars(k))
    if owner.__module__ != "builtins":
        return registry.class_attribute(tx, cls, "__repr__", value).call(tx, [], {})
    if not _immutable(exc.args):
        raise Unsupported("repr() of an exception holding mutable objects",
                          BreakReason.UNSUPPORTED_CALL)
    return registry.wrap_constant(repr(exc))
