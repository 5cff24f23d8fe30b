"""Generated program. features: module_hooks, mutate_between_calls, sweep_seq"""
import torch

LOG0 = []


def hook0(mod, args):
    return tuple(a * 2 if isinstance(a, torch.Tensor) and a.is_floating_point() else a
                 for a in args)

M0 = torch.nn.LayerNorm(0)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

hook0.handle = M0.register_forward_pre_hook(hook0)


def program(x):
    t0 = M0(x)
    return t0


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(5, 3, 3, 0, generator=g),), {}
    hook0.handle.remove()
    yield (torch.randn(5, 3, 3, 0, generator=g),), {}
    yield (torch.randn(5, 0, 3, 0, generator=g),), {}
    yield (torch.randn(5, 1, 3, 0, generator=g),), {}
    yield (torch.randn(5, 2, 3, 0, generator=g),), {}
    yield (torch.randn(5, 5, 3, 0, generator=g),), {}
