"""`hash(obj)` and `repr(obj)` of an instance of a user class whose `__hash__` / `__repr__` is
written in Python: the method is traced, and its result taken as CPython's slot does (an int
kept if it fits 64 bits, -1 made -2, else hashed; a str, else TypeError). A dataclass's repr
is traced without the recursion guard dataclasses wraps it in: that guard answers only for an
object reached again inside its own repr, which the trace refuses (the inlining depth).
`object.__hash__` (an identity) and C-level methods are left to the builtin's fallbacks,
which refuse them.
"""

from __future__ import annotations

import dataclasses
import inspect
import types

from compiler.errors import BreakReason, Unsupported
from compiler.values.attributes import guarded_find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.callables import UserFunctionValue
from compiler.values.constant import ConstantValue

_GUARDED_REPR = dataclasses._recursive_repr(lambda self: "").__code__  # its wrapper's code


def _python_method(tx, value: Value, name: str) -> types.FunctionType | None:
    from compiler.values.objects import ObjectValue
    if not isinstance(value, ObjectValue):
        return None
    method = guarded_find_in_mro(tx, value.python_type(), name)[1]  # the class may change
    return method if isinstance(method, types.FunctionType) else None


def _constant(result: Value, what: str):
    if not result.is_constant():
        raise Unsupported(f"{what} that is not a constant", BreakReason.UNSUPPORTED_VALUE)
    return result.as_constant()


def _hash(tx, obj: Value):
    from compiler.values.objects import ObjectValue
    if isinstance(obj, ObjectValue) and inspect.getattr_static(
            obj.python_type(), "__hash__", False) is None:
        raise RaisedByProgram(TypeError(f"unhashable type: '{obj.python_type().__name__}'"))
    method = _python_method(tx, obj, "__hash__")
    if method is None:
        return NotImplemented
    answer = _constant(UserFunctionValue(method).call(tx, [obj], {}), "a __hash__ result")
    if not isinstance(answer, int):
        raise RaisedByProgram(TypeError("__hash__ method should return an integer"))
    return ConstantValue(_slot_hash(int(answer)))


def _slot_hash(answer: int) -> int:
    """What CPython's hash slot makes of the int `__hash__` returned: kept when it fits a
    Py_ssize_t (-1, the error value, becomes -2), else hashed as an int."""
    if -2 ** 63 <= answer < 2 ** 63:
        return -2 if answer == -1 else answer
    return hash(answer)


def _repr(tx, obj: Value):
    from compiler.values.exceptions import ExceptionValue, exception_repr
    if isinstance(obj, ExceptionValue):
        return exception_repr(tx, obj)
    method = _python_method(tx, obj, "__repr__")
    if method is None:
        return NotImplemented
    if method.__code__ is _GUARDED_REPR:  # dataclasses' guard: the function it wraps
        inner = method.__closure__[method.__code__.co_freevars.index("user_function")]
        method = inner.cell_contents
    answer = _constant(UserFunctionValue(method).call(tx, [obj], {}), "a __repr__ result")
    if not isinstance(answer, str):
        raise RaisedByProgram(TypeError(f"__repr__ returned non-string (type "
                                        f"{type(answer).__name__})"))
    if type(answer) is not str:  # a str subclass: CPython gives it back as it is
        raise Unsupported("__repr__ returning a str subclass", BreakReason.UNSUPPORTED_VALUE)
    return ConstantValue(answer)


_HEAP_TYPE = 1 << 9
_plain_str = BUILTIN_HANDLERS[str]  # builtins' own (exceptions)


def _str(tx, *value, **kwargs):
    """`str(obj)` of an instance of a Python class: its `__str__` traced, or object's, which
    gives the `repr` (above)."""
    cls = value[0].dunder_class() if len(value) == 1 and not kwargs else None
    if cls is None or not all(k.__flags__ & _HEAP_TYPE for k in cls.__mro__[:-1]):
        return _plain_str(tx, *value, **kwargs)
    method = guarded_find_in_mro(tx, cls, "__str__")[1]
    if method is object.__str__:
        return _repr(tx, value[0])
    if not isinstance(method, types.FunctionType):
        return _plain_str(tx, *value, **kwargs)
    answer = _constant(UserFunctionValue(method).call(tx, [value[0]], {}), "a __str__ result")
    if not isinstance(answer, str):
        raise RaisedByProgram(TypeError(f"__str__ returned non-string (type "
                                        f"{type(answer).__name__})"))
    if type(answer) is not str:
        raise Unsupported("__str__ returning a str subclass", BreakReason.UNSUPPORTED_VALUE)
    return ConstantValue(answer)


HANDLERS = {hash: _hash, repr: _repr, str: _str}

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table

# object.__getattribute__ / __delattr__ called directly join it there, beside super()'s
from compiler.values import super_lookup  # noqa: E402, F401
