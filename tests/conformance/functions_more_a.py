"""More conformance cases: string formatting, builtins over containers, sorting, sets."""

from __future__ import annotations

import torch

from tests.conformance.registry import case

ACTIVATIONS = frozenset({"relu", "gelu", "silu"})
SCALES = (0.5, 1.0, 2.0)


@case()
def str_format_shape(a, b):
    s = "{}x{}".format(a.shape[0], a.shape[1])  # noqa: UP032 - str.format is the point
    t = "{rows}-{cols}".format(rows=a.size(0), cols=b.size(1))  # noqa: UP032
    return a * len(s) + b, s, t


@case()
def percent_format_tuple(a, b):
    s = "%d dims, %s, %.2f" % (a.dim(), a.dtype, 1.5)  # noqa: UP031 - %-formatting is the point
    t = "%(n)03d|%(name)s" % {"n": b.size(0), "name": "w"}  # noqa: UP031
    return a + len(s), s, t


@case()
def format_spec_alignment(a, b):
    s = f"{a.shape[0]:03d}|{3.14159:.3f}|{'ab':>5}|{7:<3}|{255:x}"
    return b * len(s), s


@case()
def str_join_split_roundtrip(a, b):
    s = "-".join(str(d) for d in a.shape)
    parts = [int(p) for p in s.split("-")]
    return a * parts[0] - b * parts[1], s, parts


@case()
def str_methods_more(a, b):
    s = "conv_block_3"
    flags = (s.upper(), s.replace("_", "."), s.startswith("conv"), s.endswith("3"),
             s.count("_"), "7".zfill(3), s.title(), s[-1].isdigit(), s.partition("_"))
    return a * 2 if flags[2] else b, flags


@case()
def str_slicing_steps(a, b):
    s = "parity"
    return a + len(s[1:4]), s[::-1], s[1:4], s[-2:], s[::2], s[10:]


@case()
def str_iteration_ord(a, b):
    total = 0
    for ch in "abc":
        total += ord(ch) - ord("a")
    return a * total + b, chr(ord("a") + total), list("xyz")


@case()
def str_in_and_compare(a, b):
    name = "layer_norm"
    out = a
    if "norm" in name:
        out = out - out.mean()
    if name < "linear":
        out = out + b
    return out, "x" not in name, max("abc", "abd")


@case()
def sorted_key_lambda_pairs(a, b):
    pairs = [("b", 3), ("a", 1), ("c", 2)]
    ordered = sorted(pairs, key=lambda p: p[1])
    return [a * w for _, w in ordered], [k for k, _ in ordered]


@case()
def sorted_reverse_key_len(a, b):
    words = ["relu", "linear", "mm", "softmax"]
    by_len = sorted(words, key=len, reverse=True)
    return a * len(by_len[0]) + b, by_len, sorted(words)[-1]


@case(3)
def sorted_tensors_by_key_index(a, b, c):
    items = [(2, a), (0, b), (1, c)]
    return [t for _, t in sorted(items, key=lambda it: it[0])]


@case()
def dict_from_zip(a, b):
    d = dict(zip(["w", "b"], [a, b]))
    inv = dict(zip(range(3), "xyz"))
    return d["w"] * 2 + d["b"], inv, list(d)


@case()
def dict_fromkeys_counts(a, b):
    d = dict.fromkeys(["x", "y", "z"], 0)
    for key in "xyzzy":
        d[key] += 1
    return a * d["z"] + b * d["x"], d


@case()
def nested_dict_comprehension(a, b):
    table = {i: {j: i * j for j in range(3) if j != i} for i in range(3)}
    return a * table[2][1] + b * table[1][0], table


@case()
def nested_list_comprehension_cond(a, b):
    rows = [[x * i for i in range(4) if i % 2 == 0] for x in (a, b)]
    flat = [t for row in rows for t in row if t is not None]
    return rows[1][1] - rows[0][1], len(flat)


@case()
def enumerate_unpack_pairs(a, b):
    pairs = [(a, 1.0), (b, 2.0), (a + b, 3.0)]
    out = 0
    for i, (t, w) in enumerate(pairs, start=1):
        out = out + t * w * i
    return out


@case(3)
def zip_three_sequences(a, b, c):
    out = []
    for t, k, name in zip([a, b, c], [1, 2, 3], ["p", "q", "r"]):
        out.append(t * k if name != "q" else t - k)
    return out


@case()
def generator_into_tuple_any(a, b):
    doubled = tuple(t * 2 for t in (a, b))
    flag = any(k > 2 for k in range(4))
    none = all(k < 0 for k in [])
    return doubled, flag, none, sum(i * i for i in range(5))


@case()
def min_max_with_key(a, b):
    pick = min([(3, a), (1, b), (2, a + b)], key=lambda p: p[0])[1]
    longest = max(["ab", "abcd", "abc"], key=len)
    return pick * len(longest), longest, max([1, -5, 3], key=abs)


@case()
def range_negative_step(a, b):
    steps = list(range(10, 0, -3))
    out = a
    for k in range(3, -1, -1):
        out = out + b * k
    return out, steps, len(range(0, -10, -2)), range(5)[::-1][0]


@case()
def reversed_list_tuple(a, b):
    out = [t * i for i, t in enumerate(reversed([a, b, a + b]))]
    return out, list(reversed((1, 2, 3))), "".join(reversed("abc"))


@case()
def list_index_count_start(a, b):
    xs = [1, 2, 3, 2, 1, 2]
    return a * xs.index(2, 2) + b * xs.count(2), xs.index(1, 1), (a, b).index(a)


@case()
def tuple_comparisons(a, b):
    shape = tuple(a.shape)
    flags = ((1, 2) < (1, 3), shape == (10, 10), shape >= (10,), max((1, 2), (1, 0, 9)))
    return a + b if flags[0] else a, flags


@case(4)
def tuple_slicing_steps(a, b, c, d):
    t = (a, b, c, d)
    return t[::2], t[-1:0:-1], t[1:-1], len(t[5:])


@case()
def set_comprehension_algebra(a, b):
    s = {i % 3 for i in range(10)}
    t = {1, 2, 5}
    out = (sorted(s | t), sorted(s & t), sorted(s - t), sorted(s ^ t), s.isdisjoint({9}))
    return a * len(s | t) + b, out


@case()
def frozenset_membership(a, b):
    out = a
    for name in ("relu", "tanh", "silu"):
        if name in ACTIVATIONS:
            out = out + b
    return out, frozenset([1, 2]) == frozenset([2, 1]), len(ACTIVATIONS)


@case()
def set_of_tuples_dedup(a, b):
    seen = {(1, 2), (2, 1), (1, 2)}
    seen.add((3, 3))
    seen.update([(2, 1), (0, 0)])
    return a * len(seen) + b, sorted(seen), (3, 3) in seen


@case()
def divmod_pow_round(a, b):
    q, r = divmod(a.shape[0], 3)
    vals = (pow(2, 5, 7), round(2.5), round(3.14159, 2), abs(-3), divmod(-7, 2), 7 % -3)
    return a * q + b * r, vals


@case()
def int_bit_operations(a, b):
    n = a.shape[0]
    bits = (n << 2, n >> 1, n & 3, n | 4, n ^ 5, ~n, bin(n), hex(n), n.bit_length())
    return a * bits[2] + b, bits


@case()
def str_number_conversions(a, b):
    k = int("12") + int(float("1.5")) + int("ff", 16)
    return a * k, str(3.5), repr("x"), float("inf") > k, str(True), int(True)


@case()
def list_sort_insert_reverse(a, b):
    xs = [3, 1, 2]
    xs.sort(key=lambda p: -p)
    xs.insert(1, 10)
    xs.reverse()
    xs.extend(k * 2 for k in range(2))
    return a * xs[0] + b * xs[-1], xs


@case()
def grid_nested_lists(a, b):
    grid = [[0] * 3 for _ in range(3)]
    grid[1][2] = 5
    grid[0][0] = grid[1][2] + 1
    return a * grid[0][0] + b * sum(sum(row) for row in grid), grid


@case()
def dict_max_by_value(a, b):
    counts = {"x": 3, "y": 7, "z": 5}
    best = max(counts, key=counts.get)
    return a * counts[best] + b, best, sorted(counts, key=lambda k: -counts[k])


@case()
def dict_nested_get(a, b):
    cfg = {"opt": {"lr": 0.1}, "name": "adam"}
    lr = cfg.get("opt", {}).get("lr", 1.0)
    wd = cfg.get("reg", {}).get("wd", 0.0)
    return a * lr + b * wd, "opt" in cfg, cfg["name"].upper()


@case(3)
def star_unpacking_assign(a, b, c):
    first, *rest = [a, b, c]
    *init, last = range(5)
    head, *_, tail = "abcde"
    return first + rest[-1], len(rest), init, last, head + tail


@case()
def swap_and_chained_assign(a, b):
    x, y = a, b
    x, y = y, x
    p = q = x * 2
    i = j = 0
    i += 1
    return x - y, p is q, (i, j)


@case()
def bool_ops_on_containers(a, b):
    xs = [] or [1, 2]
    d = {} and {"x": 1}
    flags = (not (), bool([0]), bool(""), None or "dflt", 0 or None)
    return a * len(xs) + b, d, flags


@case()
def len_of_various(a, b):
    lens = (len(range(2, 10, 3)), len("abc"), len({1: 2}), len(set()), len(((),)))
    return a * sum(lens) + b, lens


@case()
def isinstance_type_tuples(a, b):
    out = a
    for v in (3, 2.5, "s", b, [1]):
        if isinstance(v, (int, float)):
            out = out + v
        elif isinstance(v, (list, torch.Tensor)):
            out = out * 2
    return out, isinstance(True, int), isinstance(a, (str, bytes))


@case()
def type_identity_checks(a, b):
    n, f, t = a.dim(), a.sum().dim() / 2, a.dim() > 1
    flags = (type(a) is torch.Tensor, type(n) is int, type([]) == list,  # noqa: E721
             type(f) is not int, type(t) is bool, type(a.shape) is torch.Size)
    return a + b if all(flags) else a - b, flags


@case()
def callable_builtin_checks(a, b):
    flags = (callable(len), callable(3), callable(lambda: 1), callable(torch.add))
    return a * sum(flags) + b, flags


@case(3)
def sum_generator_with_condition(a, b, c):
    total = sum(t for i, t in enumerate([a, b, c]) if i != 1)
    n = sum(1 for k in range(10) if k % 3 == 0)
    return total * n


@case()
def map_lambda_two_lists(a, b):
    added = list(map(lambda x, y: x + y, [a, b], [b, a]))
    lens = list(map(len, ["a", "bb"]))
    return added, lens, list(map(str, range(3)))


@case()
def filter_lambda_and_none(a, b):
    evens = list(filter(lambda k: k % 2 == 0, range(7)))
    truthy = list(filter(None, [0, 1, "", "x", None]))
    return a * len(evens) + b, evens, truthy


@case()
def sum_start_and_scales(a, b):
    out = sum((a * s for s in SCALES), b)
    return out, sum([[1], [2, 3]], []), sum(SCALES)


@case()
def any_all_short_circuit_tensors(a, b):
    ts = [a, None, b]
    has_none = any(t is None for t in ts)
    all_tensors = all(isinstance(t, torch.Tensor) for t in ts)
    return sum(t for t in ts if t is not None), has_none, all_tensors


@case()
def string_format_method_positional(a, b):
    template = "{0}:{1}:{0}"
    s = template.format("x", a.dim())
    return a * len(s) + b, s, "{:>{w}}".format("r", w=4)


@case()
def str_split_maxsplit_strip(a, b):
    line = "  w = 3 , b = 4  "
    parts = [p.strip() for p in line.split(",")]
    kv = {k.strip(): int(v) for k, v in (p.split("=", 1) for p in parts)}
    return a * kv["w"] + b * kv["b"], kv, line.rsplit(" ", 1)[-1] == ""
