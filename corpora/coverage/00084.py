"""Generated program. features: context_managers, data_dependent, generators_consumed, match_statements, nn_module, noncontiguous, probes, recall_values, special_values"""
import collections
import torch
import torch.nn.functional as F


def steps0(u, n=3):
    acc = u
    while n > 0:
        acc = acc * 0.5 + torch.sigmoid(u)
        n -= 1
        yield acc


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        t0 = torch.full_like(y, 2)
        t1 = list(steps0(t0))[-1]
        t2 = torch.sin(t1)
        s0 = float(sum(t2.flatten().tolist()))
        t3 = torch.clamp(t1, -3.0, 3.0)
        t3.zero_()
        with torch.set_grad_enabled(False):
            t4 = F.gelu(t0) * (2.0 if torch.is_grad_enabled() else 0.5)
        s1 = hasattr(collections.OrderedDict(a=1), "shape")
        match [t4] * (t4.dim() % 3):
            case []:
                t5 = t4.relu()
            case [first, *rest]:
                t5 = torch.clamp(t4, -1, 1)
            case _:
                t5 = t4
        return s0, t3, s1, t5


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, generator=g).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(4, generator=g).index_fill(-1, torch.tensor([0]), float("nan"))), {}
    yield (torch.randn(4, generator=g).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(4, generator=g).index_fill(-1, torch.tensor([0]), float("nan"))), {}
