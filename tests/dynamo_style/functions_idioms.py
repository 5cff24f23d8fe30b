"""Python idioms of everyday code around tensors: closures rebound late, argument forwarding,
itertools and functools beyond the basics, comprehensions, formatting, enums, named tuples,
sort keys, user classes with protocols, context managers and exceptions, inputs mutated.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import itertools
import math
import operator
from collections import namedtuple

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case

_LOG: list = []
_CONFIG = {"mode": "sum", "calls": 0}

Point = namedtuple("Point", ["x", "y", "z"], defaults=[0])


class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 4


class Perm(enum.Flag):
    READ = 1
    WRITE = 2
    EXEC = 4


class Window:
    """A sequence by __len__/__getitem__, with __contains__ and __bool__."""

    def __init__(self, items):
        self.items = list(items)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def __contains__(self, item):
        return item in self.items

    def __bool__(self):
        return len(self.items) > 1


class Pairs:
    """An iterable whose __iter__ is a generator function."""

    def __init__(self, a, b):
        self.a, self.b = a, b

    def __iter__(self):
        yield self.a
        yield self.b


class Shape:
    sides = 0

    def __init__(self, size):
        self.size = size

    @classmethod
    def square(cls, size):
        made = cls(size)
        made.sides = 4
        return made

    @property
    def perimeter(self):
        return self.sides * self.size


class Swallow:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, kind, value, tb):
        self.log.append(kind.__name__ if kind else "clean")
        return kind is not None and issubclass(kind, ValueError)


class BadInput(ValueError):
    def __init__(self, code):
        super().__init__(f"bad input {code}")
        self.code = code


@case()
def closure_sees_rebinding_after_definition(a, b):
    k = 1

    def scaled(t):
        return t * k

    k = 3
    return scaled(a), scaled(b)


@case()
def closures_in_loop_late_and_early_binding(a, b):
    late = [lambda t: t * i for i in range(3)]  # noqa: B023 - late binding is the point
    early = [lambda t, i=i: t * i for i in range(3)]
    return [f(a) for f in late], [f(b) for f in early]


@case()
def keyword_only_and_dict_unpacking(a, b):
    def combine(x, *, scale=1.0, shift=0.0, **extra):
        return x * scale + shift + len(extra)

    opts = {"scale": 2.0, "shift": 0.5}
    return combine(a, **opts), combine(b, **{**opts, "tag": 1, "more": 2})


@case()
def partial_with_keywords_and_star_args(a, b):
    def mix(x, y, alpha=1.0, beta=1.0):
        return x * alpha + y * beta

    half = functools.partial(mix, beta=0.5)
    args = [a, b]
    return half(*args), half(*args, alpha=3.0), half.keywords, half.func is mix


@case()
def reduce_with_initial_and_operator(a, b):
    ints = functools.reduce(operator.mul, [1, 2, 3, 4], 1)
    total = functools.reduce(lambda acc, t: acc + t.sum(0), [a, b, a * b], torch.zeros(4))
    return ints, total


@case()
def itertools_groupby_sorted(a, b):
    words = sorted(["ab", "c", "de", "fgh", "i"], key=len)
    groups = {k: list(g) for k, g in itertools.groupby(words, key=len)}
    return groups, a * len(groups)


@case()
def itertools_starmap_repeat_pairwise(a, b):
    sums = list(itertools.starmap(operator.add, [(1, 2), (3, 4)]))
    twice = list(itertools.repeat(a, 2))
    pairs = list(itertools.pairwise([a, b, a + b]))
    return sums, twice[0] + twice[1], [x - y for x, y in pairs]


@case()
def itertools_takewhile_dropwhile(a, b):
    values = [1, 3, 5, 2, 7]
    head = list(itertools.takewhile(lambda v: v % 2, values))
    tail = list(itertools.dropwhile(lambda v: v < 5, values))
    return head, tail, a * sum(head) + b * sum(tail)


@case()
def itertools_permutations_and_cycle(a, b):
    orders = list(itertools.permutations(range(3), 2))
    cycled = list(itertools.islice(itertools.cycle([a, b]), 5))
    return len(orders), orders[-1], torch.stack(cycled).sum(0)


@case()
def set_comprehension_and_operations(a, b):
    dims = {d % 3 for d in range(7)}
    other = frozenset({1, 2, 5})
    return sorted(dims | other), sorted(dims & other), sorted(dims ^ other), a * len(dims - other)


@case()
def nested_dict_comprehension(a, b):
    table = {name: {i: t * i for i in range(2)} for name, t in (("a", a), ("b", b))}
    return table["b"][1] - table["a"][1], sorted(table), [len(v) for v in table.values()]


@case()
def str_format_method_and_percent(a, b):
    n = a.shape[0]
    text = "{}x{:03d}|{name:>5}".format(n, a.shape[1], name="ab")
    old = "%d-%s-%.1f" % (n, "k", 2.25)  # noqa: UP031 - the old operator is the point
    return text, old, ",".join(str(d) for d in a.shape), a * len(text)


@case()
def str_split_strip_replace(a, b):
    spec = "  conv:3, relu , pool:2 "
    parts = [p.strip() for p in spec.split(",")]
    sizes = [int(p.split(":")[1]) for p in parts if ":" in p]
    return parts, spec.replace(" ", "").upper(), a * sum(sizes), parts[0].startswith("conv")


@case()
def enum_lookup_iteration_and_intenum(a, b):
    names = [c.name for c in Color]
    picked = Color["GREEN"], Color(3)
    return names, picked[0].value + picked[1].value, a * (Level.HIGH + 1), Level.LOW < Level.HIGH


@case()
def enum_flag_combination(a, b):
    rw = Perm.READ | Perm.WRITE
    return bool(rw & Perm.WRITE), bool(rw & Perm.EXEC), rw.value, a * rw.value


@case()
def namedtuple_replace_asdict_make(a, b):
    p = Point(a, b)
    q = p._replace(z=a + b)
    r = Point._make([1, 2, 3])
    return q.z * 2, list(p._asdict()), r, Point._fields, p.z


@case()
def sorted_with_key_tuple_and_itemgetter(a, b):
    rows = [("b", 2, a), ("a", 2, b), ("c", 1, a + b)]
    by_num_then_name = sorted(rows, key=lambda r: (r[1], r[0]))
    by_name = sorted(rows, key=operator.itemgetter(0), reverse=True)
    return [r[0] for r in by_num_then_name], [r[0] for r in by_name], by_num_then_name[0][2]


@case()
def min_max_with_key_and_default(a, b):
    sizes = {"x": 3, "y": 1, "z": 2}
    tensors = [a, b[:2], a[:1]]
    return (min(sizes, key=sizes.get), max(sizes.items(), key=lambda kv: kv[1]),
            max([], default=-1), min(tensors, key=lambda t: t.shape[0]))


@case()
def isinstance_nested_tuple_and_issubclass(a, b):
    kinds = (int, (float, (str, torch.Tensor)))
    return (isinstance(a, kinds), isinstance(2.0, kinds), isinstance([], kinds),
            issubclass(Level, (int, str)), issubclass(bool, int), a + b)


@case()
def user_sequence_protocol_loop(a, b):
    w = Window([a, b, a * 2])
    total = sum(t.sum() for t in w)
    return total, len(w), 3 in Window([1, 3]), bool(w), bool(Window([a])), w[-1]


@case()
def user_iter_is_generator(a, b):
    first, second = Pairs(a, b)
    return list(Pairs(1, 2)), first * second, sum(Pairs(a, b))


@case()
def classmethod_constructor_and_property(a, b):
    s = Shape.square(2)
    plain = Shape(5)
    return a * s.perimeter, plain.perimeter, type(s).__name__, s.sides, Shape.sides


@case()
def context_manager_swallows_exception(a, b):
    log = []
    with Swallow(log):
        y = a * 2
        raise ValueError("stop")
    with Swallow(log):
        y = y + b
    return y, log


@case()
def contextmanager_try_finally_body(a, b):
    log = []

    @contextlib.contextmanager
    def tracked(tag):
        log.append(f"open {tag}")
        try:
            yield tag * 2
        finally:
            log.append(f"close {tag}")

    with tracked(3) as k:
        out = a * k
    return out, log


@case()
def nested_with_two_items(a, b):
    log = []
    with Swallow(log) as s1, Swallow(log) as s2:
        out = a + b
    return out, log, s1 is not s2


@case()
def custom_exception_with_attribute(a, b):
    try:
        raise BadInput(7)
    except (KeyError, BadInput) as err:
        code, text = err.code, str(err)
    return a * code, text, isinstance(BadInput(1), ValueError)


@case()
def try_else_finally_flow(a, b):
    order = []
    try:
        y = a + 1
    except RuntimeError:
        order.append("except")
    else:
        order.append("else")
        y = y * 2
    finally:
        order.append("finally")
    return y, order


@case()
def raise_from_and_cause(a, b):
    try:
        try:
            {}["missing"]
        except KeyError as inner:
            raise RuntimeError("wrapped") from inner
    except RuntimeError as outer:
        kind = type(outer.__cause__).__name__
    return kind, a - b


@case(lambda: ({"w": randn(0, (2, 2)), "n": 1}, randn(1, (2, 2))))
def dict_input_setdefault_update_pop(d, t):
    d.setdefault("hits", 0)
    d["hits"] += 1
    d.update(extra=t * 2)
    gone = d.pop("n")
    return d["w"] + d["extra"] * gone, sorted(d)


@case(lambda: ([1, 2, 3, 4, 5], randn(0, (2, 2))))
def list_input_extend_insert_delete(items, t):
    items.extend([6, 7])
    items.insert(0, 0)
    del items[2:4]
    items[-1] *= 10
    return t * len(items), items[-1]


@case()
def global_list_and_dict_mutation(a, b):
    _LOG.append(a.shape[0])
    _CONFIG["calls"] += 1
    mode = _CONFIG["mode"]
    out = (a + b).sum() if mode == "sum" else a
    _LOG.pop()
    return out, _CONFIG["calls"] > 0


@case()
def zip_strict_and_reversed_dict(a, b):
    pairs = list(zip([a, b], [1, 2], strict=True))
    order = {"x": 1, "y": 2, "z": 3}
    try:
        list(zip([1, 2], [1], strict=True))
        raised = False
    except ValueError:
        raised = True
    return sum(t * k for t, k in pairs), list(reversed(order)), raised


@case()
def int_builtins_divmod_pow_conversions(a, b):
    q, r = divmod(17, 5)
    return (q, r, pow(3, 4, 5), int("12") + int(3.9), float("1.5"), bin(5), hex(255),
            abs(-3), round(2.567, 2), a * q)


@case()
def or_and_return_operands(a, b):
    empty, full = [], [a]
    picked = empty or full
    name = "" or "default"
    both = full and [b]
    return picked[0] + both[0], name, (0 and 5), (None or 3)


@case()
def slice_objects_and_indices(a, b):
    s = slice(1, None, 2)
    rows = list(range(6))[s]
    return a[:, s], rows, s.indices(10), slice(2).stop


@case()
def dict_sorted_by_value_rebuilt(a, b):
    scores = {"a": 3, "b": 1, "c": 2}
    ranked = dict(sorted(scores.items(), key=lambda kv: -kv[1]))
    first = next(iter(ranked))
    return list(ranked), first, a * ranked[first]


@case()
def math_integer_functions(a, b):
    return (math.gcd(12, 18), math.comb(5, 2), math.factorial(4), math.isqrt(17),
            math.prod([2, 3]), a * math.lcm(4, 6))


@case()
def type_dispatch_table(a, b):
    handlers = {int: lambda v: v + 1, float: lambda v: v * 2, torch.Tensor: lambda v: v.neg()}
    return [handlers[type(v)](v) for v in (1, 2.5)], handlers[type(a)](a)


@case()
def enumerate_zip_nested_unpacking(a, b):
    out = []
    for i, (x, (name, k)) in enumerate(zip([a, b], [("p", 2), ("q", 3)])):
        out.append((name, x * k + i))
    return out


@case()
def while_loop_with_break_continue(a, b):
    i, total = 0, a
    while True:
        i += 1
        if i % 2:
            continue
        total = total + b * i
        if i >= 6:
            break
    return total, i
