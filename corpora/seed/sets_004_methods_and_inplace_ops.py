"""set methods (add, discard, remove with KeyError, copy, clear) and in-place operators
|=, &=, -=, ^= with subset/disjoint tests. features: sets, exceptions, mutation"""

import torch


def program(x, names):
    s = set(names)
    s.add("base")
    s.discard("nope")
    try:
        s.remove("nope")
        missing = False
    except KeyError:
        missing = True
    t = s.copy()
    t |= {"u"}
    t &= {"u", "base", "a"}
    t -= {"a"}
    t ^= {"v", "base"}
    empty = set(names)
    empty.clear()
    k = len(s) + len(t)
    return (x * k, sorted(s), sorted(t), missing, {"base"} <= s, s.isdisjoint({"q"}),
            frozenset(s) > frozenset(), len(empty))


def calls():
    g = torch.Generator().manual_seed(462)
    yield (torch.randn(3, generator=g), ["a", "b"]), {}
    yield (torch.randn(3, generator=g), ["a", "b"]), {}
    yield (torch.randn(3, generator=g), ["c", "d", "e"]), {}
