"""Each recipe of docs/extending.md, done once inside a test, so the recipe stays true.

Every extension is installed with monkeypatch (an opcode handler, a value kind, a builtin
handler, a guard kind, a generator construct) or defined here (a subject, a backend) and is
gone after its test: nothing of the compiler or the generators changes for other tests.
"""

from __future__ import annotations

import dataclasses
import datetime
import math
import textwrap

import pytest
import torch

import compiler
from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue
from oracle.judge.differential import check
from oracle.judge.subjects import OursSubject, resolve
from oracle.judge.verdict import Verdict
from tests.differential import (  # noqa: F401 - the fixture: tracer bugs raise, fresh caches
    check_same,
    compiler_test_config,
    one_graph,
)

HERE = "tests.docs.test_extending_recipes"


def _program_file(tmp_path, name: str, source: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    return str(path)


# -- 1. An opcode handler --------------------------------------------------------------------
Py_TPFLAGS_SEQUENCE = 1 << 5  # what CPython's MATCH_SEQUENCE tests on the subject's type


def match_sequence(tx, inst):
    """(subject -- subject, is_sequence)"""
    kind = tx.stack[-1].python_type()  # the exact type, or Unsupported
    tx.push(tx.const(bool(kind.__flags__ & Py_TPFLAGS_SEQUENCE)))


def get_len(tx, inst):
    """(obj -- obj, len(obj))"""
    tx.push(tx.const(tx.stack[-1].len(tx)))


def _match_pair(x, pair):
    match pair:
        case (a, b):
            return x * a + b
    return x


@pytest.fixture
def opcode_table(monkeypatch):
    """A private copy of the opcode table, without the two opcodes this recipe adds (whether
    or not the compiler has handlers of its own for them)."""
    from compiler.symbolic import registry, trace, translator  # noqa: F401 - all registered
    table = {k: v for k, v in registry.HANDLERS.items() if k not in ("MATCH_SEQUENCE", "GET_LEN")}
    monkeypatch.setattr(registry, "HANDLERS", table)
    monkeypatch.setattr(translator, "HANDLERS", table)
    for name in ("MATCH_SEQUENCE", "GET_LEN"):
        monkeypatch.delitem(registry.UNSUPPORTED_OPCODES, name, raising=False)
    return table


def test_recipe_opcode_handler(opcode_table):
    from compiler.symbolic.registry import handles
    with pytest.raises(Unsupported, match="opcode MATCH_SEQUENCE"):
        compiler.compile(_match_pair, fullgraph=True)(torch.ones(2), (2.0, 3.0))
    handles("MATCH_SEQUENCE")(match_sequence)
    handles("GET_LEN")(get_len)
    assert opcode_table["MATCH_SEQUENCE"] is match_sequence
    with pytest.raises(AssertionError, match="must be named"):
        handles("GET_AWAITABLE")(match_sequence)  # the registry checks the handler's name
    compiler.reset()
    one_graph(check_same(_match_pair, torch.ones(2), (2.0, 3.0)))
    check_same(_match_pair, torch.ones(2), [2.0, 3.0, 4.0])  # a list, of another length
    check_same(_match_pair, torch.ones(2), "ab")  # a str is not a sequence to `match`


# -- 2. A value kind -------------------------------------------------------------------------
class TimedeltaValue(Value):
    """A `datetime.timedelta` reached through a source: immutable, guarded by value."""

    FIELDS = ("days", "seconds", "microseconds")

    def __init__(self, real: datetime.timedelta, source=None):
        super().__init__(source)
        self.real = real

    def python_type(self) -> type:
        return type(self.real)

    def is_constant(self) -> bool:
        return True  # the EQUALS guard fixes the value: fold it like any constant

    def as_constant(self):
        return self.real

    def has_attribute(self, tx, name: str) -> bool:
        return hasattr(self.real, name)

    def held_object(self):
        return self.real  # an output without a source is this very object

    def getattr(self, tx, name: str) -> Value:
        if name in self.FIELDS:
            return ConstantValue(getattr(self.real, name))
        if not hasattr(self.real, name):
            raise RaisedByProgram(AttributeError(
                f"'datetime.timedelta' object has no attribute {name!r}"))
        raise Unsupported(f"timedelta.{name}", BreakReason.UNSUPPORTED_ATTRIBUTE)


def _wrap_timedelta(ctx, obj, source):
    from compiler.guards.guard import GuardKind
    ctx.guard(source, GuardKind.EQUALS, obj)
    return TimedeltaValue(obj, source)


def _scaled(x, interval):
    return x * interval.seconds + interval.days


def test_recipe_value_kind(monkeypatch):
    from compiler.values import wrap
    three = datetime.timedelta(seconds=3)
    with pytest.raises(Unsupported, match="timedelta"):
        compiler.compile(_scaled, fullgraph=True)(torch.ones(2), three)
    monkeypatch.setitem(wrap.BY_EXACT_TYPE, datetime.timedelta, _wrap_timedelta)
    compiler.reset()
    one_graph(check_same(_scaled, torch.ones(2), three))
    compiled = compiler.compile(_scaled)
    for seconds in (3, 3, 4):
        compiled(torch.ones(2), datetime.timedelta(seconds=seconds))
    assert compiler.stats(compiled).recompiles == [
        "L['interval'] == datetime.timedelta(seconds=3) "
        "(got datetime.timedelta(seconds=4))"]


def test_recipe_value_kind_answers_every_question(monkeypatch):
    """Step 5 of the recipe: every question of tests/unit/test_soundness.py, exactly or not
    at all."""
    from compiler.values import wrap
    from tests.unit.test_soundness import QUESTIONS, _program
    from tests.unit.test_soundness import check as sound
    monkeypatch.setitem(wrap.BY_EXACT_TYPE, datetime.timedelta, _wrap_timedelta)
    wrong = {}
    for fullgraph in (False, True):
        for name, question in QUESTIONS.items():
            problem = sound(_program(lambda a: a, question),
                            lambda: datetime.timedelta(days=1, seconds=2), fullgraph)
            if problem is not None:
                wrong[(name, fullgraph)] = problem
    assert not wrong, wrong


# -- 3. A builtin or standard-library function -----------------------------------------------
def _prod(tx, iterable, *, start=None):
    """math.prod(iterable, *, start=1): start * item0 * item1 ..., left to right."""
    from compiler.values.operators import binary_op
    items = iterable.unpack(tx)
    if all(item.is_constant() for item in items) and (start is None or start.is_constant()):
        return NotImplemented  # plain constants: math is pure, the table's fallback folds it
    result = start if start is not None else ConstantValue(1)
    for item in items:
        result = binary_op(tx, "*", result, item)
    return result


def _product(x, y):
    return math.prod([x, y, 2]) + math.prod((2, 3), start=x) + math.prod(range(1, 4))


def test_recipe_builtin(monkeypatch):
    from compiler.values.builtins import HANDLERS
    monkeypatch.delitem(HANDLERS, math.prod, raising=False)
    with pytest.raises(Unsupported, match="call of builtin prod"):
        compiler.compile(_product, fullgraph=True)(torch.ones(2), torch.ones(2))
    monkeypatch.setitem(HANDLERS, math.prod, _prod)
    compiler.reset()
    one_graph(check_same(_product, torch.randn(3), torch.randn(3)))


# -- 4. A guard kind ---------------------------------------------------------------------------
class _NewGuardKind:
    """Stands in for a new member of the closed enum GuardKind (`CONTIGUOUS = "contiguous"`)."""

    value = "contiguous"

    def __repr__(self) -> str:
        return "GuardKind.CONTIGUOUS"


CONTIGUOUS = _NewGuardKind()


def _define_contiguous_guard():
    """The recipe's class, defined while the test's copy of the registry is installed."""
    from compiler.guards.guard import Binder, Condition, Guard

    @dataclasses.dataclass(frozen=True)
    class ContiguousGuard(Guard, kind=CONTIGUOUS):
        """`S.is_contiguous() is v`."""

        expected: bool = dataclasses.field(compare=False)

        def conditions(self, binder: Binder) -> list[Condition]:
            s, want = self.subject(binder), self.expected
            return [Condition(f"{s}.is_contiguous() is {want!r}",
                              lambda get: f"{s}.is_contiguous() == {want} "
                                          f"(got {get(f'{s}.is_contiguous()')})")]

        def describe(self) -> str:
            return f"{self.source.expr()}.is_contiguous() == {self.expected}"

    return ContiguousGuard


def _guarding_is_contiguous(original):
    def call_method(self, tx, name, args, kwargs):
        if name == "is_contiguous" and not args and not kwargs:
            tx.ctx.guard(self.source, CONTIGUOUS, self.example.is_contiguous())
        return original(self, tx, name, args, kwargs)
    return call_method


def _branch_on_layout(x):
    if x.is_contiguous():
        return x + 1
    return x - 1


def test_recipe_guard_kind(monkeypatch):
    from compiler.guards import guard
    from compiler.values.tensor import TensorValue
    monkeypatch.setattr(guard, "GUARD_CLASSES", dict(guard.GUARD_CLASSES))
    contiguous_guard = _define_contiguous_guard()
    assert guard.GUARD_CLASSES[CONTIGUOUS] is contiguous_guard
    monkeypatch.setattr(TensorValue, "call_method",
                        _guarding_is_contiguous(TensorValue.call_method))
    a = torch.zeros(3, 3)
    with compiler.config.patch(guard_tensor_strides=False):  # strides alone no longer decide
        compiled = compiler.compile(_branch_on_layout)
        assert torch.equal(compiled(a), _branch_on_layout(a))
        assert torch.equal(compiled(a.t()), _branch_on_layout(a.t()))
        assert compiler.stats(compiled).recompiles == [
            "L['x'].is_contiguous() == True (got False)"]
        assert "L['x'].is_contiguous() == True" in compiler.explain(_branch_on_layout, a).guards
    from compiler.guards.check import CheckFunction
    from compiler.guards.sources import LocalSource
    check_function = CheckFunction([contiguous_guard(LocalSource("x"), True)])
    assert check_function.check({"x": a}, {}) and not check_function.check({"x": a.t()}, {})


# -- 5. A generator construct ----------------------------------------------------------------
def swap_halves(b, p) -> bool:
    """`t1 = torch.cat(t0.chunk(2, -1)[::-1], -1)`: the two halves of the last dim swapped."""
    t = b.pick(p, b.tensors("float", (1, 4)))
    if t is None:
        return False
    out = b.fresh("t")
    line = f"{out} = torch.cat({t.name}.chunk(2, -1)[::-1], -1)"
    return b.emit([line], [out], [t.name], features=["swap_halves"]) is not None


@pytest.fixture
def with_swap_halves(monkeypatch):
    from generators import features, strategies
    monkeypatch.setattr(features, "BODY_FEATURES", features.BODY_FEATURES + ("swap_halves",))
    monkeypatch.setattr(features, "FEATURES", features.FEATURES + ("swap_halves",))
    monkeypatch.setitem(strategies.CONSTRUCTS, "swap_halves", swap_halves)
    monkeypatch.setattr(strategies, "CONSTRUCT_ORDER", tuple(strategies.CONSTRUCTS))
    return strategies


def test_recipe_generator_construct(with_swap_halves, tmp_path):
    from generators import programs
    from generators.inputs import INPUT_BYTES, input_specs
    from generators.opargs import Picks
    strategies = with_swap_halves
    programs(features=["swap_halves"])  # a known feature name now (unknown ones raise)
    flags = frozenset({"swap_halves"})
    statement = bytearray(strategies.STATEMENT_BYTES)
    statement[0] = strategies.CONSTRUCT_KIND  # a construct, not a catalogue op ...
    statement[3] = strategies.CONSTRUCT_ORDER.index("swap_halves")  # ... this one
    specs = input_specs(Picks(bytes(INPUT_BYTES)), flags)
    program = strategies.build(flags, specs, [tuple(statement)], raise_choice=5)
    assert "swap_halves" in program.features_used
    assert ".chunk(2, -1)[::-1]" in program.source
    path = _program_file(tmp_path, "swap_halves", program.source)
    assert check(path, OursSubject()).verdict is Verdict.PASS


# -- 6. A subject ----------------------------------------------------------------------------
class FxTraceSubject:
    """torch.fx.symbolic_trace as a compiler: one trace per program, at compile()."""

    name = "fx-trace"

    def __init__(self):
        self.traces = 0

    def compile(self, fn):
        self.traces += 1
        return torch.fx.symbolic_trace(fn)

    def stats(self, compiled) -> dict:
        return {"compiles": self.traces}

    def reset(self) -> None:
        self.traces = 0

    def classify(self, exc):  # optional: tracing errors are declines, not crashes
        return "unsupported" if isinstance(exc, torch.fx.proxy.TraceError) else None


PLAIN = """
    import torch

    def program(x, y):
        return (x * 2 + y).relu()

    def calls():
        g = torch.Generator().manual_seed(0)
        yield (torch.randn(3, generator=g), torch.randn(3, generator=g)), {}
        yield (torch.randn(3, generator=g), torch.randn(3, generator=g)), {}
"""
GLOBAL_CHANGES = """
    import torch

    SCALE = 2.0

    def program(x):
        return x * SCALE

    def calls():
        global SCALE
        yield (torch.ones(3),), {}
        SCALE = 3.0
        yield (torch.ones(3),), {}
"""
DATA_DEPENDENT = """
    import torch

    def program(x):
        if x.sum() > 0:
            return x + 1
        return x - 1

    def calls():
        yield (torch.ones(3),), {}
"""


def test_recipe_subject(tmp_path):
    subject = resolve(f"{HERE}:FxTraceSubject")  # a class is a factory: called once
    assert isinstance(subject, FxTraceSubject)
    verdicts = {name: check(_program_file(tmp_path, name, source), subject)
                for name, source in [("plain", PLAIN), ("global_changes", GLOBAL_CHANGES),
                                     ("data_dependent", DATA_DEPENDENT)]}
    assert verdicts["plain"].verdict is Verdict.PASS
    assert verdicts["global_changes"].verdict is Verdict.MISMATCH_VALUE  # the global baked in
    assert verdicts["global_changes"].signature == "mismatch-value:fx-trace:out"
    assert verdicts["data_dependent"].verdict is Verdict.UNSUPPORTED


# -- 7. A backend ----------------------------------------------------------------------------
GRAPHS: list[torch.fx.GraphModule] = []


def recording_backend(gm: torch.fx.GraphModule, example_inputs: list):
    """Keeps every graph it is given and runs it as it is."""
    GRAPHS.append(gm)
    return gm.forward


def test_recipe_backend(tmp_path):
    GRAPHS.clear()
    compiled = compiler.compile(lambda x: (x * 2).softmax(-1), backend=recording_backend)
    compiled(torch.randn(2, 3))
    assert len(GRAPHS) == compiler.stats(compiled).graphs == 1
    subject = resolve(f"ours:{HERE}.recording_backend")
    assert subject.name == f"ours:{HERE}.recording_backend"
    assert check(_program_file(tmp_path, "plain", PLAIN), subject).verdict is Verdict.PASS
    assert len(GRAPHS) == 2
