"""raise ... from, a bare raise re-raised after logging, exception args and __cause__ read back.
features: exceptions, strings, lists"""

import torch


class ShapeError(ValueError):
    def __init__(self, msg, dims):
        super().__init__(msg)
        self.dims = dims


def check(x):
    try:
        if x.dim() != 2:
            raise ShapeError("need 2 dims", x.dim())
        return x.sum()
    except ShapeError as e:
        raise RuntimeError("check failed") from e


def program(x, log):
    try:
        y = check(x)
    except RuntimeError as e:
        log.append(str(e))
        log.append(type(e.__cause__).__name__)
        log.append(e.__cause__.dims)
        y = x.sum() * 0
    try:
        try:
            y = y + 1
            raise KeyError("inner")
        except KeyError:
            log.append("caught")
            raise
    except KeyError as e2:
        log.append(e2.args)
    return y


def calls():
    g = torch.Generator().manual_seed(445)
    yield (torch.randn(3, 3, generator=g), []), {}
    yield (torch.randn(3, 3, generator=g), []), {}
    yield (torch.randn(3, generator=g), []), {}
    yield (torch.randn(2, 2, 2, generator=g), ["old"]), {}
