"""copy.deepcopy of an object made in the trace whose list attribute holds the object itself: the
deepcopy is refused, and rebuilding the cyclic object at the graph break recursed without end
(RecursionError in the compiler, an internal crash, against ours). Now the rebuild refuses a cycle.
signature: crash:ours:RecursionError
subject: ours
found: by hand
shrunk: 24 -> 24 lines (written small)
status: fixed in 8ad472c
features: classes, aliasing
"""

import copy

import torch


class Node:
    def __init__(self, t):
        self.t = t
        self.peers = []


def program(x):
    a = Node(x)
    a.peers.append(a)
    b = copy.deepcopy(a)
    return b.t + 1, b.peers[0] is b


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, generator=g),), {}
