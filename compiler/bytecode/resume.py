"""Codegen of resume functions: a copy of a code object that starts at a given instruction with
its stack and locals passed in as arguments.

The copy keeps the original bytecode (so its relative jumps and exception table stay valid) and
prepends a prologue: restore the stack from arguments, then jump to the target instruction.
"""

from __future__ import annotations

import dis
import inspect
import opcode
import types
import weakref

from compiler.bytecode.exception_table import assemble_exception_table, parse_exception_table
from compiler.errors import BreakReason, Unsupported

_FREE_OPS = set(dis.hasfree)
_RESUME_CODES: weakref.WeakSet = weakref.WeakSet()
_NO_LOCATION = 15


def _unsupported(what: str) -> Unsupported:
    return Unsupported(f"cannot resume after a graph break: {what}", BreakReason.UNSUPPORTED_VALUE)


def _remap_free_slots(co_code: bytes, shift: int, first_free: int) -> bytes:
    """Localsplus indices of cells move up by `shift` once stack arguments are added."""
    data = bytearray(co_code)
    i, extended = 0, False
    while i < len(data):
        op = data[i]
        if op in _FREE_OPS:
            if extended:
                raise _unsupported("a closure variable index needs EXTENDED_ARG")
            if data[i + 1] >= first_free:
                if data[i + 1] + shift > 255:
                    raise _unsupported("too many locals")
                data[i + 1] += shift
        extended = op == opcode.opmap["EXTENDED_ARG"]
        i += 2 + 2 * opcode._inline_cache_entries[op]
    return bytes(data)


def _shift_exception_table(code: types.CodeType, units: int) -> bytes:
    """The table of `code` once a prologue of `units` code units is put in front."""
    return assemble_exception_table(entry.shifted(2 * units)
                                    for entry in parse_exception_table(code.co_exceptiontable))


def _prefix_line_table(code: types.CodeType, units: int) -> bytes:
    prefix = bytearray()
    while units > 0:
        n = min(8, units)
        prefix.append(0x80 | (_NO_LOCATION << 3) | (n - 1))
        units -= n
    return bytes(prefix) + code.co_linetable


def _encode(name: str, arg: int) -> bytes:
    """One instruction, with EXTENDED_ARG prefixes for an argument over one byte."""
    if arg >= 1 << 24:
        raise _unsupported("an argument too large to encode")
    out = bytearray()
    for shift in (16, 8):
        if arg >> shift:
            out += bytes([opcode.opmap["EXTENDED_ARG"], (arg >> shift) & 0xFF])
    return bytes(out) + bytes([opcode.opmap[name], arg & 0xFF])


def resume_code(code: types.CodeType, target_offset: int, stack_nulls: list[bool],
                unbound: set[str]) -> types.CodeType:
    """A code object taking (*all locals, *stack values) and continuing at `target_offset`.

    `stack_nulls` lists the stack from the bottom, True where the slot holds a NULL. The frame's
    own cells are passed in as cell objects (MAKE_CELL is skipped), so closures made before the
    break keep sharing them: a cell that is a parameter in its own slot, the others as
    parameters after the stack values (a parameter that is also a cell keeps its cell slot in
    the parameters' part, so every index past the old parameters moves by the stack size).
    """
    old = code.co_varnames
    n_stack = sum(not null for null in stack_nulls)
    own_cells = tuple(name for name in code.co_cellvars if name not in old)
    prologue: list[tuple[str, int]] = []
    if code.co_freevars:
        prologue.append(("COPY_FREE_VARS", len(code.co_freevars)))
    prologue.append(("RESUME", 0))
    slot = len(old)
    for null in stack_nulls:
        if null:
            prologue.append(("PUSH_NULL", 0))
        else:
            prologue.append(("LOAD_FAST", slot))
            slot += 1
    prologue += [("DELETE_FAST", old.index(name)) for name in sorted(unbound)]
    # The jump is relative to the instruction after it, where the original code starts.
    prologue.append(("JUMP_FORWARD", target_offset // 2))
    units = sum(len(_encode(name, arg)) for name, arg in prologue) // 2
    head = b"".join(_encode(name, arg) for name, arg in prologue)
    body = _remap_free_slots(code.co_code, n_stack, len(old))
    flags = code.co_flags & ~(inspect.CO_VARARGS | inspect.CO_VARKEYWORDS)
    varnames = old + tuple(f"___stack{i}" for i in range(n_stack)) + own_cells
    name = f"resume_in_{code.co_name}_at_{target_offset}"
    resumed = code.replace(
        co_code=head + body, co_argcount=len(varnames), co_posonlyargcount=0,
        co_kwonlyargcount=0, co_nlocals=len(varnames), co_varnames=varnames, co_flags=flags,
        co_linetable=_prefix_line_table(code, units),
        co_exceptiontable=_shift_exception_table(code, units),
        co_stacksize=code.co_stacksize + 2, co_name=name,
        co_qualname=f"{code.co_qualname}.<{name}>")
    _RESUME_CODES.add(resumed)
    return resumed


def is_resume_code(code: types.CodeType) -> bool:
    """Whether `code` was made by resume_code: its cells arrive as cell objects."""
    return code in _RESUME_CODES
