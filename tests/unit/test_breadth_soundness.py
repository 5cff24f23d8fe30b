"""Class state read through objects made in the trace is guarded: a class attribute changed
between calls (a user flag, torch.distributions' default validation) recompiles."""

import torch
from torch import distributions as D

import compiler


class Flagged:
    flag = True


def test_class_attribute_of_an_object_made_in_the_trace_is_guarded():
    def f(x):
        return x + 1 if Flagged().flag else x - 1

    compiled = compiler.compile(f, fullgraph=True)
    try:
        for flag in (True, False, True):
            Flagged.flag = flag
            assert torch.equal(compiled(torch.zeros(1)), f(torch.zeros(1)))
    finally:
        Flagged.flag = True


def test_distribution_default_validation_is_guarded():
    def f(a):
        return D.Normal(a, 1.0)._validate_args, D.Normal(a, 1.0).mean * 2

    compiled = compiler.compile(f)
    before = D.Distribution._validate_args
    try:
        for flag in (False, True, False):
            D.Distribution.set_default_validate_args(flag)
            assert compiled(torch.zeros(2))[0] is flag
    finally:
        D.Distribution.set_default_validate_args(before)


def test_lazy_property_is_computed_once_under_enable_grad():
    def f(logits):
        dist = D.Categorical(logits=logits, validate_args=False)
        with torch.no_grad():
            probs = dist.probs
        return probs, probs is dist.probs, probs.requires_grad

    logits = torch.randn(3, 4, requires_grad=True)
    expected = f(logits)
    actual = compiler.compile(f, fullgraph=True)(logits)
    assert torch.allclose(actual[0], expected[0])
    assert actual[1:] == expected[1:] == (True, True)
