"""copy.deepcopy keeps sharing (one list twice in a tuple, an object in its own list) and
copy.copy of list, dict, set and tuple. features: aliasing, lists, classes"""

import copy

import torch


class Node:
    def __init__(self, w):
        self.w = w
        self.peers = []


def program(x, n):
    shared = [n, n + 1]
    pair = copy.deepcopy((shared, shared, n))
    pair[0].append(9)
    a = Node(n)
    a.peers.append(a)
    b = copy.deepcopy(a)
    lst, dct, st = copy.copy([x, n]), copy.copy({"n": n}), copy.copy({n, 1})
    lst.append(0)
    dct["m"] = 1
    return (x * b.w + len(pair[1]), pair[0] is pair[1], b.peers[0] is b, b is a, len(lst),
            sorted(dct), sorted(st), copy.copy((n, "t")), shared)


def calls():
    g = torch.Generator().manual_seed(487)
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 5), {}
