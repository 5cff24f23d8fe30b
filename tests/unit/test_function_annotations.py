"""A function made in the compiled code keeps its annotations, as the function CPython makes:
read in the trace, and on the function that leaves the frame."""

from __future__ import annotations

import torch

from tests.differential import check_same, one_graph


def annotations_read(x):
    def g(a: int, *, b: torch.Tensor = None) -> float:
        return a

    def plain(a):
        return a

    return x + 1, g.__annotations__, plain.__annotations__, g.__annotations__ is g.__annotations__


def annotated_function_returned(x):
    def g(a: int) -> int:
        return a

    return x * 2, g


def test_annotations_of_a_function_made_in_the_trace_are_read_as_eager():
    one_graph(check_same(annotations_read, torch.ones(2)))


def test_a_function_made_in_the_trace_leaves_with_its_annotations():
    from compiler import compile as compile_fn
    compiled = compile_fn(annotated_function_returned, fullgraph=True)
    result, g = compiled(torch.ones(2))
    assert g.__annotations__ == annotated_function_returned(torch.ones(2))[1].__annotations__
    assert g(3) == 3 and torch.equal(result, torch.full((2,), 2.0))
