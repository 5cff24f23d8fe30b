"""The instructions of an entry frame at which its graph can be split, each described once.

At a break, the graph before the instruction runs, then the instruction itself runs in Python,
then the resume function for where it continues (compiler/cache/breaks.py). Each description
says what the instruction takes from the stack, what it leaves, where it can continue and how
it runs on real objects; the translator splits only at instructions described here
(`BREAKABLE_OPCODES`), and the runner knows no instruction but through its description.
"""

from __future__ import annotations

import collections
import dataclasses
import dis
import functools
import operator
import types
from collections.abc import Callable
from typing import Any

NULL = object()   # a NULL stack slot while the runner holds the stack

CONTINUE, JUMP_POPPING, JUMP_KEEPING, CALL, RAISES = (
    "continue", "jump, popping", "jump, keeping", "call", "raises")


@dataclasses.dataclass(frozen=True)
class Breakable:
    """`pops(inst, nulls)`: the stack slots it takes (`nulls` is the stack's NULL layout, from
    the bottom). `run(inst, *operands)`: its result (`pushes`), the test of its jump, or for a
    call the callee and its arguments `(fn, args, kwargs)`, which the runner calls compiled.
    `flow`: CONTINUE to the next instruction; JUMP_POPPING / JUMP_KEEPING to its target when the
    test holds (the operand is popped either way / stays when it jumps); CALL continues with the
    result; RAISES never continues."""

    pops: Callable[[dis.Instruction, list[bool]], int]
    run: Callable[..., Any]
    pushes: bool = True
    flow: str = CONTINUE
    null_below: bool = False  # a NULL pushed below the result (LOAD_METHOD of a non-method)

    def exits(self, inst: dis.Instruction, nulls: list[bool], next_offset: int
              ) -> list[tuple[int, list[bool]]]:
        """Where it can continue, with the stack's NULL layout there."""
        rest = nulls[:len(nulls) - self.pops(inst, nulls)]
        if self.flow == RAISES:
            return []
        if self.flow == JUMP_POPPING:
            return [(inst.argval, rest), (next_offset, rest)]
        if self.flow == JUMP_KEEPING:
            return [(inst.argval, nulls), (next_offset, rest)]
        return [(next_offset, rest + [True] * self.null_below + [False] * self.pushes)]


def _binary(inst, a, b):
    from compiler.values.operators import BINARY, INPLACE
    symbol = inst.argrepr
    fn = INPLACE[symbol] if symbol in INPLACE else BINARY[symbol][0]
    return fn(a, b)


def _compare(inst, a, b):
    from compiler.values.operators import COMPARE
    return COMPARE[inst.argval][0](a, b)


def _format(inst, *parts):
    value, spec = (parts[0], "") if len(parts) == 1 else parts
    conversion = inst.arg & 0x03
    if conversion:
        value = {1: str, 2: repr, 3: ascii}[conversion](value)
    return format(value, spec)


def _store_subscr(inst, value, container, key) -> None:
    container[key] = value


def _raise(inst, *operands):
    exc, cause = (operands[0], None) if inst.arg == 1 else operands
    if cause is not None:
        raise exc from cause
    raise exc


def _call(inst, *operands, kw_names=()):
    """CALL: (NULL, fn, *args) or (fn, self, *args); the last len(kw_names) are keywords."""
    first, second, *args = operands
    fn, args = (second, args) if first is NULL else (first, [second, *args])
    if not kw_names:
        return fn, args, {}
    split = len(args) - len(kw_names)
    return fn, args[:split], dict(zip(kw_names, args[split:]))


def _call_ex_pops(inst, nulls) -> int:
    pops = 2 + (inst.arg & 1)
    return pops + bool(len(nulls) > pops and nulls[len(nulls) - pops - 1])  # the NULL below


def _call_ex(inst, *operands, kw_names=()):
    kwargs = operands[-1] if inst.arg & 1 else {}
    fn, args = operands[-3:-1] if inst.arg & 1 else operands[-2:]
    return fn, args, kwargs


# Builtin types whose attribute lookup is CPython's generic one (their `__getattribute__` wraps
# it): a method found on the type is taken unless the instance dict shadows it.
_GENERIC_GETATTR = (object, list, dict, set, frozenset, tuple, str, bytes, bytearray, int, float,
                    complex, collections.deque, collections.OrderedDict, collections.defaultdict)


def _load_method(inst, obj):
    """LOAD_METHOD in Python, leaving what CPython's call then sees: a method written in C that
    the instance dict does not shadow is called unbound with the object first (its errors name
    the defining type, `list.append()`, where the bound method would name the object's), as
    `functools.partial(descriptor, obj)`; anything else is the attribute read."""
    kind, name = type(obj), inst.argval
    if getattr(kind.__getattribute__, "__objclass__", None) in _GENERIC_GETATTR:
        found = next((vars(c)[name] for c in kind.__mro__ if name in vars(c)), None)
        if type(found) is types.MethodDescriptorType and name not in getattr(
                obj, "__dict__", ()):
            return functools.partial(found, obj)
    return getattr(obj, name)


def _fixed(n: int):
    return lambda inst, nulls: n


def _unary(fn):
    return Breakable(_fixed(1), lambda inst, v: fn(v))


def _jump_if(truth: bool, flow: str):
    return Breakable(_fixed(1), lambda inst, v: bool(v) is truth, pushes=False, flow=flow)


BREAKABLE: dict[str, Breakable] = {
    "CALL": Breakable(lambda inst, nulls: inst.arg + 2, _call, flow=CALL),
    "CALL_FUNCTION_EX": Breakable(_call_ex_pops, _call_ex, flow=CALL),
    # The attribute read in Python (a property's getter, a C descriptor). LOAD_METHOD leaves
    # NULL and what the call is to call (_load_method).
    "LOAD_ATTR": Breakable(_fixed(1), lambda inst, obj: getattr(obj, inst.argval)),
    "LOAD_METHOD": Breakable(_fixed(1), _load_method, null_below=True),
    "BINARY_OP": Breakable(_fixed(2), _binary),
    "BINARY_SUBSCR": Breakable(_fixed(2), lambda inst, c, k: c[k]),
    "COMPARE_OP": Breakable(_fixed(2), _compare),
    "CONTAINS_OP": Breakable(_fixed(2), lambda inst, x, c: (x in c) != bool(inst.arg)),
    "UNARY_NEGATIVE": _unary(operator.neg),
    "UNARY_POSITIVE": _unary(operator.pos),
    "UNARY_INVERT": _unary(operator.invert),
    "UNARY_NOT": _unary(operator.not_),
    "FORMAT_VALUE": Breakable(lambda inst, nulls: 1 + bool(inst.arg & 0x04), _format),
    "STORE_SUBSCR": Breakable(_fixed(3), _store_subscr, pushes=False),
    "POP_JUMP_FORWARD_IF_TRUE": _jump_if(True, JUMP_POPPING),
    "POP_JUMP_BACKWARD_IF_TRUE": _jump_if(True, JUMP_POPPING),
    "POP_JUMP_FORWARD_IF_FALSE": _jump_if(False, JUMP_POPPING),
    "POP_JUMP_BACKWARD_IF_FALSE": _jump_if(False, JUMP_POPPING),
    "JUMP_IF_TRUE_OR_POP": _jump_if(True, JUMP_KEEPING),
    "JUMP_IF_FALSE_OR_POP": _jump_if(False, JUMP_KEEPING),
    # Only where the frame raises (a bare `raise` re-raises: nothing to run it on).
    "RAISE_VARARGS": Breakable(lambda inst, nulls: inst.arg, _raise, pushes=False, flow=RAISES),
}

# Where an Unsupported instruction splits the frame; RAISE_VARARGS splits only when it raises.
BREAKABLE_OPCODES = frozenset(BREAKABLE) - {"RAISE_VARARGS"}


def splits_when_raising(inst: dis.Instruction) -> bool:
    """An instruction that raises in the trace can be run in Python at a break."""
    return inst.opname in BREAKABLE_OPCODES or inst.opname == "RAISE_VARARGS" and bool(inst.arg)
