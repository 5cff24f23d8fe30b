"""A closure program whose cell a setter rebinds between calls, with an inner nonlocal counter.
features: closures, globals, recompile"""

import torch


def make():
    scale = 2.0

    def set_scale(v):
        nonlocal scale
        scale = v

    def program(x, n):
        total = 0

        def add(v):
            nonlocal total
            total += v
            return total

        for i in range(n):
            add(i)
        bump = lambda t: t * scale + total  # noqa: E731
        return bump(x), total, scale

    return program, set_scale


program, set_scale = make()


def calls():
    g = torch.Generator().manual_seed(482)
    yield (torch.randn(3, generator=g), 3), {}
    yield (torch.randn(3, generator=g), 3), {}
    set_scale(5.0)
    yield (torch.randn(3, generator=g), 3), {}
    yield (torch.randn(3, generator=g), 4), {}
