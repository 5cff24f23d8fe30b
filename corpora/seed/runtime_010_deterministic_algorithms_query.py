"""torch.are_deterministic_algorithms_enabled() while calls() toggles the switch, then restores it.
features: runtime_queries, recompile, control_flow"""

import torch


def program(x):
    det = torch.are_deterministic_algorithms_enabled()
    y = x.cumsum(0) if det else x * 2
    return y, det, torch.is_deterministic_algorithms_warn_only_enabled()


def calls():
    g = torch.Generator().manual_seed(1117)
    yield (torch.randn(5, generator=g),), {}
    yield (torch.randn(5, generator=g),), {}
    torch.use_deterministic_algorithms(True, warn_only=True)
    yield (torch.randn(5, generator=g),), {}
    torch.use_deterministic_algorithms(False)
    yield (torch.randn(5, generator=g),), {}
