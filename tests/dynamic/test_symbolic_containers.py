"""Sizes kept symbolic through Python containers: a tuple of sizes built by concatenation, the
way modelling code builds an output shape (`(-1,) + shape[1:] + (hidden,)`), stays symbolic, so
an automatic-dynamic recompile is the last one."""

import compiler
from tests.dynamic.sweep import BATCH_SWEEP, rows, sweep


def shape_by_concatenation(x):
    shape = (1,) + x.shape[:1] + (x.size(-1),)
    return x.reshape(shape) * 2, len(shape)


def shape_from_repeat_and_slices(x):
    head = x.shape[:-1] * 2
    return x.new_zeros(head[:2] + x.shape[1:]).sum(), head


def test_size_tuples_built_by_concatenation_stay_symbolic():
    stats = sweep(shape_by_concatenation, rows(), BATCH_SWEEP, fullgraph=True)
    assert stats.compiles == 2 and stats.graphs == 2, stats


def test_size_tuples_repeated_and_sliced_match_eager_on_every_size():
    stats = sweep(shape_from_repeat_and_slices, rows(), BATCH_SWEEP, fullgraph=True)
    assert stats.compiles == 2, stats


def sizes_joined_with_tuples(x):
    return x.shape + (1,), (1,) + x.shape, x.shape * 2, 2 * x.shape[:1], (1,) + (2,), x + 1


def test_a_size_joined_with_tuples_is_a_size_as_in_eager():
    for dynamic in (False, True):
        compiler.reset()
        sweep(sizes_joined_with_tuples, rows(), (2, 3), dynamic=dynamic, fullgraph=True)
