"""Generated program. features: decorators, mutate_between_calls, noncontiguous, parametrizations, requires_grad, scalar_inputs, special_values"""
import functools
import torch

CALLS0 = [0]


def counted0(scale):
    def decorate(fn):
        def inner(*args, **kwargs):
            CALLS0[0] += 1
            return fn(*args, **kwargs) * scale
        return inner
    return decorate

@counted0(0.5)
def helper0(u):
    return u + 1


def scaled0(fn):
    @functools.wraps(fn)
    def wrapper(u, k=2.0):
        return fn(u, k) + k
    return wrapper

@scaled0
def helper1(u, k=0.5):
    return torch.tanh(u) * k


class Symmetric0(torch.nn.Module):
    def forward(self, w):
        return w.triu() + w.triu(1).transpose(-1, -2)

M0 = torch.nn.Linear(3, 3)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

torch.nn.utils.parametrize.register_parametrization(M0, 'weight', Symmetric0())


def program(x, y, z, flag):
    t0 = torch.div(z, y.abs() + 1)
    t1 = helper0(u=t0) + CALLS0[0]
    t2 = helper1(z, 3.0)
    t3 = t2 @ M0.weight
    t4 = t3.detach()
    t5 = t4.sigmoid()
    return t1, t5


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(0, 1, 3, 3, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), -0.0), torch.randn(1, 1, 3, 3, generator=g).expand(0, 1, 3, 3), torch.randn(1, 1, 3, 3, generator=g, requires_grad=True).expand(0, 1, 3, 3) * 1e-30, False), {}
    helper1.__defaults__ = (4.0,)
    M0.parametrizations.weight.original.data.mul_(-0.5)
    yield (torch.randn(0, 1, 3, 3, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), -0.0), torch.randn(1, 1, 3, 3, generator=g).expand(0, 1, 3, 3), torch.randn(1, 1, 3, 3, generator=g, requires_grad=True).expand(0, 1, 3, 3) * 1e-30, False), {}
