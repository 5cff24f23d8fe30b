"""Generated program. features: change_shape, dtypes, raises, torch_values"""
import torch


def program(x, y, z):
    t0 = torch.argmax(y, 0)
    s0 = torch.is_inference_mode_enabled()
    return x.view(x.numel() + 1)


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randint(-5, 6, (3, 1, 2, 2,), generator=g, dtype=torch.int32), torch.randn(3, 1, 2, 2, generator=g), torch.randn(2, 2, 5, 4, generator=g)), {}
    yield (torch.randint(-5, 6, (4, 1, 2, 2,), generator=g, dtype=torch.int32), torch.randn(4, 1, 2, 2, generator=g), torch.randn(2, 2, 5, 4, generator=g)), {}
