"""The exception table's reader and writer agree: every table CPython wrote for a few thousand
real code objects (the standard library's and ours, nested try/except/finally/with included)
reads and writes back to the same bytes, and a moved table keeps its handlers."""

from __future__ import annotations

import contextlib
import dis
import types
from pathlib import Path

import pytest

import compiler
from compiler.bytecode.exception_table import (
    ExceptionTableEntry,
    assemble_exception_table,
    parse_exception_table,
)


def _nested(x):
    try:
        with contextlib.suppress(KeyError):
            try:
                x = x[0]
            except (IndexError, TypeError) as exc:
                with contextlib.nullcontext():
                    x = str(exc)
            finally:
                x = [x]
    except Exception:
        try:
            raise
        except ValueError:
            pass
    else:
        for i in range(3):
            try:
                continue
            finally:
                x.append(i)
    return x


def _code_objects(root: types.CodeType):
    yield root
    for const in root.co_consts:
        if isinstance(const, types.CodeType):
            yield from _code_objects(const)


def _module_codes():
    import asyncio.base_events
    import dataclasses
    import inspect
    import json.decoder
    import logging
    import shutil
    import subprocess
    import tempfile
    import typing
    import zipfile
    modules = [asyncio.base_events, dataclasses, inspect, json.decoder, logging, shutil,
               subprocess, tempfile, typing, zipfile, contextlib]
    paths = [Path(module.__file__) for module in modules]
    paths += sorted(Path(compiler.__file__).parent.rglob("*.py"))
    for path in paths:
        yield from _code_objects(compile(path.read_text(), str(path), "exec"))
    yield from _code_objects(_nested.__code__)


CODES = list(_module_codes())


def test_real_tables_read_and_write_back_to_the_same_bytes():
    with_tables = [code for code in CODES if code.co_exceptiontable]
    assert len(with_tables) > 200  # try, with, and comprehensions' cleanup
    for code in with_tables:
        entries = parse_exception_table(code.co_exceptiontable)
        assert assemble_exception_table(entries) == code.co_exceptiontable, code.co_qualname


def test_entries_say_what_dis_says():
    entries = parse_exception_table(_nested.__code__.co_exceptiontable)
    shown = dis.Bytecode(_nested).dis()
    table = shown[shown.index("ExceptionTable:"):].splitlines()[1:]
    assert len(table) == len(entries) > 5
    for line, entry in zip(table, entries):
        # "  4 to 12 -> 40 [1] lasti": dis shows the last covered offset, not the end
        assert line.split()[:4] == [str(entry.start), "to", str(entry.end - 2), "->"]
        assert f"[{entry.depth}]" in line and ("lasti" in line) == entry.lasti


@pytest.mark.parametrize("value", [0, 1, 63, 64, 4095, 4096, 1 << 20])
def test_a_large_entry_round_trips(value):
    entry = ExceptionTableEntry(start=2 * value, end=2 * value + 2 * (value + 1),
                                target=2 * value, depth=value, lasti=bool(value & 1))
    assert parse_exception_table(assemble_exception_table([entry, entry])) == (entry, entry)


def test_a_shifted_table_moves_ranges_and_targets():
    entries = parse_exception_table(_nested.__code__.co_exceptiontable)
    moved = parse_exception_table(assemble_exception_table(e.shifted(6) for e in entries))
    assert [(e.start, e.end, e.target) for e in moved] == [
        (e.start + 6, e.end + 6, e.target + 6) for e in entries]
    assert [(e.depth, e.lasti) for e in moved] == [(e.depth, e.lasti) for e in entries]
