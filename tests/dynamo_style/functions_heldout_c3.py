"""Held-out-style cases, continued (functions_heldout_c.py imports this module): the Python
around tensors in model code (shape arithmetic, configs, dimension lists, flags and bits).
"""

from __future__ import annotations

import collections
import functools
import itertools
import math
import operator

import torch
import torch.nn.functional as F

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _one():
    return (randn(0, (3, 4)),)


@case(_one)
def hc_shape_products_and_reshapes(x):
    n = math.prod(x.shape)
    m = functools.reduce(operator.mul, x.shape, 1)
    return (x.reshape(*x.shape[:-1], -1, 2).sum(-1), n, m, list(x.shape),
            tuple(reversed(x.shape)), x.shape[::-1], isinstance(x.shape, tuple),
            str(x.dtype).split(".")[-1])


@case(_one)
def hc_dict_filters_and_zip_to_dict(x):
    d = {"w": x, "b": None, "s": x * 2}
    kept = {k: v for k, v in d.items() if v is not None}
    named = dict(zip(["a", "b"], x.unbind(0)))
    best = max(range(3), key=lambda i: [0.1, 0.9, 0.5][i])
    return kept, named, best, any(k.startswith("w") for k in d), sorted(d, key=len)


@case(_one)
def hc_pad_list_and_enumerate_splits(x):
    pads = [0, 1] * 2
    y = F.pad(x, pads)
    parts = [p * i for i, p in enumerate(x.split(1, dim=0), start=1)]
    return y, torch.cat(parts), len(parts)


@case(_one)
def hc_layer_dims_pairs(x):
    layers = [(4, 8), (8, 16), (16, 4)]
    dims = [i for i, _ in layers] + [layers[-1][1]]
    pairs = list(zip(dims, dims[1:]))
    total = sum(a * b for a, b in pairs)
    return x * total, dims, pairs, dims[-1] == dims[0]


@case(_one)
def hc_config_merge_format_and_getattr(x):
    cfg = {"hidden": 16, "layers": 2, "act": "relu"}
    opts = {**cfg, "layers": cfg["layers"] + 1}
    name = "{act}_{hidden}x{layers}".format(**opts)
    act = getattr(F, opts["act"])
    return act(x - 0.5), name, sorted(opts.items())


@case(_one)
def hc_shape_list_edits(x):
    shape = list(x.shape)
    shape[-1] //= 2
    shape.insert(0, 1)
    return x.new_zeros(shape), shape, x.view(shape[1:-1] + [2, -1]).shape


@case(_one)
def hc_defaultdict_float_stats(x):
    stats = collections.defaultdict(float)
    for i, row in enumerate(x):
        stats["sum"] += float(i) + row.shape[0]
        stats[f"row{i}"] = i * 2
    return x * stats["sum"], dict(stats)


@case(_one)
def hc_ranked_items_islice_and_inverse(x):
    scores = {"a": 3, "b": 1, "c": 2}
    ranked = [k for k, _ in sorted(scores.items(), key=lambda kv: kv[1], reverse=True)]
    top2 = dict(itertools.islice(sorted(scores.items()), 2))
    inv = {v: k for k, v in scores.items()}
    return x * inv[3].__len__(), ranked, top2, inv, min(scores.values()), list(scores.keys())[::-1]


@case(_one)
def hc_kernel_sizes_padding(x):
    ks = (3, 5)
    out = []
    for k in ks:
        pad = (k - 1) // 2
        out.append(F.avg_pool1d(x.unsqueeze(0), k, stride=1, padding=pad).squeeze(0))
    return out, [divmod(k, 2) for k in ks], [round(k / 2) for k in ks]


@case(_one)
def hc_flag_lists_to_indices_and_int(x):
    flags = [True, False, True]
    n = sum(flags)
    idx = [i for i, f in enumerate(flags) if f]
    as_int = int("".join("1" if f else "0" for f in flags), 2)
    return x[:, idx] * n, idx, flags.count(True), any(flags) and not all(flags), as_int


@case(_one)
def hc_bit_flags_arithmetic(x):
    bits = 0
    for i in (0, 3, 5):
        bits |= 1 << i
    return (x * bits, bits, bin(bits), bits & ~1, bits ^ 0xFF, bits >> 1, (-bits) >> 2,
            bits.bit_count(), ~bits)
