"""Generated program. features: change_scalar, containers, dict_views, if_python, match_statements, mutate_between_calls, recall_values, scalar_inputs, special_values, sweep_batch"""
import torch
import torch.nn.functional as F

TABLE0 = {"a": 1, "b": 2}

M0 = torch.nn.GELU()
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)


def program(x, y, z, scale):
    match {"kind": "scale", "k": z.dim()}:
        case {"kind": "shift"}:
            t0 = z.abs()
        case {"kind": "scale", "k": int(k)}:
            t0 = F.gelu(z)
        case _:
            t0 = z
    c0 = [y, torch.cumsum(y, -1)]
    c0.append(c0[0] * 2)
    t1 = c0[-1] + c0[1]
    t2 = torch.clamp(t1, -1.0, 1.0)
    t3 = F.l1_loss(t2, t2, reduction='sum')
    s0 = TABLE0.items() == {"a": 1, "b": 2}.items()
    t4 = torch.full_like(t3, 2)
    t5 = F.silu(t0)
    t6 = M0(t1)
    t7 = x + 1
    if s0:
        t8 = torch.sin(y)
    else:
        t8 = y.abs()
    return t5, t6, t7, t8


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, generator=g), torch.randn((), generator=g) * 1e30, torch.randn(4, 2, 5, 3, generator=g), 0.5), {}
    yield (torch.randn(4, generator=g), torch.randn((), generator=g) * 1e30, torch.randn(4, 2, 5, 3, generator=g), 0.5), {}
    yield (torch.randn(4, generator=g), torch.randn((), generator=g) * 1e30, torch.randn(4, 2, 5, 3, generator=g), 1.0), {}
    TABLE0.pop("b")
    yield (torch.randn(4, generator=g), torch.randn((), generator=g) * 1e30, torch.randn(4, 2, 5, 3, generator=g), 0.5), {}
    yield (torch.randn(5, generator=g), torch.randn((), generator=g) * 1e30, torch.randn(5, 2, 5, 3, generator=g), 0.5), {}
    yield (torch.randn(7, generator=g), torch.randn((), generator=g) * 1e30, torch.randn(7, 2, 5, 3, generator=g), 0.5), {}
    yield (torch.randn(2, generator=g), torch.randn((), generator=g) * 1e30, torch.randn(2, 2, 5, 3, generator=g), 0.5), {}
    yield (torch.randn(1, generator=g), torch.randn((), generator=g) * 1e30, torch.randn(1, 2, 5, 3, generator=g), 0.5), {}
    yield (torch.randn(0, generator=g), torch.randn((), generator=g) * 1e30, torch.randn(0, 2, 5, 3, generator=g), 0.5), {}
