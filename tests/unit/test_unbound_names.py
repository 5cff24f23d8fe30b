"""Reading a name before it is bound raises eager's exception type with eager's text: a local,
a local that is also a cell, a free variable of a closure, a deleted local."""

import torch

from tests.differential import check_same


def _caught(fn):
    def program(x):
        try:
            return x + 1, fn(x)
        except NameError as error:  # UnboundLocalError included
            return x + 1, type(error).__name__, str(error)
    return program


def test_unbound_local():
    def fn(x):
        if x.shape[0] > 5:
            y = 1
        return y

    check_same(_caught(fn), torch.randn(3))


def test_unbound_local_that_is_a_cell():
    def fn(x):
        def inner():
            return y
        z = y  # noqa: F821 - unbound on purpose
        y = 1
        return inner, z

    check_same(_caught(fn), torch.randn(3))


def test_unbound_free_variable():
    def fn(x):
        def inner():
            return y
        z = inner()
        y = 1
        return z

    check_same(_caught(fn), torch.randn(3))


def test_deleted_local():
    def fn(x):
        y = 1
        del y
        return y  # noqa: F821 - unbound on purpose

    check_same(_caught(fn), torch.randn(3))
