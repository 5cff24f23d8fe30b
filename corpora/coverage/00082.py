"""Generated program. features: change_scalar, container_inputs, mark_dynamic, nn_module, probes, requires_grad, scalar_inputs, special_values, sweep_batch, torch_values, try_finally"""
import torch

TRACE0 = []

DYNAMIC = {"x": [0]}


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, n, flag, d):
        try:
            t0 = torch.sigmoid(y)
        except ValueError:
            t0 = y.softmax(-1)
        else:
            t0 = t0 * 2
        finally:
            TRACE0.append(1)
        t1 = torch.zeros_like(t0)
        t2 = torch.maximum(x, x)
        s0 = 1.5.__class__ is float
        s1 = len(t2.shape) + t2.shape.numel()
        t3 = torch.sub(t2, t2)
        t4 = torch.maximum(x, t3)
        s2 = len(t4.shape) + t4.shape.numel()
        t5 = torch.cummin(y, -2).values
        t6 = torch.logical_not(t5)
        return s0, s1, s2, t6


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(4, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(4, 2, generator=g), "b": torch.randn(4, 2, generator=g)}), {}
    yield (torch.randn(4, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 4, True, {"a": torch.randn(4, 2, generator=g), "b": torch.randn(4, 2, generator=g)}), {}
    yield (torch.randn(5, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(5, 2, generator=g), "b": torch.randn(5, 2, generator=g)}), {}
    yield (torch.randn(7, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(7, 2, generator=g), "b": torch.randn(7, 2, generator=g)}), {}
    yield (torch.randn(2, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(2, 2, generator=g), "b": torch.randn(2, 2, generator=g)}), {}
    yield (torch.randn(1, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(1, 2, generator=g), "b": torch.randn(1, 2, generator=g)}), {}
    yield (torch.randn(0, 2, generator=g) * 1e-30, torch.randn(2, 0, 1, generator=g, requires_grad=True) * 1e-30, 3, False, {"a": torch.randn(0, 2, generator=g), "b": torch.randn(0, 2, generator=g)}), {}
