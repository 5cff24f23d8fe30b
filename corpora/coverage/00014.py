"""Generated program. features: change_shape, container_inputs, container_subclasses, mark_dynamic, recall_values, sweep_batch"""
import collections
import torch
import torch.nn.functional as F


class ModelOutput0(collections.OrderedDict):
    def __getitem__(self, k):
        if isinstance(k, str):
            return super().__getitem__(k)
        return list(self.values())[k]

    def to_tuple(self):
        return tuple(v for v in self.values() if v is not None)

DYNAMIC = {"x": [0]}


def program(x, y, d):
    t0 = y.permute(0)
    t1 = torch.tensor([[1, 2], [3, 4]])
    t2 = F.pad(x, (1, 2))
    o0 = ModelOutput0(logits=t2, hidden=t2 + 1)
    t3 = o0["logits"] + o0[1]
    t4 = t3.ge(t3)
    t5 = t4 != t4
    t6 = torch.lerp(t3, t3, 0.25)
    return t1, t5, t6


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(0, 2, generator=g), torch.randn(1, generator=g), {"a": torch.randn(0, 2, generator=g), "b": torch.randn(0, 2, generator=g)}), {}
    yield (torch.randn(0, 2, generator=g), torch.randn(1, generator=g), {"a": torch.randn(0, 2, generator=g), "b": torch.randn(0, 2, generator=g)}), {}
    yield (torch.randn(1, 2, generator=g), torch.randn(1, generator=g), {"a": torch.randn(1, 2, generator=g), "b": torch.randn(1, 2, generator=g)}), {}
    yield (torch.randn(1, 2, generator=g), torch.randn(1, generator=g), {"a": torch.randn(1, 2, generator=g), "b": torch.randn(1, 2, generator=g)}), {}
    yield (torch.randn(3, 2, generator=g), torch.randn(1, generator=g), {"a": torch.randn(3, 2, generator=g), "b": torch.randn(3, 2, generator=g)}), {}
    yield (torch.randn(2, 2, generator=g), torch.randn(1, generator=g), {"a": torch.randn(2, 2, generator=g), "b": torch.randn(2, 2, generator=g)}), {}
