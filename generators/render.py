"""Rendering: a ProgramIR becomes a program file (docs/architecture.md), written as a person would.

Module-level definitions first, then `program` (a function or an nn.Module instance), then calls().
"""

from __future__ import annotations

from generators.builder import MODULE_REINIT
from generators.ir import Call, Param, ProgramIR

INDENT = "    "
# Modules a program imports when its code names them (the probe namespace has them all).
IMPORTS = (("np.", "import numpy as np"), ("functools.", "import functools"),
           ("collections.", "import collections"), ("dataclasses.", "import dataclasses"),
           ("math.", "import math"))


def _indent(lines: list[str], depth: int) -> list[str]:
    return [INDENT * depth + line if line else "" for line in lines]


def _signature(params: list[Param], first: str | None = None) -> str:
    names = ([first] if first else []) + [p.name for p in params if not p.keyword]
    keywords = [f"{p.name}=1.0" for p in params if p.keyword]
    if keywords:
        names += ["*"] + keywords
    return ", ".join(names)


def _body(ir: ProgramIR) -> list[str]:
    written = sorted({g for st in ir.stmts for g in st.globals_written})
    lines = [f"global {', '.join(written)}"] if written else []
    for st in ir.stmts:
        lines.extend(st.lines)
    if ir.final_raise:
        lines.extend(ir.final_raise)
    elif ir.returns:
        lines.append(f"return {', '.join(ir.returns)}")
    return lines


def _program(ir: ProgramIR) -> list[str]:
    if ir.module_init is None:
        return [f"def program({_signature(ir.params)}):"] + _indent(_body(ir), 1)
    init = ["def __init__(self):", INDENT + "super().__init__()"]
    init += _indent(ir.module_init, 1)
    if any("torch.nn." in line or "Parameter" in line or "Block" in line
           for line in ir.module_init):
        init += _indent(MODULE_REINIT, 1)
    forward = [f"def forward({_signature(ir.params, 'self')}):"] + _indent(_body(ir), 1)
    cls = ["class Program(torch.nn.Module):"] + _indent(init + [""] + forward, 1)
    return cls + ["", "", "program = Program()"]


def _args(call: Call, params: list[Param]) -> str:
    positional = [call.args[p.name] for p in params if not p.keyword]
    keywords = [f'"{p.name}": {call.args[p.name]}' for p in params if p.keyword]
    tup = "(" + ", ".join(positional) + ("," if len(positional) == 1 else "") + ")"
    return f"{tup}, {{{', '.join(keywords)}}}"


def _calls(ir: ProgramIR) -> list[str]:
    globals_set = sorted({g for call in ir.calls for g in call.globals_set})
    lines = [f"global {', '.join(globals_set)}"] if globals_set else []
    lines.append("g = torch.Generator().manual_seed(0)")
    for call in ir.calls:
        lines.extend(call.setup)
        lines.append(f"yield {_args(call, ir.params)}")
    return ["def calls():"] + _indent(lines, 1)


def render(ir: ProgramIR) -> str:
    features = ", ".join(sorted(ir.features)) or "none"
    code = [line for st in ir.stmts for line in st.lines] + [
        line for d in ir.defs for line in d.lines] + [
        line for call in ir.calls for line in call.setup] + (ir.module_init or [])
    text = "\n".join(code)
    out = [f'"""Generated program. features: {features}"""']
    out += [line for prefix, line in IMPORTS if prefix in text] + ["import torch"]
    if any("F." in line for line in code):
        out.append("import torch.nn.functional as F")
    for d in ir.defs:
        is_block = d.lines[0].startswith(("def ", "class "))
        out += ["", ""] + d.lines if is_block else [""] + d.lines
    out += ["", ""] + _program(ir) + ["", ""] + _calls(ir)
    return "\n".join(out) + "\n"


