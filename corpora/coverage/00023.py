"""Generated program. features: change_list_len, change_shape, comprehensions, container_inputs, container_subclasses, mark_dynamic, recall_values, sweep_batch"""
import torch
import torch.nn.functional as F

M0 = torch.nn.Linear(5, 1)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)


class Cache0(dict):
    def get(self, k, default=None):
        return super().get(k, default) if k in self else default

    def __missing__(self, k):
        return 0.0

DYNAMIC = {"x": [0]}


def program(x, y, z, xs, d):
    t0 = y.permute(0, 2, 1)
    t1 = torch.tensor([[1, 2], [3, 4]])
    t2 = F.pad(x, (1, 2))
    t3 = t2.unbind(0)[3]
    t4 = t0.int()
    t5 = M0(t2)
    t6 = sum([torch.sigmoid(z) * k0 for k0 in (1.0, 2.0) if k0 > 0])
    t7 = torch.fmod(t6, 3.0)
    o0 = Cache0(a=t7)
    t8 = o0.get("a") + o0["b"]
    t9 = t8.reshape_as(t8)
    t10 = t9.new_tensor([1, 2, 3])
    t11 = torch.stack(xs).sum(0)
    return t4, t5, t10, t11


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(5, 5, 2, 2, generator=g), torch.randn(5, 2, 5, generator=g), torch.randn(1, 2, 1, generator=g), [torch.randn(5, 5, 2, 2, generator=g) for _ in range(1)], {"a": torch.randn(5, 5, 2, 2, generator=g), "b": torch.randn(5, 5, 2, 2, generator=g)}), {}
    yield (torch.randn(5, 5, 2, 2, generator=g), torch.randn(5, 2, 5, generator=g), torch.randn(1, 2, 1, generator=g), [torch.randn(5, 5, 2, 2, generator=g) for _ in range(1)], {"a": torch.randn(5, 5, 2, 2, generator=g), "b": torch.randn(5, 5, 2, 2, generator=g)}), {}
    yield (torch.randn(6, 5, 2, 2, generator=g), torch.randn(6, 2, 5, generator=g), torch.randn(1, 2, 1, generator=g), [torch.randn(6, 5, 2, 2, generator=g) for _ in range(1)], {"a": torch.randn(6, 5, 2, 2, generator=g), "b": torch.randn(6, 5, 2, 2, generator=g)}), {}
    yield (torch.randn(5, 5, 2, 2, generator=g), torch.randn(5, 2, 5, generator=g), torch.randn(1, 2, 1, generator=g), [torch.randn(5, 5, 2, 2, generator=g) for _ in range(2)], {"a": torch.randn(5, 5, 2, 2, generator=g), "b": torch.randn(5, 5, 2, 2, generator=g)}), {}
    yield (torch.randn(6, 5, 2, 2, generator=g), torch.randn(6, 2, 5, generator=g), torch.randn(1, 2, 1, generator=g), [torch.randn(6, 5, 2, 2, generator=g) for _ in range(1)], {"a": torch.randn(6, 5, 2, 2, generator=g), "b": torch.randn(6, 5, 2, 2, generator=g)}), {}
    yield (torch.randn(8, 5, 2, 2, generator=g), torch.randn(8, 2, 5, generator=g), torch.randn(1, 2, 1, generator=g), [torch.randn(8, 5, 2, 2, generator=g) for _ in range(1)], {"a": torch.randn(8, 5, 2, 2, generator=g), "b": torch.randn(8, 5, 2, 2, generator=g)}), {}
