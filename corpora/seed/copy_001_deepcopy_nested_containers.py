"""copy.deepcopy of an input config (dict of lists and dicts); the copy is mutated, the input must
not be; copy.copy shares the inner dict. features: dicts, lists, mutation, aliasing"""

import copy

import torch


def program(x, cfg):
    snap = copy.deepcopy(cfg)
    snap["dims"].append(len(snap["dims"]))
    snap["meta"]["step"] += 1
    shallow = copy.copy(cfg)
    shallow["meta"]["seen"] = True
    shallow["new"] = 1
    y = x * snap["meta"]["step"] + sum(snap["dims"])
    return y, snap, snap["meta"] is cfg["meta"], shallow["meta"] is cfg["meta"], sorted(cfg)


def calls():
    g = torch.Generator().manual_seed(406)
    yield (torch.randn(3, generator=g), {"dims": [1, 2], "meta": {"step": 0}}), {}
    yield (torch.randn(3, generator=g), {"dims": [1, 2], "meta": {"step": 5}}), {}
    yield (torch.randn(3, generator=g), {"dims": [4], "meta": {"step": 1}, "k": (1, 2)}), {}
