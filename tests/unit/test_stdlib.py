"""math, operator, functools and itertools inside traced code."""

import functools
import itertools
import math
import operator

import torch

import compiler
from tests.differential import assert_same, check_same, one_graph


def test_math_functions_on_python_numbers():
    def f(x, v):
        return (x * math.sqrt(v) + math.pi, math.floor(2.7), math.ceil(2.1), math.log(v),
                math.exp(1), math.sin(0.5), math.isclose(v, 4.0),
                math.gcd(12, 18), math.inf > 1e300, math.isnan(v), math.tanh(v),
                math.log2(8), math.fabs(-1.5))

    one_graph(check_same(f, torch.ones(2), 4.0), ops=2)


def test_math_on_tensor_shape():
    def f(x):
        scale = 1 / math.sqrt(x.shape[-1])
        return x * scale

    one_graph(check_same(f, torch.randn(2, 16)), ops=1)


def test_operator_module_on_tensors_and_constants():
    def f(x, y):
        return (operator.add(x, y), operator.mul(x, y), operator.matmul(x, y.T),
                operator.neg(x), operator.pow(x, 2), operator.truth(1), operator.lt(x, y))

    one_graph(check_same(f, torch.randn(2, 3), torch.randn(2, 3)))


def test_functools_partial_of_user_function_and_torch_function():
    def scale(v, k, bias=0):
        return v * k + bias

    def f(x):
        p = functools.partial(scale, k=3)
        q = functools.partial(torch.add, alpha=2)
        return p(x), p(x, bias=1), q(x, x)

    one_graph(check_same(f, torch.randn(3)))


def test_partial_created_outside_and_passed_in():
    def f(x, fn):
        return fn(x)

    x, fn = torch.randn(3), functools.partial(torch.mul, other=2.0)
    fc = compiler.compile(f, fullgraph=True)
    assert_same(fc(x, fn), f(x, fn))
    one_graph(compiler.stats(fc), ops=1)


def test_partial_of_a_partial_with_attributes_is_not_flattened():
    """CPython unwraps a partial of a partial only while the inner one has no __dict__: with
    an attribute set, the new partial keeps it as .func and adds only its own keywords."""
    def affine(x, w, *, bias=0.0, act=None):
        return x * w + bias

    def f(x, p):
        q = functools.partial(p, act=None)
        return q(x, 2.0), sorted(q.keywords), q.func is p, q.func is affine

    plain = functools.partial(affine, bias=1.0)
    tagged = functools.partial(affine, bias=1.0)
    tagged.tag = "has a dict"
    fc = compiler.compile(f, fullgraph=True)
    x = torch.randn(3)
    for p in (plain, tagged, plain, tagged):
        assert_same(fc(x, p), f(x, p))
    stats = compiler.stats(fc)
    assert (stats.graphs, len(stats.recompiles)) == (2, 1), stats  # one graph per kind


def test_partial_of_a_global_partial_that_gains_attributes():
    def f(x):
        q = functools.partial(GLOBAL_PARTIAL, act=None)
        return q(x, 2.0), sorted(q.keywords)

    fc = compiler.compile(f, fullgraph=True)
    x = torch.randn(3)
    assert_same(fc(x), f(x))
    GLOBAL_PARTIAL.tag = "set after the first compile"
    try:
        assert_same(fc(x), f(x))
    finally:
        del GLOBAL_PARTIAL.tag
    assert len(compiler.stats(fc).recompiles) == 1


def _affine(x, w, *, bias=0.0, act=None):
    return x * w + bias


GLOBAL_PARTIAL = functools.partial(_affine, bias=1.0)


def test_functools_reduce():
    def f(x):
        total = functools.reduce(operator.add, [x, x * 2, x * 3])
        prod = functools.reduce(lambda a, b: a * b, [1, 2, 3, 4], 1)
        return total, prod

    one_graph(check_same(f, torch.randn(3)), ops=4)


def test_itertools_chain_product_accumulate_islice():
    def f(x):
        chained = list(itertools.chain([1, 2], (3,), [4]))
        prod = list(itertools.product([1, 2], "ab"))
        acc = list(itertools.accumulate([1, 2, 3, 4]))
        sl = list(itertools.islice(range(10), 2, 8, 2))
        tens = list(itertools.accumulate([x, x, x]))
        return chained, prod, acc, sl, tens

    one_graph(check_same(f, torch.randn(2)), ops=2)


def test_itertools_zip_longest():
    def f(x):
        z = list(itertools.zip_longest([1, 2, 3], "ab", fillvalue="-"))
        return x + 1, z

    one_graph(check_same(f, torch.randn(2)), ops=1)


def test_itertools_chain_from_iterable():
    def f(x):
        return list(itertools.chain.from_iterable([[x], [x + 1, x + 2]]))

    one_graph(check_same(f, torch.randn(2)), ops=2)


def test_math_prod():
    def f(x):
        return x * math.prod([2, 3])

    one_graph(check_same(f, torch.randn(2)), ops=1)


def test_operator_itemgetter_and_attrgetter():
    def f(x):
        return x * operator.itemgetter(1)([1, 2]), operator.attrgetter("shape")(x)

    one_graph(check_same(f, torch.randn(2)), ops=1)


def test_itertools_loop_over_product_of_ranges():
    def f(x):
        out = x
        for i, j in itertools.product(range(2), range(2)):
            out = out + i * j
        return out

    one_graph(check_same(f, torch.randn(2)), ops=4)


def test_functools_wraps_decorator_made_in_the_trace():
    def f(a):
        def decorate(fn):
            @functools.wraps(fn)
            def wrapper(*args):
                return fn(*args) * 2
            return wrapper

        @decorate
        def add(x):
            """Adds one."""
            return x + 1

        return add(a), add.__name__, add.__doc__, add

    fc = compiler.compile(f, fullgraph=True)
    x = torch.ones(2)
    got, want = fc(x), f(x)
    assert_same(got[:3], want[:3])
    assert got[3].__name__ == "add" and got[3].__wrapped__(x).tolist() == [2.0, 2.0]


def test_deque_counter_and_count_in_a_trace():
    import collections
    import itertools

    def f(a):
        c = collections.Counter("abracadabra")
        q = collections.deque([1, 2])
        q.appendleft(0)
        q.rotate(1)
        firsts = list(itertools.islice(itertools.count(5, 2), 3))
        pairs = list(zip(itertools.count(1), "xy"))
        return a * c["a"] + c["z"], q, firsts, pairs, c

    fc = compiler.compile(f, fullgraph=True)
    x = torch.ones(2)
    got, want = fc(x), f(x)
    assert_same(got[0], want[0])
    assert got[1:] == want[1:] and type(got[1]) is collections.deque
    got[4]["a"] = 0  # the returned Counter is the caller's own
    assert fc(x)[4]["a"] == 5


def test_itertools_with_functions_and_infinite_cycles():
    import itertools
    import operator

    def f(a):
        words = ["a", "bb", "cc", "ddd"]
        groups = [(k, list(g)) for k, g in itertools.groupby(words, key=len)]
        sums = list(itertools.starmap(operator.add, [(1, 2), (3, 4)]))
        head = list(itertools.takewhile(lambda v: v < 3, [1, 2, 5, 1]))
        tail = list(itertools.dropwhile(lambda v: v < 3, [1, 2, 5, 1]))
        kept = list(itertools.compress("abcd", [1, 0, 1, 0]))
        odd = list(itertools.filterfalse(lambda v: v % 2 == 0, range(6)))
        ring = list(itertools.islice(itertools.cycle([a, a * 2]), 3))
        return groups, sums, head, tail, kept, odd, ring

    fc = compiler.compile(f, fullgraph=True)
    x = torch.ones(2)
    assert_same(fc(x), f(x))
