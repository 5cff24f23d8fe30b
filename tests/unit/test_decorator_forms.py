"""Grad-mode and autocast objects as decorators, StopIteration.value, iter(callable, sentinel).
`@torch.set_grad_enabled(False)` restores the mode when it decorates (it was a wrong answer:
the mode stayed off after the decoration)."""

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


def _pair():
    g = torch.Generator().manual_seed(0)
    return torch.randn(3, 3, generator=g), torch.randn(3, 3, generator=g)


def set_grad_enabled_decorates(a, b):
    @torch.set_grad_enabled(False)
    def off(x):
        return x + 1, torch.is_grad_enabled()

    inside = off(a)
    return inside[0].requires_grad, inside[1], torch.is_grad_enabled(), b * 2


def bare_no_grad_and_enable_grad(a, b):
    @torch.no_grad
    def frozen(x):
        return x * 2

    @torch.enable_grad
    def live(x):
        return x * 3

    with torch.no_grad():
        y = live(a)
    return frozen(a).requires_grad, y.requires_grad, b + 1


def autocast_decorates(a, b):
    @torch.autocast("cpu")
    def project(x, y):
        return x @ y.T, torch.is_autocast_enabled("cpu")

    out, inside = project(a, b)
    return out.dtype, out.float(), inside, torch.is_autocast_enabled("cpu")


def stop_iteration_value(a, b):
    def produce():
        yield a
        return 7

    it = produce()
    next(it)
    try:
        next(it)
    except StopIteration as stop:
        return b * stop.value, stop.value, StopIteration(3).value
    return b, None, None


def iter_until_sentinel(a, b):
    log = []
    values = iter([3, 2, 0, 5])

    def pull():
        log.append("pull")
        return next(values)

    taken = list(iter(pull, 0))
    return a * sum(taken), taken, log


@pytest.mark.parametrize("fn", [set_grad_enabled_decorates, bare_no_grad_and_enable_grad,
                                autocast_decorates, stop_iteration_value, iter_until_sentinel])
def test_decorator_forms_and_protocols_are_one_graph(fn):
    a, b = _pair()
    one_graph(check_same(fn, a.requires_grad_(), b))


def function_attribute_set_in_trace(a, b):
    def scaled(x):
        return x * 2

    scaled.tag = "made"
    scaled.__wrapped__ = len
    return scaled(a), scaled.tag, scaled


def test_attribute_of_a_function_made_in_the_trace():
    a, b = _pair()
    expected = function_attribute_set_in_trace(a, b)
    actual = compiler.compile(function_attribute_set_in_trace, fullgraph=True)(a, b)
    torch.testing.assert_close(actual[0], expected[0])
    assert actual[1] == "made" and actual[2].tag == "made" and actual[2].__wrapped__ is len
    assert actual[2](torch.ones(1)).item() == 2.0
