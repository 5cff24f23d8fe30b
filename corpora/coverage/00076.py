"""Generated program. features: change_dtype, container_inputs, dict_views, dtypes, exceptions, globals_write, mark_dynamic, match_statements, noncontiguous, recall_values, special_values, sweep_batch, torch_values, unpacking, user_classes"""
import torch
import torch.nn.functional as F


class Box0:
    def __init__(self, k):
        self.k = k

    def apply(self, u):
        return u * 0.5 * self.k

G0 = 0

TABLE0 = {"a": 1, "b": 2}

G1 = 0

DYNAMIC = {"x": [0]}


def program(x, y, z, xs, d):
    global G0, G1
    s0 = d.keys() == dict(d).keys()
    t0 = Box0(0.5).apply(y)
    t1 = torch.atleast_2d(y)
    t2, *t3 = t1.unbind(0)
    G0 += 1
    t4 = t0 * G0
    t5 = torch.unsqueeze(t4, -1)
    t6 = torch.triu(t1, 1)
    try:
        t7 = {"a": t6}["b"]
    except KeyError:
        t7 = torch.cumsum(t6, -1)
    t8 = torch.sub(t2, 2.0)
    s1 = sorted(TABLE0.items())[0][1]
    match {"kind": "scale", "k": y.dim()}:
        case {"kind": "shift"}:
            t9 = y + 1
        case {"kind": "scale", "k": int(k)}:
            t9 = y + 1
        case _:
            t9 = y
    t10 = t8.view(t8.shape[0], *t8.shape[1:])
    G1 += 1
    t11 = t10 * G1
    t12 = F.relu(t6)
    t13 = F.cosine_similarity(t1, t12, dim=-1)
    t14 = torch.stack(xs).sum(0)
    return t9, t11, t13, t14


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
