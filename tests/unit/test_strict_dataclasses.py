"""Fields of a `huggingface_hub` strict dataclass (what transformers' configs are) written in a
trace: each write runs the field's validator, which reads `field.type` (a class, or a union
such as `float | None` read through typing.get_origin/get_args). Equal to eager, one graph."""

import dataclasses

import pytest
import torch

from tests.differential import check_same, one_graph

strict = pytest.importorskip("huggingface_hub.dataclasses").strict


@strict
@dataclasses.dataclass
class Settings:
    layers: int = 2
    rate: float | None = None
    name: str = "a"


def test_writes_validated_against_a_class_and_a_union_are_one_graph():
    def f(x, settings):
        settings.layers = 3
        settings.rate = 0.5
        settings.rate = None
        return x * settings.layers

    one_graph(check_same(f, torch.ones(2), Settings()))


def test_a_write_of_the_wrong_type_raises_as_in_eager():
    def f(x, settings):
        try:
            settings.rate = "fast"
        except Exception as error:  # StrictDataclassFieldValidationError
            return x - 1, type(error).__name__, str(error)
        return x + 1, "", ""

    check_same(f, torch.ones(2), Settings(), fullgraph=False)


def test_the_union_of_a_field_reads_as_in_eager():
    import typing

    def f(x):
        field = dataclasses.fields(Settings)[1]
        kind = field.type
        return (x + 1, typing.get_origin(kind), typing.get_args(kind), kind == (float | None),
                isinstance(kind, type))

    one_graph(check_same(f, torch.ones(2)))
