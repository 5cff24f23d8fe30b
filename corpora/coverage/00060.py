"""Generated program. features: change_dtype, change_shape, dict_views, mutate_between_calls, nn_module, raises, requires_grad, special_values, sweep_batch, torch_values"""
import torch

TABLE0 = {"a": 1, "b": 2}


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, z):
        t0 = torch.all(z)
        t1 = torch.norm(z)
        s0 = z.shape.index(z.shape[-1])
        s1 = sorted(TABLE0.items())[0][1]
        raise ValueError("unsupported input")


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, generator=g), torch.randn(1, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(1, generator=g).index_fill(-1, torch.tensor([0]), float("inf"))), {}
    yield (torch.randn(2, generator=g), torch.randn(2, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(2, generator=g).index_fill(-1, torch.tensor([0]), float("inf"))), {}
    yield (torch.randn(1, generator=g, dtype=torch.float64), torch.randn(1, generator=g, dtype=torch.float64, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(1, generator=g, dtype=torch.float64).index_fill(-1, torch.tensor([0]), float("inf"))), {}
    TABLE0.update(b=7)
    yield (torch.randn(1, generator=g), torch.randn(1, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(1, generator=g).index_fill(-1, torch.tensor([0]), float("inf"))), {}
    yield (torch.randn(2, generator=g), torch.randn(2, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(2, generator=g).index_fill(-1, torch.tensor([0]), float("inf"))), {}
    yield (torch.randn(4, generator=g), torch.randn(4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(4, generator=g).index_fill(-1, torch.tensor([0]), float("inf"))), {}
