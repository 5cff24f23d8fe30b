"""CPython 3.11's `co_exceptiontable`, read and written side by side.

The table is a sequence of entries of four varints each: start and length of the covered range
and the handler's target, in code units of 2 bytes, then `depth << 1 | lasti`. A varint is
big-endian 6-bit chunks; bit 6 of a byte says another chunk follows, bit 7 marks the first byte
of an entry. `assemble_exception_table(parse_exception_table(t)) == t` for every table CPython
writes (tests/unit/test_exception_table.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

_CHUNK = 0x3F
_CONTINUES = 0x40
_STARTS_ENTRY = 0x80


@dataclasses.dataclass(frozen=True)
class ExceptionTableEntry:
    """One row of co_exceptiontable: offsets [start, end) jump to `target` on an exception,
    with the stack cut to `depth` (and the offset of the raising instruction pushed if
    `lasti`). Offsets in bytes."""

    start: int
    end: int
    target: int
    depth: int
    lasti: bool

    def shifted(self, by: int) -> ExceptionTableEntry:
        """The same entry for code moved `by` bytes further (a prologue put in front)."""
        return dataclasses.replace(self, start=self.start + by, end=self.end + by,
                                   target=self.target + by)


def _varints(data: bytes) -> Iterator[int]:
    i = 0
    while i < len(data):
        byte = data[i]
        value = byte & _CHUNK
        while byte & _CONTINUES:
            i += 1
            byte = data[i]
            value = (value << 6) | (byte & _CHUNK)
        i += 1
        yield value


def _varint(value: int, first: bool) -> bytes:
    chunks = [value & _CHUNK]
    value >>= 6
    while value:
        chunks.append(value & _CHUNK)
        value >>= 6
    chunks.reverse()
    out = bytearray(chunk | _CONTINUES for chunk in chunks[:-1]) + bytes([chunks[-1]])
    if first:
        out[0] |= _STARTS_ENTRY
    return bytes(out)


def parse_exception_table(data: bytes) -> tuple[ExceptionTableEntry, ...]:
    values = list(_varints(data))
    entries = []
    for k in range(0, len(values), 4):
        start, length, target, depth_lasti = values[k:k + 4]
        entries.append(ExceptionTableEntry(
            start=start * 2, end=(start + length) * 2, target=target * 2,
            depth=depth_lasti >> 1, lasti=bool(depth_lasti & 1)))
    return tuple(entries)


def assemble_exception_table(entries: Iterable[ExceptionTableEntry]) -> bytes:
    out = bytearray()
    for entry in entries:
        out += _varint(entry.start // 2, True)
        out += _varint((entry.end - entry.start) // 2, False)
        out += _varint(entry.target // 2, False)
        out += _varint((entry.depth << 1) | int(entry.lasti), False)
    return bytes(out)
