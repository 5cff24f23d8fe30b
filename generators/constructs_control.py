"""Constructs for control flow that real code uses around tensors: context managers,
generators consumed by helpers, try/finally and match statements.
"""

from __future__ import annotations

from generators.builder import Builder
from generators.opargs import Picks


def context_managers(b: Builder, p: Picks) -> bool:
    t, op = b.float_with_op(p)
    if t is None:
        return False
    out, form = b.fresh("t"), p.int(5)
    if form < 3:
        header = ("with torch.no_grad():", "with torch.enable_grad():",
                  "with torch.set_grad_enabled(False):")[form]
        body = p.choice(([f"{out} = {op[0]}"],
                         [f"{out} = {op[0]} * (2.0 if torch.is_grad_enabled() else 0.5)"],
                         [f"{out} = {op[0]}", f"{out} = {out} + {out}.requires_grad"]))
        lines = [header] + ["    " + line for line in body]
        return b.emit(lines, [out], [t.name], ops=[op[1]],
                      features=["context_managers"]) is not None
    cls, log = b.fresh("Scope"), b.fresh("EVENTS")
    lines = [f"class {cls}:", "    def __init__(self, k):", "        self.k = k", "",
             "    def __enter__(self):", f"        {log}.append('enter')", "        return self",
             "", "    def __exit__(self, kind, value, tb):", f"        {log}.append('exit')",
             f"        return {p.choice(('False', 'kind is KeyError'))}"]
    if not (b.define(log, [f"{log} = []"]) and b.define(cls, lines)):
        return False
    c = b.fresh("c")
    if form == 3:
        body = [f"with {cls}(2.0) as {c}:", f"    {out} = {op[0]} * {c}.k"]
    else:
        body = [f"{out} = {op[0]}", f"with {cls}(0.5) as {c}:", f"    {out} = {out} * {c}.k",
                f"    {out} = {out} + len({log})"]
    return b.emit(body, [out], [t.name], ops=[op[1]], features=["context_managers"]) is not None


def generators_consumed(b: Builder, p: Picks) -> bool:
    """A generator function whose items a helper or a builtin consumes."""
    t, op = b.float_with_op(p, arg="u")
    if t is None:
        return False
    gen = b.fresh("steps")
    lines = [f"def {gen}(u, n=3):", "    for k in range(n):", f"        yield {op[0]} * k"]
    if p.int(2):
        lines = [f"def {gen}(u, n=3):", "    acc = u", "    while n > 0:",
                 f"        acc = acc * 0.5 + {op[0]}",
                 "        n -= 1", "        yield acc"]
    if not b.define(gen, lines):
        return False
    n, out = t.name, b.fresh("t")
    expr = p.choice((f"sum({gen}({n}))", f"list({gen}({n}))[-1]", f"next(iter({gen}({n})))",
                     f"torch.stack(tuple({gen}({n}, 2)))",
                     f"max(({gen}({n})), key=lambda v: 0)",
                     f"sum(v for _, v in zip(range(2), {gen}({n})))",
                     f"dict(enumerate({gen}({n})))[1]"))
    return b.emit([f"{out} = {expr}"], [out], [n], ops=[op[1]],
                  features=["generators_consumed"]) is not None


def try_finally(b: Builder, p: Picks) -> bool:
    t, op = b.float_with_op(p)
    two = t and b.body_op(p, t)
    if t is None or not two:
        return False
    out, log = b.fresh("t"), b.fresh("TRACE")
    if not b.define(log, [f"{log} = []"]):
        return False
    n = t.name
    form = p.int(3)
    if form == 0:
        lines = ["try:", f"    {out} = {op[0]}", "finally:", f"    {log}.append({n}.dim())"]
    elif form == 1:
        lines = ["try:", f"    {out} = {op[0]}", "except ValueError:", f"    {out} = {two[0]}",
                 "else:", f"    {out} = {out} * 2", "finally:", f"    {log}.append(1)"]
    else:
        lines = ["try:", f"    {out} = {op[0]}", f"    {log}.append('body')",
                 '    raise KeyError("k")', "except KeyError as e:",
                 f"    {out} = {out} + len(e.args)", "finally:", f"    {log}.append('done')"]
    return b.emit(lines, [out], [n], ops=[op[1], two[1]], features=["try_finally"]) is not None


def match_statements(b: Builder, p: Picks) -> bool:
    t, op = b.float_with_op(p)
    two = t and b.body_op(p, t)
    if t is None or not two:
        return False
    n, out = t.name, b.fresh("t")
    form = p.int(4)
    if form == 0:
        subject, cases = f"{n}.dim()", ("case 0 | 1:", "case 2:")
    elif form == 1:
        subject, cases = f"tuple({n}.shape)", ("case (a,):", "case (a, b) if a > 1:")
    elif form == 2:
        subject = f'{{"kind": "scale", "k": {n}.dim()}}'
        cases = ('case {"kind": "shift"}:', 'case {"kind": "scale", "k": int(k)}:')
    else:
        subject, cases = f"[{n}] * ({n}.dim() % 3)", ("case []:", "case [first, *rest]:")
    lines = [f"match {subject}:", f"    {cases[0]}", f"        {out} = {op[0]}",
             f"    {cases[1]}", f"        {out} = {two[0]}", "    case _:",
             f"        {out} = {n}"]
    return b.emit(lines, [out], [n], ops=[op[1], two[1]],
                  features=["match_statements"]) is not None


CONSTRUCTS = {
    "context_managers": context_managers, "generators_consumed": generators_consumed,
    "try_finally": try_finally, "match_statements": match_statements,
}
