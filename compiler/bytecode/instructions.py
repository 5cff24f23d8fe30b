"""The instructions of one code object, as `dis` models them, with offsets and the exception table.

CPython 3.11 only: the module refuses any other bytecode version at import time.
"""

from __future__ import annotations

import dataclasses
import dis
import sys
import types
from functools import cache

from compiler.bytecode.exception_table import ExceptionTableEntry, parse_exception_table

if sys.version_info[:2] != (3, 11):  # pragma: no cover - the project pins 3.11
    raise ImportError(f"compiler targets CPython 3.11 bytecode, not {sys.version.split()[0]}")


@dataclasses.dataclass(frozen=True)
class Bytecode:
    """A code object's instructions, indexable by position and by byte offset."""

    code: types.CodeType
    instructions: tuple[dis.Instruction, ...]
    index_of_offset: dict[int, int]
    exception_table: tuple[ExceptionTableEntry, ...]

    def index(self, offset: int) -> int:
        return self.index_of_offset[offset]

    def handler_for(self, offset: int) -> ExceptionTableEntry | None:
        for entry in self.exception_table:
            if entry.start <= offset < entry.end:
                return entry
        return None

    def line_of(self, index: int) -> int | None:
        for inst in reversed(self.instructions[: index + 1]):
            if inst.starts_line is not None:
                return inst.starts_line
        return self.code.co_firstlineno


@cache
def bytecode_of(code: types.CodeType) -> Bytecode:
    instructions = tuple(dis.get_instructions(code))
    return Bytecode(
        code=code,
        instructions=instructions,
        index_of_offset={inst.offset: i for i, inst in enumerate(instructions)},
        exception_table=parse_exception_table(code.co_exceptiontable),
    )
