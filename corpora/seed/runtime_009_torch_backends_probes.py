"""torch.backends flags and functions read in the program: cudnn.enabled, mkldnn.is_available(),
cuda.matmul.allow_tf32, a missing backend attribute. features: runtime_queries, exceptions"""

import torch


def program(x):
    flags = (torch.backends.cudnn.enabled, torch.backends.mkldnn.is_available(),
             torch.backends.cuda.matmul.allow_tf32, hasattr(torch.backends.cudnn, "nope"))
    try:
        missing = torch.backends.cudnn.no_such_flag
    except AttributeError:
        missing = "missing"
    y = x * 2 if torch.backends.cudnn.enabled else x * 3
    return y, flags, missing


def calls():
    g = torch.Generator().manual_seed(542)
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(3, generator=g),), {}
    yield (torch.randn(2, 2, generator=g),), {}
