"""Conformance cases: binding, aliasing and iterator semantics that a tracer can get wrong."""

from __future__ import annotations

import torch

from tests.conformance.registry import case, randn

TALLY = {"n": 0}


@case()
def rebinding_keeps_old_value(a, b):
    x = a
    a = a + 1
    return x, a, x is a


@case()
def shared_list_alias(a, b):
    xs = [a]
    ys = [xs, xs]
    ys[0].append(b)
    return len(ys[1]), ys[1][1] is b


@case()
def dict_keys_view_is_live(a, b):
    d = {"x": a}
    keys = d.keys()
    d["y"] = b
    return list(keys), len(d.values())


@case()
def closure_sees_later_rebinding(a, b):
    x = 1
    f = lambda: x  # noqa: E731
    x = 2
    return a * f()


@case()
def default_evaluated_at_def_time(a, b):
    x = 1

    def f(t, k=x):
        return t * k

    x = 5
    return f(a), x


@case()
def iterators_exhaust(a, b):
    z = zip([a, b], [1, 2])
    first = list(z)
    second = list(z)
    g = (i for i in range(3))
    return len(first), second, sum(g), sum(g)


@case()
def inplace_on_tensor_in_list(a, b):
    xs = [a.clone(), b]
    xs[0].add_(1)
    ys = xs
    ys[0].mul_(2)
    return xs[0]


@case()
def augassign_on_input_mutates(a, b):
    a += 1
    b = b + 1
    return a, b


@case()
def chained_inplace_returns_self(a, b):
    out = a.add_(1).mul_(2)
    return out, out is a


@case()
def big_python_ints(a, b):
    big = 2 ** 100
    return a * (big % 7), big // 3 ** 40, -big < 0


@case()
def float_repr_in_fstring(a, b):
    return f"{1 / 3}", f"{a.shape[0] / 3:.3f}", str(1e20), b


@case()
def min_max_defaults(a, b):
    return max([], default=0), min([3, 1], default=9), a * max(a.shape[0], 2.5)


@case()
def int_float_equality(a, b):
    return a.shape[0] == 10.0, isinstance(a.shape[0], int), torch.float32 == torch.float, b


@case()
def sum_lists_with_start(a, b):
    return sum([[1], [2]], []), sum([a, b], torch.zeros(10, 10))


@case()
def closure_mutates_enclosing_list(a, b):
    acc = []

    def push(t):
        acc.append(t * 2)

    push(a)
    push(b)
    return acc, len(acc)


@case()
def global_dict_counter_twice(a, b):
    TALLY["n"] = 0
    TALLY["n"] += 1
    TALLY["n"] += 1
    return a * TALLY["n"], dict(TALLY)


@case()
def del_local_then_rebind(a, b):
    x = a + 1
    del x
    x = b
    return x * 2


@case()
def exception_variable_scope(a, b):
    msg = ""
    try:
        [][1]
    except IndexError as err:
        msg = type(err).__name__
    return a * len(msg), msg


@case(lambda: ([randn(0)], randn(1)))
def input_list_alias_to_output(xs, b):
    xs.append(b)
    return xs
