"""An untraced call (deepcopy of an object with __deepcopy__) raises inside a no_grad block in
try: the handler runs, grad mode is back. features: exceptions, requires_grad, classes"""

import copy

import torch


class Fragile:
    def __init__(self, ok):
        self.ok = ok

    def __deepcopy__(self, memo):
        if not self.ok:
            raise ValueError("cannot copy")
        return Fragile(self.ok)


def program(x, ok):
    log = []
    try:
        with torch.no_grad():
            y = x * 2
            c = copy.deepcopy(Fragile(ok))
            log.append(c.ok)
    except ValueError as e:
        log.append(str(e))
        y = x * 3
    return y, log, torch.is_grad_enabled()


def calls():
    g = torch.Generator().manual_seed(557)
    yield (torch.randn(3, generator=g), True), {}
    yield (torch.randn(3, generator=g), True), {}
    yield (torch.randn(3, generator=g), False), {}
