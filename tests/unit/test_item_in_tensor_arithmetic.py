"""`x * t.item()` (+, - or * with a tensor): the number's place is taken by the graph's copy of
`t` when the op's dtype is the same with it as with a Python number of its type, so the
frame compiles whole; where a 0-d tensor would promote otherwise (an int tensor minus a float64
item), it stays refused under fullgraph. Every case is compared with eager, dtype included."""

import pytest
import torch

import compiler
from tests.differential import check_same


def times_sum(x):
    return x * x.sum().item()


def item_plus(x):
    return x.max().item() + x


def float_times_int_item(x, y):
    return x * y.sum().item()


def float32_plus_float64_item(x, y):
    return x + y.sum().item()


def half_times_item(x, y):
    return x * y.item()


def int_minus_float64_item(x, y):
    return x - y.max().item()


@pytest.mark.parametrize("fn, args", [
    (times_sum, (torch.randn(3),)),
    (item_plus, (torch.randn(3),)),
    (float_times_int_item, (torch.randn(3), torch.tensor([2, 3]))),
    (float32_plus_float64_item, (torch.randn(3), torch.randn(2, dtype=torch.float64))),
    (half_times_item, (torch.randn(3, dtype=torch.float16), torch.tensor(1.0001))),
], ids=lambda v: getattr(v, "__name__", ""))
def test_an_item_in_tensor_arithmetic_compiles(fn, args):
    check_same(fn, *args)


def test_an_item_that_would_promote_otherwise_is_refused():
    args = (torch.arange(3), torch.randn(2, dtype=torch.float64))
    with pytest.raises(compiler.Unsupported, match="DeferredItemValue"):
        check_same(int_minus_float64_item, *args)
    check_same(int_minus_float64_item, *args, fullgraph=False)


def _mutated_copy(v):
    t = torch.tensor(v.item())
    t.add_(1)
    return t, v.item()


@pytest.mark.parametrize("fn, arg", [
    (lambda v: torch.tensor([v.item()]), torch.randn(1)),
    (lambda v: torch.tensor([[v.item()], [2.0]]), torch.randn(1)),
    (lambda v: torch.tensor(v.item()), torch.randn(1)),
    (lambda v: torch.tensor((v.item(),)), torch.randn(1)),
    (lambda v: torch.tensor([v.item(), 1]), torch.randn(1, dtype=torch.float64)),
    (lambda v: torch.tensor([v.item(), 3]), torch.tensor([7])),
    (lambda v: torch.tensor([v.item(), 3.5]), torch.tensor([7])),
    (lambda v: torch.tensor([v.item()], dtype=torch.float16), torch.randn(1)),
    (lambda v: torch.tensor([v.sum().item()]), torch.randn(2, requires_grad=True)),
    (lambda v: torch.tensor([v.all().item(), False]), torch.tensor([True])),
    (_mutated_copy, torch.randn(1)),
])
def test_torch_tensor_of_item_numbers(fn, arg):
    """`torch.tensor([t.item(), ...])`: t's copy converted to the dtype torch infers from the
    Python numbers (float64 items into the default dtype, ints into int64), a new tensor."""
    check_same(fn, arg)


def test_item_numbers_into_an_integer_dtype_are_refused():
    with pytest.raises(compiler.Unsupported, match="item"):
        check_same(lambda v: torch.tensor([v.item()], dtype=torch.int32), torch.randn(1))
