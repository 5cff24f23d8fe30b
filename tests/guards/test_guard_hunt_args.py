"""Guard hunt over arguments: containers whose contents, lengths or types change between
calls, enum members, identity, partials and bound methods, dict keys with no literal
(tests/guards/hunt_steps.py)."""

import collections
import dataclasses
import enum
import functools
import sys

import torch

from tests.guards.hunt_steps import BOTH_MODES, call, run, step

pytestmark = BOTH_MODES

X = torch.arange(4.0)


def test_dict_argument_values_keys_and_order(fullgraph):
    def fn(x, d):
        out = x
        for key, value in d.items():
            out = out * value if key.startswith("m") else out + value
        return out, list(d)

    run(
        fn,
        [
            call(X, {"m": 2.0, "a": 1.0}),
            call(X, {"m": 3.0, "a": 1.0}),
            call(X, {"a": 1.0, "m": 2.0}),
            call(X, {"m": 2.0}),
            call(X, {"m": 2.0, "a": 1.0}),
        ],
        fullgraph=fullgraph,
    )


def test_dict_keys_equal_but_of_other_types(fullgraph):
    def fn(x, d):
        return [str(k) for k in d], x * sum(d.values())

    run(fn, [call(X, {1: 2.0}), call(X, {True: 2.0}), call(X, {1.0: 2.0})], fullgraph=fullgraph)


def test_list_argument_length_and_items(fullgraph):
    def fn(x, items):
        out = x
        for v in items:
            out = out + v
        return out, len(items)

    run(
        fn,
        [call(X, [1, 2]), call(X, [1, 2, 3]), call(X, [5, 6]), call(X, [1, 2.5])],
        fullgraph=fullgraph,
    )


def test_list_argument_mutated_by_the_function(fullgraph):
    def fn(x, items):
        items.append(x.sum())
        items[0] = items[0] * 2
        return len(items)

    run(fn, [call(X, [1]), call(X, [1, 2]), call(X, [torch.ones(1)])], fullgraph=fullgraph)


def test_set_argument_members(fullgraph):
    def fn(x, s):
        return x * len(s), 2 in s, sorted(s)

    run(
        fn,
        [call(X, {1, 2}), call(X, {1, 3}), call(X, {2, 1}), call(X, {1.0, 2})],
        fullgraph=fullgraph,
    )


def test_tuple_of_tensors_then_list_of_tensors(fullgraph):
    def fn(x, ts):
        return x + ts[0] + ts[-1], type(ts).__name__, len(ts)

    a, b = torch.ones(4), torch.full((4,), 2.0)
    run(
        fn,
        [call(X, (a, b)), call(X, [a, b]), call(X, (a, b, a)), call(X, (a,))],
        fullgraph=fullgraph,
    )


def test_list_then_tuple_of_numbers(fullgraph):
    def fn(x, seq):
        return x * seq[0], isinstance(seq, list), seq + seq

    run(fn, [call(X, [2, 3]), call(X, (2, 3)), call(X, [2, 3])], fullgraph=fullgraph)


def test_nested_containers_change_deep_inside(fullgraph):
    def fn(x, cfg):
        return x * cfg["layers"][1]["scale"], len(cfg["layers"])

    def cfg(scale, n=2):
        return {"layers": [{"scale": 1.0}] + [{"scale": scale}] * (n - 1)}

    run(
        fn,
        [call(X, cfg(2.0)), call(X, cfg(3.0)), call(X, cfg(2.0, 3)), call(X, cfg(2.0))],
        fullgraph=fullgraph,
    )


def test_same_tensor_twice_then_two_tensors(fullgraph):
    def fn(a, b):
        a.add_(1)
        return b * 2, a is b

    t = torch.ones(3)
    run(fn, [call(t, t), call(torch.ones(3), torch.ones(3)), call(t, t)], fullgraph=fullgraph)


def test_views_of_one_base_then_separate(fullgraph):
    def fn(a, b):
        a.mul_(2)
        return b + 1

    base = torch.arange(6.0)
    run(
        fn,
        [call(base[:3], base[:3]), call(torch.ones(3), torch.ones(3)), call(base[:3], base[1:4])],
        fullgraph=fullgraph,
    )


def test_same_list_twice_then_two_lists(fullgraph):
    def fn(x, p, q):
        p.append(1)
        return x * len(q), p is q

    shared = [0]
    run(
        fn,
        [call(X, shared, shared), call(X, [0], [0]), call(X, shared, shared)],
        fullgraph=fullgraph,
    )


def test_id_of_arguments_compared(fullgraph):
    def fn(x, p, q):
        return x + 1 if id(p) == id(q) else x - 1

    box = object()
    run(
        fn,
        [call(X, box, box), call(X, box, object()), call(X, box, box)],
        fullgraph=fullgraph,
        copy_args=False,
    )


def test_none_then_a_value(fullgraph):
    def fn(x, scale=None):
        return x if scale is None else x * scale

    run(fn, [call(X), call(X, 2.0), call(X, None), call(X, scale=0)], fullgraph=fullgraph)


def test_int_float_bool_and_string_arguments(fullgraph):
    def fn(x, v):
        return x * 2 if isinstance(v, int) else x, repr(v)

    run(
        fn, [call(X, 1), call(X, 1.0), call(X, True), call(X, "1"), call(X, 1)], fullgraph=fullgraph
    )


def test_varargs_and_kwargs_change(fullgraph):
    def fn(x, *args, **kwargs):
        return x * len(args) + sum(args), sorted(kwargs), kwargs.get("k", 0)

    run(
        fn,
        [call(X, 1), call(X, 1, 2), call(X, 1, k=3), call(X, 1, j=3, k=1), call(X, 1)],
        fullgraph=fullgraph,
    )


# ---- enums, partials, bound methods, other classes


class Color(enum.Enum):
    RED = 1
    BLUE = 2


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


def test_enum_member_argument(fullgraph):
    def fn(x, c):
        return x * c.value if c is Color.RED else x - c.value, c.name

    run(fn, [call(X, Color.RED), call(X, Color.BLUE), call(X, Color.RED)], fullgraph=fullgraph)


def test_int_enum_then_int(fullgraph):
    def fn(x, level):
        return x * level, str(level), type(level).__name__

    run(
        fn,
        [call(X, Level.LOW), call(X, 1), call(X, Level.HIGH), call(X, Level.LOW)],
        fullgraph=fullgraph,
    )


def _mul(x, k, *, shift=0.0):
    return x * k + shift


def _sub(x, k, *, shift=0.0):
    return x - k + shift


def test_partial_arguments_differ(fullgraph):
    def fn(x, p):
        return p(x)

    run(
        fn,
        [
            call(X, functools.partial(_mul, k=2.0)),
            call(X, functools.partial(_mul, k=3.0)),
            call(X, functools.partial(_mul, k=2.0, shift=1.0)),
            call(X, functools.partial(_sub, k=2.0)),
            call(X, functools.partial(_mul, k=2.0)),
        ],
        fullgraph=fullgraph,
    )


def test_partial_positional_arguments_differ(fullgraph):
    def fn(x, p):
        return p(x), len(p.args)

    run(
        fn,
        [
            call(X, functools.partial(_mul)),
            call(X, functools.partial(_sub)),
            call(X, functools.partial(_mul, shift=2.0)),
        ],
        fullgraph=fullgraph,
    )


def test_global_partial_mutated_through_its_keywords(fullgraph):
    p = functools.partial(_mul, k=2.0)

    def fn(x):
        return p(x)

    run(
        fn,
        [
            call(X),
            step(lambda: p.keywords.__setitem__("k", 5.0), X),
            step(lambda: p.keywords.__setitem__("shift", 1.0), X),
        ],
        fullgraph=fullgraph,
    )


class Scaler:
    def __init__(self, k):
        self.k = k

    def __call__(self, x):
        return x * self.k

    def apply(self, x):
        return x + self.k


class Shifter:
    def __init__(self, k):
        self.k = k

    def apply(self, x):
        return x - self.k


def test_bound_methods_of_different_instances(fullgraph):
    def fn(x, method):
        return method(x)

    run(
        fn,
        [
            call(X, Scaler(1.0).apply),
            call(X, Scaler(5.0).apply),
            call(X, Shifter(1.0).apply),
            call(X, Scaler(1.0).__call__),
        ],
        fullgraph=fullgraph,
    )


def test_callable_instances_of_other_classes(fullgraph):
    def fn(x, f):
        return f(x)

    run(
        fn,
        [
            call(X, Scaler(2.0)),
            call(X, Scaler(3.0)),
            call(X, Shifter(2.0).apply),
            call(X, torch.nn.ReLU()),
            call(X, torch.sin),
        ],
        fullgraph=fullgraph,
    )


@dataclasses.dataclass
class PointA:
    x: float
    y: float


@dataclasses.dataclass
class PointB:
    x: float
    y: float


PairA = collections.namedtuple("PairA", "x y")


def test_dataclasses_of_two_classes_and_a_namedtuple(fullgraph):
    def fn(t, p):
        return t * p.x + p.y, type(p).__name__, p == PointA(1.0, 2.0)

    run(
        fn,
        [
            call(X, PointA(1.0, 2.0)),
            call(X, PointB(1.0, 2.0)),
            call(X, PairA(1.0, 2.0)),
            call(X, PointA(1.0, 3.0)),
        ],
        fullgraph=fullgraph,
    )


def test_namedtuple_then_plain_tuple(fullgraph):
    def fn(x, pair):
        return x * pair[0], hasattr(pair, "_fields"), len(pair)

    run(
        fn,
        [call(X, PairA(2.0, 1.0)), call(X, (2.0, 1.0)), call(X, PairA(3.0, 1.0))],
        fullgraph=fullgraph,
    )


def test_object_identity_against_a_global_sentinel(fullgraph):
    sentinel = object()

    def fn(x, flag=sentinel):
        return x + 1 if flag is sentinel else x * 0

    run(
        fn,
        [call(X), call(X, object()), call(X, sentinel), call(X)],
        fullgraph=fullgraph,
        copy_args=False,
    )


# ---- dict keys whose repr is no literal


KEYED = {torch.float32: 2.0, torch.float64: 3.0, float("inf"): 4.0, torch.device("cpu"): 5.0}


def test_global_dict_keyed_by_dtypes_devices_and_inf(fullgraph, monkeypatch):
    # these keys were written into the guard as `torch.float32`, `inf`, `device(...)`, which
    # fail to evaluate there: every call recompiled, and fullgraph reached the cache limit
    table = dict(KEYED)
    monkeypatch.setattr(sys.modules[__name__], "KEYED", table)

    def fn(x):
        return x * KEYED[x.dtype] + KEYED[float("inf")] + KEYED[x.device]

    steps = [
        call(X),
        call(X),
        step(lambda: table.__setitem__(torch.float32, -1.0), X),
        step(lambda: table.__setitem__(float("inf"), 0.5), X),
        call(X.double()),
    ]
    run(fn, steps + [call(X)] * 10, fullgraph=fullgraph, compiles=4)


def test_dict_argument_keyed_by_nan(fullgraph):
    nan = float("nan")

    def fn(x, d):
        return x * d[nan]

    run(
        fn,
        [call(X, {nan: 2.0}), call(X, {nan: 3.0}), call(X, {nan: 2.0})],
        fullgraph=fullgraph,
        copy_args=False,
    )
