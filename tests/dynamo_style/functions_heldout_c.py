"""Held-out-style cases written from real code's idioms:
Python builtins, containers, strings, itertools/functools/operator/collections.
"""

# The cases use the idioms real code uses on purpose: %-formatting, str.format, duplicate keys.
# ruff: noqa: UP031, UP032, F601, B033, UP012, UP042

from __future__ import annotations

import collections
import copy
import functools
import itertools
import math
import operator

from tests.dynamo_style import (
    functions_heldout_c2,  # noqa: F401 - registers its cases
    functions_heldout_c3,  # noqa: F401 - registers its cases
)
from tests.dynamo_style.registry import case


@case()
def hc_floordiv_mod_negatives(a, b):
    ints = [(-7) // 2, (-7) % 2, 7 // -2, 7 % -2, -7 // -2, divmod(-7, 3), divmod(7, -3)]
    floats = [(-7.5) // 2, (-7.5) % 2, 7.5 % -2, divmod(-7.5, 2.0), math.fmod(-7.5, 2)]
    return a * ints[0] + b * floats[1], ints, floats


@case()
def hc_round_half_even_and_ndigits(a, b):
    r = [round(0.5), round(1.5), round(2.5), round(-0.5), round(-1.5), round(2.675, 2),
         round(1234, -2), round(1250, -2), round(7.0), round(3.14159, 3)]
    kinds = [type(x).__name__ for x in r]
    return a * r[2] + r[-1], r, kinds


@case()
def hc_bool_arithmetic(a, b):
    t, f = True, False
    vals = [t + t, t * 3.5, t / 2, ~t, -t, t << 3, t & f, t | f, t ^ t, sum([t, f, t, t]),
            t // 2, abs(t), int(t), float(f)]
    kinds = [type(v).__name__ for v in vals]
    return a * vals[0] + vals[1], vals, kinds


@case()
def hc_pow_variants(a, b):
    p = [pow(2, 10), pow(2, -2), pow(3, 4, 5), pow(-2, 3), (-8) ** (1 / 3) == 2, 2 ** 0.5,
         pow(2.0, 3), 0 ** 0, pow(3, -1, 7), 10 ** 20]
    return a ** p[0] if False else a * p[1] + p[2], p


@case()
def hc_int_conversions_and_bases(a, b):
    v = [int("0x1f", 16), int("  12 "), int("1_000"), int("-0b101", 0), int(-3.7), int(3.99),
         float("1e3"), float("-inf") < -1e308, int("z", 36), hex(-255), oct(8), bin(-5),
         format(-5, "b"), (255).bit_length(), (-1) >> 3, 1 << 70]
    return b * v[0] - v[4], v


@case()
def hc_float_specials(a, b):
    inf, nan = float("inf"), float("nan")
    v = [inf > 1e308, -inf < 0, nan == nan, nan != nan, math.isnan(nan), math.isinf(-inf),
         inf - inf != inf - inf, min(3.0, inf), max(-inf, -2), math.copysign(1.0, -0.0),
         -0.0 == 0.0, str(-0.0), 1e308 * 10 == inf, math.isfinite(1e308)]
    return a.clamp(max=v[7]), v


@case()
def hc_float_repr_and_str(a, b):
    x = 0.1 + 0.2
    v = [str(x), repr(1e16), str(1e-5), str(100.0), str(1.5e300 * 1.5e10), repr(2 / 3),
         str(float(10 ** 16)), str(-1.0), str(3), str(True), repr("a'b"), repr('a"b')]
    return a + x, v


@case()
def hc_format_specs(a, b):
    n = 1234567.891
    v = [f"{n:,.2f}", f"{n:>15.1f}|", f"{42:08b}", f"{255:#x}", f"{255:X}", f"{0.25:%}",
         f"{0.125:.1%}", f"{12345:e}", f"{'ab':*^7}", f"{-3:+d}", f"{3:+d}", f"{1e-7:g}",
         f"{1234567:_}", f"{'x'!r:>5}", format(3.0, ""), format(7, "o"), f"{12:<4}|"]
    return a * len(v[0]), v


@case()
def hc_percent_formatting(a, b):
    v = ["%d items" % 3, "%5.2f|" % 3.14159, "%-6s|" % "ab", "%x %o %e" % (255, 8, 1234.5),
         "%r" % "q", "%s and %s" % ("a", (1, 2)[0]), "%(k)s=%(v)d" % {"k": "lr", "v": 3},
         "100%%" % (), "%c" % 65, "%03d" % 7, "%+.1f" % -0.05, "%i" % 3.9]
    return a * float(v[1][:4]), v


@case()
def hc_str_format_method_fields(a, b):
    pt = collections.namedtuple("Pt", "x y")(3, 4)
    v = ["{0[1]}-{0[0]}".format(["a", "b"]), "{p.x}/{p.y}".format(p=pt),
         "{:>{w}}".format("r", w=4), "{{literal}} {}".format(1), "{d[k]}".format(d={"k": 9}),
         "{0}{1}{0}".format("x", "y"), "{!s:^5}".format(None), "{:.3}".format("abcdef")]
    return a * pt.x, v


@case()
def hc_str_methods_wide(a, b):
    s = "  Hello, World: item_01\tend  "
    t = s.strip()
    v = [t.partition(":"), t.rpartition("_"), t.rsplit(" ", 1), "a\nb\r\nc".splitlines(),
         "7".zfill(3), "-7".zfill(4), "ab".center(6, "."), "ab".ljust(4, "-"),
         "hello world".title(), "hELLO".capitalize(), "AbC".swapcase(), "ß".casefold(),
         "a\tb".expandtabs(4), t.startswith(("He", "x")), t.endswith("end", 0, len(t)),
         t.count("l"), t.rfind("o"), t.index("W"), "abc1".isalnum(), "12".isdigit(),
         "foo_bar".isidentifier(), " ".isspace(), "Ab".istitle(), "ab".upper().lower()]
    return a * v[15], v


@case()
def hc_str_translate_encode(a, b):
    table = str.maketrans("abc", "xyz", "d")
    s = "abcd-abcd".translate(table)
    raw = "héllo".encode("utf-8")
    v = [s, raw, len(raw), raw.decode(), raw[1], raw[1:3], list(b"AB"), b"ab" + b"cd",
         b"x" * 3, b"abc".hex(), bytes.fromhex("4142"), bytes([65, 66]), b"a,b".split(b","),
         "abc".removeprefix("a"), "abc".removesuffix("bc"), "a-b-c".replace("-", "", 1)]
    return a * len(raw), v


@case()
def hc_int_bytes_roundtrip(a, b):
    n = 1027
    raw = n.to_bytes(4, "little")
    back = int.from_bytes(raw, "little")
    big = int.from_bytes(b"\x01\x00", "big")
    signed = (-2).to_bytes(2, "big", signed=True)
    joined = b"-".join([raw[:1], bytes(2)])
    return a * back + big, raw, signed, joined, int.from_bytes(signed, "big", signed=True)


@case()
def hc_dict_key_equal_hash_collapse(a, b):
    d = {1: "int", True: "bool", 1.0: "float"}
    e = {0: "z"}
    e[False] = "f"
    e[0.0] = "g"
    s = {1, True, 1.0, 2}
    return a * len(d) + len(s), d, e, list(d.keys())[0] is True, sorted(s)


@case()
def hc_dict_order_after_delete_reinsert(a, b):
    d = {"a": 1, "b": 2, "c": 3}
    del d["a"]
    d["a"] = 4
    d["b"] = 20
    order = list(d)
    p = d.pop("c")
    d.update(z=0, b=21)
    last = d.popitem()
    return a * p + b * last[1], order, list(d.items()), last, list(reversed(d))


@case()
def hc_dict_views_set_algebra(a, b):
    d1 = {"w": a, "b": b, "lr": 1}
    d2 = {"b": 2, "m": 3}
    common = d1.keys() & d2.keys()
    only = d1.keys() - d2
    union = sorted(d1.keys() | d2.keys())
    items = {("lr", 1)} <= d1.items() if False else ("lr", 1) in d1.items()
    ks = d1.keys()
    d1["late"] = 0
    return d1["w"] * len(common), sorted(only), union, items, len(ks), list(ks)[-1]


@case()
def hc_dict_equality_and_ordered(a, b):
    od1 = collections.OrderedDict([("x", 1), ("y", 2)])
    od2 = collections.OrderedDict([("y", 2), ("x", 1)])
    plain = {"y": 2, "x": 1}
    v = [od1 == od2, dict(od1) == dict(od2), od1 == plain, plain == {"x": 1, "y": 2}]
    od1.move_to_end("x")
    od2.move_to_end("x", last=False)
    first = od1.popitem(last=False)
    return a * sum(v), v, list(od1), list(od2), first


@case()
def hc_dict_constructors_and_fromkeys(a, b):
    d = dict([("a", 1), ("b", 2)], c=3)
    e = dict(zip("xyz", range(3)))
    f = dict.fromkeys(["p", "q"], 0)
    g = dict(d, a=10)
    merged = {**d, **e, "a": -1}
    h = d | {"c": 30}
    h |= [("n", 5)]
    return a * merged["a"] + g["a"], d, e, f, g, merged, h


@case()
def hc_dict_get_setdefault_pop_missing(a, b):
    d = {"a": 1}
    v = [d.get("b"), d.get("b", 2), d.setdefault("c", []), d.pop("zz", None), "c" in d]
    d["c"].append(a.sum().item() if False else 5)
    try:
        d.pop("missing")
        err = None
    except KeyError as e:
        err = e.args
    return b * len(d), v, d, err


@case()
def hc_set_ops_wide(a, b):
    s, t = {1, 2, 3, 4}, {3, 4, 5}
    v = [sorted(s ^ t), sorted(s.symmetric_difference(t)), s.issubset({1, 2, 3, 4, 9}),
         {1, 2} < s, s <= s, s < s, s.isdisjoint({7}), sorted(s.union(t, {9})),
         sorted(s.intersection(t, {4})), sorted(s - t - {1})]
    u = set(s)
    u.update([7], (8,))
    u.discard(100)
    u.difference_update({1})
    u.intersection_update(range(3, 10))
    u.symmetric_difference_update({3, 11})
    try:
        u.remove(999)
    except KeyError:
        v.append("missing")
    return a * len(u), v, sorted(u)


@case()
def hc_frozenset_as_key_and_hash(a, b):
    fs = frozenset([1, 2])
    d = {fs: "pair", frozenset(): "empty"}
    v = [d[frozenset([2, 1])], fs == {1, 2}, frozenset({1}) | {5}, type(fs | {3}).__name__,
         hash(fs) == hash(frozenset([2, 1])), {1, 2} == fs, fs.issuperset([1])]
    return a * len(d), v


@case()
def hc_defaultdict_kinds(a, b):
    counts = collections.defaultdict(int)
    for w in "a b a c a".split():
        counts[w] += 1
    groups = collections.defaultdict(list)
    for i, w in enumerate("x y x".split()):
        groups[w].append(i)
    nested = collections.defaultdict(lambda: collections.defaultdict(float))
    nested["l1"]["w"] += 0.5
    probe = ["q" in counts, counts.get("q"), len(counts)]
    return a * counts["a"], dict(counts), dict(groups), probe, nested["l1"]["w"], counts["zz"]


@case()
def hc_deque_maxlen_and_extendleft(a, b):
    dq = collections.deque([1, 2, 3], maxlen=4)
    dq.append(4)
    dq.append(5)
    dq.appendleft(0)
    dq.extendleft([10, 11])
    dq.rotate(-1)
    v = [list(dq), dq[0], dq[-1], dq.maxlen, dq.index(10) if 10 in dq else -1, dq.count(1)]
    dq.popleft()
    dq.pop()
    return a * len(dq) + b * v[1], v, list(dq)


@case()
def hc_deque_of_tensors_window(a, b):
    window = collections.deque(maxlen=3)
    for i in range(5):
        window.append(a * i)
    total = sum(window)
    return total + b, len(window)


@case()
def hc_chainmap_layers(a, b):
    defaults = {"lr": 0.1, "wd": 0.0}
    user = {"lr": 0.5}
    cm = collections.ChainMap(user, defaults)
    child = cm.new_child({"wd": 1e-4})
    child["momentum"] = 0.9
    v = [cm["lr"], cm["wd"], child["wd"], len(child), sorted(child), "momentum" in user,
         dict(child.parents) == dict(cm), len(cm.maps)]
    return a * child["lr"] + b * child["momentum"], v, child.maps[0]


@case()
def hc_functools_partial_nesting(a, b):
    def lin(x, w, bias=0.0, *, scale=1.0):
        return (x * w + bias) * scale

    p1 = functools.partial(lin, w=2.0)
    p2 = functools.partial(p1, bias=1.0, scale=3.0)
    v = [p2.func is lin, p2.keywords, p2.args, p1.func is lin]
    return p2(a), p2(b, scale=0.5), v


@case()
def hc_reduce_empty_and_initial(a, b):
    total = functools.reduce(operator.add, [a, b, a])
    with_init = functools.reduce(lambda acc, t: acc + t.sum(), [a, b], 0.0)
    try:
        functools.reduce(operator.add, [])
        err = None
    except TypeError:
        err = "empty"
    one = functools.reduce(operator.mul, [7])
    return total, with_init, err, one


@case()
def hc_operator_module_wide(a, b):
    pairs = [(1, "b"), (0, "a")]
    get = operator.itemgetter(1, 0)
    v = [sorted(pairs, key=operator.itemgetter(1)), get(("x", "y", "z")), operator.index(5),
         operator.neg(3), operator.truth([]), operator.contains([1, 2], 2),
         operator.countOf([1, 1, 2], 1), operator.indexOf("abc", "c"), operator.concat([1], [2]),
         operator.floordiv(-7, 2), operator.mod(-7, 2), operator.pow(2, 5),
         operator.methodcaller("split", "-", 1)("a-b-c"), operator.is_(None, None),
         operator.length_hint([1, 2, 3]), operator.lshift(1, 4)]
    lst = [1]
    same = operator.iadd(lst, [2])
    return operator.mul(a, v[3]), v, same is lst, lst


@case()
def hc_attrgetter_dotted(a, b):
    get = operator.attrgetter("shape", "dtype")
    nested = operator.attrgetter("real.shape")
    return a * len(get(b)[0]), get(a), nested(b), operator.attrgetter("T")(a)


@case()
def hc_copy_shallow_and_deep(a, b):
    inner = [1, 2]
    outer = [inner, inner, {"k": [3]}]
    sh = copy.copy(outer)
    dp = copy.deepcopy(outer)
    sh[0].append(9)
    dp[0].append(7)
    dp[2]["k"].append(4)
    v = [sh[1], dp[1], dp[0] is dp[1], sh[0] is inner, outer[2]["k"], dp[2]["k"]]
    return a * len(v[0]) + len(v[1]), v


@case()
def hc_math_wide(a, b):
    v = [math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7), math.isqrt(17), math.gcd(12, 18, 27),
         math.lcm(4, 6), math.comb(5, 2), math.perm(5, 2), math.factorial(6), math.log(8, 2),
         math.log2(1024), math.log10(1000), math.sqrt(2.25), math.hypot(3, 4),
         math.prod([2, 3], start=2), math.fsum([0.1] * 10), math.isclose(0.1 + 0.2, 0.3),
         math.radians(180) == math.pi, math.degrees(math.pi / 2), math.atan2(1, 1),
         math.modf(-3.25), math.frexp(8.0), math.ldexp(0.5, 4), math.remainder(7, 4),
         math.exp(0), math.tau / 2 == math.pi, type(math.floor(2.5)).__name__,
         math.dist((0, 0), (3, 4))]
    return a * v[3] + v[13], v


@case()
def hc_math_on_shapes_to_tensor(a, b):
    n = a.numel()
    side = math.isqrt(n)
    scale = 1 / math.sqrt(a.shape[-1])
    pad = math.ceil(a.shape[0] / 2) * 2 - a.shape[0]
    return a.flatten()[: side * side].reshape(side, side) * scale, pad, math.log2(a.shape[1])


@case()
def hc_namedtuple_defaults_and_compare(a, b):
    Spec = collections.namedtuple("Spec", ["dim", "heads", "drop"], defaults=[0.0])
    s = Spec(8, 2)
    t = Spec._make([8, 2, 0.0])
    d, h, p = s
    v = [s == t, s == (8, 2, 0.0), s < Spec(8, 3), s._fields, s._asdict(), s[1:], s.count(8),
         s._replace(heads=4).heads, isinstance(s, tuple), len(s)]
    return a * (d // h) + p, v


@case()
def hc_itertools_wide(a, b):
    v = [list(itertools.accumulate([1, 2, 3], operator.mul, initial=10)),
         list(itertools.compress("abcd", [1, 0, 1, 0])),
         list(itertools.filterfalse(lambda x: x % 2, range(6))),
         list(itertools.islice(range(20), 2, 12, 3)),
         list(itertools.product("ab", repeat=2)),
         list(itertools.combinations_with_replacement([1, 2], 2)),
         [(k, len(list(g))) for k, g in itertools.groupby("aabbba")],
         list(itertools.zip_longest([1, 2], "a", fillvalue="-")),
         list(itertools.islice(itertools.count(0.5, 0.25), 3)),
         list(itertools.pairwise([1, 4, 9]))]
    return a * v[0][-1], v
