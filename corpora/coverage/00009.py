"""Generated program. features: change_dtype, change_shape, container_inputs, noncontiguous, raises, recall_values"""
import torch


def program(x, y, xs, d):
    t0 = torch.nansum(y, 0)
    t1 = torch.stack(xs).sum(0)
    return x.view(x.numel() + 1)


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(6, 0, 4, 4, generator=g)[::2], torch.randn(6, 0, 1, generator=g)[::2], [torch.randn(3, 0, 4, 4, generator=g) for _ in range(2)], {"a": torch.randn(3, 0, 4, 4, generator=g), "b": torch.randn(3, 0, 4, 4, generator=g)}), {}
    yield (torch.randn(6, 0, 4, 4, generator=g)[::2], torch.randn(6, 0, 1, generator=g)[::2], [torch.randn(3, 0, 4, 4, generator=g) for _ in range(2)], {"a": torch.randn(3, 0, 4, 4, generator=g), "b": torch.randn(3, 0, 4, 4, generator=g)}), {}
    yield (torch.randn(8, 0, 4, 4, generator=g)[::2], torch.randn(8, 0, 1, generator=g)[::2], [torch.randn(4, 0, 4, 4, generator=g) for _ in range(2)], {"a": torch.randn(4, 0, 4, 4, generator=g), "b": torch.randn(4, 0, 4, 4, generator=g)}), {}
    yield (torch.randn(6, 0, 4, 4, generator=g, dtype=torch.float64)[::2], torch.randn(6, 0, 1, generator=g, dtype=torch.float64)[::2], [torch.randn(3, 0, 4, 4, generator=g, dtype=torch.float64) for _ in range(2)], {"a": torch.randn(3, 0, 4, 4, generator=g, dtype=torch.float64), "b": torch.randn(3, 0, 4, 4, generator=g, dtype=torch.float64)}), {}
