"""Subscripts, slices, BUILD_* opcodes, unpacking (star-unpack included) and f-strings."""

import torch

from tests.differential import check_same, one_graph


def test_tensor_integer_and_negative_indexing():
    def f(x):
        return x[0], x[-1], x[1, 2], x[:, -1]

    one_graph(check_same(f, torch.randn(3, 4)))


def test_tensor_indexing_counts_as_an_op():
    def f(x):
        return x[0] + 1

    one_graph(check_same(f, torch.randn(3, 4)), ops=2)


def test_tensor_slices_with_steps_and_ellipsis():
    def f(x):
        return x[1:3], x[::2], x[..., 1:], x[:, None], x[::-1 if False else 1]

    one_graph(check_same(f, torch.randn(4, 5)))


def test_tensor_indexed_by_tensor_and_bool_mask_shape_is_static():
    def f(x, idx):
        return x[idx], x[:, idx]

    one_graph(check_same(f, torch.randn(4, 4), torch.tensor([0, 2, 3])))


def test_store_subscript_into_tensor_slice():
    def f(x):
        y = x.clone()
        y[0] = 5.0
        y[1:, 0] = y[1:, 1] * 2
        return y

    one_graph(check_same(f, torch.randn(3, 3)))


def test_python_list_subscripts_and_slices():
    def f(x, items):
        a = items[1:3]
        b = items[::-1]
        c = items[-2]
        items2 = list(items)
        items2[0] = 100
        del items2[1]
        return x * c, a, b, items2, items[slice(0, 2)]

    one_graph(check_same(f, torch.ones(2), [1, 2, 3, 4]), ops=1)


def test_dict_subscript_store_and_delete():
    def f(x):
        d = {"a": x, "b": 2}
        d["c"] = d["a"] * d["b"]
        del d["a"]
        return d

    one_graph(check_same(f, torch.randn(3)), ops=1)


def test_build_tuple_list_set_dict_and_const_key_map():
    def f(x):
        t = (x, 1, "s")
        lst = [x + 1, x + 2]
        s = {1, 2, 3, 2}  # noqa: B033
        d = {"k": x, "n": 1}
        d2 = {1: "a", 2: "b"}
        return t, lst, sorted(s), d, d2

    one_graph(check_same(f, torch.randn(2)), ops=2)


def test_build_with_star_expansion():
    def f(x, rest):
        t = (*rest, x)
        lst = [*rest, *rest]
        s = {*rest}
        d = {**{"a": 1}, "b": x, **{"c": 3}}
        return t, lst, sorted(s), d

    stats = check_same(f, torch.randn(2), (3, 1, 2))
    assert (stats.frames, stats.fallbacks) == (1, [])


def test_unpack_sequence_from_tuple_list_and_tensor():
    def f(x, pair):
        a, b = pair
        c, d = [x, x * 2]
        e, g = x.unbind(0)
        (h, (i, j)) = (1, (2, 3))
        return a + b + c + d + e + g + h + i + j

    one_graph(check_same(f, torch.randn(2), (1, 2)))


def test_star_unpack_in_assignment():
    def f(x, items):
        first, *middle, last = items
        head, *tail = (x, x + 1, x + 2)
        return first, middle, last, head, tail

    one_graph(check_same(f, torch.randn(2), [1, 2, 3, 4, 5]), ops=2)


def test_unpack_ex_on_tensor_rows():
    def f(x):
        a, *rest = x
        return a, rest

    one_graph(check_same(f, torch.randn(3, 2)))


def test_fstrings_with_conversions_and_format_specs():
    def f(x, n, name):
        s = f"{name}-{n}-{n:03d}-{n!r}-{name!s:>6}-{3.14159:.2f}"
        return x * n, s

    one_graph(check_same(f, torch.ones(2), 7, "ab"), ops=1)


def test_fstring_of_tensor_metadata():
    def f(x):
        return x + 1, f"shape={tuple(x.shape)} dtype={x.dtype} dim={x.dim()}"

    one_graph(check_same(f, torch.ones(2, 3)), ops=1)


def test_string_methods_in_traced_code():
    def f(x, name):
        parts = name.split("_")
        joined = "-".join(parts).upper()
        return x * len(parts), joined, name.startswith("a"), name.replace("_", "")

    one_graph(check_same(f, torch.ones(2), "a_b_c"), ops=1)


def _unpack_too_many(x):
    log = []

    def produce():
        for i in range(5):
            log.append(i)
            yield x * i

    try:
        a, b = produce()  # CPython pulls three items, then raises
    except ValueError as err:
        message = str(err)
    try:
        _c, _d = [1, 2, 3]
    except ValueError as err:
        other = str(err)
    return x + 1, message, other, log


def test_unpacking_too_many_pulls_one_extra_item_and_says_cpythons_message():
    one_graph(check_same(_unpack_too_many, torch.ones(2)))
