"""A user object that lacks a protocol (call, len, iteration, subscription, item assignment)
raises eager's TypeError with eager's message inside the compiled function."""

import pytest
import torch

from tests.differential import check_same


class Plain:
    def __init__(self, t):
        self.t = t


def _caught(fn):
    def program(x):
        try:
            return x + 1, fn(Plain(x))
        except TypeError as error:
            return x + 1, str(error)
    return program


def _assign(p):
    p[0] = 1


def _delete(p):
    del p[0]


PROBES = [lambda p: p(1), lambda p: len(p), lambda p: iter(p), lambda p: next(p),
          lambda p: p[0], _assign]


@pytest.mark.parametrize("probe", PROBES)
def test_missing_protocol_raises_eagers_type_error(probe):
    check_same(_caught(probe), torch.randn(3))


def test_item_deletion_raises_eagers_type_error_past_a_graph_break():
    check_same(_caught(_delete), torch.randn(3), fullgraph=False)


def test_ordering_dicts_raises_eagers_text():
    import collections

    def program(x, d):
        try:
            return d < collections.OrderedDict(d)
        except TypeError as error:
            return x + 1, str(error)

    check_same(program, torch.randn(3), {"a": 1})
