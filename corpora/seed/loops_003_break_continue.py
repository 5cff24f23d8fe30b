"""break and continue on Python conditions inside a for loop. features: loops, control_flow"""

import torch


def program(xs, stop_at):
    out = torch.zeros_like(xs[0])
    for i, t in enumerate(xs):
        if i % 2 == 1:
            continue
        if i >= stop_at:
            break
        out = out + t
    return out


def calls():
    g = torch.Generator().manual_seed(205)
    yield ([torch.randn(3, 3, generator=g) for _ in range(6)], 4), {}
    yield ([torch.randn(3, 3, generator=g) for _ in range(6)], 4), {}
    yield ([torch.randn(3, 3, generator=g) for _ in range(6)], 1), {}
