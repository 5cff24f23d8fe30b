"""The tolerance policy: strict where a compiler has no freedom, calm where it has some."""

from __future__ import annotations

import math

import torch

from oracle.judge.compare import compare, compare_exceptions
from oracle.judge.state import Freezer


def frozen(value):
    return Freezer("parity_program_test").freeze(value)


def differs(expected, actual):
    return compare(frozen(expected), frozen(actual))


def test_float32_within_tolerance_is_equal():
    x = torch.randn(100)
    assert differs(x, x * (1 + 1e-6)) is None


def test_float32_error_of_one_in_ten_thousand_relative_is_reported():
    x = torch.ones(4)
    found = differs(x, x + torch.tensor([0, 0, 1e-3, 0]))
    assert found.path == "out" and found.index == (2,)
    assert math.isclose(found.max_abs, 1e-3, rel_tol=1e-3)


def test_integers_compare_bitwise():
    x = torch.arange(6).reshape(2, 3)
    found = differs(x, x + torch.tensor([[0, 0, 0], [0, 1, 0]]))
    assert found.index == (1, 1) and found.max_abs == 1.0


def test_bool_tensors_compare_bitwise():
    assert differs(torch.tensor([True, False]), torch.tensor([True, True])).index == (1,)


def test_nan_equals_nan_and_inf_equals_only_itself():
    x = torch.tensor([math.nan, math.inf, 1.0])
    assert differs(x, x.clone()) is None
    assert differs(x, torch.tensor([math.nan, -math.inf, 1.0])).index == (1,)


def test_sign_of_zero_is_not_compared():
    assert differs(torch.tensor([0.0]), torch.tensor([-0.0])) is None


def test_dtype_shape_and_requires_grad_are_exact():
    x = torch.ones(2, 3)
    assert differs(x, x.double()).what == "dtype"
    assert differs(x, x.reshape(3, 2)).what == "shape"
    assert differs(x, x.clone().requires_grad_()).what == "requires_grad"


def test_strides_of_a_dense_result_must_match():
    x = torch.randn(3, 4)
    found = differs(x.t(), x.t().contiguous())
    assert (found.what, found.expected, found.got) == ("stride", "[1, 4]", "[3, 1]")


def test_strides_of_a_non_dense_result_and_of_size_one_dims_are_free():
    x = torch.randn(4, 6)
    assert differs(x[:, ::2], x[:, ::2].contiguous()) is None
    assert differs(torch.ones(1, 3), torch.ones(3, 1).t()) is None


def test_python_types_are_exact():
    assert differs(1, 1.0).what == "type"
    assert differs(True, 1).what == "type"
    assert differs((1, 2), [1, 2]).what == "type"
    assert differs(torch.Size([2]), (2,)).what == "type"


def test_a_nested_difference_names_its_path():
    found = differs([0, {"h": torch.zeros(2)}], [0, {"h": torch.ones(2)}])
    assert found.path == "out[1]['h']"
    assert str(found).startswith("out[1]['h']: value (2 of 2 elements) differs: expected 0.0")


def test_missing_dict_keys_are_named():
    found = differs({"a": 1, "b": 2}, {"a": 1})
    assert (found.what, found.expected, found.got) == ("keys", "{'a', 'b'}", "{'a'}")


def test_python_floats_compare_within_float64_tolerance():
    assert differs(0.1 + 0.2, 0.3) is None
    assert differs(1.0, 1.0001).what == "value"


def test_exception_of_a_subclass_matches_and_a_wrapper_does_not():
    freezer = Freezer("m")
    runtime = freezer.freeze_exception(RuntimeError("x"))
    assert compare_exceptions(runtime, freezer.freeze_exception(NotImplementedError()), "out") \
        is None
    found = compare_exceptions(runtime, freezer.freeze_exception(ValueError("y")), "out")
    assert (found.expected, found.got) == ("RuntimeError: x", "ValueError: y")


def test_program_classes_of_two_loads_compare_equal_by_name():
    first, second = Freezer("parity_program_1"), Freezer("parity_program_2")
    a = type("Point", (), {"__module__": "parity_program_1"})()
    b = type("Point", (), {"__module__": "parity_program_2"})()
    a.x = b.x = 1
    assert compare(first.freeze(a), second.freeze(b)) is None


class _Plain:
    pass


def _object(*names):
    obj = _Plain()
    for name in names:
        setattr(obj, name, 1)
    return obj


def test_dict_key_order_is_compared():
    found = differs({"p": 1, "q": 2}, {"q": 2, "p": 1})
    assert found.what == "key order" and found.expected == "{'p', 'q'}"
    assert found.got == "{'q', 'p'}"
    assert differs({"p": 1, "q": 2}, {"p": 1, "q": 2}) is None


def test_attribute_order_of_an_object_is_compared():
    found = differs(_object("a", "b"), _object("b", "a"))
    assert found.what == "attribute order" and found.path == "out"
    assert differs(_object("a", "b"), _object("a", "b")) is None
