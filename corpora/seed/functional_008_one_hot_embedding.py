"""F.one_hot with num_classes and F.embedding with a weight argument.
features: nn_functional, dtype"""

import torch
import torch.nn.functional as F


def program(ids, table, n):
    oh = F.one_hot(ids, num_classes=n)
    return oh.float() @ table[:n], F.embedding(ids, table)


def calls():
    g = torch.Generator().manual_seed(267)
    yield (torch.randint(0, 4, (5,), generator=g), torch.randn(6, 3, generator=g), 4), {}
    yield (torch.randint(0, 4, (5,), generator=g), torch.randn(6, 3, generator=g), 4), {}
    yield (torch.randint(0, 6, (2, 3), generator=g), torch.randn(6, 3, generator=g), 6), {}
