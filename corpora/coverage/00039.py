"""Generated program. features: change_dtype, change_scalar, mutate_between_calls, noncontiguous, probes, raises, requires_grad, scalar_inputs, special_values, sweep_batch"""
import torch


class Config0:
    tag = 1

    def __init__(self):
        self.k = 2.0

CFG0 = Config0()


def program(x, y, n, flag, *, scale=1.0):
    t0 = y * getattr(CFG0, "tag", 0.5) + len(vars(CFG0))
    return x.view(x.numel() + 1)


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, 4, generator=g).expand(2, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(2, 4).index_fill(-1, torch.tensor([0]), float("-inf")), 1, False), {"scale": 1.0}
    yield (torch.randn(1, 4, generator=g, dtype=torch.float64).expand(2, 4), torch.randn(1, 4, generator=g, dtype=torch.float64, requires_grad=True).expand(2, 4).index_fill(-1, torch.tensor([0]), float("-inf")), 1, False), {"scale": 1.0}
    yield (torch.randn(1, 4, generator=g).expand(2, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(2, 4).index_fill(-1, torch.tensor([0]), float("-inf")), 2, True), {"scale": 2.0}
    CFG0.k = 0.5
    yield (torch.randn(1, 4, generator=g).expand(2, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(2, 4).index_fill(-1, torch.tensor([0]), float("-inf")), 1, False), {"scale": 1.0}
    yield (torch.randn(1, 4, generator=g).expand(3, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(3, 4).index_fill(-1, torch.tensor([0]), float("-inf")), 1, False), {"scale": 1.0}
    yield (torch.randn(1, 4, generator=g).expand(5, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(5, 4).index_fill(-1, torch.tensor([0]), float("-inf")), 1, False), {"scale": 1.0}
    yield (torch.randn(1, 4, generator=g).expand(1, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(1, 4).index_fill(-1, torch.tensor([0]), float("-inf")), 1, False), {"scale": 1.0}
    yield (torch.randn(1, 4, generator=g).expand(0, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(0, 4).index_fill(-1, torch.tensor([0]), float("-inf")), 1, False), {"scale": 1.0}
