"""Inference-tensor inputs made in calls(), then ordinary ones, read by is_inference() and
used in an inference_mode block. features: runtime_queries, recompile"""

import torch


def program(x, w):
    flag = x.is_inference()
    with torch.inference_mode():
        y = x @ w
    return y, flag, y.is_inference(), w.is_inference()


def calls():
    g = torch.Generator().manual_seed(1122)
    with torch.inference_mode():
        a, b = torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g)
    yield (a, b), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g)), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(4, 2, generator=g)), {}
    with torch.inference_mode():
        c = torch.randn(3, 4, generator=g)
    yield (c, torch.randn(4, 2, generator=g)), {}
