"""Conformance cases: dicts, lists, tuples, sets, builtins over them, itertools, functools."""

from __future__ import annotations

import collections
import functools
import itertools

import torch

from tests.conformance.registry import case, randn


@case()
def dict_update_kwargs(a, b):
    d = {"x": a}
    d.update(y=b)
    return d["x"] + d["y"]


@case()
def dict_get_default(a, b):
    d = {"x": a}
    return d.get("x") + d.get("missing", b)


@case()
def dict_iteration(a, b):
    d = {"a": a, "b": b, "c": a * b}
    out = 0
    for key, value in d.items():
        out = out + value * len(key)
    return out, list(d.keys())


@case()
def dict_comprehension(a, b):
    d = {f"k{i}": a * i for i in range(3)}
    return d, {k: v + b for k, v in d.items() if k != "k0"}


@case()
def dict_sorted_items(a, b):
    d = {"z": a, "m": b, "a": a + b}
    return [v * i for i, (_, v) in enumerate(sorted(d.items()))]


@case()
def dict_pop_setdefault(a, b):
    d = {"x": a, "y": b}
    x = d.pop("x")
    d.setdefault("z", x * 2)
    d.setdefault("y", x)
    return d, "x" in d, len(d)


@case()
def dict_returned(a, b):
    return {"sum": a + b, "diff": a - b, "n": 3}


@case()
def dict_merge_operator(a, b):
    d1 = {"x": a}
    d2 = {"y": b}
    merged = d1 | d2
    return merged, {**d1, **d2, "z": 1}


@case(lambda: ({"w": randn(0), "bias": randn(2)}, randn(1)))
def dict_input(d, b):
    return d["w"] * b + d["bias"], sorted(d)


@case(lambda: ({"w": randn(0), "bias": randn(2)}, randn(1)))
def dict_mutate_input(d, b):
    d["out"] = d["w"] + b
    del d["bias"]
    return b * 2


@case()
def dict_constructor(a, b):
    d = dict(x=a, y=b)
    e = dict([("p", 1), ("q", 2)])
    return d["x"] * e["q"] + d["y"], dict(zip("ab", [a, b]))


@case()
def ordered_dict(a, b):
    d = collections.OrderedDict()
    d["second"] = b
    d["first"] = a
    d.move_to_end("second")
    return list(d.values())[0] + 1, list(d)


@case()
def default_dict(a, b):
    d = collections.defaultdict(list)
    d["x"].append(a)
    d["x"].append(b)
    d["y"].append(a * b)
    return sum(d["x"]) + d["y"][0], len(d)


@case()
def counter_usage(a, b):
    c = collections.Counter("abracadabra")
    return a * c["a"] + b * c.most_common(1)[0][1]


@case()
def list_append_extend(a, b):
    xs = [a]
    xs.append(b)
    xs.extend([a * 2, b * 2])
    xs.insert(0, a + b)
    return xs, len(xs)


@case()
def list_pop_remove(a, b):
    xs = [1, 2, 3, 4]
    last = xs.pop()
    xs.remove(2)
    first = xs.pop(0)
    return a * last + b * first, xs


@case()
def list_comprehension(a, b):
    return [a * i + b for i in range(3) if i != 1]


@case()
def list_nested_comprehension(a, b):
    return [x * y for x in (a, b) for y in (1, 2)]


@case()
def list_slicing(a, b):
    xs = [a, b, a + b, a - b, a * b]
    return xs[1:3], xs[::2], xs[-1], xs[::-1][0]


@case()
def list_index_count(a, b):
    xs = [3, 1, 4, 1, 5]
    return a * xs.index(4) + b * xs.count(1), 5 in xs, 9 not in xs


@case()
def list_sort_reverse(a, b):
    xs = [3, 1, 2]
    xs.sort()
    ys = [5, 9, 7]
    ys.reverse()
    return a * xs[0] + b * ys[0], sorted([3, 1, 2], reverse=True), sorted(["b", "a"])


@case()
def list_sort_key(a, b):
    items = [(2, "b"), (1, "c"), (3, "a")]
    by_name = sorted(items, key=lambda t: t[1])
    return a * by_name[0][0] + b, max(items, key=lambda t: t[0])


@case()
def list_concat_repeat(a, b):
    xs = [a] + [b]
    ys = [0] * 3
    return torch.stack(xs * 2).sum(0), ys


@case()
def list_item_assignment(a, b):
    xs = [a, b, a]
    xs[1] = xs[1] * 10
    xs[-1] += 1
    xs[0:1] = [b]
    return xs


@case(lambda: ([randn(0), randn(2), randn(3)], randn(1)))
def list_input(xs, b):
    return sum(xs) + b, len(xs)


@case(lambda: ([randn(0), randn(2)], randn(1)))
def list_mutate_input(xs, b):
    xs.append(b)
    xs[0] = xs[0] * 2
    return b + 1


@case()
def list_del_clear(a, b):
    xs = [a, b, a * b]
    del xs[0]
    ys = [1, 2]
    ys.clear()
    return xs, ys


@case()
def list_copy_identity(a, b):
    xs = [a, b]
    ys = xs.copy()
    ys.append(a)
    zs = list(xs)
    return len(xs), len(ys), ys is xs, zs == xs


@case()
def tuple_unpacking(a, b):
    x, (y, z) = a, (b, a * b)
    first, *rest = [a, b, x + y]
    return x + y + z + first, len(rest), rest[-1]


@case()
def tuple_ops(a, b):
    t = (a, b) + (a * b,)
    return t[1:], len(t), t.index(a), (1, 2) < (1, 3), (1, 2) + (3,) * 2


@case()
def tuple_return_nested(a, b):
    return (a, (b, [a + b, {"k": a - b}]))


@case()
def tuple_of_scalars(a, b):
    t = tuple(range(4))
    return a * sum(t) + b * t[-1], t


@case()
def zip_enumerate(a, b):
    out = a.new_zeros(10)
    for i, (x, y) in enumerate(zip(a, b)):
        if i >= 3:
            break
        out = out + x * y * i
    return out


@case()
def reversed_range(a, b):
    out = a
    for i in reversed(range(3)):
        out = out * 2 + i
    return out, list(reversed([a, b]))[0]


@case()
def map_filter_builtins(a, b):
    xs = list(map(lambda t: t * 2, [a, b]))
    ys = list(filter(lambda v: v > 1, [0, 1, 2, 3]))
    return xs[0] + xs[1], ys


@case()
def sum_len_builtins(a, b):
    return sum([a, b, a]) / len([a, b, a]), sum(range(5))


@case()
def range_object(a, b):
    r = range(2, 10, 3)
    return a * len(r) + r[1], list(r), 5 in r


@case()
def set_operations(a, b):
    s = {1, 2, 3}
    t = {2, 3, 4}
    return a * len(s | t) + b * len(s & t), sorted(s - t), sorted(s ^ t)


@case()
def set_add_discard(a, b):
    s = set()
    s.add(1)
    s.add(2)
    s.add(1)
    s.discard(5)
    s.discard(2)
    return a * len(s), 1 in s, 2 in s


@case()
def set_from_list_dedup(a, b):
    names = ["x", "y", "x", "z"]
    unique = sorted(set(names))
    return a * len(unique), unique


@case()
def set_comprehension(a, b):
    s = {i % 3 for i in range(10)}
    return b * len(s), s == {0, 1, 2}, frozenset([1, 2]) <= {1, 2, 3}


@case()
def set_subset_methods(a, b):
    s = {1, 2}
    t = {1, 2, 3}
    return a * s.issubset(t) + t.issuperset(s), s.isdisjoint({7}), sorted(s.union([9]))


@case()
def itertools_product(a, b):
    out = a
    for i, j in itertools.product(range(2), range(3)):
        out = out + i * j
    return out + b


@case()
def itertools_chain(a, b):
    return sum(itertools.chain([a], [b], [a * b])), list(itertools.chain.from_iterable([[1], [2]]))


@case()
def itertools_combinations(a, b):
    xs = [a, b, a + b]
    return [x * y for x, y in itertools.combinations(xs, 2)]


@case()
def itertools_accumulate_islice(a, b):
    acc = list(itertools.accumulate([1, 2, 3, 4]))
    return a * acc[-1], list(itertools.islice(itertools.count(5), 3)), acc


@case()
def itertools_zip_longest(a, b):
    pairs = list(itertools.zip_longest([1, 2, 3], [4], fillvalue=0))
    return a * sum(x * y for x, y in pairs), pairs


@case()
def itertools_repeat_permutations(a, b):
    reps = list(itertools.repeat(b, 2))
    perms = list(itertools.permutations([1, 2, 3], 2))
    return reps[0] + reps[1] + a, len(perms)


@case()
def functools_partial(a, b):
    scale = functools.partial(torch.mul, other=3)
    add_b = functools.partial(torch.add, b)
    return scale(a) + add_b(a)


@case()
def functools_partial_user(a, b):
    def affine(x, w, bias=0.0):
        return x * w + bias
    f = functools.partial(affine, w=2.0)
    g = functools.partial(affine, b, 0.5)
    return f(a, bias=1.0) + g()


@case()
def functools_reduce(a, b):
    total = functools.reduce(lambda x, y: x + y, [a, b, a * 2])
    return total, functools.reduce(lambda x, y: x * y, [1, 2, 3, 4], 1)


@case()
def functools_wraps_decorator(a, b):
    def decorate(f):
        @functools.wraps(f)
        def wrapper(*args):
            return f(*args) * 2
        return wrapper

    @decorate
    def add(x, y):
        return x + y

    return add(a, b), add.__name__


@case()
def functools_lru_cached_global(a, b):
    return a * _cached_square(3) + b


@functools.lru_cache
def _cached_square(n):
    return n * n


@case()
def builtin_iter_next(a, b):
    it = iter([a, b, a * b])
    first = next(it)
    second = next(it)
    return first + second, next(it, None) is not None, next(it, 7)


@case()
def unpack_into_torch_ops(a, b):
    parts = [a, b]
    return torch.cat(parts, dim=1), torch.stack(tuple(parts), dim=-1).shape


@case()
def enumerate_start(a, b):
    total = 0
    for i, v in enumerate([10, 20, 30], start=1):
        total += i * v
    return a * total


@case()
def zip_strict_lengths(a, b):
    keys = ["x", "y"]
    vals = [a, b]
    return dict(zip(keys, vals)), list(zip(*[(1, 2), (3, 4)]))


@case()
def deque_ops(a, b):
    q = collections.deque([1, 2])
    q.appendleft(0)
    q.append(3)
    q.popleft()
    return a * sum(q) + b, list(q)


@case()
def min_max_sequences(a, b):
    xs = [4, 2, 8]
    return a * min(xs) + b * max(xs), max("abc"), min((3, "x"), (1, "y"))
