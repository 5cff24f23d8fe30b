"""Constructs for containers, comprehensions, unpacking, globals and mutation of inputs."""

from __future__ import annotations

from generators.builder import Builder
from generators.ir import Kind
from generators.opargs import Picks


def _float_tensor(b: Builder, p: Picks, rank=(0, 4)):
    return b.pick(p, b.tensors("float", rank))


def _emit(b: Builder, lines, defines, uses, ops, feature, **kw) -> bool:
    return b.emit(lines, defines, uses, ops=ops, features=[feature], **kw) is not None


def containers(b: Builder, p: Picks) -> bool:
    d = b.pick(p, b.of_kind(Kind.TDICT))
    xs = b.pick(p, b.of_kind(Kind.TLIST))
    out = b.fresh("t")
    if d is not None and p.int(3) == 0:
        return _emit(b, [f'{out} = {d.name}["a"] * 2 + {d.name}["b"]'], [out], [d.name], [],
                     "containers")
    if xs is not None and p.int(3) == 0:
        expr = p.choice((f"torch.stack({xs.name})", f"torch.cat({xs.name}, 0)",
                         f"{xs.name}[-1] * len({xs.name})"))
        return _emit(b, [f"{out} = {expr}"], [out], [xs.name], [], "containers")
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t)
    if not op:
        return False
    c, n = b.fresh("c"), t.name
    forms = (
        [f"{c} = [{n}, {op[0]}]", f"{c}.append({c}[0] * 2)", f"{out} = {c}[-1] + {c}[1]"],
        [f"{c} = ({n}, {op[0]})", f"{out} = {c}[1] - {c}[0]"],
        [f'{c} = {{"a": {n}, "b": {op[0]}}}', f'{c}["c"] = {c}["a"] * {c}["b"]',
         f'{out} = {c}["c"] + len({c})'],
    )
    return _emit(b, p.choice(forms), [out], [n], [op[1]], "containers")


def comprehensions(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t)
    if not op:
        return False
    out, k, n = b.fresh("t"), b.fresh("k"), t.name
    forms = (
        [f"{out} = torch.stack([{op[0]} * {k} for {k} in range(3)])"],
        [f"{out} = sum([{op[0]} * {k} for {k} in (1.0, 2.0) if {k} > 0])"],
        [f'{k} = {{f"v{{j}}": {n} * j for j in range(3)}}', f'{out} = {k}["v2"] - {k}["v1"]'],
        [f"{out} = torch.cat([{op[0]}.flatten() for _ in range(2)])"],
    )
    return _emit(b, p.choice(forms), [out], [n], [op[1]], "comprehensions")


def unpacking(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t)
    if not op:
        return False
    o1, o2, n = b.fresh("t"), b.fresh("t"), t.name
    forms = (
        [f"{o1}, {o2} = torch.sort({n}, -1, stable=True)"],
        [f"{o1}, {o2} = {n}, {op[0]}", f"{o1}, {o2} = {o2}, {o1}"],
        [f"({o1}, {o2}), _ = ({op[0]}, {n}), {n}.dim()"],
        [f"{o1}, *{o2} = {n}.unbind(0)" if t.rank else f"{o1}, {o2} = {n}, {op[0]}"],
    )
    lines = p.choice(forms)
    defines = [o1] if "*" in lines[0] else [o1, o2]
    return _emit(b, lines, defines, [n], [op[1]], "unpacking")


def globals_read(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p, (1, 4))
    if t is None:
        return False
    g, out, n = b.fresh("G"), b.fresh("t"), t.name
    form = p.int(4)
    if form == 0:
        defn, expr, alt = f"{g} = 1.5", f"{n} * {g}", "2.5"
    elif form == 1:
        defn, expr, alt = (f"{g} = torch.linspace(-1, 1, {t.shape[-1]})", f"{n} + {g}",
                           f"torch.linspace(-2, 2, {t.shape[-1]})")
    elif form == 2:
        one, two = b.body_op(p, t), b.body_op(p, t)
        if not one or not two:
            return False
        defn, expr, alt = f"{g} = True", f"{one[0]} if {g} else {two[0]}", "False"
    else:
        defn, expr, alt = f'{g} = {{"scale": 2.0}}', f'{n} * {g}["scale"]', '{"scale": 0.5}'
    if not b.define(g, [defn]):
        return False
    b.globals_read[g] = (alt, "change_global")
    return _emit(b, [f"{out} = {expr}"], [out], [n], [], "globals_read")


def globals_write(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    if t is None:
        return False
    g, out, n = b.fresh("G"), b.fresh("t"), t.name
    form = p.int(3)
    if form == 0:
        defn = f"{g} = 0"
        lines, written = [f"{g} += 1", f"{out} = {n} * {g}"], [g]
    elif form == 1:
        defn = f"{g} = []"
        lines, written = [f"{g}.append({n}.sum())", f"{out} = {n} + len({g})"], []
    else:
        defn = f"{g} = None"
        lines, written = [f"{g} = {n} * 2", f"{out} = {g} + 1"], [g]
    if not b.define(g, [defn]):
        return False
    return b.emit(lines, [out], [n], features=["globals_write"],
                  globals_written=written) is not None


def mutate_inputs(b: Builder, p: Picks) -> bool:
    params = {prm.name for prm in b.params}
    inputs = [v for v in b.values if v.name in params]
    v = b.pick(p, inputs)
    if v is None:
        return False
    n = v.name
    if v.kind is Kind.TLIST:
        lines = p.choice(([f"{n}.append({n}[0] * 2)"], [f"{n}[0] = {n}[-1] + 1"]))
    elif v.kind is Kind.TDICT:
        lines = p.choice(([f'{n}["c"] = {n}["a"] + 1'], [f'{n}["a"] = {n}["b"]']))
    elif v.kind is Kind.TENSOR and v.dtype.is_floating_point:
        lines = p.choice(([f"{n}.add_(1)"], [f"{n}.mul_(0.5)"], [f"{n}[..., 0] = 1.0"]))
    else:
        return False
    return b.emit(lines, uses=[n], mutates=[n], features=["mutate_inputs"]) is not None


CONSTRUCTS = {
    "containers": containers, "comprehensions": comprehensions, "unpacking": unpacking,
    "globals_read": globals_read, "globals_write": globals_write,
    "mutate_inputs": mutate_inputs,
}
