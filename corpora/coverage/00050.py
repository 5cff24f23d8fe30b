"""Generated program. features: aliasing, change_dtype, change_scalar, closures, mark_dynamic, module_state, mutate_between_calls, noncontiguous, recall_values, scalar_inputs, special_values, strings, sweep_batch"""
import torch
import torch.nn.functional as F

M0 = torch.nn.Hardtanh(-0.5, 0.5)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

DYNAMIC = {"x": [0]}


def program(x, y, w, flag, *, scale=1.0):
    key0 = type(w).__name__ + "." + w.__class__.__qualname__
    s0 = len(key0) + (key0 == "float32")
    def inner0(u):
        return F.gelu(u) + w
    t0 = inner0(w * 0.5)
    t1 = M0(t0)
    return s0, t1


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(1, 3, generator=g).expand(0, 3).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(0, 3, generator=g), x, False), {"scale": -1.5}
    x = torch.randn(1, 3, generator=g).expand(0, 3).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(0, 3, generator=g), x, False), {"scale": -1.5}
    x = torch.randn(1, 3, generator=g, dtype=torch.float64).expand(0, 3).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(0, 3, generator=g, dtype=torch.float64), x, False), {"scale": -1.5}
    x = torch.randn(1, 3, generator=g).expand(0, 3).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(0, 3, generator=g), x, True), {"scale": -3.0}
    M0.eval()
    x = torch.randn(1, 3, generator=g).expand(0, 3).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(0, 3, generator=g), x, False), {"scale": -1.5}
    x = torch.randn(1, 3, generator=g).expand(1, 3).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 3, generator=g), x, False), {"scale": -1.5}
    x = torch.randn(1, 3, generator=g).expand(3, 3).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(3, 3, generator=g), x, False), {"scale": -1.5}
    x = torch.randn(1, 3, generator=g).expand(2, 3).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(2, 3, generator=g), x, False), {"scale": -1.5}
