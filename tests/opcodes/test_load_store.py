"""Stack ops, local/global/closure loads and stores, attributes: traced into one graph."""

import torch

import compiler
from tests.differential import check_same, one_graph

SCALE = 3.0
OFFSET = torch.ones(4)


def test_stack_ops_swap_copy_and_rotate():
    def f(x, y):
        a, b = y, x          # SWAP
        a, b, c = b, a, x    # rotation of three
        x += 0               # COPY for augmented assignment
        return a - b * c

    one_graph(check_same(f, torch.randn(4), torch.randn(4)))


def test_chained_comparison_duplicates_the_middle_operand():
    def f(x, n):
        if 0 < n < 5:
            return x + n
        return x - n

    one_graph(check_same(f, torch.randn(3), 2))
    one_graph(check_same(f, torch.randn(3), 7))


def test_local_stores_and_deletes():
    def f(x):
        y = x * 2
        z = y + 1
        del y
        y = z.sin()
        return y

    one_graph(check_same(f, torch.randn(5)), ops=3)


def test_global_tensor_and_scalar_loads():
    def f(x):
        return x * SCALE + OFFSET

    one_graph(check_same(f, torch.randn(4)), ops=2)


def test_builtin_loaded_through_globals():
    def f(x):
        return x * len(x.shape)

    one_graph(check_same(f, torch.randn(2, 3)), ops=1)


def test_closure_reads_cell_of_outer_function():
    k = 4.0
    t = torch.arange(3.0)

    def f(x):
        return x * k + t

    one_graph(check_same(f, torch.randn(3)), ops=2)


def test_inner_function_writes_nonlocal():
    def f(x):
        total = x

        def add(v):
            nonlocal total
            total = total + v

        add(x)
        add(1)
        return total

    one_graph(check_same(f, torch.randn(3)), ops=2)


def test_cell_variable_created_and_read_in_frame():
    def f(x):
        scale = 2

        def g(v):
            return v * scale

        scale = 3
        return g(x)

    one_graph(check_same(f, torch.randn(3)), ops=1)


def test_load_attribute_of_plain_object():
    class Box:
        def __init__(self):
            self.w = torch.ones(3)
            self.k = 5

    box = Box()

    def f(x):
        return x * box.k + box.w

    one_graph(check_same(f, torch.randn(3)), ops=2)


def test_store_attribute_on_object_created_inside():
    class Box:
        pass

    def f(x):
        b = Box()
        b.v = x + 1
        b.v = b.v * 2
        return b.v

    one_graph(check_same(f, torch.randn(3)), ops=2)


def test_compile_as_decorator():
    @compiler.compile(fullgraph=True)
    def f(x):
        return x.relu() + 1

    x = torch.randn(4)
    out = f(x)
    assert torch.equal(out, x.relu() + 1)
    one_graph(compiler.stats(f), ops=2)


def test_bare_decorator_without_arguments():
    @compiler.compile
    def f(x):
        return x.cos()

    x = torch.randn(4)
    assert torch.equal(f(x), x.cos())
    one_graph(compiler.stats(f), ops=1)
