"""Generated program. features: data_dependent, generators_consumed, nn_module, noncontiguous, probes, recall_values, special_values"""
import torch


def steps0(u, n=3):
    acc = u
    while n > 0:
        acc = acc * 0.5 + torch.sigmoid(u)
        n -= 1
        yield acc


def helper0(u, k=2.0, *rest, scale=1.0):
    return u * k * scale


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        t0 = torch.full_like(y, 2)
        t1 = list(steps0(t0))[-1]
        t2 = torch.sin(t1)
        s0 = float(sum(t2.flatten().tolist()))
        t3 = torch.clamp(t1, -3.0, 3.0)
        t4 = t3.add(t3, alpha=2.0)
        t5 = t4 - s0
        s1 = helper0.__code__.co_varnames[:2] == ('u', 'k')
        return t5, s1


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, generator=g).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(4, generator=g).index_fill(-1, torch.tensor([0]), float("nan"))), {}
    yield (torch.randn(4, generator=g).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(4, generator=g).index_fill(-1, torch.tensor([0]), float("nan"))), {}
