"""The keys dict and set trackers file their members under, as the builtin `hash()` and the
tables of dict and set see them.

A tracker's `hash_key()` is a real hashable stand-in equal to the real key's stand-in exactly
when the real keys are equal: a constant itself, a tensor by identity, a tuple by its items.
An instance of a user class whose `__hash__` is written in Python needs the trace: its hash
is the traced method's result (taken as CPython's hash slot takes it) and two such keys are
equal when the objects are identical or their traced `==` says so. `HashedKey` is that
stand-in: it keeps the hash computed when it was made (a dict keeps a key's hash from when it
was stored, as CPython's does) and runs `==` through the tracker when a real table compares
it with another key, which CPython's dict and set do exactly when the two hashes are equal
(and in the same order: the stored key first).
"""

from __future__ import annotations

import contextlib
import inspect
import itertools
import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.attributes import find_in_mro, guard_lookup
from compiler.values.base import RaisedByProgram, Value

_HEAP_TYPE = 1 << 9
_serials = itertools.count()


def slot_hash(answer: int) -> int:
    """What CPython's hash slot makes of the int `__hash__` returned: kept when it fits a
    Py_ssize_t (-1, the error value, becomes -2), else hashed as an int."""
    if -2 ** 63 <= answer < 2 ** 63:
        return -2 if answer == -1 else answer
    return hash(answer)


def python_hash_method(tx, cls: type) -> types.FunctionType | None:
    """The class's `__hash__` when it is written in Python, for a class whose other bases are
    all Python classes (a subclass of int or str compares with constants by C code); raises
    CPython's TypeError for a class that set `__hash__ = None`."""
    owner, method = find_in_mro(cls, "__hash__")
    guard_lookup(tx, cls, "__hash__", owner)  # the class may change between calls
    if method is None:
        raise RaisedByProgram(TypeError(f"unhashable type: '{cls.__name__}'"))
    if not isinstance(method, types.FunctionType):
        return None
    if not all(k.__flags__ & _HEAP_TYPE for k in cls.__mro__[:-1]):
        raise Unsupported(f"hashing a {cls.__qualname__} (a subclass of a builtin type with "
                          f"a Python __hash__)", BreakReason.UNSUPPORTED_VALUE)
    return method


def traced_hash(tx, value: Value, method: types.FunctionType) -> int:
    """`hash(value)` by its class's Python `__hash__`, traced."""
    result = registry.wrap(tx.ctx, method, None).call(tx, [value], {})
    if not result.is_constant():
        raise Unsupported("a __hash__ result that is not a constant",
                          BreakReason.UNSUPPORTED_VALUE)
    answer = result.as_constant()
    if not isinstance(answer, int):
        raise RaisedByProgram(TypeError("__hash__ method should return an integer"))
    return slot_hash(int(answer))


class HashedKey:
    """The stand-in of an instance whose class hashes it in Python (see the module's note)."""

    __slots__ = ("value", "hash", "tx", "serial")

    def __init__(self, value: Value, hashed: int, tx):
        self.value, self.hash, self.tx, self.serial = value, hashed, tx, next(_serials)

    def __hash__(self) -> int:
        return self.hash

    def __repr__(self) -> str:
        return f"HashedKey({self.value!r}, {self.hash})"

    def __eq__(self, other: Any) -> bool:
        if self is other:
            return True
        if _state.quiet:  # the tracker rebuilding a table of keys it knows to be distinct
            return False
        if isinstance(other, HashedKey):  # the table compares the stored key first
            pair = (self.serial, other.serial)
            tx = (other if other.serial > self.serial else self).tx  # the newer translator
            return self._answer(pair, tx, lambda: registry.same_or_equal(
                tx, self.value, other.value))
        if type(other) not in _PLAIN:  # a tuple key (or a tensor's stand-in) of equal hash
            raise Unsupported("a user object's key beside another kind of key of equal hash",
                              BreakReason.UNSUPPORTED_VALUE)
        # A plain constant's own `==` declines a user object: whichever is stored, CPython
        # runs the object's `__eq__` with the constant, then the constant's, then identity.
        return self._answer((self.serial, type(other), other), self.tx, lambda: (
            registry.same_or_equal(self.tx, self.value, registry.wrap_constant(other))))

    @staticmethod
    def _answer(pair, tx, compare) -> bool:
        answers = _state.answers
        if answers is None:
            return _pure_when_unequal(tx, compare)
        if pair not in answers:
            answers[pair] = _pure_when_unequal(tx, compare)
        return answers[pair]

    __ne__ = object.__ne__


_PLAIN = (int, float, complex, str, bytes, bool, type(None))


def _pure_when_unequal(tx, compare) -> bool:
    """Run `compare`; when it says the two keys differ, CPython may compare them again in the
    same lookup (its probe sequence can come back to the entry, depending on the table's size
    and the hash's bits), a number of times the tracker's tables do not reproduce: exact only
    if the comparison changed nothing (no write, no graph operation)."""
    effects, graph = tx.ctx.side_effects, tx.ctx.graph
    watcher, ops = effects.watch(), graph.op_count
    try:
        answer = compare()
    finally:
        effects.unwatch(watcher)
    if not answer and (watcher or graph.op_count != ops):
        raise Unsupported("an __eq__ with side effects between keys of equal hash that differ "
                          "(CPython may call it more than once)", BreakReason.UNSUPPORTED_VALUE)
    return answer


class _State:
    quiet = False  # comparisons answer by identity (`rebuilding`)
    answers: dict | None = None  # the comparisons of one operation (`one_operation`)


_state = _State()


@contextlib.contextmanager
def rebuilding():
    """The tracker moves keys between tables (an OrderedDict's move_to_end): they are
    distinct keys of one table, and CPython compares nothing there."""
    before, _state.quiet = _state.quiet, True
    try:
        yield
    finally:
        _state.quiet = before


@contextlib.contextmanager
def one_operation():
    """The tracker's several table lookups for one of CPython's (`d[k] = v`: a `get`, then a
    store): each pair of keys is compared once, as CPython's single lookup does."""
    before, _state.answers = _state.answers, {}
    try:
        yield
    finally:
        _state.answers = before


def key_of(tx, value: Value) -> Any:
    """The stand-in `value` is filed under in a dict's or set's table (see the module's
    note). Without a translator, only what needs no traced code (`hash_key()`)."""
    if tx is None or value.is_constant():
        return value.hash_key()
    cls = value.dunder_class()
    if cls is not None:
        method = python_hash_method(tx, cls)
        if method is not None:
            return HashedKey(value, traced_hash(tx, value, method), tx)
        return value.hash_key()
    items = getattr(value, "tuple_items", None)
    if items is not None:  # a tuple, by its items' keys (TupleValue.tuple_items)
        parts = items()
        if parts is not None:
            return tuple(key_of(tx, item) for item in parts)
    return value.hash_key()


def exact_member(value: Value) -> bool:
    """A member whose stand-in has the real key's hash, so that a table of such members
    iterates in the real table's order: a constant, an instance hashed by a Python
    `__hash__`, a tuple of such members."""
    if value.is_constant():
        return True
    cls = value.dunder_class()
    if cls is not None:
        return isinstance(inspect.getattr_static(cls, "__hash__", None), types.FunctionType)
    items = getattr(value, "tuple_items", None)
    parts = items() if items is not None else None
    return parts is not None and all(exact_member(item) for item in parts)
