"""An Enum and a dataclass defined inside the program, members and instances returned, read by
name, value, comparison and field. features: classes, dataclasses, control_flow"""

import dataclasses
import enum

import torch


def program(x, mode):
    class Mode(enum.Enum):
        ADD = 1
        MUL = 2

    @dataclasses.dataclass
    class Out:
        value: torch.Tensor
        mode_name: str
        scale: float = 1.5

    m = Mode(mode)
    y = x + 1 if m is Mode.ADD else x * 2
    out = Out(y * Out.scale, m.name)
    return out, m, m.value, m.name, m == Mode.MUL, [e.name for e in Mode], out.scale


def calls():
    g = torch.Generator().manual_seed(1110)
    yield (torch.randn(3, 3, generator=g), 1), {}
    yield (torch.randn(3, 3, generator=g), 1), {}
    yield (torch.randn(3, 3, generator=g), 2), {}
