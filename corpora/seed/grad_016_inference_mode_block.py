"""torch.inference_mode blocks: tensors made inside are inference tensors (is_inference), an
inner inference_mode(False), and the mode query. features: requires_grad, runtime_queries"""

import torch


def program(x, w):
    before = torch.is_inference_mode_enabled()
    with torch.inference_mode():
        y = x @ w
        inside = torch.is_inference_mode_enabled()
        with torch.inference_mode(False):
            nested = torch.is_inference_mode_enabled()
    z = x @ w
    return (y, y.is_inference(), y.requires_grad, z.is_inference(), z.requires_grad,
            before, inside, nested, torch.is_inference_mode_enabled())


def calls():
    g = torch.Generator().manual_seed(1107)
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g).requires_grad_()), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g).requires_grad_()), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g)), {}
