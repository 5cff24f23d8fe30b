"""torch.jit.is_scripting() is False outside TorchScript; the scripted-only path is dead.
features: runtime_queries, control_flow"""

import torch


def program(x, y):
    if torch.jit.is_scripting():
        return x - y
    return x + y, torch.jit.is_scripting()


def calls():
    g = torch.Generator().manual_seed(163)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(2, generator=g), torch.randn(2, generator=g)), {}
