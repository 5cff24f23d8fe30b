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
import enum
import re
import types

from compiler.errors import BreakReason, Unsupported
from compiler.values import operators
from compiler.values.attributes import guarded_find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.callables import UserFunctionValue
from compiler.values.constant import ConstantValue, call_pure

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
    if isinstance(obj, ObjectValue) and guarded_find_in_mro(
            tx, obj.python_type(), "__hash__")[1] is None:
        raise RaisedByProgram(TypeError(f"unhashable type: '{obj.python_type().__name__}'"))
    method = _python_method(tx, obj, "__hash__")
    if method is None:
        by_members = _hash_by_members(tx, obj)
        return _identity_hash(tx, obj) if by_members is NotImplemented else by_members
    answer = _constant(UserFunctionValue(method).call(tx, [obj], {}), "a __hash__ result")
    if not isinstance(answer, int):
        raise RaisedByProgram(TypeError("__hash__ method should return an integer"))
    return ConstantValue(_slot_hash(int(answer)))


def _identity_hash(tx, obj: Value):
    """hash() of an object hashed by identity (object's, a tensor's): that of the object the
    value is on every call (its identity pinned, builtins_attributes.lasting_object); one made
    in the trace has a new hash per call and stays refused."""
    import torch

    from compiler.values.builtins_attributes import lasting_object
    if obj.is_constant():
        return NotImplemented
    try:
        kind = obj.python_type()
    except Unsupported:
        return NotImplemented
    hook = guarded_find_in_mro(tx, kind, "__hash__")[1] if kind.__flags__ & _HEAP_TYPE else \
        getattr(kind, "__hash__", None)
    if hook is not object.__hash__ and hook is not torch.Tensor.__hash__:
        return NotImplemented
    real = lasting_object(tx, obj)
    return NotImplemented if real is None else ConstantValue(hash(real))


def _hash_by_members(tx, obj: Value):
    """hash() of a tuple or frozenset holding objects hashed in Python (or constants): the
    hash of its stand-in key, made of the members' exact hashes as CPython combines them."""
    from compiler.values.sets import SetValue
    from compiler.values.stdlib_hash_keys import exact_member, key_of
    if obj.is_constant():
        return NotImplemented
    if isinstance(obj, SetValue) and obj.frozen and obj.exact():
        return ConstantValue(hash(obj.hash_key()))
    if getattr(obj, "tuple_items", None) is not None and exact_member(obj):
        return ConstantValue(hash(key_of(tx, obj)))
    return NotImplemented


def _slot_hash(answer: int) -> int:
    """What CPython's hash slot makes of the int `__hash__` returned: kept when it fits a
    Py_ssize_t (-1, the error value, becomes -2), else hashed as an int."""
    if -2 ** 63 <= answer < 2 ** 63:
        return -2 if answer == -1 else answer
    return hash(answer)


def _text(tx, obj: Value, method: types.FunctionType, hook: str) -> ConstantValue:
    """The str a traced `__repr__` / `__str__` / `__format__` gave, as CPython's slot takes it."""
    answer = _constant(UserFunctionValue(method).call(tx, [obj], {}), f"a {hook} result")
    if not isinstance(answer, str):
        kind = "non-string" if hook != "__format__" else "non-str"
        raise RaisedByProgram(TypeError(f"{hook} returned {kind} (type "
                                        f"{type(answer).__name__})"))
    if type(answer) is not str:  # a str subclass: CPython gives it back as it is
        raise Unsupported(f"{hook} returning a str subclass", BreakReason.UNSUPPORTED_VALUE)
    return ConstantValue(answer)


def _specialised(value: Value):
    """A torch.Size, tuple or list of ints some of which are symbolic sizes (`x.shape` under
    dynamic shapes): its real value, each symbolic size specialised to its value (guarded), as
    an f-string of one size is; else None."""
    import torch

    from compiler.values.containers import ListValue, TupleValue
    from compiler.values.symbolic_int import is_symbolic
    if not isinstance(value, (TupleValue, ListValue)) or value.python_type() not in (
            tuple, list, torch.Size) or not any(is_symbolic(i) for i in value.items):
        return None
    if not all(i.is_constant() or is_symbolic(i) for i in value.items):
        return None
    return value.python_type()(i.as_constant() for i in value.items)


def _as_text(fn, builtin):
    """str / repr / format (`builtin`) of a value holding symbolic sizes: of its specialised
    value; of anything else, `fn`."""
    def handler(tx, value=None, *rest, **kwargs):
        real = _specialised(value) if value is not None and not kwargs else None
        if real is None or not all(r.is_constant() for r in rest):
            return fn(tx, *(() if value is None else (value,)), *rest, **kwargs)
        return ConstantValue(call_pure(builtin, [real, *(r.as_constant() for r in rest)], {}))
    return handler


def _repr(tx, obj: Value):
    from compiler.values.exceptions import ExceptionValue, exception_repr
    if isinstance(obj, ExceptionValue):
        return exception_repr(tx, obj)
    if _is_container(obj):
        return _container_repr(tx, obj)
    if _is_function(obj):
        return _function_repr(tx, obj)
    method = _python_method(tx, obj, "__repr__")
    if method is None:
        return _default_repr(tx, obj)
    if method.__code__ is _GUARDED_REPR:  # dataclasses' guard: the function it wraps
        inner = method.__closure__[method.__code__.co_freevars.index("user_function")]
        method = inner.cell_contents
    return _text(tx, obj, method, "__repr__")


def _default_repr(tx, obj: Value):
    """object.__repr__ (`<module.Qualname object at 0xID>`) of an object that is the same one
    on every call: its identity pinned, its class's __module__ and __qualname__ guarded. One
    made in the trace has a new id per call: refused."""
    from compiler.guards.guard import GuardKind
    from compiler.guards.sources import AttrSource, ConstantSource
    from compiler.values.builtins_attributes import lasting_object
    from compiler.values.objects import ObjectValue
    if not isinstance(obj, ObjectValue):
        return NotImplemented
    cls = obj.python_type()
    if guarded_find_in_mro(tx, cls, "__repr__")[1] is not object.__repr__:
        return NotImplemented
    real = lasting_object(tx, obj)
    if real is None or type(real) is not cls:
        return NotImplemented
    guarded_find_in_mro(tx, cls, "__module__")
    tx.ctx.guard(AttrSource(ConstantSource(tx.ctx.label_for(cls, "cls"), cls), "__qualname__"),
                 GuardKind.EQUALS, cls.__qualname__)
    return ConstantValue(repr(real))


def _is_function(value: Value) -> bool:
    from compiler.values.native import NativeFunctionValue
    return isinstance(value, (UserFunctionValue, NativeFunctionValue))


def _function_repr(tx, fn: Value):
    """`<function QUALNAME at 0xID>` (or a builtin's `<built-in function NAME>`) of a function
    that is the same one on every call (its id pinned, a Python function's `__qualname__`
    guarded); one made in the trace has a new id per call."""
    from compiler.guards.guard import GuardKind
    from compiler.guards.sources import AttrSource, ConstantSource
    from compiler.values.builtins_attributes import lasting_object
    real = lasting_object(tx, fn)
    if real is None or getattr(fn, "attributes", None):  # (functools.wraps may have set
        raise Unsupported(f"repr of {fn}, made in the trace",  # its name in the trace)
                          BreakReason.UNSUPPORTED_VALUE)
    if isinstance(real, types.FunctionType):
        source = fn.source or ConstantSource(tx.ctx.label_for(real, "fn"), real)
        tx.ctx.guard(AttrSource(source, "__qualname__"), GuardKind.EQUALS, real.__qualname__)
    elif not isinstance(real, types.BuiltinFunctionType):
        return NotImplemented
    return ConstantValue(repr(real))


_HEAP_TYPE = 1 << 9
_plain_str = BUILTIN_HANDLERS[str]  # builtins' own (exceptions)


def _python_class(value: Value) -> type | None:
    """The class of an instance of classes written in Python (and object), else None; the
    class of a constant (an Enum member, a named tuple) with text dunders of the program's
    (their fold would run them outside the trace: program_dunders.py)."""
    cls = value.dunder_class()
    if cls is None and value.is_constant():
        from compiler.values.program_dunders import program_dunder_of
        kind = type(value.as_constant())
        if program_dunder_of(kind, ("__str__", "__repr__", "__format__")) is not None:
            return kind
    if cls is None or not all(k.__flags__ & _HEAP_TYPE for k in cls.__mro__[:-1]):
        return None
    return cls


def _str(tx, *value, **kwargs):
    """`str(obj)` of an instance of a Python class: its `__str__` traced, or object's, which
    gives the `repr` (above); of a list, tuple or dict holding such objects, its repr."""
    if len(value) == 1 and not kwargs and _is_container(value[0]):
        return _container_repr(tx, value[0])
    if len(value) == 1 and not kwargs and _is_function(value[0]):
        return _function_repr(tx, value[0])  # a function's str is its repr
    cls = _python_class(value[0]) if len(value) == 1 and not kwargs else None
    if cls is None:
        return _plain_str(tx, *value, **kwargs)
    method = guarded_find_in_mro(tx, cls, "__str__")[1]
    if method is object.__str__:
        return _repr(tx, value[0])
    if not isinstance(method, types.FunctionType):
        return _plain_str(tx, *value, **kwargs)
    return _text(tx, value[0], method, "__str__")


def _format(tx, value: Value, spec: Value | None = None):
    """`format(obj, spec)` of an instance of a Python class: its `__format__` traced, or
    object's (the str for an empty spec, else TypeError), which functions keep."""
    builtin_kind = _is_function(value) or _is_container(value)
    cls = value.python_type() if builtin_kind else _python_class(value)
    if cls is None or (spec is not None and not spec.is_constant()):
        return NotImplemented
    text = "" if spec is None else spec.as_constant()
    if not isinstance(text, str):
        raise RaisedByProgram(TypeError(f"format() argument 2 must be str, not "
                                        f"{type(text).__name__}"))
    method = object.__format__ if builtin_kind else guarded_find_in_mro(
        tx, cls, "__format__")[1]
    if method is object.__format__:
        if text:
            raise RaisedByProgram(TypeError(f"unsupported format string passed to "
                                            f"{cls.__name__}.__format__"))
        return _str(tx, value)
    if method is enum.Enum.__format__:  # `str.__format__(str(self), spec)`, its str traced
        shown = _constant(_str(tx, value), "a __str__ result")
        return ConstantValue(call_pure(format, [shown, text], {}))
    if not isinstance(method, types.FunctionType):
        return NotImplemented
    answer = _constant(UserFunctionValue(method).call(tx, [value, ConstantValue(text)], {}),
                       "a __format__ result")
    if type(answer) is not str:
        raise RaisedByProgram(TypeError(f"__format__ must return a str, not "
                                        f"{type(answer).__name__}"))
    return ConstantValue(answer)


def format_value(tx, value: Value, spec: str, conversion: int) -> Value:
    """FORMAT_VALUE of an f-string (`f"{value!r:>8}"`): the conversion (str, repr, ascii) by
    the builtins above, then `format(value, spec)`."""
    from compiler.values.builtins import call_builtin
    if conversion:
        value = call_builtin(tx, {1: str, 2: repr, 3: ascii}[conversion], [value], {})
    return call_builtin(tx, format, [value, ConstantValue(spec)], {})


def _is_container(value: Value) -> bool:
    from compiler.values.containers import DictValue, ListValue, TupleValue
    if isinstance(value, DictValue):
        return value.python_type() is dict and not all(
            k.is_constant() and v.is_constant() for k, v in value.entries.values())
    return isinstance(value, (ListValue, TupleValue)) and value.python_type() in (
        list, tuple) and not all(i.is_constant() for i in value.items)


_being_shown: list[Value] = []  # the containers whose repr is being made (CPython's guard)


def _container_repr(tx, value: Value) -> ConstantValue:
    """repr of a list, tuple or dict holding objects whose repr is traced: each item's
    repr, as CPython's containers write them ("[...]" for one reached inside itself)."""
    from compiler.values.builtins import call_builtin
    from compiler.values.containers import DictValue, ListValue
    opening, closing = ("[", "]") if isinstance(value, ListValue) else (
        ("{", "}") if isinstance(value, DictValue) else ("(", ")"))
    if any(v is value for v in _being_shown):
        return ConstantValue(opening + "..." + closing)

    def shown(item: Value) -> str:
        return _constant(call_builtin(tx, repr, [item], {}), "an item's repr")

    _being_shown.append(value)
    try:
        if isinstance(value, DictValue):
            parts = [f"{shown(k)}: {shown(v)}" for k, v in value.entries.values()]
        else:
            parts = [shown(item) for item in value.items]
    finally:
        _being_shown.pop()
    tail = "," if opening == "(" and len(parts) == 1 else ""
    return ConstantValue(opening + ", ".join(parts) + tail + closing)


HANDLERS = {hash: _hash, repr: _as_text(_repr, repr), str: _as_text(_str, str),
            format: _as_text(_format, format)}

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table


_PERCENT_SPEC = re.compile(r"%(\([^)]*\))?([#0\- +]*)(\*|\d+)?(?:\.(\*|\d+))?[hlL]?(.)", re.S)


def percent_of_one(tx, template: str, value: Value) -> Value | None:
    """`template % obj` for an object of a Python class (not a tuple, so one argument): with
    one `%s`, `%r` or `%a` in the template, the text of the object's traced `__str__` or
    `__repr__` put where it goes (width and flags as CPython gives them); None for any other
    template (what CPython does then is asked elsewhere, or refused)."""
    if _python_class(value) is None:
        return None
    specs = [m for m in _PERCENT_SPEC.finditer(template) if m.group(5) != "%"]
    if len(specs) != 1 or specs[0].group(1) or "*" in (specs[0].group(3) or "") + (
            specs[0].group(4) or "") or specs[0].group(5) not in "sra":
        return None
    conversion = specs[0].group(5)
    made = _str(tx, value) if conversion == "s" else _repr(tx, value)
    if not isinstance(made, Value) or not made.is_constant():  # (a repr not known: refused)
        return None
    text = made.as_constant()
    if conversion == "a":  # ascii(): the repr with what is not ASCII escaped
        text = text.encode("ascii", "backslashreplace").decode("ascii")
    as_s = template[:specs[0].start()] + template[specs[0].start():specs[0].end() - 1] + "s" + \
        template[specs[0].end():]
    return ConstantValue(as_s % (text,))


operators.HOOKS["percent_of_one"] = percent_of_one

# object.__getattribute__ / __delattr__ called directly join it there, beside super()'s, and
# the builtins of attributes and identity (getattr ... id); a metaclass's traced
# `__subclasscheck__` joins them for issubclass
from compiler.values import builtins_attributes, subclass_checks, super_lookup  # noqa: E402, F401

