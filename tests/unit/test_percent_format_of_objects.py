"""`"%s" % obj` (one object, so one argument) formats with the object's traced `__str__` or
`__repr__` as str's own `%` does, widths and flags included; a template that needs more than
one argument, or a number, is left to CPython's errors or refused. Compared with eager,
fullgraph and not."""

# ruff: noqa: UP031 - the % formatting is what these cases trace

import pytest
import torch

from tests.differential import check_same


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __str__(self):
        return f"${self.cents / 100:.2f}"

    def __repr__(self):
        return f"Money({self.cents})"


class Plain:
    pass


def formats(x):
    m = Money(1234)
    return x + 1, ["%s" % m, "%r" % m, "[%10s]" % m, "[%-12r]" % m, "%a" % m,
                   "total: %s%%" % m, "%.3s" % m]


def default_repr_class_name(x):
    return x + 1, ("%r" % Plain()).split(" object at ")[0]


def too_few(x):
    try:
        return x, "%s %s" % Money(5)
    except TypeError as error:
        return x + 1, str(error)


@pytest.mark.parametrize("fn", [formats, too_few])
@pytest.mark.parametrize("fullgraph", [True, False])
def test_percent_of_one_object(fn, fullgraph):
    if fn is too_few and fullgraph:
        pytest.skip("two specs for one object: refused under fullgraph")
    check_same(fn, torch.ones(1), fullgraph=fullgraph)


def test_default_repr_made_in_the_frame():
    check_same(default_repr_class_name, torch.ones(1), fullgraph=False)
