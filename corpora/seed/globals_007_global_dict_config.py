"""A global config dict is read by key; calls() changes a value and adds a key.
features: globals, dicts"""

import torch

CONFIG = {"scale": 1.0}


def program(x):
    y = x * CONFIG["scale"]
    if "shift" in CONFIG:
        y = y + CONFIG["shift"]
    return y


def calls():
    g = torch.Generator().manual_seed(176)
    yield (torch.randn(10, 10, generator=g),), {}
    CONFIG["scale"] = 0.5
    yield (torch.randn(10, 10, generator=g),), {}
    CONFIG["shift"] = 2.0
    yield (torch.randn(10, 10, generator=g),), {}
