"""Generated program. features: change_scalar, container_inputs, containers, dtypes, mark_dynamic, nn_module, probes, requires_grad, scalar_inputs, special_values, sweep_batch"""
import torch

DYNAMIC = {"x": [0]}


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, n, flag, d):
        t0 = d["a"] * 2 + d["b"]
        s0 = hasattr(torch.nn.ReLU(), "__name__")
        t1 = torch.cat((t0, t0), 1)
        t1.relu_()
        return s0, t1


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, dtype=torch.float16, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(4, 2, generator=g), "b": torch.randn(4, 2, generator=g)}), {}
    yield (torch.randn(4, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, dtype=torch.float16, requires_grad=True) * 1e-30, 4, True, {"a": torch.randn(4, 2, generator=g), "b": torch.randn(4, 2, generator=g)}), {}
    yield (torch.randn(5, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, dtype=torch.float16, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(5, 2, generator=g), "b": torch.randn(5, 2, generator=g)}), {}
    yield (torch.randn(7, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, dtype=torch.float16, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(7, 2, generator=g), "b": torch.randn(7, 2, generator=g)}), {}
    yield (torch.randn(2, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, dtype=torch.float16, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(2, 2, generator=g), "b": torch.randn(2, 2, generator=g)}), {}
    yield (torch.randn(1, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, dtype=torch.float16, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(1, 2, generator=g), "b": torch.randn(1, 2, generator=g)}), {}
    yield (torch.randn(0, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, dtype=torch.float16, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(0, 2, generator=g), "b": torch.randn(0, 2, generator=g)}), {}
