"""The call sequence: the first call, then calls that keep or change what guards check.

A call that changes metadata is kept only if the whole body still runs on it (re-probed).
"""

from __future__ import annotations

from generators import inputs, probe
from generators.builder import Builder
from generators.inputs import InputSpec
from generators.ir import Call, Definition, Kind, Param, Stmt, Value

GENERATOR = "g = torch.Generator().manual_seed(0)"


def make_call(specs: list[InputSpec], setup=(), globals_set=()) -> Call:
    aliased = {s.alias_of for s in specs if s.alias_of}
    lines, args = list(setup), {}
    for s in specs:
        if s.name in aliased:
            lines.append(f"{s.name} = {inputs.source(s)}")
            args[s.name] = s.name
        else:
            args[s.name] = inputs.source(s)
    return Call(args, lines, set(globals_set))


def _bind(b: Builder, call: Call) -> bool:
    setup = [line.replace("program.", "self.") for line in call.setup]
    if not probe.run("\n".join(setup), b.env):
        return False
    for name, expr in call.args.items():
        value = probe.evaluate(expr, b.env)
        if value is None:
            return False
        b.env[name] = value
    return True


def first_call(b: Builder, specs: list[InputSpec]) -> Call:
    """Bind the first call's arguments in the probe namespace and make them values."""
    call = make_call(specs)
    probe.run(GENERATOR, b.env)
    assert _bind(b, call), f"inputs failed to build: {call.args}"
    for s in specs:
        tame = s.tensor.tame if s.tensor else True
        b.add_value(Value(s.name, s.kind, b.env[s.name], tame=tame))
        keyword = s.kind is Kind.FLOAT and "default_kwargs" in b.flags
        b.params.append(Param(s.name, s.kind, call.args[s.name], keyword=keyword))
    return call


def _runs(b: Builder, stmts: list[Stmt], call: Call) -> bool:
    if not _bind(b, call):
        return False
    return all(probe.run("\n".join(st.lines), b.env) for st in stmts)


def _changed_specs(name: str, specs: list[InputSpec]):
    change = {
        "recall_values": lambda s: s,
        "change_shape": inputs.with_new_shape,
        "change_dtype": inputs.with_new_dtype,
        "change_scalar": inputs.with_new_scalar,
        "change_list_len": inputs.with_new_length,
    }[name]
    return change(specs)


def _setup_changes(b: Builder, name: str) -> list[tuple[str, str]]:
    """(assignment target, new value) pairs that a call of feature `name` makes first."""
    if name == "change_module_attr":
        return list(b.module_attrs.items())[:1]
    return [(g, alt) for g, (alt, feature) in b.globals_read.items() if feature == name][:1]


def later_calls(b: Builder, specs: list[InputSpec]) -> list[Call]:
    """Calls after the first, one per enabled call feature that applies and still runs."""
    calls = []
    for name in ("recall_values", "change_shape", "change_dtype", "change_scalar",
                 "change_list_len", "change_global", "change_module_attr", "change_closure",
                 "mutate_between_calls"):
        if name not in b.flags:
            continue
        if name == "mutate_between_calls":
            if not b.between_calls:
                continue
            call = make_call(specs, [line for line, _ in b.between_calls],
                             [g for _, rebinds in b.between_calls for g in rebinds])
        elif name in ("change_global", "change_module_attr", "change_closure"):
            changes = _setup_changes(b, name)
            if not changes:
                continue
            setup = [f"{target} = {value}" for target, value in changes]
            globals_set = [t for t, _ in changes if "." not in t]
            call = make_call(specs, setup, globals_set)
        else:
            changed = _changed_specs(name, specs)
            if changed is None:
                continue
            call = make_call(changed)
        if _runs(b, b.stmts, call):
            calls.append(call)
            b.features.add(name)
    return calls + sweeps(b, specs)


def sweeps(b: Builder, specs: list[InputSpec]) -> list[Call]:
    """Calls that sweep one dim of the first tensor through several sizes (the first of the
    features sweep_batch, sweep_seq that keeps two calls), each kept if the body runs on it;
    with mark_dynamic, the program's DYNAMIC hint names the dim swept."""
    for name, dim, sizes in inputs.SWEEPS:
        if name not in b.flags:
            continue
        swept = [make_call(inputs.with_dim_size(specs, dim, n))
                 for n in inputs.sweep_sizes(specs, dim, sizes)]
        kept = [call for call in swept if _runs(b, b.stmts, call)]
        if len(kept) >= 2:
            b.features.add(name)
            if "mark_dynamic" in b.flags:
                hint = f'DYNAMIC = {{"{specs[0].name}": [{dim}]}}'
                b.defs.append(Definition("DYNAMIC", [hint]))
                b.features.add("mark_dynamic")
            return kept
    return []
