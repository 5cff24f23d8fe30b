"""return inside try with a finally that mutates, continue/break across try/finally in a loop,
and an exception raised in a handler. features: exceptions, loops, mutation"""

import torch


def guarded(x, log):
    try:
        return x * 2
    finally:
        log.append("finally")


def program(xs, log):
    acc = torch.zeros(3)
    for i, x in enumerate(xs):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            acc = acc + guarded(x, log)
        finally:
            log.append(i)
    try:
        try:
            raise ValueError("first")
        except ValueError:
            raise IndexError("second")  # noqa: B904 - implicit chaining on purpose
    except IndexError as e:
        log.append(type(e).__name__)
        log.append(e.args)
    return acc


def calls():
    g = torch.Generator().manual_seed(447)
    yield ([torch.randn(3, generator=g) for _ in range(3)], []), {}
    yield ([torch.randn(3, generator=g) for _ in range(3)], []), {}
    yield ([torch.randn(3, generator=g) for _ in range(5)], []), {}
