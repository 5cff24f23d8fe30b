"""Generated program. features: container_inputs, container_subclasses, default_kwargs, dtypes, module_hooks, nn_module, noncontiguous, requires_grad, special_values, strings"""
import torch
import torch.nn.functional as F


class Layers0(list):
    def total(self):
        return sum(self)

    def append(self, v):
        super().append(v * 2)

LOG0 = []


def hook0(mod, args, out):
    mod.calls = getattr(mod, 'calls', 0) + 1

LOG1 = []


def hook1(mod, args, out):
    LOG1.append(type(out).__name__)


def helper0(u, scale=2.0, *, shift=0.5):
    return torch.cumsum(u, -1) * scale + shift


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self._handle0 = self.register_forward_hook(hook0)
        self._handle1 = self.register_forward_hook(hook1)

    def forward(self, x, y, z, xs, d):
        o0 = Layers0([z])
        t0 = (o0.append(z) or o0.total())
        t1 = y + 1
        s0 = "weight".startswith("w")
        t2 = t1 + 1
        t3 = torch.nan_to_num(t2, nan=0.0, posinf=1.0, neginf=-1.0)
        t4 = helper0(t3)
        t5 = F.softplus(t4)
        t6 = torch.where(y > 0, y, t3)
        t7 = torch.stack(xs).sum(0)
        return s0, t5, t6, t7


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, 4, generator=g, dtype=torch.float64, requires_grad=True).transpose(-2, -1), torch.randn(4, 4, generator=g, dtype=torch.float64).transpose(-2, -1) * 1e30, torch.randn((), generator=g), [torch.randn(4, 4, generator=g, dtype=torch.float64) for _ in range(1)], {"a": torch.randn(4, 4, generator=g, dtype=torch.float64), "b": torch.randn(4, 4, generator=g, dtype=torch.float64)}), {}
