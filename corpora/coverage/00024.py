"""Generated program. features: change_list_len, change_scalar, container_inputs, container_subclasses, containers, for_list, mark_dynamic, module_hooks, noncontiguous, raises, recall_values, scalar_inputs, sweep_seq"""
import collections
import torch
import torch.nn.functional as F

LOG0 = []


def hook0(mod, args, out):
    mod.calls = getattr(mod, 'calls', 0) + 1

M0 = torch.nn.Linear(2, 2)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

hook0.handle = M0.register_forward_hook(hook0)


class ModelOutput0(collections.OrderedDict):
    def __getitem__(self, k):
        if isinstance(k, str):
            return super().__getitem__(k)
        return list(self.values())[k]

    def to_tuple(self):
        return tuple(v for v in self.values() if v is not None)

DYNAMIC = {"x": [1]}


def program(x, scale, xs):
    t0 = torch.fmod(x, 0.5)
    t1 = torch.var(t0, -1, correction=0)
    t2 = M0(t1)
    t3 = t2 + 1
    t4 = torch.aminmax(t3).max
    t5 = torch.relu(t4)
    o0 = ModelOutput0(logits=t4, hidden=t4 + 1)
    t6 = o0.to_tuple()[-1] * len(o0)
    t7 = F.mse_loss(t6, t6)
    t8 = t2.squeeze()
    t9 = torch.cumsum(t8, -1)
    t9[-1] = 1.5
    t10 = torch.zeros_like(xs[0])
    for _, u0 in enumerate(xs):
        t10 = t10 + F.gelu(u0)
    t11 = torch.mean(t9, 0, keepdim=False)
    t12 = torch.einsum('ij,kj->ik', t10, t10)
    t13 = torch.tanh(t10)
    t14 = xs[-1] * len(xs)
    raise ValueError("unsupported input")


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g).transpose(-2, -1), 2.0, [torch.randn(2, 2, generator=g) for _ in range(2)]), {}
    yield (torch.randn(2, 2, generator=g).transpose(-2, -1), 2.0, [torch.randn(2, 2, generator=g) for _ in range(2)]), {}
    yield (torch.randn(2, 2, generator=g).transpose(-2, -1), 4.0, [torch.randn(2, 2, generator=g) for _ in range(2)]), {}
    yield (torch.randn(2, 2, generator=g).transpose(-2, -1), 2.0, [torch.randn(2, 2, generator=g) for _ in range(3)]), {}
    yield (torch.randn(0, 2, generator=g).transpose(-2, -1), 2.0, [torch.randn(2, 0, generator=g) for _ in range(2)]), {}
    yield (torch.randn(1, 2, generator=g).transpose(-2, -1), 2.0, [torch.randn(2, 1, generator=g) for _ in range(2)]), {}
    yield (torch.randn(4, 2, generator=g).transpose(-2, -1), 2.0, [torch.randn(2, 4, generator=g) for _ in range(2)]), {}
