"""`programs()`: the Hypothesis strategy of whole programs (docs/architecture.md).

Draw order: feature flags, inputs, then the body as a list of statements, each one draw span
of fixed layout (so deleting one deletes one statement), then the calls.
"""

from __future__ import annotations

import warnings

from hypothesis import strategies as st

from generators.builder import Builder
from generators.calls import first_call, later_calls
from generators.constructs_collections import CONSTRUCTS as COLLECTIONS
from generators.constructs_control import CONSTRUCTS as CONTROL
from generators.constructs_data import CONSTRUCTS as DATA
from generators.constructs_flow import CONSTRUCTS as FLOW
from generators.constructs_flow import PLAIN_WHEN_OFF
from generators.constructs_frames import CONSTRUCTS as FRAMES
from generators.constructs_funcs import CONSTRUCTS as FUNCS
from generators.constructs_modules import CONSTRUCTS as MODULES
from generators.constructs_objects import CONSTRUCTS as OBJECTS
from generators.constructs_observe import CONSTRUCTS as OBSERVE
from generators.constructs_probes import CONSTRUCTS as PROBES
from generators.constructs_rebinding import CONSTRUCTS as REBINDING
from generators.constructs_torchvals import CONSTRUCTS as TORCHVALS
from generators.features import check_features, feature_flags
from generators.inputs import INPUT_BYTES, input_specs
from generators.ir import Kind, Program, ProgramIR
from generators.opargs import Picks
from generators.ops import OPS
from generators.render import render

CONSTRUCTS = {**FLOW, **DATA, **FUNCS}
# Idioms of real modelling code (see IDIOM_FEATURES in features.py).
IDIOMS = {**PROBES, **TORCHVALS, **OBJECTS, **MODULES, **CONTROL, **COLLECTIONS, **OBSERVE,
          **FRAMES, **REBINDING}
CONSTRUCTS.update(IDIOMS)
# A statement's construct byte indexes this order; the idioms are listed three times, so that
# each is drawn three times as often as an older construct (where compilers' bugs hide: guards
# on what Python code reads, side effects, identity). A construct whose flag is off still
# falls back to a catalogue op, so ops keep most statements.
CONSTRUCT_ORDER = tuple(CONSTRUCTS) + tuple(IDIOMS) * 2
MAX_STATEMENTS = 16
MAX_RETURNS = 4
# kind >= CONSTRUCT_KIND picks a construct; everything else, and any construct whose feature
# is off, applies a catalogue op (a branch construct emits its plain form: PLAIN_WHEN_OFF).
CONSTRUCT_KIND = 64
# One draw per statement (bytes shrink position by position towards 0):
# [kind, op high, op low, construct, 3 operand refs, 8 parameters].
STATEMENT_BYTES = 15
AVOIDED_ODDS = 8
STATEMENT = st.binary(min_size=STATEMENT_BYTES, max_size=STATEMENT_BYTES)
INPUTS = st.binary(min_size=INPUT_BYTES, max_size=INPUT_BYTES)


def add_statement(b: Builder, raw: tuple, avoid_ops: frozenset[str] = frozenset()) -> None:
    # Multiplying by a unit mod len(OPS) spreads Hypothesis's small-value bias over the whole
    # catalogue while 0 still maps to op 0, the shrink target.
    kind, op_index = raw[0], (raw[1] * 256 + raw[2]) * 97
    construct_index = raw[3] % len(CONSTRUCT_ORDER)
    p = Picks(raw[7:], tuple(r % 16 for r in raw[4:7]))
    snap = b.snapshot()
    feature = CONSTRUCT_ORDER[construct_index]
    if kind >= CONSTRUCT_KIND and (feature in b.flags or feature in PLAIN_WHEN_OFF):
        ok = CONSTRUCTS[feature](b, p)
    else:
        # The same index means the same op whatever the flags, so flags can shrink freely.
        op = OPS[op_index % len(OPS)]
        # An op to avoid is still drawn one time in AVOIDED_ODDS, so that it is re-checked.
        if op.name in avoid_ops and raw[-1] % AVOIDED_ODDS:
            return
        ok = b.apply_op(op, p)
    if not ok:
        b.rollback(snap)


def consume_lists(b: Builder) -> None:
    """A list argument that no statement reads is summed at the end: a program that takes a
    list should depend on all of it, or a guard on the list's length is never put to test."""
    for param in b.params:
        if param.kind is Kind.TLIST and not any(param.name in s.uses for s in b.stmts):
            out = b.fresh("t")
            b.emit([f"{out} = torch.stack({param.name}).sum(0)"], [out], [param.name],
                   features=["container_inputs"])


def returns(b: Builder) -> list[str]:
    """Values no later statement reads: the results a person would return."""
    params = {p.name for p in b.params}
    read_later: set[str] = set()
    sinks: list[str] = []
    for stmt in reversed(b.stmts):
        for name in reversed(stmt.defines + stmt.mutates):
            if name not in read_later and name not in sinks and name not in params:
                sinks.append(name)
        read_later |= set(stmt.uses)
    return list(reversed(sinks[:MAX_RETURNS])) or [b.params[0].name]


def final_raise(b: Builder, choice: int) -> tuple[list[str], str]:
    """An uncaught exception at the end of the body, and its type name."""
    if choice == 0:
        return ['raise ValueError("unsupported input")'], "ValueError"
    x = b.params[0].name
    return [f"return {x}.view({x}.numel() + 1)"], "RuntimeError"


def input_features(b: Builder, specs) -> set[str]:
    used = set()
    for s in specs:
        t = s.tensor
        if s.alias_of:
            used.add("aliasing")
        if s.tensor is None:
            used.add("scalar_inputs")
        elif s.kind.value in ("list", "dict"):
            used.add("container_inputs")
        if t is not None and t.dtype != "float32":
            used.add("dtypes")
        if t is not None and t.layout != "contiguous" and t.shape:
            used.add("noncontiguous")
        if t is not None and t.special:
            used.add("special_values")
        if t is not None and t.requires_grad:
            used.add("requires_grad")
    return used & b.flags


@st.composite
def _programs(draw, allowed: tuple[str, ...], avoid_ops: frozenset[str] = frozenset(),
              avoid_features: frozenset[str] = frozenset()) -> Program:
    flags = draw(feature_flags(allowed, avoid_features))
    specs = input_specs(Picks(draw(INPUTS)), flags)
    raws = draw(st.lists(STATEMENT, min_size=1, max_size=MAX_STATEMENTS))
    raise_choice = draw(st.integers(0, 5)) if "raises" in flags else 5
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return build(flags, specs, raws, raise_choice, avoid_ops)


def build(flags, specs, raws, raise_choice: int, avoid_ops=frozenset()) -> Program:
    b = Builder(flags, module_mode="nn_module" in flags)
    calls = [first_call(b, specs)]
    for raw in raws:
        add_statement(b, raw, avoid_ops)
    consume_lists(b)
    calls += later_calls(b, specs)
    b.features |= input_features(b, specs)
    if b.module_mode:
        b.features.add("nn_module")
    raise_lines, expects = None, None
    if raise_choice < 2:
        raise_lines, expects = final_raise(b, raise_choice)
        b.features.add("raises")
    ir = ProgramIR(b.params, b.stmts, b.defs, returns(b), calls,
                   module_init=b.module_init if b.module_mode else None,
                   final_raise=raise_lines, features=b.features, ops=b.ops)
    return Program(render(ir), frozenset(b.features), frozenset(b.ops), expects)


def programs(features=None, avoid_ops=frozenset(),
             avoid_features=frozenset()) -> st.SearchStrategy[Program]:
    """Programs using only `features` (names from FEATURES; None means all of them).

    `avoid_ops` (catalogue op names) and `avoid_features` are drawn rarely, not never: a
    campaign passes what its subjects decline, to judge what lies beyond it.
    """
    return _programs(check_features(features), frozenset(avoid_ops), frozenset(avoid_features))
