"""BINARY_OP with every operator, unary ops, comparisons, `is` and `in`."""

import operator

import pytest
import torch

import compiler
from tests.differential import assert_same, check_same, one_graph

FLOAT_OPERATORS = ["+", "-", "*", "/", "//", "%", "**"]
INT_OPERATORS = FLOAT_OPERATORS + ["&", "|", "^", "<<", ">>"]


def _binary(op):
    return eval(f"lambda a, b: a {op} b")


def _inplace(op):
    namespace = {}
    exec(f"def f(a, b):\n    a {op}= b\n    return a", namespace)
    return namespace["f"]


def test_binary_ops_on_tensors_and_scalars():
    def f(x, y):
        return x + y * 2 - y / 3, x @ y.T

    x, y = torch.randn(10, 10), torch.randn(10, 10)
    stats = check_same(f, x, y)
    one_graph(stats, ops=6)


@pytest.mark.parametrize("op", FLOAT_OPERATORS)
def test_float_tensor_binary_operator(op):
    x, y = torch.rand(6) + 0.5, torch.rand(6) + 0.5
    one_graph(check_same(_binary(op), x, y), ops=1)


@pytest.mark.parametrize("op", INT_OPERATORS)
def test_int_tensor_binary_operator(op):
    x = torch.tensor([7, 12, 5, 9])
    y = torch.tensor([2, 3, 1, 2])
    one_graph(check_same(_binary(op), x, y), ops=1)


@pytest.mark.parametrize("op", INT_OPERATORS)
def test_python_int_binary_operator_is_constant_folded(op):
    apply = _binary(op)

    def f(x, a, b):
        return x + apply(a, b)

    one_graph(check_same(f, torch.zeros(2), 13, 3), ops=1)


@pytest.mark.parametrize("op", INT_OPERATORS)
def test_inplace_operator_on_int_tensor(op):
    x = torch.tensor([7, 12, 5, 9])
    y = torch.tensor([2, 3, 1, 2])
    if op == "/":
        x = x.float()
    one_graph(check_same(_inplace(op), x, y))


def test_reflected_operators_with_scalar_on_the_left():
    def f(x):
        return 1 - x, 2 / x, 3 ** x, 10 // x, 7 % x

    one_graph(check_same(f, torch.rand(4) + 1), ops=5)


def test_matmul_operator_and_inplace_matmul_on_constants():
    def f(a, b):
        return a @ b, (a @ b) @ b.T

    one_graph(check_same(f, torch.randn(3, 4), torch.randn(4, 4)), ops=4)


def test_unary_operators():
    def f(x, i, n):
        return -x, +x, ~i, not n, -n, ~n

    one_graph(check_same(f, torch.randn(3), torch.tensor([1, 2]), 5))


def test_tensor_comparisons_produce_bool_tensors():
    def f(x, y):
        return x < y, x <= y, x > y, x >= y, x == y, x != y

    one_graph(check_same(f, torch.tensor([1.0, 2, 3]), torch.tensor([2.0, 2, 2])), ops=6)


def test_python_comparisons_choose_branches():
    def f(x, a, b):
        out = x
        if a < b:
            out = out + 1
        if a >= b:
            out = out - 1
        if a == 3 and b != 3:
            out = out * 2
        return out

    check_same(f, torch.zeros(2), 3, 4)
    check_same(f, torch.zeros(2), 5, 4)


def test_is_and_is_not():
    def f(x, y, flag):
        out = x
        if y is None:
            out = out + 1
        if flag is not None:
            out = out * 2
        return out, flag is True

    one_graph(check_same(f, torch.ones(2), None, True), ops=2)
    stats = check_same(f, torch.ones(2), torch.ones(2), None)
    assert (stats.frames, stats.graphs, stats.fallbacks) == (1, 0, [])


def test_is_on_tensor_identity():
    def f(x, y):
        if x is y:
            return x + 1
        return x - 1

    t = torch.ones(2)
    fc = compiler.compile(f, fullgraph=True)
    assert_same(fc(t, t), f(t, t))
    assert_same(fc(t, torch.ones(2)), f(t, torch.ones(2)))


def test_in_and_not_in_on_containers():
    def f(x, key):
        out = x
        if key in {"a": 1, "b": 2}:
            out = out + 1
        if key not in ["c", "d"]:
            out = out * 3
        if 2 in (1, 2, 3):
            out = out - 1
        return out, "x" in "xyz"

    one_graph(check_same(f, torch.ones(2), "a"), ops=3)


def test_operator_module_functions():
    def f(x, y):
        return (operator.add(x, y), operator.mul(x, 2), operator.neg(y), operator.truediv(x, 4),
                operator.getitem(x, 1), operator.sub(3, 1))

    one_graph(check_same(f, torch.randn(3), torch.randn(3)))


def test_augmented_assignment_on_python_values():
    def f(x, n):
        n += 2
        n *= 3
        n -= 1
        n //= 2
        s = "a"
        s += "b"
        lst = [1]
        lst += [2, 3]
        return x * n, s, lst

    one_graph(check_same(f, torch.ones(2), 4), ops=1)
