"""String methods (strip, lower, partition, replace, startswith) parse an activation spec.
features: strings, control_flow"""

import torch


def program(x, spec):
    name, _, arg = spec.strip().lower().partition(":")
    name = name.replace("-", "_")
    if name.startswith("leaky"):
        return torch.nn.functional.leaky_relu(x, float(arg or 0.01))
    if name in ("relu", "relu_6"):
        return x.clamp(0, 6 if name.endswith("6") else None)
    return x.split(2, dim=0)[0]


def calls():
    g = torch.Generator().manual_seed(94)
    yield (torch.randn(10, 10, generator=g), " ReLU "), {}
    yield (torch.randn(10, 10, generator=g), "relu-6"), {}
    yield (torch.randn(10, 10, generator=g), "Leaky_relu:0.2"), {}
    yield (torch.randn(10, 10, generator=g), "identity"), {}
