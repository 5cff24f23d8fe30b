"""dict.items() views are set-like, as keys() views are: |, &, - and ^ with another view or a
set give CPython's set (a set of the pairs), in one graph."""

import torch

import compiler
from tests.differential import assert_same


def test_items_view_set_operations_equal_eager():
    def f(a):
        first = {"x": 1, "y": 2, "z": 3}
        second = {"y": 2, "z": 30}
        shared = first.items() & second.items()
        return (a * len(shared), sorted(shared), sorted(first.items() - second.items()),
                sorted(first.items() ^ second.items()), sorted(first.items() | {("v", 0)}))

    a = torch.randn(2)
    assert_same(compiler.compile(f, fullgraph=True)(a), f(a))
