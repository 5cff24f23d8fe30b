"""Generated program. features: change_list_len, change_scalar, change_shape, container_inputs, container_subclasses, module_hooks, noncontiguous, probes, recall_values, requires_grad, scalar_inputs"""
import torch
import torch.nn.functional as F

LOG0 = []


def hook0(mod, args, out):
    return out * 2 if isinstance(out, torch.Tensor) and out.is_floating_point() else out

M0 = torch.nn.Linear(4, 4)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

hook0.handle = M0.register_forward_hook(hook0)


class Layers0(list):
    def total(self):
        return sum(self)

    def append(self, v):
        super().append(v * 2)


def program(x, y, n, scale, flag, xs):
    t0 = torch.abs(x)
    t1 = M0(t0)
    t2 = torch.clamp(t1, min=t1)
    t3 = torch.mv(t2, t2[0])
    t4 = F.dropout(t3, 0.5, training=False)
    o0 = Layers0([t2])
    t6 = torch.take_along_dim(t4, torch.arange(2).reshape(2) % 2, 0)
    t7 = torch.arange(2)
    t8 = torch.prod(t7, 0)
    t9 = torch.sign(t8)
    s0 = hasattr((1,), "__code__")
    t10 = torch.stack(xs).sum(0)
    return t6, t9, s0, t10


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, 4, generator=g).expand(2, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(2, 4), 1, 1.0, False, [torch.randn(2, 4, generator=g) for _ in range(1)]), {}
    yield (torch.randn(1, 4, generator=g).expand(2, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(2, 4), 1, 1.0, False, [torch.randn(2, 4, generator=g) for _ in range(1)]), {}
    yield (torch.randn(1, 4, generator=g).expand(3, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(3, 4), 1, 1.0, False, [torch.randn(3, 4, generator=g) for _ in range(1)]), {}
    yield (torch.randn(1, 4, generator=g).expand(2, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(2, 4), 2, 2.0, True, [torch.randn(2, 4, generator=g) for _ in range(1)]), {}
    yield (torch.randn(1, 4, generator=g).expand(2, 4), torch.randn(1, 4, generator=g, requires_grad=True).expand(2, 4), 1, 1.0, False, [torch.randn(2, 4, generator=g) for _ in range(2)]), {}
