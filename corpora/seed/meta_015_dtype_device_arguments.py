"""dtype=/device= from inputs, .to(dtype), .to(other), .type(), arange/full dtypes, Size math.
features: dtype, metadata, tuples"""

import torch


def program(x, y):
    z = torch.zeros(x.shape[0], dtype=x.dtype, device=x.device)
    f = torch.full((2,), 3, dtype=torch.int64)
    r = torch.arange(0, 4, 2, dtype=y.dtype)
    t = torch.tensor([1, 2], dtype=x.dtype)
    a = x.to(torch.float64) + y.to(x)
    b = x.type(torch.float32)
    size = x.shape + (1,)
    return (z, f, r, t, a, b, size, x.shape[1:], torch.Size([2, 3]) == x.shape,
            x.new_empty(size).shape, a.dtype, x.to(y.dtype).dtype)


def calls():
    g = torch.Generator().manual_seed(485)
    yield (torch.randn(2, 3, generator=g), torch.randn(2, 3, generator=g)), {}
    yield (torch.randn(2, 3, generator=g), torch.randn(2, 3, generator=g)), {}
    yield (torch.randn(2, 3, generator=g, dtype=torch.float64),
           torch.randn(2, 3, generator=g).half()), {}
    yield (torch.randn(3, 2, generator=g), torch.randint(0, 5, (3, 2), generator=g)), {}
