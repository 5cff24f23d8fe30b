"""Input sources build the tensors their specs describe."""

from __future__ import annotations

import math

import torch

from generators.inputs import InputSpec, TensorSpec, tensor_source, with_new_shape
from generators.ir import Kind


def build(spec: TensorSpec) -> torch.Tensor:
    return eval(tensor_source(spec), {"torch": torch, "g": torch.Generator().manual_seed(0)})


def test_transposed_input_has_the_shape_asked_and_is_not_contiguous():
    t = build(TensorSpec((3, 4), layout="transposed"))
    assert t.shape == (3, 4) and not t.is_contiguous()


def test_sliced_and_expanded_inputs_keep_their_shape():
    assert build(TensorSpec((2, 3), layout="sliced")).shape == (2, 3)
    expanded = build(TensorSpec((2, 3), layout="expanded"))
    assert expanded.shape == (2, 3) and expanded.stride(0) == 0


def test_special_values_put_nan_into_the_input():
    assert torch.isnan(build(TensorSpec((2, 3), special="nan"))).any()
    assert math.isnan(build(TensorSpec((), special="nan")).item())


def test_dtypes_and_requires_grad_reach_the_tensor():
    assert build(TensorSpec((2,), dtype="int32")).dtype == torch.int32
    assert build(TensorSpec((2,), dtype="bool")).dtype == torch.bool
    assert build(TensorSpec((2,), dtype="bfloat16", requires_grad=True)).requires_grad


def test_shape_change_grows_every_tensor_sharing_the_first_dim():
    specs = [InputSpec("x", Kind.TENSOR, TensorSpec((2, 3))),
             InputSpec("y", Kind.TENSOR, TensorSpec((2,))),
             InputSpec("z", Kind.TENSOR, TensorSpec((5,)))]
    shapes = [s.tensor.shape for s in with_new_shape(specs)]
    assert shapes == [(3, 3), (3,), (5,)]
