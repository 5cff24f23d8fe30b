"""str.join and str.format over shape values, returned next to a tensor.
features: strings, comprehensions"""

import torch


def program(x):
    dims = "x".join(str(d) for d in x.shape)
    label = "{}:{:.1f}".format(dims, float(x.dim()))
    return x.flatten(), label, ",".join(["a", "b"]).upper()


def calls():
    g = torch.Generator().manual_seed(95)
    yield (torch.randn(2, 3, generator=g),), {}
    yield (torch.randn(2, 3, generator=g),), {}
    yield (torch.randn(2, 3, 4, generator=g),), {}
