"""More conformance cases: itertools, functools, operator, math, argument passing, closures."""

from __future__ import annotations

import functools
import itertools
import math
import operator

import torch

from tests.conformance.registry import case


def _scaled_add(x, y, *, alpha=1.0, beta=1.0):
    return x * beta + y * alpha


@case()
def partial_of_partial(a, b):
    p1 = functools.partial(_scaled_add, alpha=2.0)
    p2 = functools.partial(p1, a, beta=0.5)
    return p2(b), p2.keywords, p2.func is _scaled_add


@case(3)
def reduce_lambda_with_initial(a, b, c):
    out = functools.reduce(lambda acc, t: acc * 0.5 + t, [a, b, c], 0)
    prod = functools.reduce(operator.mul, range(1, 5))
    return out, prod


@case()
def operator_attrgetter_methodcaller(a, b):
    get_shape = operator.attrgetter("shape")
    summer = operator.methodcaller("sum", 0)
    return summer(a) + summer(b), tuple(get_shape(a)), operator.attrgetter("real")(3)


@case(3)
def operator_itemgetter_sort(a, b, c):
    rows = [("x", 3, a), ("y", 1, b), ("z", 2, c)]
    ordered = sorted(rows, key=operator.itemgetter(1))
    pick = operator.itemgetter(0, 2)([10, 20, 30])
    return [r[2] for r in ordered], pick


@case()
def operator_functions_on_tensors(a, b):
    return (operator.add(a, b), operator.neg(a), operator.truediv(a, 2),
            operator.getitem(a, 0), operator.matmul(a, b), operator.lt(1, 2))


@case(3)
def itertools_chain_from_iterable(a, b, c):
    groups = [[a], [b, c], []]
    flat = list(itertools.chain.from_iterable(groups))
    return flat, len(flat), list(itertools.chain("ab", [1]))


@case()
def itertools_product_repeat(a, b):
    out = a
    for i, j in itertools.product(range(2), repeat=2):
        out = out + b * (i - j)
    return out, list(itertools.product("ab", [0, 1]))


@case(3)
def itertools_combinations_products(a, b, c):
    return sum(x * y for x, y in itertools.combinations([a, b, c], 2))


@case()
def itertools_permutations_count(a, b):
    perms = list(itertools.permutations(range(3), 2))
    return a * len(perms) + b, perms[:3], list(itertools.permutations("ab"))


@case(3)
def itertools_accumulate_mul(a, b, c):
    prods = list(itertools.accumulate([1, 2, 3, 4], operator.mul))
    running = list(itertools.accumulate([a, b, c]))
    return running, prods, list(itertools.accumulate([1, 2], initial=10))


@case()
def itertools_islice_list(a, b):
    xs = [a, b, a * 2, b * 2, a * 3]
    return list(itertools.islice(xs, 1, None, 2)), list(itertools.islice("abcdef", 3))


@case()
def itertools_zip_longest_fill(a, b):
    out = []
    for t, k in itertools.zip_longest([a, b], [1, 2, 3], fillvalue=0):
        out.append(t + k if isinstance(t, torch.Tensor) else k)
    return out


@case()
def itertools_starmap(a, b):
    return list(itertools.starmap(torch.add, [(a, b), (b, a)])), list(
        itertools.starmap(pow, [(2, 3), (3, 2)]))


@case()
def itertools_groupby(a, b):
    words = ["ab", "cd", "efg", "h", "ij"]
    groups = {k: list(g) for k, g in itertools.groupby(sorted(words, key=len), key=len)}
    return a * len(groups[2]) + b, groups


@case(3)
def itertools_pairwise(a, b, c):
    diffs = [y - x for x, y in itertools.pairwise([a, b, c])]
    return diffs, list(itertools.pairwise(range(4)))


@case()
def itertools_takewhile_dropwhile(a, b):
    xs = [1, 2, 3, 4, 1]
    head = list(itertools.takewhile(lambda k: k < 3, xs))
    tail = list(itertools.dropwhile(lambda k: k < 3, xs))
    return a * sum(head) + b * sum(tail), head, tail


@case()
def itertools_cycle_islice(a, b):
    seq = list(itertools.islice(itertools.cycle([a, b]), 5))
    return seq, len(seq)


@case()
def itertools_compress_filterfalse(a, b):
    kept = list(itertools.compress([a, b, a + b], [1, 0, 1]))
    odds = list(itertools.filterfalse(lambda k: k % 2 == 0, range(6)))
    return kept, odds


@case()
def math_functions_on_shapes(a, b):
    n = a.numel()
    vals = (math.prod(a.shape), math.gcd(a.shape[0], 4), math.log2(n), math.isclose(0.1 + 0.2, 0.3),
            math.hypot(3, 4), math.floor(-2.5), math.comb(5, 2), math.factorial(4), math.pi > 3)
    return a * vals[1] + b * math.sqrt(a.shape[1]), vals


@case()
def math_inf_nan_constants(a, b):
    lo = min(math.inf, a.shape[0])
    return a.clamp(min=-math.inf, max=lo) + b, math.isnan(math.nan), math.isinf(-math.inf), lo


def _inner_star(*args):
    return sum(args[1:], args[0])


def _outer_star(*args):
    return _inner_star(*args, args[0] * 2)


@case(3)
def star_args_forwarding_two_levels(a, b, c):
    return _outer_star(a, b, c), _outer_star(1, 2)


def _inner_kwargs(x, *, scale=1.0, shift=0.0, **extra):
    return x * scale + shift, sorted(extra)


def _outer_kwargs(x, **kwargs):
    kwargs.setdefault("shift", 1.0)
    return _inner_kwargs(x, **kwargs)


@case()
def kwargs_forwarding_two_levels(a, b):
    return _outer_kwargs(a, scale=2.0), _outer_kwargs(b, shift=3.0, tag="t", k=1)


def _kwonly(x, y=None, *, scale=2, bias=0.5):
    base = x if y is None else x + y
    return base * scale + bias


@case()
def keyword_only_defaults(a, b):
    return _kwonly(a), _kwonly(a, b, bias=1.0), _kwonly(a, scale=3, y=b)


def _posonly(x, y, /, z=1, *, w=2):
    return x * z + y * w


@case()
def positional_only_args(a, b):
    return _posonly(a, b), _posonly(a, b, 3, w=0), _posonly(*(a, b), **{"z": 4})


@case()
def mixed_star_unpack_call(a, b):
    args = [a]
    kwargs = {"y": b, "scale": 1}
    extra = {"bias": 0.0}
    return _kwonly(*args, **kwargs, **extra), _kwonly(*[a], *(), **{})


def _maybe_bias(x, bias=None, act=None):
    if bias is not None:
        x = x + bias
    if act is None:
        return x
    return act(x)


@case()
def default_none_pattern(a, b):
    return _maybe_bias(a), _maybe_bias(a, b), _maybe_bias(a, act=torch.relu)


def _twice(fn):
    def wrapper(*args, **kwargs):
        return fn(fn(*args, **kwargs), **kwargs)

    return wrapper


@_twice
def _add_k(x, k=1):
    return x + k


@case()
def user_decorator_wrapping(a, b):
    return _add_k(a), _add_k(b, k=3)


@case()
def closure_nonlocal_counter(a, b):
    count = 0

    def bump(k=1):
        nonlocal count
        count += k
        return count

    bump()
    bump(3)
    return a * bump() + b, count


@case()
def closure_over_tensor_adder(a, b):
    def make_adder(t):
        return lambda x: x + t

    add_b = make_adder(b)
    add_twice = make_adder(add_b(a))
    return add_b(a), add_twice(a)


@case()
def lambdas_in_dict_dispatch(a, b):
    ops = {"add": lambda x, y: x + y, "sub": lambda x, y: x - y, "max": torch.maximum}
    return {name: fn(a, b) for name, fn in ops.items() if name != "sub"}, ops["sub"](a, b)


@case()
def functions_made_in_loop(a, b):
    fns = [lambda x, k=k: x * k for k in range(3)]
    late = [lambda x: x * k for k in range(3)]  # noqa: B023 - late binding is the point
    return [f(a) for f in fns], late[0](b)


@case()
def closures_share_cell(a, b):
    total = 0

    def add(k):
        nonlocal total
        total += k

    def get():
        return total

    add(2)
    add(5)
    return a * get() + b, total


@case()
def nested_function_returned_called(a, b):
    def outer(scale):
        def middle(shift):
            def inner(x):
                return x * scale + shift

            return inner

        return middle

    return outer(2)(b)(a), outer(0.5)(1)(b)


def _fib(n):
    return n if n < 2 else _fib(n - 1) + _fib(n - 2)


@case()
def recursion_fib_ints(a, b):
    return a * _fib(6) + b, _fib(10)


def _apply_n(x, n):
    if n == 0:
        return x
    return _apply_n(torch.tanh(x) + 0.1, n - 1)


@case()
def recursion_on_tensor_depth(a, b):
    return _apply_n(a, 3) + _apply_n(b, 0)


@case()
def closure_nonlocal_list_and_int(a, b):
    log = []
    calls = 0

    def record(t):
        nonlocal calls
        calls += 1
        log.append(t.shape[0] * calls)
        return t * calls

    out = record(a) + record(b)
    return out, log, calls


@case()
def lambda_immediately_called(a, b):
    return (lambda x, y=2: x * y)(a), (lambda *xs: len(xs))(a, b, 1), (lambda: b)()


@case()
def partial_with_torch_function(a, b):
    soft = functools.partial(torch.softmax, dim=-1)
    clamp = functools.partial(torch.clamp, min=-0.5, max=0.5)
    return soft(a) + clamp(b)
