"""An Enum selects the activation; iteration over the enum, len, lookup by name and value.
features: classes, control_flow, strings"""

import enum

import torch


class Act(enum.Enum):
    RELU = "relu"
    TANH = "tanh"
    NONE = "none"


def program(x, act, name):
    if act is Act.RELU:
        y = x.relu()
    elif act == Act.TANH:
        y = x.tanh()
    else:
        y = x
    names = [a.name for a in Act]
    return y, names, len(Act), Act[name].value, Act("tanh") is Act.TANH, act.value


def calls():
    g = torch.Generator().manual_seed(421)
    yield (torch.randn(4, generator=g), Act.RELU, "NONE"), {}
    yield (torch.randn(4, generator=g), Act.RELU, "NONE"), {}
    yield (torch.randn(4, generator=g), Act.TANH, "RELU"), {}
    yield (torch.randn(4, generator=g), Act.NONE, "TANH"), {}
