"""A data-dependent branch late in a function: its resume jump needs EXTENDED_ARG.
signature: mismatch-exception:ours:Unsupported
subject: ours
found: parity fuzz --seed 1 --budget 25s (2026-12-02)
shrunk: 47 -> 23 lines by parity shrink
status: fixed
features: control_flow, data_dependent, exceptions

The program raises TypeError (a str is raised) on every call, as eager does.
"""

import torch
import torch.nn.functional as F


def program(x):
    if (x > 0).any():
        t0 = x
    else:
        t0 = F.gelu()
    t1 = torch.zeros_like(t0)
    if t1.dtype == torch.float32:
        t2 = t1.softmax(0)
    else:
        t2 = F.gelu()
    t3 = F.layer_norm(t2, (2,))
    if x.sum() > 0:
        t5 = torch.clamp(x, 0, 0)
    else:
        t5 = torch.sin(x)
    i0 = 0
    if (t5 < 0).all():
        pass
    raise 'unsupported input'


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, generator=g),), {}
    yield (-torch.ones(2),), {}
