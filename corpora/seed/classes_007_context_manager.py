"""A user context manager records enter/exit around tensor work.
features: classes, control_flow, lists"""

import torch


class Recorder:
    def __init__(self, log, name):
        self.log = log
        self.name = name

    def __enter__(self):
        self.log.append(f"enter {self.name}")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append(f"exit {self.name}")
        return False


def program(x, y):
    log = []
    with Recorder(log, "mul") as r:
        z = x * y
        log.append(r.name)
    with Recorder(log, "add"):
        z = z + y
    return z, log


def calls():
    g = torch.Generator().manual_seed(284)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(3, generator=g), torch.randn(3, generator=g)), {}
