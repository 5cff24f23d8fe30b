"""A forward pre-hook with kwargs rewrites (args, kwargs); an always_call forward hook runs even
when forward raises. features: modules, kwargs, exceptions"""

import torch
from torch import nn


class Gate(nn.Module):
    def forward(self, x, scale=1.0):
        if x.shape[0] > 4:
            raise ValueError("too many rows")
        return x * scale


def pre(module, args, kwargs):
    return (args[0] + 1,), {"scale": kwargs.get("scale", 1.0) * 2}


LOG = []


def post(module, args, output):
    LOG.append("post" if output is None else "post ok")
    return output


def build():
    m = Gate()
    m.register_forward_pre_hook(pre, with_kwargs=True)
    m.register_forward_hook(post, always_call=True)
    return m


gate = build()


def program(x, s):
    return gate(x, scale=s) + 1


def calls():
    g = torch.Generator().manual_seed(545)
    yield (torch.randn(3, generator=g), 1.5), {}
    yield (torch.randn(3, generator=g), 1.5), {}
    yield (torch.randn(6, generator=g), 1.5), {}
