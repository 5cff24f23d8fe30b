"""Constructs that reach the compiler's frame machinery, where a wrong answer shows only when
the program looks at what that machinery must keep:

- closure cells read and written after a graph break that happens with values on the stack
  (the resume function gets the frame's cells and its stack as arguments: one slot off and a
  cell reads another variable);
- `__context__`, `__cause__` and `__suppress_context__` of exceptions raised while another is
  handled: by `raise`, by a failing operation, in a helper, with `from None`;
- a tensor written in place (a global, or a train-mode batch norm's running statistics), then
  an op that fails only on real data (gather indices out of range), inside `try`: the compiled
  graph raises after its write, so the write must be put back before the frame runs again
  eagerly, or the handler sees it twice.
"""

from __future__ import annotations

from generators.builder import Builder
from generators.opargs import Picks

# Where the helper's graph breaks: a data-dependent Python value taken while the expression
# around it has values on the stack.
_BREAKS = ("(2.0 if float(u.sum()) > 0 else -1.0)", "[1.0, 0.5][int(u.sum() > 0)]",
           "(u.max().item() > 0.5)", "bool(u.mean() > 0) * 3.0")


def break_cells(b: Builder, p: Picks) -> bool:
    """A helper whose cells (one a nonlocal counter its closure bumps) are read and written
    after graph breaks taken in the middle of expressions."""
    t, op = b.float_with_op(p, arg="u")
    if t is None:
        return False
    n, h, out = t.name, b.fresh("cells"), b.fresh("t")
    first, second = p.choice(_BREAKS), p.choice(_BREAKS)
    lines = [f"def {h}(u, k):",
             "    scale = u * k",
             "    count = 0",
             "",
             "    def bump(v):",
             "        nonlocal count",
             "        count += 1",
             "        return v + scale * count",
             "",
             f"    a = u.sum() + bump(u) * {first}",
             "    scale = scale - a",
             f"    b = [bump(a), scale * count, {second}]",
             "    count += 2",
             f"    return b[0] + b[1] * b[2] + bump({op[0]}) * count"]
    if not b.define(h, lines):
        return False
    k = p.choice(("0.5", "2", "-1.5"))
    return b.emit([f"{out} = {h}({n}, {k})"], [out], [n], ops=[op[1]],
                  features=["break_cells"]) is not None


def exception_context(b: Builder, p: Picks) -> bool:
    """An exception raised while another is handled, its chain read back as numbers."""
    t, op = b.float_with_op(p)
    if t is None:
        return False
    n, e, out, h = t.name, b.fresh("e"), b.fresh("t"), b.fresh("failing")
    read = (f"{out} = {op[0]} * len(type({e}.__context__).__name__)"
            f" + ({e}.__cause__ is None) + {e}.__suppress_context__ * 10")
    forms = (
        ["try:", "    try:", "        raise ValueError('first')", "    except ValueError:",
         "        raise KeyError('second')", f"except KeyError as {e}:", f"    {read}"],
        ["try:", "    try:", f"        [{n}][3]", "    except IndexError:",
         "        {}['missing']", f"except KeyError as {e}:", f"    {read}"],
        ["try:", f"    {h}({{}})", f"except ValueError as {e}:", f"    {read}"],
        ["try:", "    try:", "        raise TypeError('inner')", "    except TypeError:",
         "        raise RuntimeError('outer') from None", f"except RuntimeError as {e}:",
         f"    {read}"],
        ["try:", "    try:", "        raise TypeError('inner')", "    except TypeError as inner:",
         "        raise RuntimeError('outer') from inner", f"except RuntimeError as {e}:",
         f"    {read}"],
    )
    form = p.int(len(forms))
    if form == 2 and not b.define(h, [f"def {h}(d):", "    try:", "        return d['k']",
                                      "    except KeyError:",
                                      "        raise ValueError('in the helper')"]):
        return False
    return b.emit(forms[form], [out], [n], ops=[op[1]],
                  features=["exception_context"]) is not None


def rerun_inplace(b: Builder, p: Picks) -> bool:
    """A write in place, then a gather whose indices (taken from the data) may be out of range,
    inside try; the handler and the result read what was written."""
    t = b.pick(p, b.tensors("float", (1, 4)))
    if t is None:
        return False
    n, idx, out = t.name, b.fresh("idx"), b.fresh("t")
    size = 2 + p.int(3)
    index = f"{idx} = ({n}.detach().flatten()[:2].abs() * {size}).long()"
    if p.int(2):
        g = b.fresh("ACC")
        if not b.define(g, [f"{g} = torch.zeros({size})"]):
            return False
        write = p.choice((f"{g}.add_(1.0)", f"{g}.mul_(0.5).add_(2.0)", f"{g}[0] += 1.5"))
        lines = [index, "try:", f"    {write}", f"    {out} = {g}.gather(0, {idx}).sum()",
                 "except RuntimeError:", f"    {out} = ({g} * -1).sum()",
                 f"{out} = {out} + {g}.sum() * {n}.sum()"]
        return b.emit(lines, [out], [n], features=["rerun_inplace"]) is not None
    m = b.fresh("NORM")
    if not b.define(m, [f"{m} = torch.nn.BatchNorm1d(1).train()"]):
        return False
    lines = [index, "try:", f"    {out} = {m}({n}.detach().reshape(-1, 1).float())",
             f"    {out} = {out}.flatten().gather(0, {idx}).sum()",
             "except RuntimeError:", f"    {out} = ({m}.running_mean * -1).sum()",
             f"{out} = {out} + {m}.running_mean.sum() + {m}.num_batches_tracked"]
    return b.emit(lines, [out], [n], features=["rerun_inplace"]) is not None


CONSTRUCTS = {"break_cells": break_cells, "exception_context": exception_context,
              "rerun_inplace": rerun_inplace}
