"""A bare raise with no active exception, raise from a non-exception, and an exception inside
a user context manager's block reaching __exit__. features: exceptions, classes, control_flow"""

import torch


class Suppress:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, kind, exc, tb):
        self.log.append(kind.__name__ if kind else "clean")
        return kind is KeyError


def program(x, key):
    log = []
    try:
        raise
    except RuntimeError as e:
        log.append(str(e))
    try:
        raise ValueError("v") from 1
    except TypeError as e:
        log.append(str(e))
    with Suppress(log):
        y = x * 2
        {"a": y}[key]
        y = y + 1
    return y, log


def calls():
    g = torch.Generator().manual_seed(529)
    yield (torch.randn(3, generator=g), "a"), {}
    yield (torch.randn(3, generator=g), "a"), {}
    yield (torch.randn(3, generator=g), "b"), {}
