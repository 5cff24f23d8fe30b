"""Conformance cases: Python semantics edges, aliasing, modules as inputs, graph-break probes."""

from __future__ import annotations

import copy
import math

import torch

from tests.conformance.functions_objects import Point, Scaler
from tests.conformance.registry import case, randint, randn

HISTORY: list = []


class Knob:
    level = 1


class Lazy:
    def __init__(self, t):
        self.t = t

    def __getattr__(self, name):
        return name.upper()


def _linear():
    layer = torch.nn.Linear(10, 10)
    with torch.no_grad():
        layer.weight.copy_(randn(7))
        layer.bias.copy_(randn(8, (10,)))
    return layer


@case()
def negative_int_division(a, b):
    return a * (-7 // 2) + (-7 % 3), divmod(-9, 4), int(-3.7), math.floor(-2.5), round(2.5)


@case()
def result_types_of_shape_math(a, b):
    n = a.shape[0]
    return n / 2, n // 2, n * 1.0, True + True, n ** 2, math.sqrt(n * n / 10)


@case()
def float_special_values(a, b):
    inf = float("inf")
    return math.isinf(inf), math.isnan(float("nan")), a.clamp(max=inf), -inf < 0


@case()
def str_of_shape_and_dtype(a, b):
    return str(a.shape), repr(a.dtype), f"{a.shape[0]}x{b.shape[1]}", str(0.1), str(True)


@case()
def join_map_str(a, b):
    s = "".join([str(i) for i in range(3)])
    t = ",".join(map(str, a.shape))
    return a * int(s), t, "a b  c".split(), "k=v=w".split("=", 1)


@case()
def short_circuit_values(a, b):
    c = None or a
    d = [] and b
    e = 0 or ""
    return c + b, d, e, (a if 0 else b).shape


@case()
def return_input_and_alias(a, b):
    a.mul_(2)
    return a, a, b


@case()
def return_view_of_input(a, b):
    return a.view(-1), b[2:], a.t()


@case()
def mutate_input_through_view(a, b):
    v = a[0]
    v.add_(b[0])
    a.view(-1)[5] = 7.0
    return b + 1


@case()
def alias_local_inplace(a, b):
    x = a.clone()
    y = x
    y += b
    return x, x is y


@case()
def global_list_side_effect(a, b):
    HISTORY.clear()
    HISTORY.append(a.shape[0])
    HISTORY.append("done")
    return a * len(HISTORY), list(HISTORY)


@case()
def class_attribute_write(a, b):
    Knob.level = 4
    return a * Knob.level + b


@case()
def getattr_fallback(a, b):
    obj = Lazy(a)
    return obj.t + b, obj.anything


@case()
def size_star_unpack(a, b):
    return torch.zeros(*a.shape) + b, a.view(*a.shape[::-1]).shape, a.reshape(a.size(0), -1)


@case()
def torch_size_slicing_numel(a, b):
    return a.shape[1:], a.shape.numel(), len(a.shape), b.size()[-1:]


@case()
def tuple_index_built_at_runtime(a, b):
    idx = (slice(None), 0)
    return a[idx], b[(1, 2)], a[tuple([slice(2, 4)])]


@case()
def iterate_unbind_zip(a, b):
    return [x + y for x, y in zip(a.unbind()[:3], b.unbind(1)[:3])]


@case()
def generator_in_all_sum(a, b):
    ok = all(t.dim() == 2 for t in (a, b))
    return a * ok, sum(t.numel() for t in [a, b])


@case()
def map_two_iterables_filter_none(a, b):
    return list(map(lambda x, y: x * y, [a, b], [2, 3])), list(filter(None, [0, 1, "", "x"]))


@case()
def dict_special_keys(a, b):
    d = {1: a, (2, 3): b, "s": 4}
    e = dict.fromkeys(["p", "q"], 0)
    return d[1] + d[(2, 3)] * d["s"], e, sorted(d.keys() & {1, "s"}, key=str)


@case()
def dict_delete_reinsert_order(a, b):
    d = {"x": a, "y": b, "z": 1}
    del d["x"]
    d["x"] = a * 2
    return list(d), d["x"]


@case()
def unbound_tensor_method(a, b):
    return torch.Tensor.add(a, b), torch.Tensor.sum(a, dim=0)


@case()
def no_grad_decorated_inner(a, b):
    @torch.no_grad()
    def inner(x):
        return x * 2, torch.is_grad_enabled()

    return inner(a), torch.is_grad_enabled()


@case()
def copy_module_functions(a, b):
    xs = [a, [1, 2]]
    ys = copy.copy(xs)
    ys.append(b)
    return len(xs), len(ys), ys[1] is xs[1]


@case()
def namedtuple_make_isinstance(a, b):
    p = Point._make([a, b])
    return isinstance(p, Point), type(p).__name__, p.x - p.y


@case()
def mutable_default_argument(a, b, acc=None):
    acc = [] if acc is None else acc
    acc.append(a)
    return sum(acc) + b


@case()
def sorted_stable_with_key(a, b):
    items = [("b", 1), ("a", 1), ("c", 0)]
    return [name for name, _ in sorted(items, key=lambda t: t[1])], a * 2


@case()
def bool_int_type_edges(a, b):
    return True * 3, type(True + 1).__name__, isinstance(True, int), 1 == 1.0, a * (a is not None)


@case()
def int_tensor_floor_semantics(a, b):
    x = torch.tensor([-7, 7, -8])
    return x // 2, x % 3, torch.div(x, 2, rounding_mode="trunc"), x / 2


@case(lambda: (_linear(), randn(0)))
def module_input_call(layer, x):
    return layer(x), layer.weight.shape, layer.in_features


@case(lambda: (_linear(), randn(0)))
def module_input_parameters(layer, x):
    return sum(p.sum() for p in layer.parameters()) + x, len(list(layer.named_parameters()))


@case(lambda: (Scaler(2.0), randn(0)))
def user_object_input(s, x):
    s.offset = 5.0
    return s(x), s.scale(x)


@case(lambda: (randn(0), randint(1, (3,), 0, 10)))
def int_index_tensor_input(a, idx):
    return a[idx], a[:, idx].shape


@case(lambda: (randn(0, (2, 5, 10)), randn(1, (10,))))
def broadcasting_shapes(a, b):
    return a + b, (a * b[:5, None]).shape, torch.broadcast_shapes(a.shape, b.shape)


@case(breaks=True)
def break_on_tensor_branch(a, b):
    if a.sum() > 0:
        return a + b
    return a - b


@case(breaks=True)
def break_on_item(a, b):
    k = a.max().item()
    return b * k, isinstance(k, float)


@case(breaks=True)
def break_on_tolist(a, b):
    rows = a[:2, :3].tolist()
    return b * len(rows), rows


@case(breaks=True)
def break_on_int_of_tensor(a, b):
    n = int((a > 0).sum())
    return b[:n], n


@case(breaks=True)
def break_on_print(a, b):
    x = a + b
    print("", end="")
    return x * 2


@case(breaks=True)
def break_on_nonzero(a, b):
    return a[a > 0].sum() + b.nonzero().shape[0]


@case(breaks=True)
def break_in_loop_with_state(a, b):
    total = a * 0
    for i in range(3):
        if (a + i).mean() > 0.5:
            total = total + i
        total = total + b
    return total


@case(breaks=True)
def break_on_bool_all(a, b):
    ok = bool((a < 100).all())
    return (a if ok else b), ok
