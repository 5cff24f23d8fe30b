"""An einsum equation built from string pieces. features: strings, fstrings"""

import torch


def program(a, b, transpose):
    rhs = "kj" if not transpose else "jk"
    return torch.einsum(f"ik,{rhs}->ij", a, b)


def calls():
    g = torch.Generator().manual_seed(99)
    yield (torch.randn(4, 5, generator=g), torch.randn(5, 3, generator=g), False), {}
    yield (torch.randn(4, 5, generator=g), torch.randn(5, 3, generator=g), False), {}
    yield (torch.randn(4, 5, generator=g), torch.randn(3, 5, generator=g), True), {}
