"""Generated program. features: change_shape, comprehensions, identity, modules_in_forward, nn_module, recall_values, special_values"""
import torch
import torch.nn.functional as F


class Node0:
    def __init__(self, v):
        self.v = v

A0 = Node0(1)

B0 = A0


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear0 = torch.nn.Linear(5, 1)
        g = torch.Generator().manual_seed(0)
        with torch.no_grad():
            for p in self.parameters():
                p.copy_(torch.randn(p.shape, generator=g) * 0.5)

    def forward(self, x, y, z):
        t0 = y.permute(0, 2, 1)
        s0 = {A0: 1}.get(B0, 0) == 1
        t1 = F.pad(x, (1, 2))
        t2 = t1.unbind(0)[3]
        t3 = t0.int()
        t4 = F.pad(x, (1, 2))
        t5 = t4.repeat(1, 1, 1, 2)
        t6 = t5 @ t5.mT
        t7 = self.linear0(t1)
        t8 = sum([torch.sigmoid(z) * k0 for k0 in (1.0, 2.0) if k0 > 0])
        t9 = torch.fmod(t8, 3.0)
        t10 = t6.contiguous()
        m0 = torch.nn.GELU(approximate='tanh')
        t11 = m0(t10) + len(list(m0.parameters()))
        t12 = t10.new_tensor([1, 2, 3])
        return t7, t9, t11, t12


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(5, 5, 2, 2, generator=g).index_fill(-1, torch.tensor([0]), float("nan")), torch.randn(5, 2, 5, generator=g), torch.randn(1, 2, 1, generator=g)), {}
    yield (torch.randn(5, 5, 2, 2, generator=g).index_fill(-1, torch.tensor([0]), float("nan")), torch.randn(5, 2, 5, generator=g), torch.randn(1, 2, 1, generator=g)), {}
    yield (torch.randn(6, 5, 2, 2, generator=g).index_fill(-1, torch.tensor([0]), float("nan")), torch.randn(6, 2, 5, generator=g), torch.randn(1, 2, 1, generator=g)), {}
