"""Generated program. features: container_subclasses, dict_views, generators_consumed, mark_dynamic, match_statements, module_state, modules_in_forward, mutate_between_calls, nn_module, noncontiguous, recall_values, scalar_inputs, sweep_batch"""
import torch
import torch.nn.functional as F


class Layers0(list):
    def total(self):
        return sum(self)

    def append(self, v):
        super().append(v * 2)

TABLE0 = {"a": 1, "b": 2}


def steps0(u, n=3):
    for k in range(n):
        yield torch.cumsum(u, -1) * k


def steps1(u, n=3):
    acc = u
    while n > 0:
        acc = acc * 0.5 + F.gelu(u)
        n -= 1
        yield acc

DYNAMIC = {"x": [0]}


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.sub0 = torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Identity())
        self.softmax0 = torch.nn.Softmax(dim=-1)
        g = torch.Generator().manual_seed(0)
        with torch.no_grad():
            for p in self.parameters():
                p.copy_(torch.randn(p.shape, generator=g) * 0.5)

    def forward(self, x, *, scale=1.0):
        t0 = torch.sin(x)
        o0 = Layers0([t0])
        t1 = (o0.append(t0) or o0.total())
        match t1.dim():
            case 0 | 1:
                t2 = torch.tanh(t1)
            case 2:
                t2 = t1.abs()
            case _:
                t2 = t1
        t3 = torch.nn.Sequential(torch.nn.Identity(), torch.nn.Tanh())(t2)
        t4 = F.layer_norm(t1, (2,))
        t5 = torch.roll(t4, 1, 0)
        s0 = TABLE0.get("c", 0) + len(TABLE0)
        t6 = self.sub0[0](t5) * (2.0 if self.sub0.training else 0.5)
        t7 = list(steps0(t4))[-1]
        x[0] = 1.5
        t8 = next(iter(steps1(t1)))
        t9 = t3.contiguous()
        t10 = torch.mul(t9, t1)
        t11 = self.softmax0(t1)
        return t7, t8, t10, t11


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(2, 2, generator=g).transpose(-2, -1),), {"scale": 2.0}
    del TABLE0["a"]
    program.sub0.train(False)
    yield (torch.randn(2, 2, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(2, 3, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(2, 5, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(2, 1, generator=g).transpose(-2, -1),), {"scale": 2.0}
