"""Three levels of nested functions, each capturing from the one above. features: closures"""

import torch


def program(x, a):
    def outer(t):
        b = a + 1

        def middle(u):
            c = b * 2

            def inner(v):
                return v * a + b - c

            return inner(u) + u

        return middle(t)

    return outer(x)


def calls():
    g = torch.Generator().manual_seed(45)
    yield (torch.randn(10, 10, generator=g), 1), {}
    yield (torch.randn(10, 10, generator=g), 3), {}
    yield (torch.randn(3, 3, generator=g), 3), {}
