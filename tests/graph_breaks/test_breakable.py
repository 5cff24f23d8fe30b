"""The instructions a frame can be split at are described once (compiler/symbolic/breakable.py):
the translator splits only at them and the break runner runs them through the description. Each
description's stack effect agrees with CPython's, and its exits are where CPython goes."""

from __future__ import annotations

import dis

import pytest

from compiler.symbolic.breakable import (
    BREAKABLE,
    BREAKABLE_OPCODES,
    CALL,
    JUMP_KEEPING,
    JUMP_POPPING,
    RAISES,
    splits_when_raising,
)
from compiler.symbolic.translator import BREAKABLE_OPCODES as TRANSLATOR_SPLITS


def _samples():
    """A real instance of every described instruction, from small functions."""
    def uses(x, d, s, f, kw):
        y = -x + (+x) * ~x
        d[x] = not y
        if x in d and x < 2 or x > 5:
            s = f"{x!r:>4}{y}"
        z = x and y or d[x]
        w = x and y
        f(x, *s, **kw)
        f(x, k=1)
        d.setdefault(x.real, s.upper)
        while x:
            x -= 1
        while not x:
            x += 1
        raise ValueError(z, w) from None
    return [inst for inst in dis.get_instructions(uses) if inst.opname in BREAKABLE]


def test_the_translator_splits_exactly_at_the_described_instructions():
    assert TRANSLATOR_SPLITS is BREAKABLE_OPCODES
    assert BREAKABLE_OPCODES == set(BREAKABLE) - {"RAISE_VARARGS"}
    seen = {inst.opname for inst in _samples()}
    assert seen - {"RAISE_VARARGS"} == BREAKABLE_OPCODES


@pytest.mark.parametrize("inst", _samples(), ids=lambda inst: f"{inst.opname}@{inst.offset}")
def test_each_description_has_cpythons_stack_effect(inst):
    op = BREAKABLE[inst.opname]
    nulls = [True] + [False] * 8  # a NULL at the bottom, below the operands
    if inst.opname == "CALL_FUNCTION_EX":
        nulls = [False] * 5 + [True] + [False] * (2 + (inst.arg & 1))
    pops = op.pops(inst, nulls)
    jumps = op.flow in (JUMP_POPPING, JUMP_KEEPING)
    for exit_offset, layout in op.exits(inst, nulls, inst.offset + 2):
        jumped = exit_offset == inst.argval and jumps
        effect = dis.stack_effect(inst.opcode, inst.arg, jump=jumped) if jumps else \
            dis.stack_effect(inst.opcode, inst.arg)
        if inst.opname == "CALL":  # 3.11 counts the arguments at PRECALL, which pops nothing
            effect = -inst.arg - 1
        assert len(layout) - len(nulls) == effect, (exit_offset, layout)
    if op.flow == RAISES:
        assert op.exits(inst, nulls, inst.offset + 2) == [] and pops == inst.arg
    if op.flow == CALL:
        assert op.pushes


def test_a_raise_splits_only_when_it_raises_something():
    raises = [i for i in dis.get_instructions(lambda: (_ for _ in ()).throw(ValueError))]
    bare = next(i for i in dis.get_instructions(_reraise) if i.opname == "RAISE_VARARGS")
    assert bare.arg == 0 and not splits_when_raising(bare)
    named = next(i for i in _samples() if i.opname == "RAISE_VARARGS")
    assert named.arg == 2 and splits_when_raising(named)
    assert all(splits_when_raising(i) == (i.opname in BREAKABLE_OPCODES)
               for i in raises if i.opname != "RAISE_VARARGS")


def _reraise():
    try:
        pass
    except ValueError:
        raise
