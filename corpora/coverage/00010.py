"""Generated program. features: change_dtype, collections_std, dtypes, nn_module, recall_values, special_values, sweep_batch"""
import collections
import torch


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, z):
        c0 = collections.Counter('abca')
        c0.update(['b'])
        t0 = z * c0['a'] + c0.most_common(1)[0][1] + c0['z']
        t1 = t0.max()
        t2 = t1.add(y, alpha=0.5)
        return t2


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(0, 4, 0, 1, generator=g).index_fill(-1, torch.tensor([0]), -0.0), torch.randn(1, 0, 1, generator=g, dtype=torch.bfloat16) * 1e30, torch.tensor(float("inf"), dtype=torch.float32)), {}
    yield (torch.randn(0, 4, 0, 1, generator=g).index_fill(-1, torch.tensor([0]), -0.0), torch.randn(1, 0, 1, generator=g, dtype=torch.bfloat16) * 1e30, torch.tensor(float("inf"), dtype=torch.float32)), {}
    yield (torch.randn(0, 4, 0, 1, generator=g, dtype=torch.float64).index_fill(-1, torch.tensor([0]), -0.0), torch.randn(1, 0, 1, generator=g, dtype=torch.bfloat16) * 1e30, torch.tensor(float("inf"), dtype=torch.float64)), {}
    yield (torch.randn(1, 4, 0, 1, generator=g).index_fill(-1, torch.tensor([0]), -0.0), torch.randn(1, 0, 1, generator=g, dtype=torch.bfloat16) * 1e30, torch.tensor(float("inf"), dtype=torch.float32)), {}
    yield (torch.randn(3, 4, 0, 1, generator=g).index_fill(-1, torch.tensor([0]), -0.0), torch.randn(1, 0, 1, generator=g, dtype=torch.bfloat16) * 1e30, torch.tensor(float("inf"), dtype=torch.float32)), {}
    yield (torch.randn(2, 4, 0, 1, generator=g).index_fill(-1, torch.tensor([0]), -0.0), torch.randn(1, 0, 1, generator=g, dtype=torch.bfloat16) * 1e30, torch.tensor(float("inf"), dtype=torch.float32)), {}
