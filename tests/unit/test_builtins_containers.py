"""Containers and their methods, iteration builtins and the other builtins under the tracer."""

import torch

from tests.differential import check_same, one_graph


def test_list_methods():
    def f(x, items):
        items = list(items)
        items.append(4)
        items.extend([5, 6])
        items.insert(0, 0)
        last = items.pop()
        items.remove(2)
        items.reverse()
        idx = items.index(3)
        cnt = items.count(4)
        items.sort()
        copy = items.copy()
        copy.clear()
        return x * last, items, idx, cnt, copy

    one_graph(check_same(f, torch.ones(2), [1, 2, 3]), ops=1)


def test_list_of_tensors_methods():
    def f(x):
        parts = [x, x + 1]
        parts.append(x * 2)
        return torch.stack(parts), parts.pop(0)

    one_graph(check_same(f, torch.randn(2)), ops=3)


def test_tuple_methods_and_concatenation():
    def f(x, t):
        return x * t.index(3), t.count(1), t + (9,), t * 2, t[::-1]

    one_graph(check_same(f, torch.ones(2), (1, 3, 1)), ops=1)


def test_dict_methods():
    def f(x):
        d = {"a": 1, "b": 2}
        d.update({"c": 3}, d=4)
        d.setdefault("e", 5)
        popped = d.pop("a")
        got = d.get("zz", 10)
        keys, values, items = list(d.keys()), list(d.values()), list(d.items())
        merged = d | {"f": 6}
        return x * popped + got, keys, values, items, merged, "b" in d, len(d)

    one_graph(check_same(f, torch.ones(2)), ops=2)


def test_dict_of_tensors_iteration():
    def f(d):
        total = 0
        for k, v in d.items():
            total = total + v * len(k)
        return total

    one_graph(check_same(f, {"a": torch.randn(2), "bb": torch.randn(2)}))


def test_set_methods_and_operators():
    def f(x, a):
        s = set(a)
        s.add(10)
        s.discard(1)
        u = s | {20}
        i = s & {2, 10}
        d = s - {2}
        sd = s ^ {3, 99}
        return x * len(s), sorted(u), sorted(i), sorted(d), sorted(sd), 10 in s, s.issubset(u)

    one_graph(check_same(f, torch.ones(2), [1, 2, 3]), ops=1)


def test_range_zip_enumerate_reversed():
    def f(x, ws):
        out = []
        for i, (w, j) in enumerate(zip(ws, reversed(range(3)))):  # noqa: B905
            out.append(x * w + i + j)
        return out, list(range(2, 10, 3)), len(range(5)), range(5)[-1]

    one_graph(check_same(f, torch.ones(2), [1.0, 2.0, 3.0]))


def test_sorted_map_filter():
    def f(x, vals):
        s = sorted(vals, reverse=True)
        k = sorted(vals, key=lambda v: -v)
        m = list(map(lambda v: v * 2, vals))
        flt = list(filter(lambda v: v > 1, vals))
        ts = list(map(torch.neg, [x, x]))
        return s, k, m, flt, ts

    one_graph(check_same(f, torch.ones(2), [3, 1, 2]), ops=2)


def test_len_isinstance_type_checks():
    def f(x, obj):
        out = x
        if isinstance(obj, (list, tuple)):
            out = out + len(obj)
        if isinstance(x, torch.Tensor):
            out = out * 2
        if type(obj) is list:
            out = out - 1
        return out, isinstance(obj, dict), callable(len)

    one_graph(check_same(f, torch.ones(2), [1, 2]), ops=3)


def test_min_max_abs_sum_any_all():
    def f(x, vals):
        return (min(vals), max(vals), min(3, 1, 2), max(vals, key=lambda v: -v), abs(-3),
                sum(vals), sum(vals, 10), any(v > 2 for v in vals), all(v > 0 for v in vals),
                abs(x), sum([x, x]), max(x.shape))

    one_graph(check_same(f, torch.randn(2), [1, 2, 3]))


def test_round_int_float_bool_str_conversions():
    def f(x, v):
        return (round(v), round(v, 1), int(v), float(3), bool(0), bool(3), str(5),
                int("7"), x * int(v))

    one_graph(check_same(f, torch.ones(2), 2.56), ops=1)


def test_getattr_hasattr_setattr_on_objects():
    class Obj:
        a = 1

    obj = Obj()

    def f(x):
        out = x * getattr(obj, "a") + getattr(obj, "missing", 5)  # noqa: B009
        return out, hasattr(obj, "a"), hasattr(obj, "zz"), hasattr(x, "shape")

    one_graph(check_same(f, torch.ones(2)), ops=2)


def test_divmod_pow_and_chr_ord():
    def f(x):
        q, r = divmod(17, 5)
        return x * q + r, pow(2, 5), chr(ord("a") + 1), hash(3)

    one_graph(check_same(f, torch.ones(2)), ops=2)


def test_iter_and_next():
    def f(x):
        it = iter([1, 2, 3])
        a = next(it)
        b = next(it)
        return x + a + b, next(it, None), next(it, "done")

    one_graph(check_same(f, torch.ones(2)), ops=2)


def test_slice_and_tuple_unpacking_of_zip_star():
    def f(x):
        pairs = [(1, "a"), (2, "b")]
        nums, letters = zip(*pairs)  # noqa: B905
        return x * sum(nums), letters

    one_graph(check_same(f, torch.ones(2)), ops=1)


def test_bool_of_containers():
    def f(x, items):
        return x + 1, bool(items), bool([]), bool({"a": 1})

    one_graph(check_same(f, torch.ones(2), [1]), ops=1)


def test_str_and_repr_of_containers():
    def f(x):
        return x + 1, str([1, 2]), repr((1, "a")), "%d-%s" % (3, "a"), "{}".format(4)  # noqa: UP031, UP032

    one_graph(check_same(f, torch.ones(2)), ops=1)
