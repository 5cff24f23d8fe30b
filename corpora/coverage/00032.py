"""Generated program. features: aliasing, change_dtype, change_list_len, change_scalar, change_shape, container_inputs, containers, for_range, mark_dynamic, match_statements, noncontiguous, probes, requires_grad, scalar_inputs, special_values, sweep_batch"""
import torch
import torch.nn.functional as F

DYNAMIC = {"x": [0]}


def program(x, y, w, flag, xs, d):
    t0 = F.normalize(w, dim=1)
    match [t0] * (t0.dim() % 3):
        case []:
            t1 = torch.sin(t0)
        case [first, *rest]:
            t1 = F.gelu(t0)
        case _:
            t1 = t0
    t2 = w.reshape(2, 1, 0, 4)
    t3 = torch.reshape(t2, (1, 2, 1, 0, 4,))
    t2 *= 2
    c0 = {"a": t2, "b": torch.clamp(t2, -1, 1)}
    c0["c"] = c0["a"] * c0["b"]
    t4 = c0["c"] + len(c0)
    s0 = callable(getattr(y, "T", None))
    t5 = t1 / 0.25
    t6 = t0.permute(2, 1, 0)
    t7 = t4
    for i0 in range(t4.dim()):
        t7 = F.gelu(t7) + i0 * 0.5
    t8 = torch.argmax(w, -1)
    t9 = torch.stack(xs).sum(0)
    return t6, t7, t8, t9


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(2, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(2, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(2, 0, 4, generator=g), "b": torch.randn(2, 0, 4, generator=g)}), {}
    x = torch.randn(3, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(3, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(3, 0, 4, generator=g), "b": torch.randn(3, 0, 4, generator=g)}), {}
    x = torch.randn(2, 4, 0, generator=g, dtype=torch.float64, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g, dtype=torch.float64).expand(1, 4) * 1e30, x, False, [torch.randn(2, 0, 4, generator=g, dtype=torch.float64) for _ in range(3)], {"a": torch.randn(2, 0, 4, generator=g, dtype=torch.float64), "b": torch.randn(2, 0, 4, generator=g, dtype=torch.float64)}), {}
    x = torch.randn(2, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, True, [torch.randn(2, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(2, 0, 4, generator=g), "b": torch.randn(2, 0, 4, generator=g)}), {}
    x = torch.randn(2, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(2, 0, 4, generator=g) for _ in range(4)], {"a": torch.randn(2, 0, 4, generator=g), "b": torch.randn(2, 0, 4, generator=g)}), {}
    x = torch.randn(3, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(3, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(3, 0, 4, generator=g), "b": torch.randn(3, 0, 4, generator=g)}), {}
    x = torch.randn(5, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(5, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(5, 0, 4, generator=g), "b": torch.randn(5, 0, 4, generator=g)}), {}
    x = torch.randn(1, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(1, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(1, 0, 4, generator=g), "b": torch.randn(1, 0, 4, generator=g)}), {}
    x = torch.randn(0, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(0, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(0, 0, 4, generator=g), "b": torch.randn(0, 0, 4, generator=g)}), {}
