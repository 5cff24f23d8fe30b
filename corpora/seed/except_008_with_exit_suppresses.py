"""A context manager whose __exit__ suppresses one exception type; finally and else blocks run.
features: exceptions, classes, control_flow"""

import torch


class Suppress:
    def __init__(self, kind, log):
        self.kind = kind
        self.log = log

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append(exc_type.__name__ if exc_type else "clean")
        return exc_type is not None and issubclass(exc_type, self.kind)


def program(x, bad):
    log = []
    y = x
    with Suppress(ZeroDivisionError, log):
        y = x * 2
        if bad:
            y = y / (bad - bad)
    try:
        z = y + 1
    except TypeError:
        z = y
    else:
        log.append("else")
    finally:
        log.append("finally")
    return z, log


def calls():
    g = torch.Generator().manual_seed(446)
    yield (torch.randn(3, generator=g), 0), {}
    yield (torch.randn(3, generator=g), 0), {}
    yield (torch.randn(3, generator=g), 1), {}
