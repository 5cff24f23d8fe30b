"""Guards: a call whose metadata changed recompiles once, with a one-line reason; a call that
matches an earlier one compiles nothing (docs/verdicts.md, R1-R3)."""

import warnings

import pytest
import torch

import compiler
from tests.differential import assert_same

FACTOR = 2
SETTINGS = {"scale": 1.0}


def _compiled(fn):
    return compiler.compile(fn, fullgraph=True)


def _scaled_by_global(x):
    return x * FACTOR


def _scaled_by_global_dict(x):
    return x * SETTINGS["scale"]


def test_same_metadata_compiles_once():
    fc = _compiled(lambda x: x.sin() + 1)
    for _ in range(3):
        x = torch.randn(3, 2)
        assert_same(fc(x), x.sin() + 1)
    s = compiler.stats(fc)
    assert (s.compiles, s.frames, s.recompiles) == (1, 1, [])


def test_recompiles_when_dtype_changes():
    fc = _compiled(lambda x: x * 2)
    fc(torch.randn(3))
    x = torch.randn(3, dtype=torch.float64)
    assert_same(fc(x), x * 2)
    s = compiler.stats(fc)
    assert s.compiles == 2
    assert s.recompiles == ["L['x'].dtype == torch.float32 (got torch.float64)"]
    fc(torch.randn(3))
    fc(torch.randn(3, dtype=torch.float64))
    assert compiler.stats(fc).compiles == 2


def test_recompiles_when_shape_changes():
    fc = _compiled(lambda x: x.sum(0))
    fc(torch.randn(3, 2))
    x = torch.randn(4, 2)
    assert_same(fc(x), x.sum(0))
    s = compiler.stats(fc)
    assert s.compiles == 2
    assert s.recompiles == ["L['x'].shape == (3, 2) (got (4, 2))"]


def test_recompiles_when_requires_grad_changes():
    fc = _compiled(lambda x: x * 2)
    fc(torch.randn(3))
    x = torch.randn(3, requires_grad=True)
    assert_same(fc(x), x * 2)
    s = compiler.stats(fc)
    assert s.compiles == 2
    assert s.recompiles == ["L['x'].requires_grad == False (got True)"]


def test_recompiles_when_stride_changes():
    fc = _compiled(lambda x: x + 1)
    fc(torch.randn(2, 3))
    x = torch.randn(3, 2).T
    assert_same(fc(x), x + 1)
    assert compiler.stats(fc).compiles == 2


def test_recompiles_when_python_scalar_changes():
    def f(x, n):
        return x * n

    fc = _compiled(f)
    fc(torch.ones(2), 2)
    assert_same(fc(torch.ones(2), 3), torch.full((2,), 3.0))
    fc(torch.ones(2), 2)
    s = compiler.stats(fc)
    assert s.compiles == 2
    assert s.recompiles == ["L['n'] == 2 (got 3)"]


def test_recompiles_when_python_scalar_type_changes():
    def f(x, n):
        return x * n

    fc = _compiled(f)
    fc(torch.ones(2), 2)
    assert_same(fc(torch.ones(2), 2.0), torch.full((2,), 2.0))
    assert compiler.stats(fc).compiles == 2


def test_recompiles_when_global_changes():
    global FACTOR
    fc = _compiled(_scaled_by_global)
    x = torch.ones(2)
    assert_same(fc(x), x * 2)
    FACTOR = 5
    try:
        assert_same(fc(x), x * 5)
    finally:
        FACTOR = 2
    s = compiler.stats(fc)
    assert s.compiles == 2
    assert s.recompiles == ["G['FACTOR'] == 2 (got 5)"]


def test_recompiles_when_global_dict_entry_changes():
    fc = _compiled(_scaled_by_global_dict)
    x = torch.ones(2)
    fc(x)
    SETTINGS["scale"] = 4.0
    try:
        assert_same(fc(x), x * 4.0)
    finally:
        SETTINGS["scale"] = 1.0
    assert compiler.stats(fc).compiles == 2


def test_recompiles_when_module_attribute_changes():
    class M(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.scale = 2.0

        def forward(self, x):
            return x * self.scale

    m = M()
    fc = _compiled(m)
    x = torch.ones(2)
    assert_same(fc(x), x * 2.0)
    m.scale = 3.0
    assert_same(fc(x), x * 3.0)
    s = compiler.stats(fc)
    assert s.compiles == 2
    assert s.recompiles == ["L['self'].scale == 2.0 (got 3.0)"]


def test_recompiles_when_module_switches_to_eval():
    m = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Dropout(0.9))
    fc = _compiled(m)
    x = torch.randn(4, 3)
    fc(x)
    m.eval()
    assert_same(fc(x), m(x))
    assert compiler.stats(fc).compiles == 2


def test_module_parameter_update_in_place_needs_no_recompile():
    lin = torch.nn.Linear(2, 2)
    fc = _compiled(lin)
    x = torch.randn(1, 2)
    fc(x)
    with torch.no_grad():
        lin.weight.mul_(2)
    assert_same(fc(x), lin(x))
    assert compiler.stats(fc).compiles == 1


def test_recompiles_when_closure_cell_changes():
    k = 2

    def f(x):
        return x * k

    fc = _compiled(f)
    x = torch.ones(2)
    assert_same(fc(x), x * 2)
    k = 7
    assert_same(fc(x), x * 7)
    s = compiler.stats(fc)
    assert s.compiles == 2
    assert len(s.recompiles) == 1 and "(got 7)" in s.recompiles[0], s.recompiles


def test_recompiles_when_list_length_changes():
    def f(xs):
        return sum(xs)

    fc = _compiled(f)
    fc([torch.ones(2), torch.ones(2)])
    xs = [torch.ones(2)] * 3
    assert_same(fc(xs), torch.full((2,), 3.0))
    s = compiler.stats(fc)
    assert s.compiles == 2
    assert s.recompiles == ["len(L['xs']) == 2 (got 3)"]


def test_recompiles_when_dict_keys_change():
    def f(d):
        return sum(v for v in d.values())

    fc = _compiled(f)
    fc({"a": torch.ones(2)})
    d = {"a": torch.ones(2), "b": torch.ones(2)}
    assert_same(fc(d), torch.full((2,), 2.0))
    assert compiler.stats(fc).compiles == 2


def test_recompiles_when_input_type_changes():
    def f(x, v):
        return x + v

    fc = _compiled(f)
    fc(torch.ones(2), 1)
    assert_same(fc(torch.ones(2), torch.ones(2)), torch.full((2,), 2.0))
    assert compiler.stats(fc).compiles == 2


def test_recompiles_when_none_becomes_tensor():
    def f(x, bias=None):
        return x if bias is None else x + bias

    fc = _compiled(f)
    x = torch.ones(2)
    assert fc(x) is x
    assert_same(fc(x, torch.ones(2)), x + 1)
    assert compiler.stats(fc).compiles == 2


def test_recompiles_when_grad_mode_changes():
    fc = _compiled(lambda x: x * 2)
    x = torch.randn(2, requires_grad=True)
    fc(x)
    with torch.no_grad():
        out = fc(x)
    assert not out.requires_grad
    s = compiler.stats(fc)
    assert s.compiles == 2 and len(s.recompiles) == 1


def test_aliased_inputs_recompile_when_aliasing_changes():
    def f(a, b):
        a.add_(1)
        return b * 2

    fc = _compiled(f)
    x, y = torch.zeros(2), torch.zeros(2)
    assert_same(fc(x, y), torch.zeros(2))
    t = torch.zeros(2)
    assert_same(fc(t, t), torch.full((2,), 2.0))
    assert compiler.stats(fc).compiles == 2


def test_cache_limit_reached_runs_eagerly_and_stays_correct():
    """Without fullgraph only: fullgraph=True refuses instead (tests/unit/test_soundness.py).
    With ints specialised (dynamic=False), each new `n` is a recompile."""
    def f(x, n):
        return x * n

    fc = compiler.compile(f, fullgraph=False, dynamic=False)
    with compiler.config.patch(cache_limit=2):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for n in range(5):
                assert_same(fc(torch.ones(2), n), torch.full((2,), float(n)))
        s = compiler.stats(fc)
        assert s.compiles == 2
        assert s.cache_limit_hits == 3
        assert s.fallbacks == ["cache limit 2 reached"]
        assert s.recompiles == ["L['n'] == 0 (got 1)"]
        assert sum("cache limit" in str(w.message) for w in caught) == 1
        assert_same(fc(torch.ones(2), 1), torch.ones(2))
        assert compiler.stats(fc).compiles == 2


def test_reset_clears_caches_and_counters():
    fc = _compiled(lambda x: x + 1)
    fc(torch.ones(2))
    compiler.reset()
    assert compiler.stats(fc).compiles == 0
    fc(torch.ones(2))
    assert compiler.stats(fc).compiles == 1


def test_each_compiled_function_has_its_own_cache():
    def f(x):
        return x - 1

    first, second = _compiled(f), _compiled(f)
    first(torch.ones(2))
    second(torch.ones(2))
    assert compiler.stats(first).compiles == compiler.stats(second).compiles == 1


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.int32, torch.bool])
def test_recompile_reason_names_new_dtype(dtype):
    fc = _compiled(lambda x: x.clone())
    fc(torch.zeros(2))
    fc(torch.zeros(2, dtype=dtype))
    assert compiler.stats(fc).recompiles == [f"L['x'].dtype == torch.float32 (got {dtype})"]


class _Holder:
    def __init__(self):
        self.k = 2


HOLDER = _Holder()
HELPER_SCALE = 2


def _scaled_by_holder(x):
    return x * HOLDER.k


def _helper_reading_global(x):
    return x * HELPER_SCALE


def _calls_helper(x):
    return _helper_reading_global(x)


def test_recompiles_when_global_object_attribute_changes():
    fc = _compiled(_scaled_by_holder)
    fc(torch.ones(1))
    HOLDER.k = 3
    try:
        assert_same(fc(torch.ones(1)), torch.full((1,), 3.0))
    finally:
        HOLDER.k = 2
    assert compiler.stats(fc).recompiles == ["G['HOLDER'].k == 2 (got 3)"]


def test_recompiles_when_global_read_by_inlined_helper_changes():
    global HELPER_SCALE
    fc = _compiled(_calls_helper)
    fc(torch.ones(1))
    HELPER_SCALE = 4
    try:
        assert_same(fc(torch.ones(1)), torch.full((1,), 4.0))
    finally:
        HELPER_SCALE = 2
    assert compiler.stats(fc).recompiles == ["G['HELPER_SCALE'] == 2 (got 4)"]


def test_recompiles_when_list_element_value_changes():
    fc = _compiled(lambda x, lst: x * lst[1])
    fc(torch.ones(1), [1, 2])
    assert_same(fc(torch.ones(1), [1, 5]), torch.full((1,), 5.0))
    assert compiler.stats(fc).recompiles == ["L['lst'][1] == 2 (got 5)"]


def test_recompiles_when_dict_value_changes():
    fc = _compiled(lambda x, d: x * d["a"])
    fc(torch.ones(1), {"a": 1})
    assert_same(fc(torch.ones(1), {"a": 3}), torch.full((1,), 3.0))
    assert compiler.stats(fc).recompiles == ["L['d']['a'] == 1 (got 3)"]


def test_recompiles_when_string_argument_changes():
    def f(x, mode):
        return x * 2 if mode == "double" else x - 1

    fc = _compiled(f)
    fc(torch.ones(1), "double")
    assert_same(fc(torch.ones(1), "other"), torch.zeros(1))
    assert compiler.stats(fc).recompiles == ["L['mode'] == 'double' (got 'other')"]


def test_bool_and_int_with_equal_value_do_not_share_an_entry():
    def f(x, flag):
        return x + 1 if flag else x - 1, flag

    fc = _compiled(f)
    assert_same(fc(torch.ones(1), 1), (torch.full((1,), 2.0), 1))
    assert_same(fc(torch.ones(1), True), (torch.full((1,), 2.0), True))
    assert compiler.stats(fc).compiles == 2
