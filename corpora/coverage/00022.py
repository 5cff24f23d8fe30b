"""Generated program. features: change_shape, modules_in_forward, nn_module, recall_values, special_values"""
import torch


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        t0 = torch.full_like(y, 2)
        t1 = t0[..., 2]
        m0 = torch.nn.Sequential(torch.nn.Identity(), torch.nn.Tanh())
        t2 = m0(t1) + len(list(m0.parameters()))
        return t2


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(5, 2, 4, generator=g), torch.randn(0, 5, generator=g) * 1e30), {}
    yield (torch.randn(5, 2, 4, generator=g), torch.randn(0, 5, generator=g) * 1e30), {}
    yield (torch.randn(6, 2, 4, generator=g), torch.randn(0, 5, generator=g) * 1e30), {}
