"""mark_dynamic / mark_static, the shape guards' failure reasons, what `explain` shows, and the
Python-level uses of a size that must be specialised (guarded) rather than kept symbolic."""

import pytest
import torch

import compiler
from tests.dynamic.sweep import BATCH_SWEEP, rows, sweep


def double_rows(x):
    return x.reshape(x.shape[0] * 2, -1) + 1


def test_mark_dynamic_is_symbolic_from_the_first_compile_even_when_dynamic_is_false():
    compiled = compiler.compile(double_rows, dynamic=False, fullgraph=True)

    def make(n):
        (x,) = rows()(n)
        compiler.mark_dynamic(x, 0)
        return (x,)
    stats = sweep(double_rows, make, BATCH_SWEEP, compiled=compiled)
    assert stats.compiles == 1


def test_mark_dynamic_bounds_are_guards_that_name_the_input():
    compiled = compiler.compile(double_rows, fullgraph=True)
    x = torch.randn(8, 4)
    compiler.mark_dynamic(x, 0, min=2, max=64)
    compiled(x)
    big = torch.randn(80, 4)
    assert compiled.cache.miss_reason({"x": big}, {}) == "L['x'].size()[0] <= 64 (got 80)"
    assert "L['x'].size()[0] <= 64" in compiled.cache.entries[0].check.describe()


def test_mark_static_keeps_a_dimension_specialised_under_dynamic_true():
    def make(n):
        (x,) = rows()(n)
        compiler.mark_static(x, 0)
        return (x,)
    with compiler.config.patch(cache_limit=16):
        stats = sweep(double_rows, make, BATCH_SWEEP[:4], dynamic=True, fullgraph=True)
    assert stats.compiles == 4


def test_marks_reject_a_dimension_the_tensor_does_not_have():
    with pytest.raises(IndexError, match="dimension 2 of a 2-d tensor"):
        compiler.mark_dynamic(torch.randn(2, 3), 2)
    with pytest.raises(IndexError, match="dimension -3 of a 2-d tensor"):
        compiler.mark_static(torch.randn(2, 3), -3)


def test_negative_dimensions_count_from_the_end():
    x = torch.randn(5, 6)
    compiler.mark_dynamic(x, -1)
    compiled = compiler.compile(lambda t: t.sum(-1) * t.shape[-1], dynamic=False)
    compiled(x)
    y = torch.randn(5, 9)
    assert compiled.cache.entries[0].check.check({"t": y}, {})


def test_explain_shows_symbols_and_their_guards():
    x = torch.randn(8, 4)
    compiler.mark_dynamic(x, 0)
    text = str(compiler.explain(double_rows, x))
    assert "sym_size" in text
    assert "shape=(s" in text  # the input's shape names its symbol
    assert "2 <= L['x'].size()[0]" in text


def test_automatic_dynamic_recompile_reason_and_log():
    compiled = compiler.compile(double_rows)
    compiled(torch.randn(3, 4))
    compiled(torch.randn(5, 4))
    compiled(torch.randn(1, 4))
    assert compiler.stats(compiled).recompiles == [
        "L['x'].shape == (3, 4) (got (5, 4))", "2 <= L['x'].size()[0] (got 1)"]


# -- Python-level facts from sizes: exact or specialised, never stale ------------------------
def size_as_dict_key(x):
    table = {x.shape[0]: "n"}
    return x * len(table), table


def size_in_a_list(x):
    return [0] * x.shape[0], x + 1


def loop_over_rows(x):
    total = x[0] * 0
    for i in range(len(x)):
        total = total + x[i] * i
    return total


def size_in_a_string(x):
    return f"rows={x.shape[0]}", x.relu()


def branch_on_equality(x):
    if x.size(0) == 5:
        return x * 5
    return x


def float_of_size(x):
    return x * (x.shape[0] / 3), x.shape[0] / 3


def slice_by_size(x):
    return x[: x.shape[0] // 2] * 2


def iterate_tensor(x):
    return [row.sum() for row in x]


SPECIALISED = [size_as_dict_key, size_in_a_list, loop_over_rows, size_in_a_string,
               branch_on_equality, float_of_size, slice_by_size, iterate_tensor]


@pytest.mark.parametrize("fn", SPECIALISED, ids=lambda f: f.__name__)
@pytest.mark.parametrize("dynamic", [None, True])
def test_python_facts_from_sizes_equal_eager_on_every_size(fn, dynamic):
    with compiler.config.patch(cache_limit=16):
        sweep(fn, rows(), BATCH_SWEEP, dynamic=dynamic)


def test_a_size_used_as_a_python_constant_is_guarded_by_value():
    compiled = compiler.compile(size_in_a_list, dynamic=True)
    compiled(torch.randn(4, 4))
    assert compiled.cache.miss_reason({"x": torch.randn(6, 4)}, {}) == (
        "L['x'].size()[0] == 4 (got 6)")


def nonzero_rows(x):
    return x.nonzero().shape[0] * x


def masked(x):
    return x[x > 0].sum() + x.shape[0]


@pytest.mark.parametrize("fn", [nonzero_rows, masked], ids=lambda f: f.__name__)
def test_data_dependent_sizes_still_break_the_graph(fn):
    stats = sweep(fn, rows(), BATCH_SWEEP[:5], dynamic=True)
    assert stats.graph_breaks


def test_a_size_outside_its_marked_bounds_is_specialised_for_that_compile():
    compiled = compiler.compile(double_rows, dynamic=False, fullgraph=True)
    x = torch.randn(80, 4)
    compiler.mark_dynamic(x, 0, max=64)
    compiled(x)
    assert "shape=(80, 4)" in "\n".join(compiled.cache.entries[0].check.describe())


def test_dynamic_must_be_none_true_or_false():
    with pytest.raises(ValueError, match="dynamic must be None, True or False"):
        compiler.compile(double_rows, dynamic="yes")


def test_guards_log_names_each_symbol_and_what_it_became():
    import io
    import logging
    logger = logging.getLogger("parity.guards")
    level, out = logger.level, io.StringIO()
    handler = logging.StreamHandler(out)
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        compiled = compiler.compile(branch_on_equality, dynamic=True)
        compiled(torch.randn(5, 4))
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    text = out.getvalue()
    assert "= L['x'].size()[0] (traced at 5, specialised to 5)" in text
    assert "= L['x'].size()[1] (traced at 4, symbolic)" in text
