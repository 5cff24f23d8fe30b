"""dataclasses.asdict, astuple, replace and fields on a config holding tensors and numbers.
features: dataclasses, dicts, tuples"""

import dataclasses

import torch


@dataclasses.dataclass
class Cfg:
    scale: float
    bias: torch.Tensor
    name: str = "cfg"


def program(x, cfg):
    d = dataclasses.asdict(cfg)
    t = dataclasses.astuple(cfg)
    c2 = dataclasses.replace(cfg, scale=cfg.scale * 2)
    names = [f.name for f in dataclasses.fields(cfg)]
    return x * c2.scale + d["bias"], t[0], names, c2.name, dataclasses.is_dataclass(cfg)


def calls():
    g = torch.Generator().manual_seed(449)
    yield (torch.randn(3, generator=g), Cfg(1.0, torch.randn(3, generator=g))), {}
    yield (torch.randn(3, generator=g), Cfg(1.0, torch.randn(3, generator=g))), {}
    yield (torch.randn(3, generator=g), Cfg(2.5, torch.randn(3, generator=g), "b")), {}
