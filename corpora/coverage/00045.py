"""Generated program. features: comprehensions, modules_in_forward, nn_module, probes, recall_values, scalar_inputs"""
import torch


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, z, n):
        k0 = {f"v{j}": z * j for j in range(3)}
        t0 = k0["v2"] - k0["v1"]
        t1 = torch.squeeze(t0, -2)
        m0 = torch.nn.LayerNorm(4)
        t2 = m0(y) + len(list(m0.parameters()))
        s0 = getattr(1.5, "forward", None) is None
        return t1, t2, s0


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, generator=g), torch.randn(0, 1, 2, 4, generator=g), torch.randn(1, 2, generator=g), 2), {}
    yield (torch.randn(1, generator=g), torch.randn(0, 1, 2, 4, generator=g), torch.randn(1, 2, generator=g), 2), {}
