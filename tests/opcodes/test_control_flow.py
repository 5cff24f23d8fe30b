"""Loops, branches, comprehensions, try/except/finally and `with` blocks in traced code."""

import pytest
import torch

from tests.differential import check_same, one_graph


def test_if_elif_else_on_python_values():
    def f(x, mode):
        if mode == "double":
            return x * 2
        elif mode == "neg":
            return -x
        else:
            return x

    for mode in ("double", "neg"):
        one_graph(check_same(f, torch.randn(3), mode), ops=1)


def test_if_on_tensor_shape_is_static():
    def f(x):
        if x.shape[0] > 2:
            return x.sum()
        return x.mean()

    one_graph(check_same(f, torch.randn(3, 2)), ops=1)
    one_graph(check_same(f, torch.randn(1, 2)), ops=1)


def test_conditional_expression_and_boolean_short_circuit():
    def f(x, a, b):
        y = x + 1 if a else x - 1
        z = (a and b) or 7
        w = a or b
        return y, z, w

    one_graph(check_same(f, torch.randn(2), 0, 3), ops=1)
    one_graph(check_same(f, torch.randn(2), 2, 0), ops=1)


def test_for_loop_over_range_is_unrolled():
    def f(x):
        for i in range(4):
            x = x * 2 + i
        return x

    one_graph(check_same(f, torch.randn(3)), ops=8)


def test_for_loop_over_list_and_tensor_rows():
    def f(x, weights):
        acc = torch.zeros(3)
        for w in weights:
            acc = acc + w
        for row in x:
            acc = acc + row
        return acc

    one_graph(check_same(f, torch.randn(2, 3), [1.0, 2.0]))


def test_while_loop_with_break_and_continue():
    def f(x):
        i = 0
        while True:
            i += 1
            if i % 2 == 0:
                continue
            x = x + i
            if i > 6:
                break
        return x, i

    one_graph(check_same(f, torch.zeros(2)), ops=4)


def test_for_else_runs_when_no_break():
    def f(x, stop):
        for i in range(3):
            if i == stop:
                break
        else:
            x = x + 100
        return x + i

    check_same(f, torch.zeros(2), 1)
    check_same(f, torch.zeros(2), 5)


def test_nested_loops():
    def f(x):
        out = []
        for i in range(2):
            for j in range(3):
                if j == 1:
                    continue
                out.append(x * (i + j))
        return out

    one_graph(check_same(f, torch.randn(2)), ops=4)


def test_list_comprehension_with_condition():
    def f(x):
        return [x * i for i in range(5) if i % 2]

    one_graph(check_same(f, torch.randn(2)), ops=2)


def test_dict_and_set_comprehensions():
    def f(x, names):
        d = {n: x * len(n) for n in names}
        s = {len(n) for n in names}
        return d, sorted(s)

    one_graph(check_same(f, torch.randn(2), ["a", "bb", "cc"]), ops=3)


def test_generator_expression_consumed_by_sum_and_tuple():
    def f(x):
        total = sum(x * i for i in range(3))
        t = tuple(i * i for i in range(4))
        return total, t

    one_graph(check_same(f, torch.randn(2)))


def test_nested_comprehension():
    def f(x):
        return [[x + i + j for j in range(2)] for i in range(2)]

    one_graph(check_same(f, torch.randn(2)))


def test_try_except_catches_python_exception_raised_inside():
    def f(x, d):
        try:
            v = d["missing"]
        except KeyError:
            v = 3
        return x * v

    one_graph(check_same(f, torch.ones(2), {"a": 1}), ops=1)


def test_try_except_catches_raise_statement():
    def f(x):
        try:
            raise ValueError("boom")
        except ValueError as e:
            msg = e.args[0]
        return x + 1, msg

    one_graph(check_same(f, torch.ones(2)), ops=1)


def test_str_of_caught_exception():
    def f(x):
        try:
            raise ValueError("boom")
        except ValueError as e:
            msg = str(e)
        return x + 1, msg

    one_graph(check_same(f, torch.ones(2)), ops=1)


def test_try_finally_runs_finally_on_normal_path():
    def f(x):
        log = []
        try:
            x = x + 1
            log.append("body")
        finally:
            log.append("finally")
        return x, log

    one_graph(check_same(f, torch.ones(2)), ops=1)


def test_try_except_else_finally():
    def f(x, n):
        out = []
        try:
            r = 10 // n
        except ZeroDivisionError:
            out.append("zero")
            r = 0
        else:
            out.append("ok")
        finally:
            out.append("done")
        return x * r, out

    one_graph(check_same(f, torch.ones(2), 2), ops=1)
    one_graph(check_same(f, torch.ones(2), 0), ops=1)


def test_exception_from_inlined_function_caught_by_caller():
    def inner(v):
        if v < 0:
            raise ValueError("negative")
        return v

    def f(x, v):
        try:
            return x * inner(v)
        except ValueError:
            return x - 1

    one_graph(check_same(f, torch.ones(2), -1), ops=1)


def test_exception_escaping_the_function_is_raised_to_caller():
    import compiler

    def f(x):
        y = x + 1
        raise RuntimeError("user error")
        return y

    fc = compiler.compile(f, fullgraph=True)
    with pytest.raises(RuntimeError, match="user error"):
        fc(torch.ones(2))


def test_with_no_grad_disables_grad_inside_only():
    def f(x):
        with torch.no_grad():
            y = x * 2
        z = x * 3
        return y, z, y.requires_grad, z.requires_grad

    one_graph(check_same(f, torch.randn(3, requires_grad=True)))
    assert torch.is_grad_enabled()


def test_with_enable_grad_inside_no_grad():
    def f(x):
        with torch.no_grad():
            with torch.enable_grad():
                y = x * 2
            z = x * 3
        return y, z

    one_graph(check_same(f, torch.randn(3, requires_grad=True)))


def test_with_set_grad_enabled_false_restores_grad_mode_on_exit():
    def f(x):
        with torch.set_grad_enabled(False):
            y = x.exp()
        return y, x * 2, torch.is_grad_enabled()

    one_graph(check_same(f, torch.randn(3, requires_grad=True)))


def test_assert_that_holds_is_traced():
    def f(x, n):
        assert n > 0, "n must be positive"
        assert x.dim() == 1
        return x * n

    one_graph(check_same(f, torch.ones(2), 3), ops=1)


def test_walrus_assignment_in_condition():
    def f(x, cmd):
        if (n := len(cmd)) > 1:
            x = x + n
        return x * n

    one_graph(check_same(f, torch.ones(2), ("scale", 3)), ops=2)
