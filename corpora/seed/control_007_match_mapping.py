"""A match on a config dict with mapping patterns, **rest capture and guards.
features: control_flow, dicts, strings"""

import torch


def program(x, cfg):
    match cfg:
        case {"op": "scale", "k": k, **rest}:
            return x * k, sorted(rest)
        case {"op": "clip", "lo": lo, "hi": hi} if lo < hi:
            return x.clamp(lo, hi), []
        case {"op": str(name)}:
            return x, [name]
        case _:
            return -x, None


def calls():
    g = torch.Generator().manual_seed(418)
    yield (torch.randn(4, generator=g), {"op": "scale", "k": 2.0, "tag": 1}), {}
    yield (torch.randn(4, generator=g), {"op": "scale", "k": 3.0, "tag": 1}), {}
    yield (torch.randn(4, generator=g), {"op": "clip", "lo": -0.5, "hi": 0.5}), {}
    yield (torch.randn(4, generator=g), {"op": "clip", "lo": 1.0, "hi": 0.5}), {}
    yield (torch.randn(4, generator=g), {"kind": 1}), {}
