"""The builder: state of a program under construction and the one way statements enter it.

A statement is probed on the first call's inputs before it is kept; one that raises, or that
blows tame values up, is dropped, so every kept statement is valid where it stands.
"""

from __future__ import annotations

from collections import Counter

import torch

from generators import probe
from generators.ir import SCALARS, Definition, Kind, Param, Stmt, Value
from generators.opargs import BUILDERS, CONSTANTS, RELATIONS, Picks, placeholders
from generators.ops import BODY_OPS, DTYPE_CLASSES, Op

# Families whose ops stay valid whatever the (data-dependent) length of their operand.
SHAPE_AGNOSTIC_FAMILIES = {"unary", "softmax", "convert"}
SHAPE_AGNOSTIC_OPS = {"torch.sum", "Tensor.sum", "torch.all", "torch.count_nonzero",
                      "torch.nansum", "Tensor.mean", "torch.cumsum", "Tensor.cumsum"}
RANK_ONLY_PARAMS = {"a", "dim", "keepdim", "c", "k", "dtype"}
# Closes the module's __init__: parameters drawn from a seeded generator, so both sides agree.
MODULE_REINIT = [
    "g = torch.Generator().manual_seed(0)",
    "with torch.no_grad():",
    "    for p in self.parameters():",
    "        p.copy_(torch.randn(p.shape, generator=g) * 0.5)",
]


def global_module(name: str, construct: str) -> list[str]:
    """A module built at import with seeded parameters, so every load of the file agrees."""
    return [
        f"{name} = {construct}",
        "with torch.no_grad():",
        f"    for _p in {name}.parameters():",
        "        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)",
    ]


class Builder:
    def __init__(self, flags: frozenset[str], module_mode: bool):
        self.flags = flags
        self.module_mode = module_mode
        self.env = probe.base_namespace()
        self.values: list[Value] = []
        self.by_name: dict[str, Value] = {}
        self.params: list[Param] = []
        self.stmts: list[Stmt] = []
        self.defs: list[Definition] = []
        self.module_init: list[str] = []
        self.counts: Counter[str] = Counter()
        self.features: set[str] = set()
        self.ops: set[str] = set()
        self.globals_read: dict[str, tuple[str, str]] = {}  # name -> (changed value, feature)
        self.module_attrs: dict[str, str] = {}  # attribute -> changed value
        # Statements run in calls() before a later call (mutate_between_calls), and the
        # module globals they rebind.
        self.between_calls: list[tuple[str, tuple[str, ...]]] = []
        self.final_raise: list[str] | None = None
        if module_mode:
            self.env["self"] = torch.nn.Module()

    # --- names and rollback -------------------------------------------------------------
    def fresh(self, prefix: str) -> str:
        n = self.counts[prefix]
        self.counts[prefix] += 1
        return f"{prefix}{n}"

    def snapshot(self) -> tuple:
        return (Counter(self.counts), len(self.defs), len(self.module_init),
                dict(self.globals_read), dict(self.module_attrs), len(self.between_calls))

    def rollback(self, snap: tuple) -> None:
        counts, ndefs, ninit, globals_read, attrs, nbetween = snap
        self.counts = counts
        del self.defs[ndefs:]
        del self.module_init[ninit:]
        del self.between_calls[nbetween:]
        self.globals_read, self.module_attrs = globals_read, attrs

    def between(self, line: str, rebinds: tuple[str, ...] = ()) -> None:
        """A statement for calls() to run before a later call: what the program read changes
        (an attribute deleted, a dict grown, a submodule swapped, a global rebound)."""
        self.between_calls.append((line, tuple(rebinds)))

    # --- values ---------------------------------------------------------------------------
    def add_value(self, value: Value) -> None:
        self.values.append(value)
        self.by_name[value.name] = value

    def tensors(self, dclass: str = "any", rank=(0, 4), tame: bool = False,
                exact: bool = True) -> list[Value]:
        ok = DTYPE_CLASSES[dclass]
        return [v for v in self.values if v.is_tensor and ok(v.dtype)
                and rank[0] <= v.rank <= rank[1] and (v.tame or not tame)
                and (v.exact or not exact)]

    def scalars(self, kinds=SCALARS) -> list[Value]:
        return [v for v in self.values if v.kind in kinds]

    def of_kind(self, kind: Kind) -> list[Value]:
        return [v for v in self.values if v.kind is kind]

    @staticmethod
    def pick(p: Picks, cands: list[Value]) -> Value | None:
        return cands[p.ref(len(cands))] if cands else None

    # --- definitions and statements -------------------------------------------------------
    def define(self, name: str, lines: list[str]) -> bool:
        """A module-level definition, run in the probe namespace."""
        if not probe.run("\n".join(lines), self.env):
            return False
        self.defs.append(Definition(name, lines))
        return True

    def init_module(self, line: str) -> bool:
        """A line of the module's __init__ (`self.<attr> = ...`)."""
        if not self.module_mode or not probe.run(line, self.env):
            return False
        self.module_init.append(line)
        # Parameters get seeded values at the end of __init__; the probe module gets them too.
        scope = {"torch": torch, "self": self.env["self"]}
        return probe.run("\n".join(MODULE_REINIT), scope)

    def emit(self, lines: list[str], defines=(), uses=(), mutates=(), ops=(), features=(),
             globals_written=(), exact: bool = True) -> list[Value] | None:
        """Probe a statement and keep it when it runs; returns the values it defines."""
        used = [self.by_name[n] for n in uses if n in self.by_name]
        tame_in = all(v.tame for v in used)
        if not probe.run("\n".join(lines), self.env):
            return None
        new = [probe.value_of(n, self.env, tame_in, exact) for n in defines]
        if any(v is None for v in new):
            return None
        for name in mutates:
            old = self.by_name[name]
            old.tame = old.tame and probe.is_tame(self.env[name])
        for v in new:
            self.add_value(v)
        self.stmts.append(Stmt(list(lines), list(defines), [v.name for v in used],
                               list(mutates), set(ops), set(features), set(globals_written)))
        self.ops |= set(ops)
        self.features |= set(features)
        return new

    def emit_object(self, lines: list[str], name: str, uses=(), features=()) -> bool:
        """Keep a statement defining `name` as an object no construct operates on (a dataclass,
        a dict subclass): it can only be returned, and is compared as the program's output."""
        if self.emit(lines, [], uses, features=features) is None:
            return False
        self.stmts[-1].defines.append(name)
        self.add_value(Value(name, Kind.OBJECT, self.env[name]))
        return True

    # --- catalogue ops --------------------------------------------------------------------
    def operands(self, op: Op) -> list[Value]:
        exact = op.family not in SHAPE_AGNOSTIC_FAMILIES and op.name not in SHAPE_AGNOSTIC_OPS
        if op.b or not set(placeholders(op.template)) <= RANK_ONLY_PARAMS:
            exact = True
        return self.tensors(op.a, op.rank, tame=op.tame, exact=exact)

    def pick_b(self, op: Op, a: Value, p: Picks) -> tuple[str, list[str]] | None:
        relation = RELATIONS[op.b]
        cands = [v for v in self.tensors(op.bdt, tame=op.tame) if relation(a.shape, v.shape)]
        if cands and not (op.scalar_b and p.int(3) == 0):
            b = self.pick(p, cands)
            return b.name, [b.name]
        if op.scalar_b:
            scalars = self.scalars((Kind.INT, Kind.FLOAT))
            if scalars and p.int(2):
                s = self.pick(p, scalars)
                return s.name, [s.name]
            return p.choice(CONSTANTS), []
        if op.b == "matmul":
            return (f"{a.name}.mT" if a.rank >= 2 else a.name), []
        return None

    def apply_op(self, op: Op, p: Picks) -> bool:
        a = self.pick(p, self.operands(op))
        if a is None:
            return False
        got, uses = {"a": a.name}, [a.name]
        if op.b:
            b = self.pick_b(op, a, p)
            if b is None:
                return False
            got["b"], uses = b[0], uses + b[1]
        # `dim` first: other parameters (gather indices, narrow bounds) depend on it.
        names = placeholders(op.template + (op.module or ""))
        for name in sorted(names, key=lambda n: n != "dim"):
            if name not in got and name != "m":
                got[name] = BUILDERS[name](p, a, got)
                if got[name] is None:
                    return False
        template = op.template
        if op.module and self.module_mode:
            got["m"] = self.fresh(op.name.split(".")[-1].lower())
            if not self.init_module(f"self.{got['m']} = " + op.module.format(**got)):
                return False
        elif op.module:  # a function program calls a module held in a global
            got["m"] = self.fresh("M")
            if not self.define(got["m"], global_module(got["m"], op.module.format(**got))):
                return False
            template = template.replace("self.{m}", "{m}")
        expr = template.format(**got)
        if op.inplace:
            return self.emit([expr], uses=uses, mutates=[a.name], ops=[op.name]) is not None
        t = self.fresh("t")
        return self.emit([f"{t} = {expr}"], [t], uses, ops=[op.name]) is not None

    # --- helpers for constructs -----------------------------------------------------------
    def body_op(self, p: Picks, a: Value, arg: str | None = None) -> tuple[str, str] | None:
        """A shape- and dtype-preserving op on `a` as (expression, op name)."""
        name, template = BODY_OPS[p.int(len(BODY_OPS))]
        expr = template.format(a=arg or a.name)
        out = probe.evaluate(template.format(a=a.name), self.env)
        if not isinstance(out, torch.Tensor) or out.shape != a.probe.shape or (
                out.dtype != a.dtype):
            return None
        return expr, name

    def float_with_op(self, p: Picks, rank=(0, 4), arg: str | None = None):
        """A float tensor in scope (of a rank in `rank`) and a body op on it, written on `arg`
        (default: the tensor's name), as (value, (expression, op name)); (None, None) when
        there is no such tensor or the op does not keep its shape and dtype."""
        t = self.pick(p, self.tensors("float", rank))
        op = t and self.body_op(p, t, arg=arg)
        return (t, op) if op else (None, None)
