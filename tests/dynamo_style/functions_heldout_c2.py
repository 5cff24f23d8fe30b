"""Held-out-style cases, continued (functions_heldout_c.py imports this module): enums,
unpacking, comprehensions, sorting and folds, ranges, lists and tuples, isinstance, hashing.
"""

# ruff: noqa: UP031, UP032, F601, B033, UP012, UP042

from __future__ import annotations

import collections
import enum
import itertools
import operator

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


class Mode(str, enum.Enum):
    TRAIN = "train"
    EVAL = "eval"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 5


@case()
def hc_enum_values_lookup_and_mixins(a, b):
    v = [Color(2).name, Color["BLUE"].value, [c.name for c in Color], Color.RED in Color,
         Mode("eval") is Mode.EVAL, Mode.TRAIN == "train", Mode.TRAIN.value.upper(),
         Level.HIGH > Level.LOW, Level.HIGH + 1, Level(1) == 1, len(Color),
         isinstance(Level.LOW, int), sorted([Level.HIGH, Level.LOW])[0].name]
    scale = Level.HIGH * 2
    return a * scale, v


@case()
def hc_star_unpacking_nested(a, b):
    first, *mid, last = range(6)
    (p, q), r = (1, 2), 3
    [x, [y, *zs]] = [a, [b, 1, 2]]
    *init, tail = "abc"
    head, *rest = [a]
    merged = [*mid, *"xy", *(7,)]
    return x + y * sum(zs), first, mid, last, p + q + r, init, tail, rest, merged, head is a


@case()
def hc_dict_and_call_unpacking(a, b):
    def f(x, y=0, *args, z=1, **kw):
        return x * y + z, args, sorted(kw)

    opts = {"z": 2, "extra": 3}
    out1 = f(a, 2, *[9, 8], **opts)
    out2 = f(*(b,), **{"y": 3}, w=1)
    try:
        f(a, **{"z": 1}, z=2)
        err = None
    except TypeError:
        err = "dup"
    return out1, out2, err


@case()
def hc_walrus_leaks_from_comprehension(a, b):
    xs = [3, 8, 1, 9, 2]
    found = any((w := v) > 7 for v in xs)
    ys = [y for v in xs if (y := v * 2) > 5]
    total = 0
    [total := total + v for v in xs]
    return a * w + b * y, found, ys, total


@case()
def hc_chained_comparison_single_eval(a, b):
    calls = []

    def mid():
        calls.append(1)
        return 5

    ok = 1 < mid() <= 5 < 10
    bad = 1 > mid() < 10
    between = 0 <= a.shape[0] < 4 == a.dim() + 2
    return a * len(calls), ok, bad, between, 1 < 2 > 0, "a" < "b" < "c", [1, 2] < [1, 3]


@case()
def hc_comprehension_scoping(a, b):
    x = "outer"
    squares = [x * x for x in range(4)]
    pairs = [(i, j) for i in range(3) for j in range(i)]
    matrix = [[i * j for j in range(3)] for i in range(2)]
    flat = [v for row in matrix for v in row if v]
    d = {k: v for k, v in zip("abc", squares) if v}
    gen_sum = sum(t.sum() for t in (a, b))
    return gen_sum, x, squares, pairs, matrix, flat, d


@case()
def hc_sorted_min_max_variants(a, b):
    words = ["pear", "Fig", "apple", "fig", "kiwi"]
    v = [sorted(words), sorted(words, key=str.lower), sorted(words, key=len, reverse=True),
         max(words, key=len), min(words), max(3, 7, 2), min([4, 2, 8], key=lambda n: -n),
         max([], default=None), min((2, "b"), (2, "a")), max("hello"), sorted({3: 0, 1: 0}),
         sorted([(1, "b"), (1, "a"), (0, "z")]), sorted([3, 1, 2], reverse=True)]
    return a * v[5], v


@case()
def hc_sum_any_all_edge(a, b):
    v = [sum([0.1] * 3), sum([[1], [2]], []), sum(range(5), 10), sum([]), any([]), all([]),
         any([0, "", None]), all([1, "a", [0]]), sum([1.5, True]), sum((x for x in ()), 7)]
    try:
        sum(["a", "b"], "")
        err = None
    except TypeError:
        err = "str"
    return a * v[2] + b * v[0], v, err


@case()
def hc_zip_enumerate_map_filter(a, b):
    m = [[1, 2, 3], [4, 5, 6]]
    v = [list(zip(*m)), list(zip("ab", range(5))), list(enumerate("xy", -1)),
         list(map(operator.add, [1, 2], [10, 20, 30])), list(filter(None, [0, 1, "", "a", None])),
         list(map(str.upper, "ab")), dict(enumerate("pq")), list(zip()),
         [i for i, _ in zip(itertools.count(), "abc")]]
    return a * v[3][1], v


@case()
def hc_range_object_ops(a, b):
    r = range(10, -10, -3)
    v = [list(r), len(r), r[2], r[-1], list(r[1:4]), r[::2], 4 in r, 5 in r, r.index(-2),
         r.count(7), range(0) == range(3, 3), range(0, 6, 2) == range(0, 5, 2),
         list(reversed(r))[:2],
         range(5)[::-1], bool(range(0))]
    return a * v[1] + r[0], v


@case()
def hc_list_edge_methods(a, b):
    xs = [5, 3, 5, 1]
    v = [xs.index(5, 1), xs.count(5), xs * 0, [0] * 3, xs[::-2], xs[-3:-1], xs[10:], xs[:-10]]
    ys = list(xs)
    ys.insert(-100, 0)
    ys.insert(100, 9)
    ys += (7, 8)
    del ys[::3]
    ys[1:3] = "ab"
    zs = list(range(6))
    zs[::2] = [10, 20, 30]
    try:
        zs[::2] = [1]
    except ValueError:
        v.append("ext-slice")
    try:
        xs.remove(42)
    except ValueError:
        v.append("absent")
    try:
        xs + (1,)
    except TypeError:
        v.append("list+tuple")
    return a * len(ys), v, ys, zs, [1, 2] < [1, 2, 0], [2] > [1, 9]


@case()
def hc_tuple_methods_and_hash(a, b):
    t = (3, 1, 3, (2, 4))
    v = [t.count(3), t.index(3, 1), t + (5,), t * 2, t[::-1], hash((1, 2)) == hash((1, 2)),
         (1, 2) < (1, 2, 0), tuple("ab"), (1,) == tuple([1]), len(t), t[3][1], () == tuple()]
    return a * v[0] + t[-1][0], v


@case()
def hc_isinstance_builtins(a, b):
    import collections.abc as cabc

    v = [isinstance(True, int), isinstance(1, float), isinstance(1.0, (int, float)),
         isinstance([], (list, tuple)), isinstance({}, cabc.Mapping), isinstance((), cabc.Sequence),
         isinstance(range(2), cabc.Sequence), isinstance("s", cabc.Iterable),
         isinstance(a, cabc.Iterable), isinstance({1}, cabc.Set), isinstance(len, cabc.Callable),
         isinstance(None, type(None)), issubclass(bool, int), isinstance(b"", bytes),
         isinstance(collections.OrderedDict(), dict), isinstance(3, (str, (bytes, int)))]
    return a * sum(v), v


@case()
def hc_abs_divmod_round_types(a, b):
    v = [abs(-0.0), abs(-3), abs(True), divmod(7, 2.0), divmod(-1, 5), round(5), round(5.5),
         round(-2.5), round(0.125, 2), round(10.0, -1), abs(-3 + 4j), divmod(0, 3)]
    kinds = [type(x).__name__ for x in v]
    return a * v[1], v, kinds


@case()
def hc_hash_equal_numbers_and_strings(a, b):
    v = [hash(1) == hash(1.0) == hash(True), hash(0) == hash(-0.0), hash(-1), hash(()),
         hash(2 ** 61) == hash(1), 1 == 1.0 == True, "a" * 0 == "", str(1) == "1", 3 == 3.0]
    return a * v[2] if isinstance(v[2], int) else a, v


@case()
def hc_string_building_for_names(a, b):
    names = [f"layer{i}.{kind}" for i in range(2) for kind in ("weight", "bias")]
    prefixes = sorted({n.split(".")[0] for n in names})
    bias = [n for n in names if n.endswith(".bias")]
    joined = "/".join(n.rsplit(".", 1)[-1][0] for n in names)
    key = "_".join(map(str, a.shape))
    return a * len(prefixes), names, prefixes, bias, joined, key, "x".join([]) == ""


@case()
def hc_nested_list_aliasing_and_copy(a, b):
    grid = [[0] * 2] * 2
    grid[0][0] = 1
    good = [[0] * 2 for _ in range(2)]
    good[0][0] = 1
    lst = [a]
    alias = lst
    lst = lst + [b]
    alias.append(a * 2)
    return grid, good, len(lst), len(alias), alias[-1]


def _t_int_list():
    return randn(0, (3, 4)), 3, [4, 1, 3, 1]


@case(_t_int_list)
def hc_list_input_used_and_sorted(x, k, items):
    top = sorted(items)[-k:]
    idx = items.index(max(items))
    items.sort(reverse=True)
    items.append(k)
    return x[:, idx] * sum(top), top, idx


@case(lambda: (randn(0, (3, 4)), {"b": 2, "a": 1}))
def hc_dict_input_iteration_order(x, cfg):
    keys = list(cfg)
    cfg["c"] = 3
    del cfg["b"]
    cfg["b"] = 4
    out = x
    for k, v in cfg.items():
        out = out + v * len(k)
    return out, keys, list(cfg)


@case(lambda: (randn(0, (3, 4)), (2, 3.5, "s")))
def hc_tuple_input_unpacking_types(x, spec):
    n, scale, tag = spec
    return x * n * scale, tag.upper(), isinstance(spec, tuple), spec[::-1]


@case()
def hc_equal_keys_keep_first_key_object(a, b):
    e = {0: "z"}
    e[False] = "f"
    e[0.0] = "g"
    d = dict.fromkeys([1, True])
    d.update({1.0: 3})
    d.setdefault(True, 5)
    od = collections.OrderedDict({1: 2})
    od[True] = 3
    merged = {1: "a"} | {True: "b"}
    built = dict({2: 0}, **{"k": 1})
    built[2.0] = 9
    kinds = [[type(k).__name__ for k in m] for m in (e, d, od, merged, built)]
    return a * len(kinds), kinds, {**{1: 0}, **{True: 1}}


@case()
def hc_dict_items_membership_with_tensor_values(a, b):
    d = {"w": a, "lr": 1, "tag": "x"}
    v = [("lr", 1) in d.items(), ("lr", 2) in d.items(), ("nope", 1) in d.items(),
         ("w", a) in d.items(), a in d.values(), ("lr",) in d.items()]
    return a * sum(v), v


@case()
def hc_set_pop_removes_member(a, b):
    s = {3, 1, 2}
    first = s.pop()
    seen = []
    while s:
        seen.append(s.pop())
    try:
        s.pop()
    except KeyError:
        seen.append("empty")
    return a + first, seen, s


@case()
def hc_set_iteration_order_follows_history(a, b):
    s = set(range(100))
    for i in range(95):
        s.discard(i)
    t = set()
    for i in (5, 13, 21):
        t.add(i)
    t.remove(5)
    t.add(29)
    u = {109, 29, 125, 48, -4, 175} ^ {2, 3, -2, 56, 108, -3}
    u |= {18, 56, 102, 151, -7, 24}
    w = set(dict.fromkeys([35, -3, 16, 56, 77])) - {16}
    rows = [a[0] * i for i in sorted(s)[:2]]
    return rows, list(s), list(t), list(u), list(w), str(u), tuple(s | t), list({*t, *s})


@case()
def hc_set_methods_keep_cpython_order(a, b):
    s = {40, 8, 16, 0, 24}
    v = [list(s.union([64, 72])), list(s.difference([8])), list(s.intersection([0, 16, 99])),
         list(s.symmetric_difference([8, 128])), list(set(s)), list(frozenset(s) | {256}),
         list({1: 0, 9: 0, 17: 0}.keys() | {33}), list({1: 0, 9: 0}.keys() & {9, 1, 5})]
    s.difference_update(range(9))
    s.symmetric_difference_update([1024, 16])
    return a * len(s), v, list(s)


@case()
def hc_iterators_over_a_list_read_it_live(a, b):
    xs = [3, 1, 2]
    r = reversed(xs)
    e = enumerate(xs)
    z = zip(xs, "abcdef")
    next(z)
    xs.insert(0, 7)
    xs.append(9)
    acc = itertools.accumulate(xs)
    xs[0] = 5
    return a * len(xs), list(r), list(e), list(z), list(acc)


@case()
def hc_enumerate_list_rewritten_in_loop(a, b):
    scales = [1.0, 2.0, 3.0]
    out = []
    for i, s in enumerate(scales):
        scales[i] = s * 2
        if i == 0:
            scales.append(4.0)
        out.append(a * s)
    return torch.stack(out), scales


@case()
def hc_groupby_groups_end_when_outer_advances(a, b):
    pairs = list(itertools.groupby("aabbbc"))
    sizes = [(k, len(list(g))) for k, g in pairs]
    runs = [(k, len(list(g))) for k, g in itertools.groupby([1, 1, 2, 1])]
    return a * runs[0][1], sizes, runs


@case()
def hc_deepcopy_collections_and_sort_key_none(a, b):
    import copy

    od = collections.OrderedDict(w=[1], b=[2])
    dd = collections.defaultdict(list, x=[1])
    dq = collections.deque([[0], [1]], maxlen=3)
    copies = [copy.deepcopy(v) for v in (od, dd, dq, {3, 1, 2}, frozenset({5}))]
    copies[0]["w"].append(9)
    copies[1]["y"].append(4)
    copies[2][0].append(7)
    order = [3, 1, 2]
    order.sort(key=None, reverse=False)
    total = collections.Counter(a=2) + collections.Counter(a=1, b=1)
    return a * len(copies[1]), od, dd, dq, copies, order, dict(total), type(total).__name__
