"""Generated program. features: aliasing, module_state, numpy_interop, recall_values"""
import torch

M0 = torch.nn.Hardtanh(-0.5, 0.5)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)


def program(x, y, z, w):
    t0 = torch.sin(w)
    t1 = y @ y.mT
    t1.add_(t1)
    t2 = torch.softmax(t1, 1)
    s0 = z.detach().numpy().ndim
    t3 = M0(t2) * M0.max_val
    return t0, s0, t3


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn((), generator=g)
    yield (x, torch.randn(4, 0, 5, generator=g), torch.randn(1, generator=g), x), {}
    x = torch.randn((), generator=g)
    yield (x, torch.randn(4, 0, 5, generator=g), torch.randn(1, generator=g), x), {}
