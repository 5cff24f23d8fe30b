"""An index that is out of range only on real data: the graph raises at run time, after a list
append and a random draw; caught in the program and escaping it. features: exceptions, indexing"""

import torch


def program(x, idx, log):
    log.append(idx.shape[0])
    noise = torch.rand_like(x)
    try:
        picked = x.index_select(0, idx)
        status = "ok"
    except (IndexError, RuntimeError):
        picked = x[:1]
        status = "caught"
    out = x[idx] + noise.sum() * 0
    return picked, status, out


def calls():
    g = torch.Generator().manual_seed(523)
    yield (torch.randn(4, 3, generator=g), torch.tensor([0, 2]), []), {}
    yield (torch.randn(4, 3, generator=g), torch.tensor([1, 3]), []), {}
    yield (torch.randn(4, 3, generator=g), torch.tensor([1, 9]), ["a"]), {}
    yield (torch.randn(4, 3, generator=g), torch.tensor([3, 0]), []), {}
