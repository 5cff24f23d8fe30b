"""`torch.repeat_interleave` with a repeats tensor made from constants in the frame: its value
is known at trace time, so the output size is too (passed as `output_size`, a hint the real op
does not change its result for). Repeats read from an input stay data-dependent: refused under
fullgraph, equal to eager without. Compared with eager."""

import pytest
import torch

import compiler
from tests.differential import check_same


def scalar_repeats_along_a_dim(x):
    x = x + 1
    return torch.repeat_interleave(x, torch.tensor(2), 1) * 2


def scalar_repeats_flattened(x):
    return torch.repeat_interleave(x, torch.tensor(3)) + 1


def per_row_repeats(x):
    sizes = torch.as_tensor([len(r) for r in ([1, 2], [3], [4, 5, 6])])
    return torch.repeat_interleave(x[:3], sizes, dim=0), sizes.sum()


def repeats_from_an_input(x, repeats):
    return torch.repeat_interleave(x, repeats, dim=0)


@pytest.mark.parametrize("fn", [scalar_repeats_along_a_dim, scalar_repeats_flattened,
                                per_row_repeats])
def test_known_repeats_compile_fullgraph(fn):
    check_same(fn, torch.randn(4, 3))


def test_repeats_from_an_input_depend_on_data():
    with pytest.raises(compiler.Unsupported, match="depends on tensor data"):
        check_same(repeats_from_an_input, torch.randn(2, 3), torch.tensor([1, 2]))
    check_same(repeats_from_an_input, torch.randn(2, 3), torch.tensor([1, 2]), fullgraph=False)
