"""`compiler.compile(module)` called while the module changes between calls (compiler/
module_entry.py): hooks on it and its children registered and removed, global module hooks,
an instance `forward` set and deleted, eval(), a child appended. Each call is compared with an
eager twin changed the same way."""

from __future__ import annotations

import torch
from torch import nn

import compiler
from tests.differential import assert_same


def _build():
    with torch.random.fork_rng():
        torch.manual_seed(0)
        return nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))


def _global_hook(mod, args, out):
    return out + 0.5 if isinstance(mod, nn.Linear) else None


STEPS = [
    lambda m: None,
    lambda m: setattr(m, "_h", m.register_forward_hook(lambda mod, a, o: o * 3)),
    lambda m: setattr(m, "_h2", m[0].register_forward_pre_hook(lambda mod, a: (a[0] + 1,))),
    lambda m: m._h.remove(),
    lambda m: setattr(m, "_g", nn.modules.module.register_module_forward_hook(_global_hook)),
    lambda m: m._g.remove(),
    lambda m: setattr(m, "forward", lambda inp: inp.sum(1, keepdim=True)),
    lambda m: delattr(m, "forward"),
    lambda m: m.eval(),
    lambda m: m.append(nn.Tanh()),
    lambda m: m._h2.remove(),
]


def test_compiled_module_follows_every_change():
    x = torch.randn(3, 4, generator=torch.Generator().manual_seed(0))
    eager, twin = _build(), _build()
    compiled = compiler.compile(twin, fullgraph=True)
    for step in STEPS:
        step(eager)
        step(twin)
        assert_same(compiled(x), eager(x))
    assert not compiler.stats(compiled).fallbacks
