"""Generated program. features: change_dtype, container_inputs, dtypes, mark_dynamic, match_statements, noncontiguous, recall_values, special_values, sweep_batch"""
import torch
import torch.nn.functional as F

DYNAMIC = {"x": [0]}


def program(x, y, z, xs, d):
    match {"kind": "scale", "k": y.dim()}:
        case {"kind": "shift"}:
            t0 = y.abs()
        case {"kind": "scale", "k": int(k)}:
            t0 = F.gelu(y)
        case _:
            t0 = y
    t1 = torch.stack(xs).sum(0)
    return t0, t1


def calls():
    g = torch.Generator().manual_seed(0)
    yield ((torch.rand(8, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (4, 2, 5, 3,), generator=g), [(torch.rand(4, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(4, generator=g) > 0.5), "b": (torch.rand(4, generator=g) > 0.5)}), {}
    yield ((torch.rand(8, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (4, 2, 5, 3,), generator=g), [(torch.rand(4, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(4, generator=g) > 0.5), "b": (torch.rand(4, generator=g) > 0.5)}), {}
    yield ((torch.rand(8, generator=g) > 0.5)[::2], torch.randn((), generator=g) * 1e30, torch.randint(-5, 6, (4, 2, 5, 3,), generator=g, dtype=torch.int32), [(torch.rand(4, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(4, generator=g) > 0.5), "b": (torch.rand(4, generator=g) > 0.5)}), {}
    yield ((torch.rand(10, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (5, 2, 5, 3,), generator=g), [(torch.rand(5, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(5, generator=g) > 0.5), "b": (torch.rand(5, generator=g) > 0.5)}), {}
    yield ((torch.rand(14, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (7, 2, 5, 3,), generator=g), [(torch.rand(7, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(7, generator=g) > 0.5), "b": (torch.rand(7, generator=g) > 0.5)}), {}
    yield ((torch.rand(4, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (2, 2, 5, 3,), generator=g), [(torch.rand(2, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(2, generator=g) > 0.5), "b": (torch.rand(2, generator=g) > 0.5)}), {}
    yield ((torch.rand(2, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (1, 2, 5, 3,), generator=g), [(torch.rand(1, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(1, generator=g) > 0.5), "b": (torch.rand(1, generator=g) > 0.5)}), {}
    yield ((torch.rand(0, generator=g) > 0.5)[::2], torch.randn((), generator=g, dtype=torch.float64) * 1e30, torch.randint(-5, 6, (0, 2, 5, 3,), generator=g), [(torch.rand(0, generator=g) > 0.5) for _ in range(2)], {"a": (torch.rand(0, generator=g) > 0.5), "b": (torch.rand(0, generator=g) > 0.5)}), {}
