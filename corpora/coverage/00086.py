"""Generated program. features: change_shape, container_inputs, nn_module, noncontiguous, parametrizations, probes, raises, recall_values"""
import torch


def helper0(u, k=2.0, *rest, scale=1.0):
    return u * k * scale


class Config0:
    tag = 1

    def __init__(self):
        self.k = 2.0

CFG0 = Config0()


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.sub0 = torch.nn.utils.parametrizations.weight_norm(torch.nn.Linear(1, 1))
        g = torch.Generator().manual_seed(0)
        with torch.no_grad():
            for p in self.parameters():
                p.copy_(torch.randn(p.shape, generator=g) * 0.5)

    def forward(self, x, xs):
        t0 = x / 3.0
        t1 = torch.frac(t0)
        s0 = len(helper0.__defaults__)
        s0 = helper0(t1) * 0 + s0
        t2 = s0 - getattr(type(CFG0), "tag", 4)
        t0.copy_(t2)
        t3 = self.sub0.weight.sum() + t2
        s1 = getattr(t0, "forward", None) is None
        t3.index_fill_(0, torch.tensor([0, 0]), 1)
        t4 = torch.isinf(t3)
        t5 = torch.stack(xs).sum(0)
        raise ValueError("unsupported input")


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, generator=g), [torch.randn(1, generator=g) for _ in range(2)]), {}
    yield (torch.randn(1, generator=g), [torch.randn(1, generator=g) for _ in range(2)]), {}
    yield (torch.randn(2, generator=g), [torch.randn(2, generator=g) for _ in range(2)]), {}
