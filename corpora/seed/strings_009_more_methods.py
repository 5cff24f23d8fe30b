"""str partition/rsplit/zfill/center/title/swapcase/startswith(tuple)/find/count/replace.
features: strings, dicts"""

import torch


def program(x, name):
    head, sep, tail = name.partition(".")
    parts = name.rsplit(".", 1)
    info = {
        "head": head.title(), "sep": sep, "tail": tail.swapcase(), "parts": parts,
        "zf": str(len(name)).zfill(3), "c": head.center(9, "*"),
        "pre": name.startswith(("layer", "block")), "find": (name.find("."), name.rfind(".")),
        "count": name.count("a"), "rep": name.replace("a", "A", 1),
        "lines": "l1\nl2".splitlines(), "digit": tail.isdigit(),
    }
    k = int(tail) if tail.isdigit() else 1
    return x * k, info


def calls():
    g = torch.Generator().manual_seed(483)
    yield (torch.randn(3, generator=g), "layer.2"), {}
    yield (torch.randn(3, generator=g), "layer.2"), {}
    yield (torch.randn(3, generator=g), "block.attn.weight"), {}
    yield (torch.randn(3, generator=g), "plain"), {}
