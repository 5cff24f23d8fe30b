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


class Meter:
    created = 0


def test_class_attribute_written_through_type_of_an_input_accumulates():
    """`type(m).created += 1` reads the class attribute live on every call (guarded), so the
    writes add up as in eager; the same number of graphs as writing `Meter.created += 1`."""
    def through_type(x, m):
        type(m).created += 1
        return x + 1, Meter.created

    def through_name(x, m):
        Meter.created += 1
        return x + 1, Meter.created

    graphs = []
    for f in (through_type, through_name):
        compiled = compiler.compile(f, fullgraph=True)
        for _ in range(3):
            Meter.created = 0
            expected = [f(torch.ones(2), Meter())[1] for _ in range(3)]
            Meter.created = 0
            assert [compiled(torch.ones(2), Meter())[1] for _ in range(3)] == expected
        graphs.append(compiler.stats(compiled).graphs)
    assert graphs[0] == graphs[1], graphs


class Clamped(torch.nn.Module):
    clamp = True

    def forward(self, x):
        y = x * 3
        if type(self).clamp:
            y = y.clamp(-1, 1)
        return y


def test_module_class_attribute_read_through_type_self_is_guarded():
    module = Clamped()
    compiled = compiler.compile(module, fullgraph=True)
    x = torch.randn(4) * 2
    try:
        for flag in (True, False, True, False):
            Clamped.clamp = flag
            assert torch.equal(compiled(x), module(x))
    finally:
        Clamped.clamp = True
    assert len(compiler.stats(compiled).recompiles) == 1  # one graph per branch
