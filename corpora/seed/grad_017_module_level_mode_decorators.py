"""Module-level helpers under @torch.inference_mode(), @torch.no_grad(), @torch.enable_grad().
features: requires_grad, runtime_queries, globals"""

import torch


@torch.inference_mode()
def infer(a, w):
    return a @ w, torch.is_inference_mode_enabled(), torch.is_grad_enabled()


@torch.no_grad()
def frozen(a, w):
    return a * w.sum(), torch.is_grad_enabled()


@torch.enable_grad()
def live(a, w):
    return (a @ w).relu(), torch.is_grad_enabled()


def program(x, w):
    y, inf_on, grad_in_inf = infer(x, w)
    z, grad_frozen = frozen(x, w)
    with torch.no_grad():
        u, grad_live = live(x, w)
    return (y, y.is_inference(), inf_on, grad_in_inf, z, z.requires_grad, grad_frozen,
            u, u.requires_grad, grad_live, torch.is_grad_enabled())


def calls():
    g = torch.Generator().manual_seed(1108)
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g).requires_grad_()), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g).requires_grad_()), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g)), {}
