"""Held-out-style cases (part q2): tensor data in Python.

The builtins on tensors (len, iter and unpacking, abs, round, min/max of tensors and of
tensors with numbers), `assert` on tensor data, `.item()` and `.tolist()`, tensors made from
Python constants used as numbers, truth values and indices of lists, tuples and sizes.
"""

from __future__ import annotations

import operator

import torch

from tests.conformance.registry import randint, randn
from tests.dynamo_style.registry import case


def _t(shape=(3, 4), seed=0):
    return randn(seed, shape)


def _one():
    return (_t(),)


def _two():
    return _t(), _t(seed=1)


# -- builtins on tensors ------------------------------------------------------------------------

@case(_one)
def q2_len_iter_and_unpack(x):
    a, b, c = x
    total = torch.zeros(4)
    for i, row in enumerate(x):
        total = total + row * i
    return len(x), len(x[0]), a - c, b, total


@case(_two)
def q2_zip_rows_and_reversed(x, y):
    out = [r + s for r, s in zip(x, y)]
    back = [r.sum() for r in reversed(x)]
    return torch.stack(out), torch.stack(back)


@case(_one)
def q2_iter_by_hand(x):
    it = iter(x)
    first = next(it)
    second = next(it)
    rest = list(it)
    return first * second, len(rest), next(iter(x[0])), next(it, None)


@case(_one)
def q2_dunder_iter_rows_written_in_place(x):
    y = x.clone()
    for row in y.__iter__():
        row.mul_(2)
    return y


@case(_one)
def q2_iter_of_0d_raises(x):
    errors = []
    def unpack():
        a, b = x.sum()
        return a, b

    for probe in (lambda: iter(x.sum()), lambda: len(x.sum()), unpack,
                  lambda: [r for r in x[0, 0]]):
        try:
            probe()
        except TypeError as e:
            errors.append(str(e))
    return x, errors


@case(_one)
def q2_abs_neg_pos_round(x):
    return abs(x), -x, +x, round(x * 10), round(x, 2), abs(x.sum())


@case(lambda: (randint(0, (3, 4)),))
def q2_integer_builtins(x):
    return abs(x), divmod(x, 3), pow(x, 2), x // 2, -x % 5


@case(_two)
def q2_max_min_of_made_tensors(x, y):
    a, b = x.sum() * 1, y.sum() * 1
    big = max(a, b)
    small = min(a, b)
    return big - small, big + 0, max([a * 2, b * 3, a + b]) * 1


@case(_two)
def q2_clamp_by_builtins(x, y):
    s = x.sum()
    clipped = min(max(s, -1.0), 1.0)
    return y * clipped


@case(_two, gap="max() over the elements of a tensor compares views of an input (data)")
def q2_max_over_tensor_elements(x, y):
    return max(x[0]) + y, min(x[:, 0]) * 2


# -- assert on tensor data -----------------------------------------------------------------------

@case(_one)
def q2_assert_on_values(x):
    assert (x.abs() < 100).all(), "values out of range"
    assert not torch.isnan(x).any()
    return x * 2


@case(_one)
def q2_assert_shape_and_value(x):
    assert x.dim() == 2 and x.shape[1] == 4
    assert x.abs().max() < 1e6, f"too big: {x.abs().max()}"
    return x.sum(1)


@case(_one)
def q2_assert_fails_and_is_caught(x):
    try:
        assert x.sum() > 1e9, "small"
        caught = None
    except AssertionError as e:
        caught = str(e)
    return x + 1, caught


@case(_one)
def q2_assert_of_many_elements_raises(x):
    try:
        assert x > -100
    except RuntimeError as e:
        return x, str(e)
    return x, ""


@case(_one)
def q2_assert_in_helper(x):
    def check(t, name):
        assert torch.isfinite(t).all(), f"{name} is not finite"
        return t

    return check(x, "x") * 2, check(x.exp(), "exp")


# -- .item(), .tolist() ----------------------------------------------------------------------------

@case(_one)
def q2_item_returned_for_logging(x):
    loss = (x ** 2).mean()
    stats = {"loss": loss.item(), "max": x.max().item()}
    return loss * 2, stats


@case(_one, breaks=True)
def q2_item_used_in_arithmetic(x):
    m = x.abs().max().item()
    return x / (m + 1.0)


@case(_one, breaks=True)
def q2_tolist_of_input_data(x):
    return sum(x[0].tolist()), x + 1


# -- tensors made from constants ---------------------------------------------------------------

@case(_one)
def q2_constant_tensor_python_values(x):
    n = torch.tensor(3)
    w = torch.tensor([0.5, 0.25])
    flags = torch.tensor([True, False])
    return x * n.item(), w.tolist(), flags.tolist(), n.__index__(), torch.tensor(1.5).item()


@case(_one)
def q2_constant_tensor_truth(x):
    use_bias = torch.tensor(True)
    zero = torch.tensor(0.0)
    y = x
    if use_bias:
        y = y + 1
    if not zero:
        y = y * 2
    return y


@case(_one)
def q2_constant_tensor_written_then_used_as_tensor(x):
    t = torch.tensor([1.0, 2.0, 3.0, 4.0])
    t.mul_(2)
    return x * t, t.sum()


@case(_two)
def q2_list_indexed_by_constant_tensor(x, y):
    items = [x, y, x + y]
    i = torch.as_tensor(2)
    return items[i], (x, y)[torch.tensor(0)], items[torch.tensor([1])]


@case(lambda: (_t((2, 3, 4)),))
def q2_size_indexed_by_constant_tensor(x):
    d = torch.tensor(1)
    return x.reshape(-1, x.shape[d]), x.size()[torch.tensor(-1)]


@case(_one)
def q2_int_float_of_constant_tensor(x):
    k = torch.tensor(2)
    return x * int(k), float(torch.tensor(0.5)), operator.index(k), list(range(k))


@case(_one, breaks=True)
def q2_list_indexed_by_data(x):
    i = x.argmax() % 3
    return [x, x + 1, x + 2][i]


@case(_one)
def q2_float_tensor_index_raises(x):
    try:
        return [x, x][torch.tensor(1.0)]
    except TypeError as e:
        return str(e)


@case(_one)
def q2_constant_tensor_sizes_and_loops(x):
    n = torch.tensor(3)
    parts = [x[:, i] for i in range(n.item())]
    pad = torch.zeros(int(n.item()), 2)
    return torch.stack(parts), pad, x.new_ones(n.tolist())
