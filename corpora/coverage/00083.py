"""Generated program. features: change_shape, descriptors, dict_views, identity, modules_in_forward, probes, recall_values, sweep_batch, torch_values"""
import torch

TABLE0 = {"a": 1, "b": 2}


class Scaled0:
    def __get__(self, obj, objtype=None):
        return 1.0 if obj is None else obj.base * 2


class Holder0:
    twice = Scaled0()

    def __init__(self):
        self.base = 1.5

HOLDER0 = Holder0()


class Scaled1:
    def __get__(self, obj, objtype=None):
        return 1.0 if obj is None else obj.base * 2


class Holder1:
    twice = Scaled1()

    def __init__(self):
        self.base = 1.5

HOLDER1 = Holder1()


class Node0:
    def __init__(self, v):
        self.v = v

A0 = Node0(1)

B0 = A0


def program(x, y, z):
    s0 = torch.backends.mkldnn.is_available()
    t0 = torch.nn.LayerNorm(1)(x)
    s1 = TABLE0.keys() & {"a"} == {"a"}
    t1 = t0 + Holder0.twice
    t2 = t1 + Holder1.twice
    s2 = A0 != B0
    s3 = getattr(Scaled0, "__name__", None) is None
    t3 = torch.diagonal(t2)
    return s1, s2, s3, t3


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, 1, generator=g), torch.randn(1, generator=g), torch.randn(3, generator=g)), {}
    yield (torch.randn(3, 1, generator=g), torch.randn(1, generator=g), torch.randn(3, generator=g)), {}
    yield (torch.randn(4, 1, generator=g), torch.randn(1, generator=g), torch.randn(4, generator=g)), {}
    yield (torch.randn(4, 1, generator=g), torch.randn(1, generator=g), torch.randn(4, generator=g)), {}
    yield (torch.randn(6, 1, generator=g), torch.randn(1, generator=g), torch.randn(6, generator=g)), {}
    yield (torch.randn(2, 1, generator=g), torch.randn(1, generator=g), torch.randn(2, generator=g)), {}
    yield (torch.randn(1, 1, generator=g), torch.randn(1, generator=g), torch.randn(1, generator=g)), {}
    yield (torch.randn(0, 1, generator=g), torch.randn(1, generator=g), torch.randn(0, generator=g)), {}
