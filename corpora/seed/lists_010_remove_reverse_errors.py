"""list.remove, reverse, sort with key, del by index and slice, clear, and the caught errors of
remove/index/pop on missing items. features: lists, mutation, exceptions"""

# A torch limitation, not a program error (the --subject torch:eager mismatch):
# torch.compile gives list.remove's ValueError the message 'tuple.index()'.

import torch


def program(xs, names, drop):
    names.remove(drop)
    names.reverse()
    names.sort(key=len)
    del xs[0]
    rows = list(xs)
    del rows[1:]
    errors = []
    try:
        names.remove("missing")
    except ValueError as e:
        errors.append(str(e))
    try:
        [].pop()
    except IndexError as e:
        errors.append(str(e))
    try:
        del rows[5]
    except IndexError as e:
        errors.append(str(e))
    scratch = names.copy()
    scratch.clear()
    return torch.stack(xs).sum(0), rows, errors, scratch, names.index(names[-1])


def calls():
    g = torch.Generator().manual_seed(460)
    yield ([torch.randn(2, generator=g) for _ in range(3)], ["ccc", "a", "bb"], "a"), {}
    yield ([torch.randn(2, generator=g) for _ in range(3)], ["ccc", "a", "bb"], "a"), {}
    yield ([torch.randn(2, generator=g) for _ in range(4)], ["x", "yyyy", "zz", "w"], "zz"), {}
