"""Imports inside the function body (import math, from torch import nn, import a submodule
as a name) and probes of the module objects. features: builtins, runtime_queries"""

import torch


def program(x, name):
    import math
    import torch.nn.functional as F
    from torch import nn

    has = hasattr(math, name)
    value = getattr(math, name, -1.0)
    y = F.relu(x) * math.sqrt(2.0) + value
    try:
        missing = math.no_such_constant
    except AttributeError:
        missing = "absent"
    return y, has, missing, isinstance(nn.ReLU, type), math.__name__, F.__name__


def calls():
    g = torch.Generator().manual_seed(504)
    yield (torch.randn(4, 4, generator=g), "pi"), {}
    yield (torch.randn(4, 4, generator=g), "pi"), {}
    yield (torch.randn(4, 4, generator=g), "tau"), {}
    yield (torch.randn(4, 4, generator=g), "nothing"), {}
