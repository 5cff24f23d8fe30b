"""Tensors made from Python constants (`torch.tensor(2)`): their value is known at trace time
(compiler/values/tensor_known.py) until something writes them."""

import pytest
import torch

import compiler
from tests.differential import assert_same, compiler_test_config  # noqa: F401


def _same(fn, *args, fullgraph=True):
    try:
        expected = ("ok", fn(*args))
    except Exception as exc:  # noqa: BLE001 - compared
        expected = ("raised", repr(exc))
    try:
        actual = ("ok", compiler.compile(fn, fullgraph=fullgraph)(*args))
    except Exception as exc:  # noqa: BLE001 - compared
        actual = ("raised", repr(exc))
    assert actual[0] == expected[0], (actual, expected)
    if actual[0] == "ok":
        assert_same(actual[1], expected[1])
    else:
        assert actual[1] == expected[1]


def test_python_values_of_a_constant_tensor():
    def f(x):
        i = torch.tensor(0)
        j = torch.as_tensor([1, 2], dtype=torch.int32)
        k = torch.tensor(2.5)
        return (i.item(), i.__int__(), i.__bool__(), j.tolist(), k.item(), k.__float__(),
                torch.tensor(True).item(), x + 1)

    _same(f, torch.ones(2))


def test_branch_on_a_constant_tensor():
    def f(x):
        flag = torch.tensor(1)
        if flag:
            x = x + 1
        if not torch.tensor(0.0):
            x = x * 2
        return x

    _same(f, torch.ones(2))


@pytest.mark.parametrize("write", [
    lambda t: t.add_(1),
    lambda t: t.view(1).mul_(3),
    lambda t: t.copy_(torch.tensor(5)),
    lambda t: torch.add(t, 2, out=t),
    lambda t: t.__setitem__((), 7),
])
def test_a_written_tensor_is_not_known(write):
    def f(x):
        t = torch.tensor(1)
        write(t)
        if t:
            return x + 1
        return x

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(torch.ones(2))
    compiler.reset()
    _same(f, torch.ones(2), fullgraph=False)


def test_data_alias_forgets_the_value():
    def f(x):
        t = torch.tensor(1)
        t.data.zero_()
        return x * (t.item() + 1)  # Python arithmetic: the value itself is needed

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(torch.ones(2))
    compiler.reset()
    _same(f, torch.ones(2), fullgraph=False)


def test_item_of_an_unknown_tensor_is_still_deferred():
    def f(x):
        return x.sum().item(), x + 1

    _same(f, torch.ones(2))


def test_float_tensor_as_an_index_raises_eagers_type_error():
    def f(x):
        try:
            return [x, x + 1][torch.tensor(1.0)]
        except TypeError as e:
            return str(e)

    _same(f, torch.ones(2))


def test_list_and_size_indexed_by_a_constant_tensor():
    def f(x, y):
        items = [x, y, x + 1]
        i = torch.as_tensor(2)
        return items[i], x.reshape(-1, x.shape[torch.tensor(1)]), (x, y)[torch.tensor([1])]

    _same(f, torch.randn(2, 3, 4), torch.randn(1))


def test_value_follows_a_default_dtype_set_in_the_trace():
    def f(x):
        torch.set_default_dtype(torch.float64)
        try:
            v = torch.tensor(0.1).item()
        finally:
            torch.set_default_dtype(torch.float32)
        return x + 1, v, torch.tensor(0.1).item()

    _same(f, torch.ones(1))


def test_cpu_device_keyword_keeps_the_value():
    def f(x):
        n = torch.as_tensor([2, 3], device="cpu")
        return x * n.tolist()[1], torch.tensor(1, device=torch.device("cpu")).item()

    _same(f, torch.ones(2))
