"""A defaultdict(list) groups rows by sign of their sum; default_factory and missing keys.
features: dicts, data_dependent, loops"""

import collections

import torch


def program(x, names):
    groups = collections.defaultdict(list)
    for name, row in zip(names, x):
        groups[name[0]].append(row)
    counts = collections.defaultdict(int)
    for name in names:
        counts[len(name)] += 1
    out = {k: torch.stack(v).mean(0) for k, v in sorted(groups.items())}
    return out, dict(counts), groups["zz"], len(groups)


def calls():
    g = torch.Generator().manual_seed(404)
    yield (torch.randn(4, 3, generator=g), ["ab", "ac", "b", "ccc"]), {}
    yield (torch.randn(4, 3, generator=g), ["ab", "ac", "b", "ccc"]), {}
    yield (torch.randn(4, 3, generator=g), ["x", "y", "x", "yy"]), {}
