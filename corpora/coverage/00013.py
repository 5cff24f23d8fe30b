"""Generated program. features: change_list_len, change_scalar, container_inputs, container_subclasses, module_hooks, noncontiguous, raises, recall_values, requires_grad, scalar_inputs, user_classes"""
import collections
import torch

LOG0 = []


def hook0(mod, args, out):
    mod.calls = getattr(mod, 'calls', 0) + 1

M0 = torch.nn.Linear(1, 1)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

hook0.handle = M0.register_forward_hook(hook0)


class Box0:
    def __init__(self, k):
        self.k = k

    def apply(self, u):
        return torch.clamp(u, -1, 1) * self.k


class ModelOutput0(collections.OrderedDict):
    def __getitem__(self, k):
        if isinstance(k, str):
            return super().__getitem__(k)
        return list(self.values())[k]

    def to_tuple(self):
        return tuple(v for v in self.values() if v is not None)

M1 = torch.nn.Conv2d(1, 2, 3, padding=1)
with torch.no_grad():
    for _p in M1.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)


def program(x, y, z, scale, xs, d):
    t0 = torch.fmod(z, 0.5)
    t1 = torch.var(t0, -3, correction=0)
    t2 = M0(t1)
    t3 = t2 + 1
    t4 = torch.aminmax(t3).max
    t5 = torch.cat([t1, t3], -2)
    t6 = torch.abs(t5)
    t7 = Box0(0.5).apply(t6)
    t8 = t4.flatten()
    t9 = torch.zeros(t8.shape)
    t10 = torch.matmul(t3, t9)
    t11 = torch.isnan(t1)
    o0 = ModelOutput0(logits=t9, hidden=t9 + 1)
    t13 = torch.logical_or(y, t1)
    t14 = M1(t0)
    t15 = torch.stack(xs).sum(0)
    raise ValueError("unsupported input")


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, 1, 4, 1, generator=g).expand(1, 1, 4, 1), torch.randn(1, generator=g).expand(3), torch.randn(1, 4, 1, generator=g, requires_grad=True).expand(1, 4, 1), -1.5, [torch.randn(1, 1, 4, 1, generator=g) for _ in range(1)], {"a": torch.randn(1, 1, 4, 1, generator=g), "b": torch.randn(1, 1, 4, 1, generator=g)}), {}
    yield (torch.randn(1, 1, 4, 1, generator=g).expand(1, 1, 4, 1), torch.randn(1, generator=g).expand(3), torch.randn(1, 4, 1, generator=g, requires_grad=True).expand(1, 4, 1), -1.5, [torch.randn(1, 1, 4, 1, generator=g) for _ in range(1)], {"a": torch.randn(1, 1, 4, 1, generator=g), "b": torch.randn(1, 1, 4, 1, generator=g)}), {}
    yield (torch.randn(1, 1, 4, 1, generator=g).expand(1, 1, 4, 1), torch.randn(1, generator=g).expand(3), torch.randn(1, 4, 1, generator=g, requires_grad=True).expand(1, 4, 1), -3.0, [torch.randn(1, 1, 4, 1, generator=g) for _ in range(1)], {"a": torch.randn(1, 1, 4, 1, generator=g), "b": torch.randn(1, 1, 4, 1, generator=g)}), {}
    yield (torch.randn(1, 1, 4, 1, generator=g).expand(1, 1, 4, 1), torch.randn(1, generator=g).expand(3), torch.randn(1, 4, 1, generator=g, requires_grad=True).expand(1, 4, 1), -1.5, [torch.randn(1, 1, 4, 1, generator=g) for _ in range(2)], {"a": torch.randn(1, 1, 4, 1, generator=g), "b": torch.randn(1, 1, 4, 1, generator=g)}), {}
