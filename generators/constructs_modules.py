"""Constructs for nn.Module behaviour beyond forward: hooks, parametrizations, lazy modules,
train/eval switches, state changed between calls and modules built inside forward.

In module mode hooks and parametrizations sit on the program module itself (top level) or on
a submodule (nested); in function mode on a global module the program calls.
"""

from __future__ import annotations

import torch

from generators.builder import Builder, global_module
from generators.opargs import Picks

PRE_HOOKS = (
    ["def {h}(mod, args):",
     "    return tuple(a * 2 if isinstance(a, torch.Tensor) and a.is_floating_point() else a",
     "                 for a in args)"],
    ["def {h}(mod, args):", "    {log}.append(len(args))"],
    ["def {h}(mod, args, kwargs):", "    return args, kwargs"],
)
HOOKS = (
    ["def {h}(mod, args, out):",
     "    return out * 2 if isinstance(out, torch.Tensor) and out.is_floating_point() else out"],
    ["def {h}(mod, args, out):", "    {log}.append(type(out).__name__)"],
    ["def {h}(mod, args, out):", "    mod.calls = getattr(mod, 'calls', 0) + 1"],
)


def _float(b: Builder, p: Picks, rank=(1, 4)):
    return b.pick(p, b.tensors("float", rank))


def _submodule(b: Builder, t, construct: str) -> str | None:
    """`self.<m>` in module mode, else a global module; the expression that names it."""
    if b.module_mode:
        m = b.fresh("sub")
        return f"self.{m}" if b.init_module(f"self.{m} = {construct}") else None
    m = b.fresh("M")
    return m if b.define(m, global_module(m, construct)) else None


def module_hooks(b: Builder, p: Picks) -> bool:
    t = _float(b, p)
    if t is None:
        return False
    pre = p.int(2) == 0
    table = PRE_HOOKS if pre else HOOKS
    index = p.int(len(table))
    h, log = b.fresh("hook"), b.fresh("LOG")
    if not b.define(log, [f"{log} = []"]):
        return False
    lines = [line.format(h=h, log=log) for line in table[index]]
    if not b.define(h, lines):
        return False
    register = "register_forward_pre_hook" if pre else "register_forward_hook"
    kwargs = ", with_kwargs=True" if pre and index == 2 else ""
    n, last = t.name, t.shape[-1]
    top = b.module_mode and p.int(2) == 0
    if top:  # on the program module itself: every call of program goes through it
        # Handles count up process-wide: kept where the oracle does not compare state.
        handle = b.fresh("_handle")
        if not b.init_module(f"self.{handle} = self.{register}({h}{kwargs})"):
            return False
        b.between(f"program.{handle}.remove()")
        out = b.fresh("t")
        return b.emit([f"{out} = {n} + 1"], [out], [n], features=["module_hooks"]) is not None
    m = _submodule(b, t, p.choice((f"torch.nn.Linear({last}, {last})", "torch.nn.Tanh()",
                                   f"torch.nn.LayerNorm({last})")))
    if m is None:
        return False
    if not _register(b, m, h, register, kwargs):
        return False
    out = b.fresh("t")
    return b.emit([f"{out} = {m}({n})"], [out], [n], features=["module_hooks"]) is not None


def _register(b: Builder, m: str, h: str, register: str, kwargs: str) -> bool:
    """Register hook `h` on `m`; its handle (whose id counts up process-wide) is kept where
    the oracle compares no state: a private module attribute, or an attribute of the hook."""
    if m.startswith("self."):
        handle = b.fresh("_handle")
        if not b.init_module(f"self.{handle} = {m}.{register}({h}{kwargs})"):
            return False
        b.between(f"program.{handle}.remove()")
        return True
    if not b.define(b.fresh("R"), [f"{h}.handle = {m}.{register}({h}{kwargs})"]):
        return False
    b.between(f"{h}.handle.remove()")
    return True


SYMMETRIC = ["class {cls}(torch.nn.Module):", "    def forward(self, w):",
             "        return w.triu() + w.triu(1).transpose(-1, -2)"]


def parametrizations(b: Builder, p: Picks) -> bool:
    t = _float(b, p)
    if t is None or t.dtype != torch.float32:
        return False
    last, n = t.shape[-1], t.name
    weight_norm = p.int(2)
    if weight_norm:
        m = _submodule(b, t, f"torch.nn.utils.parametrizations.weight_norm("
                             f"torch.nn.Linear({last}, {last}))")
        if m is None:
            return False
    else:
        cls = b.fresh("Symmetric")
        if not b.define(cls, [line.format(cls=cls) for line in SYMMETRIC]):
            return False
        m = _submodule(b, t, f"torch.nn.Linear({last}, {last})")
        if m is None:
            return False
        register = f"torch.nn.utils.parametrize.register_parametrization({m}, 'weight', {cls}())"
        if m.startswith("self."):
            if not b.init_module(register):
                return False
        elif not b.define(b.fresh("P"), [register]):
            return False
    original = "original1" if weight_norm else "original"
    b.between(f"{m.replace('self.', 'program.')}.parametrizations.weight.{original}"
              ".data.mul_(-0.5)")
    out = b.fresh("t")
    expr = p.choice((f"{m}({n})", f"{n} @ {m}.weight", f"{m}.weight.sum() + {n}"))
    return b.emit([f"{out} = {expr}"], [out], [n], features=["parametrizations"]) is not None


def lazy_modules(b: Builder, p: Picks) -> bool:
    """A lazy module held in a global: initialised by its first call (from the seeded RNG)."""
    t = _float(b, p)
    if t is None or t.dtype != torch.float32 or t.shape[-1] == 0:
        return False  # no input features: the bias is drawn from uniform(-inf, inf)
    m = b.fresh("LAZY")
    construct = p.choice(("torch.nn.LazyLinear(3)", "torch.nn.LazyLinear(2, bias=False)"))
    if not b.define(m, [f"{m} = {construct}"]):
        return False
    out = b.fresh("t")
    expr = p.choice((f"{m}({t.name})", f"{m}({t.name}) * {m}.in_features"))
    return b.emit([f"{out} = {expr}"], [out], [t.name], features=["lazy_modules"]) is not None


def module_state(b: Builder, p: Picks) -> bool:
    """train/eval switches, BatchNorm statistics, submodules swapped and attributes changed."""
    t = _float(b, p, (2, 3))
    if t is None or t.dtype != torch.float32:
        return False
    n, form = t.name, p.int(3)
    channels = t.shape[1]
    if form == 0 and t.shape[0] > 1:
        m = _submodule(b, t, f"torch.nn.BatchNorm1d({channels})")
        expr = f"{m}({n})"
        change = "eval()"
    elif form == 1:
        m = _submodule(b, t, "torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Identity())")
        expr = p.choice((f"{m}({n})", f"{m}[0]({n}) * (2.0 if {m}.training else 0.5)"))
        change = p.choice(("eval()", "__setitem__(0, torch.nn.Tanh())", "train(False)"))
    else:
        m = _submodule(b, t, "torch.nn.Hardtanh(-0.5, 0.5)")
        expr = p.choice((f"{m}({n})", f"{m}({n}) * {m}.max_val"))
        change = p.choice(("max_val = 0.25", "eval()", "inplace = False"))
    if m is None:
        return False
    target = m.replace("self.", "program.")
    b.between(f"{target}.{change}")
    if b.module_mode and p.int(2):
        b.between(p.choice(("program.eval()", "program.train()")))
    out = b.fresh("t")
    return b.emit([f"{out} = {expr}"], [out], [n], features=["module_state"]) is not None


def modules_in_forward(b: Builder, p: Picks) -> bool:
    """Modules built inside forward and called at once, as functional code does."""
    t = _float(b, p)
    if t is None or t.dtype != torch.float32:
        return False
    last, n = t.shape[-1], t.name
    construct = p.choice((f"torch.nn.Linear({last}, 2)", f"torch.nn.LayerNorm({last})",
                          "torch.nn.Softmax(dim=-1)", "torch.nn.Sequential(torch.nn.Identity(), "
                          "torch.nn.Tanh())", f"torch.nn.Linear({last}, {last}, bias=False)",
                          "torch.nn.GELU(approximate='tanh')"))
    m, out = b.fresh("m"), b.fresh("t")
    lines = p.choice(([f"{out} = {construct}({n})"],
                      [f"{m} = {construct}", f"{out} = {m}({n}) + len(list({m}.parameters()))"]))
    return b.emit(lines, [out], [n], features=["modules_in_forward"]) is not None


CONSTRUCTS = {
    "module_hooks": module_hooks, "parametrizations": parametrizations,
    "lazy_modules": lazy_modules, "module_state": module_state,
    "modules_in_forward": modules_in_forward,
}
