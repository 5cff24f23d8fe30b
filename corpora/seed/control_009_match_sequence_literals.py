"""match on tensor shapes as sequences, with literals, captures, star and or-patterns.
features: control_flow, metadata, tuples"""

import torch


def program(x):
    match x.shape:
        case (n,):
            return x * n, "vector"
        case (1, m) | (m, 1):
            return x.flatten() * m, "row-or-col"
        case (n, m) if n == m:
            return x @ x, "square"
        case (n, *rest):
            return x.sum(0), f"batch{len(rest)}"


def calls():
    g = torch.Generator().manual_seed(420)
    yield (torch.randn(4, generator=g),), {}
    yield (torch.randn(1, 3, generator=g),), {}
    yield (torch.randn(3, 1, generator=g),), {}
    yield (torch.randn(3, 3, generator=g),), {}
    yield (torch.randn(2, 3, 4, generator=g),), {}
