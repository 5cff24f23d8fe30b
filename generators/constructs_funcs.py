"""Constructs for functions, closures, lambdas, user classes and nn.Module structure."""

from __future__ import annotations

from generators.builder import Builder
from generators.opargs import Picks


def _float_tensor(b: Builder, p: Picks, rank=(0, 4)):
    return b.pick(p, b.tensors("float", rank))


def _ops2(b: Builder, p: Picks, t, arg: str):
    one, two = b.body_op(p, t, arg=arg), b.body_op(p, t, arg=arg)
    return (one, two) if one and two else None


def _call(b: Builder, expr: str, t, ops, feature: str) -> bool:
    out = b.fresh("t")
    return b.emit([f"{out} = {expr}"], [out], [t.name], ops=ops, features=[feature]) is not None


def helper_functions(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    one, two = (b.body_op(p, t, arg="u"), b.body_op(p, t, arg="v")) if t else (None, None)
    if not one or not two:
        return False
    h = b.fresh("helper")
    lines = [f"def {h}(u):", f"    v = {one[0]}", f"    return {two[0]}"]
    if not b.define(h, lines):
        return False
    return _call(b, f"{h}({t.name})", t, [one[1], two[1]], "helper_functions")


def closures(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t, arg="u")
    if not op:
        return False
    f, out, n = b.fresh("inner"), b.fresh("t"), t.name
    lines = [f"def {f}(u):", f"    return {op[0]} + {n}", f"{out} = {f}({n} * 0.5)"]
    return b.emit(lines, [out], [n], ops=[op[1]], features=["closures"]) is not None


def lambdas(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t, arg="u")
    if not op:
        return False
    f, out, n = b.fresh("fn"), b.fresh("t"), t.name
    forms = (
        [f"{f} = lambda u: {op[0]}", f"{out} = {f}({n})"],
        [f"{out} = sum(map(lambda u: {op[0]}, ({n}, {n} * 2)))"],
        [f"{out} = max([{n}, {op[0]}], key=lambda u: u.dim())"],
    )
    return b.emit(p.choice(forms), [out], [n], ops=[op[1]], features=["lambdas"]) is not None


def default_kwargs(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t, arg="u")
    if not op:
        return False
    h = b.fresh("helper")
    lines = [f"def {h}(u, scale=2.0, *, shift=0.5):", f"    return {op[0]} * scale + shift"]
    if not b.define(h, lines):
        return False
    call = p.choice((f"{h}({t.name})", f"{h}({t.name}, shift=1.0)", f"{h}({t.name}, 0.5)",
                     f"{h}(u={t.name}, scale=-1.0)"))
    return _call(b, call, t, [op[1]], "default_kwargs")


def star_args(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t)
    if not op:
        return False
    h = b.fresh("helper")
    lines = [f"def {h}(*us, **kw):", "    out = us[0]", "    for u in us[1:]:",
             "        out = out + u", '    return out * kw.get("w", 1.0)']
    if not b.define(h, lines):
        return False
    n = t.name
    call = p.choice((f"{h}({n}, {op[0]}, w=0.5)", f"{h}(*[{n}, {n}])", f"{h}({n})",
                     f'{h}({n}, **{{"w": 2.0}})'))
    return _call(b, call, t, [op[1]], "star_args")


def user_classes(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t, arg="u")
    if not op:
        return False
    cls = b.fresh("Box")
    lines = [f"class {cls}:", "    def __init__(self, k):", "        self.k = k", "",
             "    def apply(self, u):", f"        return {op[0]} * self.k"]
    if not b.define(cls, lines):
        return False
    if p.int(2):
        obj = cls.upper()
        if not b.define(obj, [f"{obj} = {cls}(2.0)"]):
            return False
        b.module_attrs[f"{obj}.k"] = "-1.0"
        return _call(b, f"{obj}.apply({t.name})", t, [op[1]], "user_classes")
    return _call(b, f"{cls}(0.5).apply({t.name})", t, [op[1]], "user_classes")


def shared_code_closures(b: Builder, p: Picks) -> bool:
    t = _float_tensor(b, p)
    op = t and b.body_op(p, t, arg="u")
    if not op:
        return False
    make = b.fresh("make_scaled")
    lines = [f"def {make}(k):", "    def scaled(u):", f"        return {op[0]} * k",
             "    return scaled"]
    if not b.define(make, lines):
        return False
    n = t.name
    if p.int(2) or "change_closure" in b.flags:
        g = b.fresh("SCALED")
        if not b.define(g, [f"{g} = {make}(2.0)"]):
            return False
        b.globals_read[g] = (f"{make}(3.0)", "change_closure")
        return _call(b, f"{g}({n}) + {make}(0.5)({n})", t, [op[1]], "shared_code_closures")
    f1, f2, out = b.fresh("fn"), b.fresh("fn"), b.fresh("t")
    lines = [f"{f1} = {make}(2.0)", f"{f2} = {make}(-1.0)", f"{out} = {f1}({n}) + {f2}({n})"]
    return b.emit(lines, [out], [n], ops=[op[1]],
                  features=["shared_code_closures"]) is not None


def module_parts(b: Builder, p: Picks) -> bool:
    """Parameters, buffers, attribute-dependent forward and user submodules (nn_module)."""
    t = _float_tensor(b, p, (1, 4))
    if t is None or not b.module_mode:
        return False
    form, n, last = p.int(5), t.name, t.shape[-1]
    if form == 0:
        w = b.fresh("weight")
        init, expr = f"self.{w} = torch.nn.Parameter(torch.ones({last}))", f"{n} * self.{w}"
    elif form == 1:
        w = b.fresh("buf")
        init = f'self.register_buffer("{w}", torch.linspace(0, 1, {last}))'
        expr = f"{n} + self.{w}"
    elif form == 2:
        w = b.fresh("scale")
        init, expr = f"self.{w} = 2.0", f"{n} * self.{w}"
        b.module_attrs[f"program.{w}"] = "0.5"
    elif form == 3:
        return _attr_branch(b, p, t)
    else:
        return _block(b, p, t)
    if not b.init_module(init):
        return False
    return _call(b, expr, t, [], "nn_module")


def _attr_branch(b: Builder, p: Picks, t) -> bool:
    ops = _ops2(b, p, t, t.name)
    flag = b.fresh("use_act")
    if not ops or not b.init_module(f"self.{flag} = True"):
        return False
    b.module_attrs[f"program.{flag}"] = "False"
    out = b.fresh("t")
    lines = [f"if self.{flag}:", f"    {out} = {ops[0][0]}", "else:", f"    {out} = {ops[1][0]}"]
    return b.emit(lines, [out], [t.name], ops=[ops[0][1], ops[1][1]],
                  features=["nn_module"]) is not None


def _block(b: Builder, p: Picks, t) -> bool:
    op = b.body_op(p, t, arg="u")
    if not op:
        return False
    cls, attr = b.fresh("Block"), b.fresh("block")
    lines = [f"class {cls}(torch.nn.Module):", "    def __init__(self, n):",
             "        super().__init__()", "        self.w = torch.nn.Parameter(torch.ones(n))",
             "", "    def forward(self, u):", f"        return {op[0]} * self.w"]
    if not b.define(cls, lines) or not b.init_module(f"self.{attr} = {cls}({t.shape[-1]})"):
        return False
    return _call(b, f"self.{attr}({t.name})", t, [op[1]], "nn_module")


CONSTRUCTS = {
    "helper_functions": helper_functions, "closures": closures, "lambdas": lambdas,
    "default_kwargs": default_kwargs, "star_args": star_args, "user_classes": user_classes,
    "shared_code_closures": shared_code_closures, "nn_module": module_parts,
}
