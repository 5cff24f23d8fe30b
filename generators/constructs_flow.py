"""Constructs for scalar and shape arithmetic, branches, loops, exceptions and data-dependent ops.

Each construct is `(builder, picks) -> bool`: it emits one statement (possibly several lines)
through the builder, or nothing when no operand fits.
"""

from __future__ import annotations

from generators import probe
from generators.builder import Builder
from generators.ir import Kind
from generators.opargs import Picks


def _float_tensor(b: Builder, p: Picks, rank=(0, 4)):
    return b.pick(p, b.tensors("float", rank))


def _emit(b: Builder, lines, defines, uses, ops, feature, exact=True) -> bool:
    return b.emit(lines, defines, uses, ops=ops, features=[feature], exact=exact) is not None


def scalar_arith(b: Builder, p: Picks) -> bool:
    s = b.pick(p, b.scalars((Kind.INT, Kind.FLOAT)))
    base = s.name if s else str(2 + p.int(3))
    forms = (f"{base} * 2 + 1", f"{base} - 0.5", f"abs({base}) + 1", f"min({base}, 3)",
             f"max({base}, 1) * 2", f"float({base}) / 4", f"{base} ** 2")
    out = b.fresh("s")
    return _emit(b, [f"{out} = {p.choice(forms)}"], [out], [s.name] if s else [], [],
                 "scalar_arith")


def shape_arith(b: Builder, p: Picks) -> bool:
    t = b.pick(p, b.tensors(rank=(1, 4)))
    if t is None:
        return False
    n = t.name
    scalar_forms = (f"{n}.shape[0] * 2", f"{n}.size(-1) + 1", f"{n}.numel() // 2",
                    f"{n}.dim() - 1", f"len({n}) * {n}.shape[-1]")
    tensor_forms = (f"{n}.reshape({n}.shape[0], -1)", f"{n}.view(-1, {n}.shape[-1])",
                    f"{n}.new_zeros({n}.shape[0], 2)", f"{n}.flatten()[: {n}.numel() // 2]",
                    f"{n}.expand(2, *{n}.shape)")
    if p.int(2):
        out = b.fresh("s")
        expr = p.choice(scalar_forms)
    else:
        out = b.fresh("t")
        expr = p.choice(tensor_forms)
    return _emit(b, [f"{out} = {expr}"], [out], [n], [], "shape_arith")


def _branch(b: Builder, p: Picks, cond: str, t, uses, feature: str) -> bool:
    one, two = b.body_op(p, t), b.body_op(p, t)
    if not one or not two:
        return False
    out = b.fresh("t")
    if feature not in b.flags:  # the plain form: the branch the first call takes, unconditioned
        taken = one if probe.evaluate(cond, b.env) else two
        return b.emit([f"{out} = {taken[0]}"], [out], [t.name], ops=[taken[1]]) is not None
    lines = [f"if {cond}:", f"    {out} = {one[0]}", "else:", f"    {out} = {two[0]}"]
    return _emit(b, lines, [out], uses + [t.name], [one[1], two[1]], feature)


# With its flag off, a branch construct drawn by a statement emits its plain form, the body op
# of the branch its condition takes: a failure inside a branch then shrinks to straight-line
# code by turning one flag off, with no catalogue op to land on by chance.
PLAIN_WHEN_OFF = ("if_python", "if_shape", "if_tensor")


def if_python(b: Builder, p: Picks) -> bool:
    s, t = b.pick(p, b.scalars()), _float_tensor(b, p)
    if s is None or t is None:
        return False
    cond = {Kind.BOOL: s.name, Kind.INT: f"{s.name} > 2", Kind.FLOAT: f"{s.name} >= 0"}
    return _branch(b, p, cond[s.kind], t, [s.name], "if_python")


def if_shape(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    if t is None:
        return False
    n = t.name
    conds = (f"{n}.dim() == 2", f"{n}.numel() > 4", f"{n}.is_contiguous()",
             f"{n}.dtype == torch.float32", f"{n}.requires_grad")
    if t.rank:
        conds += (f"{n}.shape[0] > 2", f"{n}.size(-1) == 1")
    return _branch(b, p, p.choice(conds), t, [], "if_shape")


def if_tensor(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    if t is None:
        return False
    n = t.name
    conds = (f"{n}.sum() > 0", f"({n} > 0).any()", f"{n}.abs().sum() > 1", f"({n} < 1).all()")
    return _branch(b, p, p.choice(conds), t, [], "if_tensor")


def for_range(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t, arg="ACC")
    if not op:
        return False
    ints = b.scalars((Kind.INT,))
    bounds = (str(1 + p.int(3)), f"{t.name}.dim()")
    bound = ints[0].name if ints and p.int(3) == 0 else p.choice(bounds)
    out, i = b.fresh("t"), b.fresh("i")
    body = p.choice((op[0], f"{op[0]} + {i} * 0.5"))
    lines = [f"{out} = {t.name}", f"for {i} in range({bound}):",
             f"    {out} = {body.replace('ACC', out)}"]
    return _emit(b, lines, [out], [t.name], [op[1]], "for_range")


def for_list(b: Builder, p: Picks) -> bool:
    xs = b.pick(p, b.of_kind(Kind.TLIST))
    if xs is not None and xs.probe[0].is_floating_point() and p.int(2):
        return _for_list_param(b, p, xs)
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t)
    if not op:
        return False
    out, c = b.fresh("t"), b.fresh("c")
    lines = [f"{out} = torch.zeros_like({t.name})", f"for {c} in [0.5, 1.0, 2.0]:",
             f"    {out} = {out} + {op[0]} * {c}"]
    return _emit(b, lines, [out], [t.name], [op[1]], "for_list")


def _for_list_param(b: Builder, p: Picks, xs) -> bool:
    u = b.fresh("u")
    out = b.fresh("t")
    b.env[u] = xs.probe[0]
    from generators.ir import Value

    op = b.body_op(p, Value(u, Kind.TENSOR, xs.probe[0]))
    if not op:
        return False
    header = p.choice((f"for {u} in {xs.name}:", f"for _, {u} in enumerate({xs.name}):"))
    lines = [f"{out} = torch.zeros_like({xs.name}[0])", header, f"    {out} = {out} + {op[0]}"]
    return _emit(b, lines, [out], [xs.name], [op[1]], "for_list")


MAX_UNROLLED_ROWS = 16


def for_tensor(b: Builder, p: Picks) -> bool:
    t = b.pick(p, b.tensors("float", (1, 4)))
    if t is None or t.shape[0] == 0 or t.shape[0] > MAX_UNROLLED_ROWS:
        return False  # a long loop is unrolled op by op: slow to trace, no new behaviour
    row = b.fresh("r")
    b.env[row] = t.probe[0]
    from generators.ir import Value

    op = b.body_op(p, Value(row, Kind.TENSOR, t.probe[0]))
    if not op:
        return False
    out = b.fresh("t")
    lines = [f"{out} = {t.name}.sum(0) * 0", f"for {row} in {t.name}:",
             f"    {out} = {out} + {op[0]}"]
    return _emit(b, lines, [out], [t.name], [op[1]], "for_tensor")


def while_loop(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t, arg="ACC")
    if not op:
        return False
    out, i = b.fresh("t"), b.fresh("i")
    cond = p.choice((f"{i} < 3", f"{i} < 4 and {out}.abs().sum() > 1"))
    lines = [f"{i} = 0", f"{out} = {t.name}", f"while {cond}:",
             f"    {out} = {op[0].replace('ACC', out)}", f"    {i} += 1"]
    return _emit(b, lines, [out], [t.name], [op[1]], "while_loop")


def exceptions(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    one, two = (b.body_op(p, t), b.body_op(p, t)) if t else (None, None)
    if not one or not two:
        return False
    out, n = b.fresh("t"), t.name
    tries = (
        ([f"{out} = {n}.view({n}.numel() + 1)"], "RuntimeError"),
        ([f"{out} = {one[0]}", 'raise ValueError("rejected")'], "ValueError"),
        ([f'{out} = {{"a": {n}}}["b"]'], "KeyError"),
        ([f"{out} = [{n}][1]"], "IndexError"),
    )
    body, caught = p.choice(tries)
    lines = ["try:"] + [f"    {line}" for line in body]
    lines += [f"except {caught}:", f"    {out} = {two[0]}"]
    return _emit(b, lines, [out], [n], [one[1], two[1]], "exceptions")


def data_dependent(b: Builder, p: Picks) -> bool:
    t = b.pick(p, b.tensors("num"))
    if t is None:
        return False
    n, form = t.name, p.int(5)
    if form < 2:
        out = b.fresh("s")
        expr = (f"{n}.sum().item()", f"float(sum({n}.flatten().tolist()))")[form]
        op = ("Tensor.item", "Tensor.tolist")[form]
    else:
        out = b.fresh("t")
        expr = (f"{n}.nonzero()", f"{n}[{n} > 0]", f"torch.masked_select({n}, {n} < 1)")[form - 2]
        op = ("Tensor.nonzero", "getitem.boolmask", "torch.masked_select")[form - 2]
    return _emit(b, [f"{out} = {expr}"], [out], [n], [op], "data_dependent", exact=False)


CONSTRUCTS = {
    "scalar_arith": scalar_arith, "shape_arith": shape_arith, "if_python": if_python,
    "if_shape": if_shape, "if_tensor": if_tensor, "for_range": for_range,
    "for_list": for_list, "for_tensor": for_tensor, "while_loop": while_loop,
    "exceptions": exceptions, "data_dependent": data_dependent,
}
