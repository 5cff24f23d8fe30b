"""Generated program. features: aliasing, change_list_len, collections_std, container_inputs, containers, dict_views, dtypes, nn_module, scalar_arith, scalar_inputs, special_values, sweep_seq"""
import collections
import torch


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, w, n, scale, xs, d):
        s0 = abs(scale) + 1
        t0 = w.abs()
        t1 = torch.nan_to_num(t0, nan=0.0, posinf=1.0, neginf=-1.0)
        s1 = d.keys() <= {"a", "b", "c"}
        t2 = torch.diagonal(t1)
        c0 = collections.defaultdict.fromkeys(['a', 'b'], 1)
        t3 = t2 * sum(c0.values())
        t2[..., 0] = t2[..., -1]
        t4 = torch.reciprocal(t1.abs() + 1)
        c1 = (w, torch.cumsum(w, -1))
        t5 = c1[1] - c1[0]
        t6 = torch.stack(xs).sum(0)
        return t2, t4, t5, t6


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(3, 1, 4, generator=g, dtype=torch.float16).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, x, 4, 1.0, [torch.randn(3, 1, 4, generator=g, dtype=torch.float16) for _ in range(1)], {"a": torch.randn(3, 1, 4, generator=g, dtype=torch.float16), "b": torch.randn(3, 1, 4, generator=g, dtype=torch.float16)}), {}
    x = torch.randn(3, 1, 4, generator=g, dtype=torch.float16).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, x, 4, 1.0, [torch.randn(3, 1, 4, generator=g, dtype=torch.float16) for _ in range(2)], {"a": torch.randn(3, 1, 4, generator=g, dtype=torch.float16), "b": torch.randn(3, 1, 4, generator=g, dtype=torch.float16)}), {}
    x = torch.randn(3, 2, 4, generator=g, dtype=torch.float16).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, x, 4, 1.0, [torch.randn(3, 2, 4, generator=g, dtype=torch.float16) for _ in range(1)], {"a": torch.randn(3, 2, 4, generator=g, dtype=torch.float16), "b": torch.randn(3, 2, 4, generator=g, dtype=torch.float16)}), {}
    x = torch.randn(3, 3, 4, generator=g, dtype=torch.float16).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, x, 4, 1.0, [torch.randn(3, 3, 4, generator=g, dtype=torch.float16) for _ in range(1)], {"a": torch.randn(3, 3, 4, generator=g, dtype=torch.float16), "b": torch.randn(3, 3, 4, generator=g, dtype=torch.float16)}), {}
