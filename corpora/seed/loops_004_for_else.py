"""for/else: the else branch runs when no break happened. features: loops, control_flow"""

import torch


def program(x, bad):
    for d in x.shape:
        if d == bad:
            y = x * 0
            break
    else:
        y = x + 1
    return y


def calls():
    g = torch.Generator().manual_seed(206)
    yield (torch.randn(4, 5, generator=g), 3), {}
    yield (torch.randn(4, 5, generator=g), 3), {}
    yield (torch.randn(4, 5, generator=g), 5), {}
