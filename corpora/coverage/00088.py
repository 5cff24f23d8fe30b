"""Generated program. features: change_scalar, collections_std, container_inputs, data_dependent, mark_dynamic, nn_module, requires_grad, scalar_inputs, special_values, sweep_batch, try_finally, while_loop"""
import collections
import torch
import torch.nn.functional as F

TRACE0 = []

DYNAMIC = {"x": [0]}


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, n, flag, d):
        y[1] = 0.5
        try:
            t0 = F.gelu(y)
        except ValueError:
            t0 = y.relu()
        else:
            t0 = t0 * 2
        finally:
            TRACE0.append(1)
        t1 = torch.sign(t0)
        i0 = 0
        t2 = t0
        while i0 < 3:
            t2 = -t2
            i0 += 1
        t3 = F.softmin(t2, dim=-1)
        c0 = collections.ChainMap({'k': 2.0}, {'k': 3.0, 'j': 0.5})
        t4 = t3 * c0['k'] + c0.new_child({'j': 1.0})['j']
        t5 = torch.cummax(t1, -2).values
        t6 = t0.abs()
        t7 = torch.mm(x, x.t())
        t8 = torch.aminmax(t7).max
        t9 = t2[t2 > 0]
        return t5, t6, t8, t9


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(4, 2, generator=g), "b": torch.randn(4, 2, generator=g)}), {}
    yield (torch.randn(4, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 4, True, {"a": torch.randn(4, 2, generator=g), "b": torch.randn(4, 2, generator=g)}), {}
    yield (torch.randn(5, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(5, 2, generator=g), "b": torch.randn(5, 2, generator=g)}), {}
    yield (torch.randn(7, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(7, 2, generator=g), "b": torch.randn(7, 2, generator=g)}), {}
    yield (torch.randn(2, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(2, 2, generator=g), "b": torch.randn(2, 2, generator=g)}), {}
    yield (torch.randn(1, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(1, 2, generator=g), "b": torch.randn(1, 2, generator=g)}), {}
