"""Which class statements can be run for real at trace time: those that run no program code.

A class made in the trace is made once, by running its body for real (class_statement.py). That
is only exact when making it runs nothing but the body's own bookkeeping: a call in the body
(`REGISTRY.append(1)`), a base's `__init_subclass__`, a metaclass or a `__set_name__` hook
runs on every call in eager and would run once here. `inert_body_names` reads the body's
bytecode with an abstract stack, before anything runs, and refuses any instruction that could
run code other than the body's: only constants, name loads and stores, function and
container displays, annotations, the decorators `staticmethod`, `classmethod`, `property`
(with its `setter`/`getter`/`deleter`) and `dataclasses.field`, and pure functions (`len`,
`max`, `math.sqrt`...) and operators of constants are allowed, and torch factories of
constants whose tensor is stored under one name (body_tensors.py).
"""

from __future__ import annotations

import builtins
import dataclasses
import dis
import enum
import math
import types
import typing
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.body_tensors import is_factory
from compiler.values.operators import BINARY

_NULL = object()
_MADE = object()         # an object the body makes: a function, a tuple, a list, a dict
_ANNOTATIONS = object()  # the namespace's __annotations__ dict
_SAFE_CALLS = (staticmethod, classmethod, property, dataclasses.field)
_PROPERTY_METHODS = ("setter", "getter", "deleter")
_CONSTANTS = (int, float, complex, str, bytes, bool, type(None))
_PASSIVE = ("RESUME", "NOP", "CACHE", "EXTENDED_ARG", "COPY_FREE_VARS", "MAKE_CELL", "PRECALL",
            "KW_NAMES")


class _Made:
    """A value the body makes by calling one of the safe decorators."""

    def __init__(self, kind: Any):
        self.kind = kind


class _TensorCall:
    """The tensor a torch factory of constants made (compiler/values/body_tensors.py): it may
    only be stored under one name."""

    def __init__(self, factory: Any, args: tuple, kwargs: dict):
        self.made = (factory, args, kwargs)


def _refuse(what: str):
    raise Unsupported(f"a class body that {what} (run once at trace time, on every call "
                      f"in eager)", BreakReason.UNSUPPORTED_CALL)


def _global(name: str, f_globals: dict) -> Any:
    if name in f_globals:
        return f_globals[name]
    table = f_globals.get("__builtins__", builtins)
    table = vars(table) if isinstance(table, types.ModuleType) else table
    if name in table:
        return table[name]
    _refuse(f"reads the unknown name {name!r}")


def _inert(value: Any) -> bool:
    """Storing it in the class runs no hook (`__set_name__`) of the program."""
    if value is _MADE or value is _ANNOTATIONS:
        return True
    if isinstance(value, (_Made, _TensorCall)):
        return True
    return not hasattr(type(value), "__set_name__")


# Functions a body may call with constant arguments: their result, a constant too, is the same
# on every call (the real run at trace time computes it again).
_PURE_FUNCTIONS = (abs, bool, chr, divmod, float, hex, int, len, max, min, oct, ord, pow, round,
                   str, sum, tuple)


def _is_pure(callee: Any) -> bool:
    return any(callee is pure for pure in _PURE_FUNCTIONS) or (
        isinstance(callee, types.BuiltinFunctionType) and getattr(callee, "__self__", None)
        is math)


def _pure_result(callee: Any, args: list[Any]) -> Any:
    try:
        result = callee(*args)
    except Exception:  # noqa: BLE001 - the body's own error: left to eager
        _refuse(f"calls {callee.__qualname__!r}, which raises")
    if not _hashable_constant(result):
        _refuse(f"calls {callee.__qualname__!r} for a value that is not a constant")
    return result


def _factory_argument(value: Any) -> bool:
    return _hashable_constant(value) or isinstance(value, (torch.dtype, torch.device))


def _hashable_constant(value: Any) -> bool:
    return type(value) in _CONSTANTS or type(value) is tuple and all(
        _hashable_constant(item) for item in value)


class _BodyReader:
    def __init__(self, code: types.CodeType, f_globals: dict, cells: dict[str, Any]):
        self.code = code
        self.f_globals = f_globals
        self.cells = cells
        self.stack: list[Any] = []
        self.namespace: dict[str, Any] = {}
        # The globals (and module attributes of them) the body reads, as name chains: the
        # class keeps what they were, so the trace must guard them (class_statement.py).
        self.global_reads: list[tuple[str, ...]] = []
        self.keywords: tuple[str, ...] = ()  # the names of the next CALL's keyword arguments
        self.tensors: dict[str, tuple] = {}  # name -> (factory, args, kwargs) it stores
        self._chains: dict[int, tuple[str, ...]] = {}

    def pop(self, count: int = 1, storing: bool = False) -> list[Any]:
        if count == 0:
            return []
        taken = self.stack[-count:]
        del self.stack[-count:]
        if not storing and any(isinstance(value, _TensorCall) for value in taken):
            _refuse("uses the tensor it made other than by storing it")
        return taken

    def load_name(self, name: str) -> Any:
        if name in self.namespace:
            if name in self.tensors:
                _refuse(f"reads the tensor it made, {name!r}")
            return self.namespace[name]
        value = _global(name, self.f_globals)
        self._read(value, (name,))
        return value

    def _read(self, value: Any, chain: tuple[str, ...]) -> None:
        self.global_reads.append(chain)
        self._chains[id(value)] = chain

    def call(self, argc: int) -> None:
        entries = self.pop(argc + 2)
        callee = entries[1] if entries[0] is _NULL else entries[0]
        args = entries[2:] if entries[0] is _NULL else entries[1:]
        by_keyword, self.keywords = self.keywords, ()
        if isinstance(callee, _Made) and callee.kind in _PROPERTY_METHODS:
            self.stack.append(_Made(property))
        elif any(callee is safe for safe in _SAFE_CALLS) and all(_inert(a) for a in args):
            self.stack.append(_Made(callee))
        elif not by_keyword and _is_pure(callee) and all(_hashable_constant(a) for a in args):
            self.stack.append(_pure_result(callee, args))
        elif is_factory(callee) and all(_factory_argument(a) for a in args):
            split = len(args) - len(by_keyword)
            self.stack.append(_TensorCall(callee, tuple(args[:split]),
                                          dict(zip(by_keyword, args[split:]))))
        else:
            _refuse(f"calls {getattr(callee, '__qualname__', 'a value')!r}")

    def step(self, inst: dis.Instruction) -> bool:  # noqa: C901 - one branch per opcode
        op, arg = inst.opname, inst.arg
        if op == "KW_NAMES":
            self.keywords = self.code.co_consts[arg]
        if op in _PASSIVE:
            return True
        if op == "RETURN_VALUE":
            return False
        if op == "LOAD_CONST":
            self.stack.append(inst.argval)
        elif op == "LOAD_NAME":
            self.stack.append(self.load_name(inst.argval))
        elif op in ("LOAD_CLASSDEREF", "LOAD_DEREF"):
            self.stack.append(self.namespace.get(inst.argval, self.cells.get(inst.argval, _MADE)))
        elif op == "LOAD_CLOSURE" or op == "PUSH_NULL":
            self.stack.append(_MADE if op == "LOAD_CLOSURE" else _NULL)
        elif op == "STORE_NAME":
            value, = self.pop(storing=True)
            if not _inert(value):
                _refuse(f"stores a value with __set_name__ as {inst.argval!r}")
            self.namespace[inst.argval] = value
            self.tensors.pop(inst.argval, None)
            if isinstance(value, _TensorCall):
                self.tensors[inst.argval] = value.made
        elif op == "SETUP_ANNOTATIONS":
            self.namespace["__annotations__"] = _ANNOTATIONS
        elif op == "STORE_SUBSCR":
            _, container, key = self.pop(3)
            if container is not _ANNOTATIONS or type(key) is not str:
                _refuse("stores an item")
        elif op == "LOAD_ATTR":
            owner, = self.pop()
            self.stack.append(self.attribute(owner, inst.argval))
        elif op == "MAKE_FUNCTION":
            self.pop(1 + bin(arg & 0x0F).count("1"))
            self.stack.append(_MADE)
        elif op in ("BUILD_TUPLE", "BUILD_LIST"):
            self.pop(arg)
            self.stack.append(_MADE)
        elif op == "BUILD_CONST_KEY_MAP":
            self.pop(arg + 1)
            self.stack.append(_MADE)
        elif op in ("LIST_EXTEND", "LIST_TO_TUPLE"):
            if op == "LIST_EXTEND" and type(self.pop()[0]) is not tuple:
                _refuse("extends a list by an iterable")
        elif op == "CALL":
            self.call(arg)
        elif op == "BINARY_OP":
            left, right = self.pop(2)
            if not (_hashable_constant(left) and _hashable_constant(right)):
                _refuse(f"applies {inst.argrepr} to a value it did not make from constants")
            self.stack.append(_pure_result(BINARY[inst.argrepr.rstrip("=")][0], [left, right]))
        elif op == "COPY":
            if isinstance(self.stack[-arg], _TensorCall):
                _refuse("stores the tensor it made twice")
            self.stack.append(self.stack[-arg])
        elif op == "SWAP":
            self.stack[-1], self.stack[-arg] = self.stack[-arg], self.stack[-1]
        elif op == "POP_TOP":
            self.pop()
        else:
            _refuse(f"runs {op}")
        return True

    def attribute(self, owner: Any, name: str) -> Any:
        if isinstance(owner, _Made) and owner.kind is property and name in _PROPERTY_METHODS:
            return _Made(name)
        if isinstance(owner, types.ModuleType) and name in vars(owner):
            value = vars(owner)[name]
            if id(owner) in self._chains:
                self._read(value, (*self._chains[id(owner)], name))
            return value
        _refuse(f"reads the attribute {name!r}")

    def run(self) -> set[str]:
        for inst in dis.get_instructions(self.code):
            if not self.step(inst):
                break
        return {name for name, value in self.namespace.items()
                if value is _MADE or value is _ANNOTATIONS or isinstance(value, _Made)}


# Bases whose metaclass makes the class with library code alone (EnumType, NamedTupleMeta):
# it calls no method of the body while making it, but for the hooks `_check_namespace` refuses.
LIBRARY_METACLASS_BASES = (enum.Enum, enum.IntEnum, enum.StrEnum, typing.NamedTuple)


def has_library_metaclass(bases: list[Any]) -> bool:
    return len(bases) == 1 and any(bases[0] is known for known in LIBRARY_METACLASS_BASES)


def _check_namespace(bases: list[Any], namespace: dict[str, Any]) -> None:
    """An Enum runs the body's `__new__`, `__init__`, `_generate_next_value_`, `_missing_`
    ... (and `__set_name__` of its values) while making or looking up members: refused."""
    if bases[0] is typing.NamedTuple:
        return
    for name in namespace:
        if name.startswith("_") and name.endswith("_") and name not in (
                "__module__", "__qualname__", "__doc__", "__annotations__"):
            _refuse(f"defines {name!r} in an Enum")


def check_made_enum(cls: type) -> None:
    """An Enum's member values are read through its members on every use: only immutable
    constants, which the trace may copy (a list value would be one list per call in eager)."""
    if isinstance(cls, enum.EnumType) and not all(
            _hashable_constant(member._value_) for member in cls.__members__.values()):
        _refuse("gives an Enum member a mutable value")


def _check_bases(bases: list[Any], options: dict[str, Any]) -> None:
    if any(key != "metaclass" or value is not type for key, value in options.items()):
        _refuse("passes class keywords")
    if has_library_metaclass(bases):
        return
    for base in bases:
        if not isinstance(base, type) or type(base) is not type:
            _refuse("has a base with a metaclass or __mro_entries__")
        for klass in base.__mro__[:-1]:
            if "__init_subclass__" in vars(klass):
                _refuse(f"has a base with __init_subclass__ ({klass.__qualname__})")


def inert_body_names(code: types.CodeType, f_globals: dict, cells: dict[str, Any],
                     bases: list[Any], options: dict[str, Any]
                     ) -> tuple[set[str], list[tuple[str, ...]], dict[str, tuple]]:
    """The names the body binds to objects it makes itself, the globals it reads (name
    chains) and the tensors it makes with torch factories (by name); raise Unsupported when
    making the class would run any code of the program (the body's calls, hooks of its
    bases)."""
    _check_bases(bases, options)
    reader = _BodyReader(code, f_globals, cells)
    made = reader.run()
    if has_library_metaclass(bases):
        _check_namespace(bases, reader.namespace)
        if reader.tensors:  # its defaults or members would hold the one real tensor
            _refuse("makes a tensor in a class with a library metaclass")
    return made, reader.global_reads, reader.tensors
