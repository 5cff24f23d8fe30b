"""*args/**kwargs: calls() change how many extra tensors and which option keywords are passed.
features: varargs, kwargs, dicts, recompile"""

import torch


def program(x, *rest, **opts):
    total = x
    for t in rest:
        total = total + t
    scale = opts.get("scale", 1.0)
    if "shift" in opts:
        total = total - opts["shift"]
    return total * scale, len(rest), sorted(opts), opts.get("tag", "none")


def calls():
    g = torch.Generator().manual_seed(1114)
    yield (torch.randn(4, generator=g), torch.randn(4, generator=g)), {}
    yield (torch.randn(4, generator=g), torch.randn(4, generator=g)), {}
    yield (torch.randn(4, generator=g),), {"scale": 2.0}
    yield (torch.randn(4, generator=g), torch.randn(4, generator=g),
           torch.randn(4, generator=g)), {"shift": torch.randn(4, generator=g), "tag": "t"}
    yield (torch.randn(4, generator=g),), {"tag": "u", "scale": 0.5}
