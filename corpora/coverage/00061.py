"""Generated program. features: aliasing, change_list_len, change_scalar, collections_std, container_inputs, match_statements, module_hooks, noncontiguous, probes, requires_grad, scalar_inputs, special_values"""
import collections
import torch
import torch.nn.functional as F

LOG0 = []


def hook0(mod, args):
    LOG0.append(len(args))

M0 = torch.nn.Tanh()
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

hook0.handle = M0.register_forward_pre_hook(hook0)

M1 = torch.nn.Sequential(torch.nn.Linear(2, 4), torch.nn.Tanh())
with torch.no_grad():
    for _p in M1.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)


def program(x, y, w, flag, xs, d):
    match [w] * (w.dim() % 3):
        case []:
            t0 = torch.sin(w)
        case [first, *rest]:
            t0 = F.gelu(w)
        case _:
            t0 = w
    t1 = w.reshape(2, 1, 0, 4)
    t2 = torch.reshape(t1, (1, 2, 1, 0, 4,))
    t1 *= 2
    s0 = callable(getattr(torch.relu, "T", None))
    t3 = t1 / 0.25
    t4 = t0.permute(2, 1, 0)
    t3.index_fill_(0, torch.tensor([-1, -1, 1]), 1)
    t5 = torch.clamp(t4, -2.0, 2.0)
    match [t5] * (t5.dim() % 3):
        case []:
            t6 = t5 + 1
        case [first, *rest]:
            t6 = torch.tanh(t5)
        case _:
            t6 = t5
    t7 = M0(t6)
    t8 = M1(t6)
    t9 = t8.abs() ** 0.5
    c0 = collections.deque([1, 2, 3])
    c0.rotate(1)
    t10 = t9 * c0[0] + c0.pop()
    t11 = torch.stack(xs).sum(0)
    return t3, t7, t10, t11


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(2, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(2, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(2, 0, 4, generator=g), "b": torch.randn(2, 0, 4, generator=g)}), {}
    x = torch.randn(2, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, True, [torch.randn(2, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(2, 0, 4, generator=g), "b": torch.randn(2, 0, 4, generator=g)}), {}
    x = torch.randn(2, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(2, 0, 4, generator=g) for _ in range(4)], {"a": torch.randn(2, 0, 4, generator=g), "b": torch.randn(2, 0, 4, generator=g)}), {}
