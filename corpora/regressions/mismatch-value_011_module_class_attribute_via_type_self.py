"""An nn.Module forward reads a class attribute through type(self).clamp; the class attribute is
changed between calls and ours kept the old branch (no guard on the read): wrong values.
signature: mismatch-value:ours:out
subject: ours
found: by hand
shrunk: 25 -> 25 lines (written small)
status: fixed in 3c04fd1
features: modules, classes
"""

import torch
from torch import nn


class Clamped(nn.Module):
    clamp = True

    def forward(self, x):
        y = x * 3
        if type(self).clamp:
            y = y.clamp(-1, 1)
        return y


program = Clamped()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, generator=g),), {}
    Clamped.clamp = False
    yield (torch.randn(4, generator=g),), {}
