"""yield from delegates to an inner generator; its return value and close() are recorded in a list.
features: loops, exceptions, lists"""

# A torch limitation, not a program error (the --subject torch:eager mismatch):
# torch.compile loses the inner generator's return value of yield from on some calls.

import torch


def inner(x, log):
    for i in range(3):
        yield x * i
    log.append("inner done")
    return "inner result"


def outer(x, log):
    yield x
    result = yield from inner(x, log)
    log.append(result)
    yield -x


def program(x, n):
    log = []
    gen = outer(x, log)
    taken = [next(gen) for _ in range(n)]
    gen.close()
    log.append("closed")
    log.append(next(gen, "exhausted"))
    return torch.stack(taken).sum(0), log


def calls():
    g = torch.Generator().manual_seed(441)
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 5), {}
    yield (torch.randn(3, generator=g), 1), {}
