"""torch.distributions built in the function: Normal's mean/stddev/log_prob, Categorical's
lazily computed logits and its entropy. features: nn_functional, classes, reductions"""

import torch


def program(loc, scale, probs, x):
    normal = torch.distributions.Normal(loc, scale, validate_args=False)
    cat = torch.distributions.Categorical(probs=probs, validate_args=False)
    logits = cat.logits
    again = cat.logits
    return (normal.mean, normal.stddev, normal.log_prob(x), logits, again is logits,
            cat.entropy())


def calls():
    g = torch.Generator().manual_seed(570)
    p = torch.rand(4, generator=g) + 0.1
    yield (torch.randn(3, generator=g), torch.rand(3, generator=g) + 0.5, p / p.sum(),
           torch.randn(3, generator=g)), {}
    p = torch.rand(4, generator=g) + 0.1
    yield (torch.randn(3, generator=g), torch.rand(3, generator=g) + 0.5, p / p.sum(),
           torch.randn(3, generator=g)), {}
