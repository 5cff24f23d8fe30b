"""Generated program. features: change_shape, mark_dynamic, probes, raises, sweep_seq, torch_values"""
import torch

DYNAMIC = {"x": [1]}


def program(x):
    t0 = torch.abs(x)
    t1 = torch.topk(t0, 1, -1).values
    t2 = t1.long()
    s0 = type(iter([1])) is type(None)
    s1 = t2.device.type == 'cpu'
    t3 = torch.add(t2, t2)
    s2 = torch.backends.cuda.matmul.allow_tf32
    t4 = t2.argmin()
    t5 = torch.addmm(t1[0], t1.t(), t1, beta=0.5)
    t6 = t5.expand(2, 1, 1)
    return x.view(x.numel() + 1)


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g),), {}
    yield (torch.randn(3, 2, generator=g),), {}
    yield (torch.randn(2, 1, generator=g),), {}
    yield (torch.randn(2, 4, generator=g),), {}
