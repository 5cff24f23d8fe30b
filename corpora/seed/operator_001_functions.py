"""operator.add/mul/sub/neg/truediv applied to tensors through a table. features: operator, dicts"""

import operator

import torch

BINARY = {"+": operator.add, "*": operator.mul, "-": operator.sub, "/": operator.truediv}


def program(x, y, ops):
    out = x
    for sym in ops:
        out = BINARY[sym](out, y)
    return operator.neg(out)


def calls():
    g = torch.Generator().manual_seed(127)
    yield (torch.randn(10, 10, generator=g), torch.rand(10, 10, generator=g) + 1, "+*"), {}
    yield (torch.randn(10, 10, generator=g), torch.rand(10, 10, generator=g) + 1, "+*"), {}
    yield (torch.randn(10, 10, generator=g), torch.rand(10, 10, generator=g) + 1, "-/+"), {}
