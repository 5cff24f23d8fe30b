"""A ChainMap layers call options over global defaults; the global changes between calls.
features: dicts, globals, kwargs"""

import collections

import torch

DEFAULTS = {"scale": 2.0, "shift": 0.5, "act": "relu"}


def program(x, **opts):
    cfg = collections.ChainMap(opts, DEFAULTS)
    y = x * cfg["scale"] + cfg.get("shift", 0.0)
    if cfg["act"] == "relu":
        y = y.relu()
    child = cfg.new_child({"scale": 10.0})
    return y, child["scale"], sorted(cfg), "act" in cfg, len(cfg.maps)


def calls():
    global DEFAULTS
    g = torch.Generator().manual_seed(405)
    yield (torch.randn(4, 4, generator=g),), {}
    yield (torch.randn(4, 4, generator=g),), {"scale": 3.0}
    DEFAULTS["act"] = "none"
    yield (torch.randn(4, 4, generator=g),), {"scale": 3.0}
    DEFAULTS = {"scale": 1.0, "shift": 0.0, "act": "relu", "extra": 1}
    yield (torch.randn(4, 4, generator=g),), {}
