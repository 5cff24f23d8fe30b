"""list += and list *= work in place (an alias sees them, the input list is mutated), while
tuple * int and int * list build new objects. features: lists, tuples, aliasing, mutation"""

import torch


def program(xs, x, k):
    alias = xs
    xs += [x * 2]
    alias_len = len(alias)
    ys = [x]
    same = ys
    ys *= k
    rep = 2 * [x.sum()]
    tup = (x,) * k
    tup2 = k * (1,)
    return alias is xs, alias_len, len(same), same is ys, len(rep), len(tup), tup2, xs[-1]


def calls():
    g = torch.Generator().manual_seed(512)
    yield ([torch.randn(3, generator=g)], torch.randn(3, generator=g), 2), {}
    yield ([torch.randn(3, generator=g)], torch.randn(3, generator=g), 2), {}
    yield ([torch.randn(3, generator=g), torch.randn(3, generator=g)], torch.randn(3, generator=g), 3), {}
