"""A dataclass config passed as an argument; a field changes between calls.
features: dataclasses, control_flow"""

import dataclasses

import torch


@dataclasses.dataclass
class Config:
    scale: float = 1.0
    use_bias: bool = False
    bias: float = 0.0


def program(x, cfg):
    y = x * cfg.scale
    if cfg.use_bias:
        y = y + cfg.bias
    return y


def calls():
    g = torch.Generator().manual_seed(109)
    cfg = Config(scale=2.0)
    yield (torch.randn(10, 10, generator=g), cfg), {}
    yield (torch.randn(10, 10, generator=g), cfg), {}
    cfg.use_bias = True
    cfg.bias = 0.5
    yield (torch.randn(10, 10, generator=g), cfg), {}
    yield (torch.randn(10, 10, generator=g), Config()), {}
