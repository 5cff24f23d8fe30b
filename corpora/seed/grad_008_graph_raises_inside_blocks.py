"""A graph that raises on real data inside autocast and no_grad blocks: the program catches it
outside the blocks, the modes are back to what they were. features: exceptions, requires_grad"""

import torch


def program(x, idx):
    try:
        with torch.autocast("cpu", dtype=torch.bfloat16):
            y = (x @ x.T)[idx]
        status = "ok"
    except (IndexError, RuntimeError):
        y = x[:1]
        status = "caught autocast"
    try:
        with torch.no_grad():
            z = x.index_select(0, idx) * 2
    except (IndexError, RuntimeError):
        z = x[:1]
        status += " caught no_grad"
    return y.float(), z, status, torch.is_grad_enabled(), torch.is_autocast_enabled("cpu")


def calls():
    g = torch.Generator().manual_seed(539)
    yield (torch.randn(4, 4, generator=g), torch.tensor([0, 1])), {}
    yield (torch.randn(4, 4, generator=g), torch.tensor([2, 3])), {}
    yield (torch.randn(4, 4, generator=g), torch.tensor([2, 7])), {}
