"""Generator protocol corners (close, throw, next with a default, yield from a list) and torch
ops that return named tuples or several tensors (topk, max with dim, sort, meshgrid, SDPA).
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

from tests.dynamo_style.registry import case


@case()
def generator_close_before_end(a, b):
    log = []

    def produce():
        for i in range(3):
            log.append(i)
            yield a * i

    it = produce()
    first = next(it)
    it.close()
    return first, log, next(it, "done")


@case()
def generator_throw_caught_inside(a, b):
    def produce():
        try:
            yield a
        except ValueError:
            yield b
        yield a + b

    it = produce()
    first = next(it)
    second = it.throw(ValueError("switch"))
    return first, second, list(it)


@case()
def next_with_default_and_yield_from_list(a, b):
    def produce():
        yield from [a, b]
        yield from (t * 2 for t in (a, b))

    it = produce()
    items = [next(it) for _ in range(4)]
    return items, next(it, None) is None


@case()
def generator_expression_with_conditions(a, b):
    rows = list(a)
    picked = list(r * i for i, r in enumerate(rows) if i % 2 == 0 if i < 3)
    return picked, sum(1 for _ in rows)


@case()
def topk_and_max_named_tuples(a, b):
    top = torch.topk(a, 2, dim=1)
    best = a.max(dim=0)
    low = torch.min(b, 1, keepdim=True)
    return top.values, top.indices, best.values, best[1], low.values.shape


@case()
def sort_and_argsort_and_cumsum(a, b):
    values, order = torch.sort(a, dim=-1, descending=True)
    return values, order, a.argsort(dim=0), torch.cumsum(b, dim=1), b.cumprod(0)


@case()
def gather_scatter_and_index_select(a, b):
    idx = torch.tensor([[0, 1], [2, 3], [1, 0]])
    picked = torch.gather(a, 1, idx)
    spread = torch.zeros(3, 4).scatter(1, idx, 1.0)
    return picked, spread, a.index_select(1, torch.tensor([3, 0])), b.flip(0)


@case()
def meshgrid_and_broadcast(a, b):
    xs, ys = torch.meshgrid(torch.arange(3), torch.arange(2), indexing="ij")
    left, right = torch.broadcast_tensors(a[:, :1], b[:1])
    return xs + ys, left.shape, right.shape, torch.broadcast_shapes((3, 1), (1, 4))


@case()
def scaled_dot_product_attention_call(a, b):
    q = a.view(1, 1, 3, 4)
    k = b.view(1, 1, 3, 4)
    return F.scaled_dot_product_attention(q, k, k), F.scaled_dot_product_attention(
        q, k, k, is_causal=True)


@case()
def chunk_unbind_and_stack_roundtrip(a, b):
    parts = a.chunk(2, dim=1)
    rows = b.unbind(0)
    return torch.cat(parts, 1), torch.stack(rows), len(parts), [p.shape for p in parts]


@case(breaks=True)  # torch.allclose is a Python bool of tensor data
def where_nan_to_num_and_isclose(a, b):
    c = a / (b > 10).float()
    return (torch.nan_to_num(c, nan=0.0, posinf=1.0, neginf=-1.0), torch.isclose(a, a + 1e-9),
            torch.isfinite(c).sum(), torch.allclose(a, a))


@case()
def einops_like_reshapes(a, b):
    n, d = a.shape
    heads = a.reshape(n, 2, d // 2).permute(1, 0, 2)
    merged = heads.permute(1, 0, 2).reshape(n, d)
    return heads.shape, merged, a.unflatten(1, (2, 2)).flatten(1), a.movedim(0, 1)
