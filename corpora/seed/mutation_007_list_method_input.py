"""A bound list.append passed as input is called in the program: the list it belongs to (also an
input) is mutated; a global iterator is partly consumed. features: mutation, lists, builtins"""

import torch

IT = iter([1, 2, 3, 4, 5, 6, 7])


def program(x, push, sink):
    it = IT
    push(x * 2)
    push(x + 1)
    first = next(it)
    second = next(it)
    return len(sink), first + second, x.sum()


def calls():
    g = torch.Generator().manual_seed(472)
    sink = []
    yield (torch.randn(3, generator=g), sink.append, sink), {}
    sink = [torch.zeros(3)]
    yield (torch.randn(3, generator=g), sink.append, sink), {}
    yield (torch.randn(3, generator=g), sink.append, sink), {}
