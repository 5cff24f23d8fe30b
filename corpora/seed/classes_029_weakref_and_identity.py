"""weakref.ref to an input object called in the program, a dead reference returning None,
`is` between objects of different types, == of sets and of dict views. features: classes, sets"""

import weakref

import torch


class Node:
    def __init__(self, v):
        self.v = v


def _dead():
    n = Node(0)
    return weakref.ref(n)


DEAD = _dead()


def program(x, node):
    ref = weakref.ref(node)
    alive = ref()
    gone = DEAD()
    same = alive is node, node is x, gone is None
    eq = {1, 2} == {2, 1}, {"a": 1}.keys() == {"a": 2}.keys(), [1] != [1, 2]
    return x * alive.v, same, eq


def calls():
    g = torch.Generator().manual_seed(547)
    yield (torch.randn(3, generator=g), Node(2)), {}
    yield (torch.randn(3, generator=g), Node(2)), {}
    yield (torch.randn(3, generator=g), Node(5)), {}
