"""Automatic dynamic covers strides too: an input view whose sizes stay but whose strides change
between calls (a slice of a growing buffer, `ids[:, :3]` of ever longer rows) is traced with
symbolic strides after its first change, as its sizes would be, instead of recompiling for every
new stride; results equal eager's on every call."""

import torch

from tests.dynamic.sweep import sweep

WIDTHS = (4, 6, 9, 12, 5, 16)


def first_columns(width: int) -> tuple:
    g = torch.Generator().manual_seed(width)
    return (torch.randn(2, width, generator=g)[:, :3],)


def scale_columns(x):
    return x * 2 + x.sum(0), x.is_contiguous()


def test_a_stride_seen_changing_is_traced_symbolic():
    stats = sweep(scale_columns, first_columns, WIDTHS, fullgraph=True)
    assert (stats.compiles, stats.graphs) == (2, 2), stats
    assert "stride" in stats.recompiles[0], stats.recompiles


def test_strides_stay_specialised_when_dynamic_is_false():
    stats = sweep(scale_columns, first_columns, WIDTHS[:3], dynamic=False, fullgraph=True)
    assert stats.compiles == 3, stats


def test_a_stride_that_becomes_contiguous_again_still_matches_eager():
    def make(width):
        (x,) = first_columns(width)
        return (x.contiguous() if width == 3 else x,)
    sweep(scale_columns, make, (4, 6, 3, 9), fullgraph=True)
