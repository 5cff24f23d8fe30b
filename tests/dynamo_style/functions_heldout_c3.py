"""Held-out-style cases, continued (functions_heldout_c.py imports this module): the Python
around tensors in model code (shape arithmetic, configs, dimension lists, flags and bits).
"""

# ruff: noqa: UP031, UP042, F841, B015 - the idioms and mistakes are the cases

from __future__ import annotations

import collections
import enum
import functools
import itertools
import math
import operator

import torch
import torch.nn.functional as F

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _one():
    return (randn(0, (3, 4)),)


@case(_one)
def hc_shape_products_and_reshapes(x):
    n = math.prod(x.shape)
    m = functools.reduce(operator.mul, x.shape, 1)
    return (
        x.reshape(*x.shape[:-1], -1, 2).sum(-1),
        n,
        m,
        list(x.shape),
        tuple(reversed(x.shape)),
        x.shape[::-1],
        isinstance(x.shape, tuple),
        str(x.dtype).split(".")[-1],
    )


@case(_one)
def hc_dict_filters_and_zip_to_dict(x):
    d = {"w": x, "b": None, "s": x * 2}
    kept = {k: v for k, v in d.items() if v is not None}
    named = dict(zip(["a", "b"], x.unbind(0)))
    best = max(range(3), key=lambda i: [0.1, 0.9, 0.5][i])
    return kept, named, best, any(k.startswith("w") for k in d), sorted(d, key=len)


@case(_one)
def hc_pad_list_and_enumerate_splits(x):
    pads = [0, 1] * 2
    y = F.pad(x, pads)
    parts = [p * i for i, p in enumerate(x.split(1, dim=0), start=1)]
    return y, torch.cat(parts), len(parts)


@case(_one)
def hc_layer_dims_pairs(x):
    layers = [(4, 8), (8, 16), (16, 4)]
    dims = [i for i, _ in layers] + [layers[-1][1]]
    pairs = list(zip(dims, dims[1:]))
    total = sum(a * b for a, b in pairs)
    return x * total, dims, pairs, dims[-1] == dims[0]


@case(_one)
def hc_config_merge_format_and_getattr(x):
    cfg = {"hidden": 16, "layers": 2, "act": "relu"}
    opts = {**cfg, "layers": cfg["layers"] + 1}
    name = "{act}_{hidden}x{layers}".format(**opts)
    act = getattr(F, opts["act"])
    return act(x - 0.5), name, sorted(opts.items())


@case(_one)
def hc_shape_list_edits(x):
    shape = list(x.shape)
    shape[-1] //= 2
    shape.insert(0, 1)
    return x.new_zeros(shape), shape, x.view(shape[1:-1] + [2, -1]).shape


@case(_one)
def hc_defaultdict_float_stats(x):
    stats = collections.defaultdict(float)
    for i, row in enumerate(x):
        stats["sum"] += float(i) + row.shape[0]
        stats[f"row{i}"] = i * 2
    return x * stats["sum"], dict(stats)


@case(_one)
def hc_ranked_items_islice_and_inverse(x):
    scores = {"a": 3, "b": 1, "c": 2}
    ranked = [k for k, _ in sorted(scores.items(), key=lambda kv: kv[1], reverse=True)]
    top2 = dict(itertools.islice(sorted(scores.items()), 2))
    inv = {v: k for k, v in scores.items()}
    return x * inv[3].__len__(), ranked, top2, inv, min(scores.values()), list(scores.keys())[::-1]


@case(_one)
def hc_kernel_sizes_padding(x):
    ks = (3, 5)
    out = []
    for k in ks:
        pad = (k - 1) // 2
        out.append(F.avg_pool1d(x.unsqueeze(0), k, stride=1, padding=pad).squeeze(0))
    return out, [divmod(k, 2) for k in ks], [round(k / 2) for k in ks]


@case(_one)
def hc_flag_lists_to_indices_and_int(x):
    flags = [True, False, True]
    n = sum(flags)
    idx = [i for i, f in enumerate(flags) if f]
    as_int = int("".join("1" if f else "0" for f in flags), 2)
    return x[:, idx] * n, idx, flags.count(True), any(flags) and not all(flags), as_int


@case(_one)
def hc_bit_flags_arithmetic(x):
    bits = 0
    for i in (0, 3, 5):
        bits |= 1 << i
    return (
        x * bits,
        bits,
        bin(bits),
        bits & ~1,
        bits ^ 0xFF,
        bits >> 1,
        (-bits) >> 2,
        bits.bit_count(),
        ~bits,
    )


class Shade(enum.Enum):
    RED = 1
    GREEN = 2


class Phase2(str, enum.Enum):
    TRAIN = "train"


class Access(enum.IntFlag):
    R = 4
    W = 2
    X = 1


@case(_one)
def hc_shape_and_dtype_strings(x):
    return (
        f"{x.shape}",
        str(x.shape),
        repr(x.dtype),
        f"{x.dtype}",
        "%s" % (x.shape,),
        str([1.0, 2]),
        str({"a": 1}),
        str((1,)),
        str(None),
        repr([x.shape]),
        f"{x.shape[0]:03d}",
        str(x.device),
    )


@case(_one)
def hc_enum_formatting_and_flags(x):
    return (
        f"{Shade.RED}",
        str(Phase2.TRAIN),
        f"{Phase2.TRAIN}",
        format(Phase2.TRAIN),
        Phase2.TRAIN + "x",
        repr(Shade.GREEN),
        Shade.RED in {Shade.RED: 1},
        list(Shade.__members__),
        Access.R | Access.W,
        Access(6),
        Access.R in Access(5),
        str(Access.R | Access.X),
        int(Access.W),
        Shade.RED.value + 1,
        Shade.RED < Shade.GREEN if False else Shade.RED != Shade.GREEN,
    )


@case(_one)
def hc_unpacking_error_messages(x):
    try:
        Shade(7)
    except ValueError as e:
        m = str(e)
    try:
        a, b = [1, 2, 3]
    except ValueError as e:
        m2 = str(e)
    try:
        a, *b, c = [1]
    except ValueError as e:
        m3 = str(e)
    k1, k2 = {"p": 1, "q": 2}
    return m, m2, m3, k1, k2


@case(_one)
def hc_numeric_error_messages(x):
    try:
        float(2**1024)
    except OverflowError as e:
        m = str(e)
    try:
        int(float("inf"))
    except OverflowError as e:
        m2 = str(e)
    try:
        int(float("nan"))
    except ValueError as e:
        m3 = str(e)
    try:
        1 / 0
    except ZeroDivisionError as e:
        m4 = str(e)
    try:
        5 % 0.0
    except ZeroDivisionError as e:
        m5 = str(e)
    return m, m2, m3, m4, m5


@case(_one)
def hc_cross_type_equality_and_membership(x):
    return (
        [1] == (1,),
        {1: 2} == {1: 2.0},
        [1, 2] * True,
        (1, 2) + (3,),
        [[]] * 2,
        "a" in "abc",
        "" in "abc",
        1 in {1: 0},
        1.0 in [1],
        None in [None],
        [] == [],
        () == (),
        {} == dict(),
    )


@case(_one)
def hc_walrus_in_while_and_comprehension(x):
    n = 0
    while (n := n + 1) < 5:
        pass
    vals = [y for v in range(4) if (y := v * v) % 2 == 0]
    if (m := len(vals)) > 1:
        r = m
    return x * n, vals, r, y


@case(_one)
def hc_container_error_messages(x):
    try:
        [1] < ["a"]
    except TypeError as e:
        m = str(e)
    try:
        sorted([1, "a"])
    except TypeError as e:
        m2 = str(e)
    try:
        {}["k"]
    except KeyError as e:
        m3 = repr(e)
    try:
        [].pop()
    except IndexError as e:
        m4 = str(e)
    try:
        (1, 2).index(5)
    except ValueError as e:
        m5 = str(e)
    try:
        "abc".index("z")
    except ValueError as e:
        m6 = str(e)
    try:
        int("x1")
    except ValueError as e:
        m7 = str(e)
    return m, m2, m3, m4, m5, m6, m7


_PAIR = collections.namedtuple("_PAIR", "a b")


@case(_one)
def hc_builtin_call_error_messages(x):
    errs = []
    thunks = (
        lambda: max(1, 2, default=0),
        lambda: max([]),
        lambda: max(1),
        lambda: range(1, 10, 0),
        lambda: [1].pop(10),
        lambda: list(zip([1], [1, 2], strict=True)),
        lambda: {}.popitem(),
        lambda: collections.deque().popleft(),
        lambda: [].index(1),
        lambda: dict([(1, 2, 3)]),
        lambda: int("12", base=1),
        lambda: "a" + 1,
        lambda: 1 + "a",
        lambda: (1,) * 1.5,
        lambda: sum(1),
        lambda: len(5),
        lambda: hash([]),
        lambda: {[]: 1},
        lambda: abs("x"),
        lambda: divmod(1, 0),
        lambda: round("x"),
        lambda: chr(-1),
        lambda: ord("ab"),
        lambda: "x".join([1]),
        lambda: sorted([3, 1], key=1),
        lambda: sorted([1, "a"]),
        lambda: _PAIR(1, 2)[5],
        lambda: [1, 2][1.5],
        lambda: max([2, 1], key=None),
    )
    for thunk in thunks:
        try:
            errs.append(thunk())
        except Exception as e:  # noqa: BLE001 - the error is the result
            errs.append((type(e).__name__, str(e)))
    xs = [1, 2]
    try:
        xs[5] = 0
    except IndexError as e:
        errs.append(str(e))
    try:
        del xs[9]
    except IndexError as e:
        errs.append(str(e))
    return x * len(errs), errs, xs


@case(_one)
def hc_operator_getters_and_scalars(x):
    add3 = functools.partial(operator.add, 3)
    f = operator.itemgetter(slice(1, None))
    g = operator.attrgetter("real")
    h = operator.methodcaller("count", 1)
    return (
        add3(4),
        f([1, 2, 3]),
        g(5),
        h([1, 1, 2]),
        operator.itemgetter("a")({"a": 1}),
        operator.not_(0),
        operator.abs(-2),
        operator.getitem([1, 2], -1),
        operator.truediv(7, 2),
        operator.xor(5, 3),
        operator.inv(0),
        operator.eq([1], [1]),
        operator.is_not(1, None),
    )


@case(_one)
def hc_operator_writers_change_arguments(x):
    xs = [5, 3, 8]
    operator.setitem(xs, 0, 9)
    operator.delitem(xs, 1)
    ys = operator.iconcat(xs, [1])
    d = {}
    operator.setitem(d, "k", 2)
    return xs, ys is xs, d, operator.iadd(3, 4), operator.imul([1], 2)


@case(_one)
def hc_reduce_over_sets_lists_dicts(x):
    total = functools.reduce(operator.or_, [{1}, {2}, {1, 3}])
    flat = functools.reduce(operator.add, [[1], [2, 3]], [])
    mx = functools.reduce(max, [3, 9, 2])
    keyed = functools.reduce(lambda acc, kv: {**acc, kv[0]: kv[1]}, [("a", 1), ("b", 2)], {})
    return sorted(total), flat, mx, keyed


@case(_one)
def hc_math_edge_values(x):
    return [
        math.gcd(0, 0),
        math.gcd(-4, 6),
        math.isqrt(0),
        math.comb(5, 7),
        math.perm(3),
        math.log1p(0),
        math.expm1(0),
        math.floor(-0.5),
        math.ceil(0.2),
        math.trunc(2.9),
        math.fabs(-2),
        math.pow(2, 3),
        math.isclose(1, 1.0000000001),
        math.nextafter(1, 2) > 1,
        math.ulp(1.0) > 0,
        math.sin(0),
        math.cos(0),
        math.inf > 1,
        math.nan != math.nan,
        math.fmod(7, -3),
        math.remainder(5, 2),
    ]


@case(_one)
def hc_partials_of_torch_functions_in_a_loop(x):
    p = functools.partial(torch.clamp, min=0.0)
    q = functools.partial(torch.add, alpha=2)
    layers = [functools.partial(torch.mul, other=s) for s in (1.0, 2.0)]
    y = x
    for layer in layers:
        y = layer(y)
    return p(x - 5), q(x, x), y


@case(_one)
def hc_counter_updates_and_most_common(x):
    counts = collections.Counter(["a", "b", "a"])
    counts["c"] += 2
    counts.update({"a": 1})
    del counts["b"]
    top = counts.most_common(1)[0]
    return x * top[1], top, counts["zz"], sorted(counts), len(counts), "a" in counts
