"""Builtins, closures, containers and their methods, string formatting, and the standard
library's itertools, functools, collections and operator, on tensors and constants.
"""

from __future__ import annotations

import collections
import functools
import itertools
import operator

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _list_of_three():
    return [randn(0, (2, 3)), randn(1, (2, 3)), randn(2, (2, 3))], 2


@case()
def enumerate_with_start(a, b):
    total = a * 0
    for i, t in enumerate((a, b), start=3):
        total = total + t * i
    return total


@case()
def zip_and_reversed(a, b):
    out = []
    for x, y in zip(reversed([a, b]), [1.0, 2.0]):
        out.append(x * y)
    return out


@case()
def sum_of_generator_expression(a, b):
    return sum(t.sin() for t in (a, b, a + b))


@case()
def min_max_of_ints_and_abs(a, b):
    n = max(a.shape[0], b.shape[1], 2)
    m = min(abs(-3), a.dim())
    return a * n - b * m, divmod(n * 7, m)


@case()
def any_all_over_constants(a, b):
    flags = [a.shape[0] > 1, b.dim() == 2, a.dtype is torch.float32]
    if all(flags) and not any(f is None for f in flags):
        return a + b
    return a - b


@case()
def map_filter_lambda(a, b):
    scaled = list(map(lambda t: t * 2, [a, b]))
    kept = list(filter(lambda k: k % 2 == 0, range(7)))
    return scaled[0] + scaled[1] * len(kept), kept


@case()
def sorted_with_key_and_reverse(a, b):
    names = sorted(["beta", "alpha", "gamma"], key=len, reverse=True)
    return a * len(names[0]) + b, names


@case()
def round_int_float_conversions(a, b):
    k = int(3.9) + round(2.5) + round(3.14159, 2)
    return a * float(k), int("12") + int(b.shape[0])


@case()
def closure_reads_outer_tensor(a, b):
    def inner(x):
        return x + a

    return inner(b) * inner(a)


@case()
def closure_nonlocal_counter(a, b):
    count = 0

    def bump(t):
        nonlocal count
        count += 1
        return t * count

    return bump(a) + bump(b) + bump(a), count


@case()
def nested_closure_factory(a, b):
    def scale_by(k):
        def apply(t):
            return t * k
        return apply

    double, triple = scale_by(2), scale_by(3)
    return double(a) + triple(b)


@case()
def default_and_keyword_arguments(a, b):
    def combine(x, y, *, alpha=1.0, beta=0.5):
        return x * alpha + y * beta

    return combine(a, b), combine(a, b, beta=2.0), combine(y=a, x=b, alpha=-1.0)


@case()
def star_args_and_kwargs_forwarding(a, b):
    def inner(*args, **kwargs):
        return sum(args) * kwargs.get("scale", 1)

    def outer(*args, **kwargs):
        return inner(*args, **kwargs)

    return outer(a, b, scale=3), outer(a, b)


@case()
def list_methods_mix(a, b):
    items = [a, b]
    items.append(a * 2)
    items.insert(0, b * 3)
    items.extend([a - b])
    last = items.pop()
    items.reverse()
    return items, last, len(items)


@case()
def list_sort_and_index_ints(a, b):
    nums = [5, 3, 9, 1]
    nums.sort()
    where = nums.index(9)
    nums.remove(3)
    return a * where + b, nums, nums.count(5)


@case()
def list_slicing_and_assignment(a, b):
    items = [a, b, a + b, a - b]
    items[1:3] = [b * 10]
    del items[0]
    return items[::-1], items[-1]


@case()
def list_comprehension_with_condition(a, b):
    return [t * i for i, t in enumerate([a, b, a, b]) if i % 2 == 1]


@case()
def dict_methods_mix(a, b):
    d = {"x": a, "y": b}
    d["z"] = a + b
    d.update({"w": a * 2})
    d.setdefault("x", b)
    d.setdefault("v", b * 0)
    popped = d.pop("y")
    return d, popped, sorted(d.keys())


@case()
def dict_get_with_default_and_items(a, b):
    d = {"a": a}
    out = d.get("a") + d.get("missing", b)
    return out, [k for k, _ in d.items()]


@case()
def dict_comprehension_and_iteration(a, b):
    d = {f"k{i}": t * i for i, t in enumerate((a, b))}
    total = a * 0
    for key in d:
        total = total + d[key]
    return total, list(d)


@case()
def dict_merge_operators(a, b):
    left = {"x": a, "y": 1}
    right = {"y": 2, "z": b}
    merged = left | right
    left |= {"q": 5}
    return merged, left


@case()
def dict_popitem_and_clear(a, b):
    d = {"first": a, "second": b}
    key, value = d.popitem()
    size = len(d)
    d.clear()
    return key, value, size, d


@case()
def dict_keys_contains_and_views(a, b):
    d = {"a": a, "b": b}
    if "a" in d and "c" not in d.keys():
        return list(d.values())[1] * 2, len(d.items())
    return a


@case()
def set_operations(a, b):
    s = {1, 2, 3}
    s.add(4)
    s.discard(1)
    t = s | {7}
    u = s & {2, 4, 9}
    return a * len(t) + b * len(u), sorted(s - {2}), 4 in s


@case()
def set_dedup_of_ints(a, b):
    sizes = set(a.shape) | set(b.shape)
    return a.sum() * len(sizes), sorted(sizes)


@case()
def frozenset_membership(a, b):
    allowed = frozenset({"relu", "gelu"})
    if "relu" in allowed:
        return torch.relu(a) + b
    return a


@case()
def tuple_unpacking_star(a, b):
    first, *rest = (a, b, a * b)
    x, (y, z) = 1, (2, 3)
    return first + sum(rest), x + y + z


@case()
def string_formatting_kinds(a, b):
    n = a.shape[0]
    label = f"{n}x{a.shape[1]:03d}" + " %s-%d" % ("k", n) + f" {b.dim()}"  # noqa: UP031 - %-formatting is one of the kinds
    return a * len(label), label


@case()
def string_methods(a, b):
    name = "  Layer_Norm  ".strip().lower()
    parts = name.split("_")
    joined = "-".join(parts).upper()
    ok = joined.startswith("LAYER") and name.endswith("norm")
    return (a if ok else b), joined, name.replace("_", ""), parts


@case()
def string_in_and_find(a, b):
    key = "encoder.layer.3.weight"
    idx = int(key.split(".")[2])
    return a * idx + b * key.find("layer"), "weight" in key


@case()
def itertools_chain_and_product(a, b):
    total = a * 0
    for t in itertools.chain([a], [b, a]):
        total = total + t
    pairs = list(itertools.product([1, 2], [3]))
    return total, pairs


@case()
def itertools_accumulate_and_islice(a, b):
    running = list(itertools.accumulate([1, 2, 3, 4]))
    head = list(itertools.islice(range(10), 2, 8, 3))
    return a * running[-1] + b * sum(head), running, head


@case()
def itertools_zip_longest(a, b):
    out = []
    for x, y in itertools.zip_longest([a, b], [1.0], fillvalue=2.0):
        out.append(x * y)
    return out


@case()
def itertools_combinations_and_count(a, b):
    combos = list(itertools.combinations(range(4), 2))
    counter = itertools.count(5, 2)
    return a * len(combos) + next(counter) + next(counter), combos


@case()
def functools_partial_of_torch_function(a, b):
    add_scaled = functools.partial(torch.add, alpha=2)
    return add_scaled(a, b)


@case()
def functools_reduce_over_tensors(a, b):
    return functools.reduce(operator.mul, [a, b, a + 1], torch.ones_like(a))


@case()
def functools_partial_of_user_function(a, b):
    def affine(x, w, bias=0.0):
        return x * w + bias

    f = functools.partial(affine, w=3.0)
    return f(a), f(b, bias=1.0)


@case()
def functools_wraps_decorator(a, b):
    def logged(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            return fn(*args, **kwargs) + 1
        return wrapper

    @logged
    def body(x, y=2.0):
        return x * y

    return body(a), body(b, y=0.5), body.__name__


@case()
def operator_module_functions(a, b):
    return (operator.add(a, b), operator.neg(a), operator.getitem([a, b], 1),
            operator.itemgetter(0, 2)((1, 2, 3)), operator.attrgetter("shape")(a))


@case()
def collections_ordered_dict(a, b):
    od = collections.OrderedDict()
    od["b"] = b
    od["a"] = a
    od.move_to_end("b")
    return list(od.keys()), od["a"] + od["b"]


@case()
def collections_defaultdict_list(a, b):
    groups = collections.defaultdict(list)
    for i, t in enumerate([a, b, a * 2]):
        groups[i % 2].append(t)
    return {k: sum(v) for k, v in groups.items()}


@case()
def collections_counter(a, b):
    counts = collections.Counter("abracadabra")
    return a * counts["a"] + b * counts["z"], counts.most_common(2)


@case()
def collections_deque_rotation(a, b):
    dq = collections.deque([a, b], maxlen=3)
    dq.appendleft(a * 2)
    dq.append(b * 2)
    dq.rotate(1)
    return list(dq), dq.popleft()


@case()
def collections_chain_map(a, b):
    cm = collections.ChainMap({"x": 1}, {"x": 2, "y": 3})
    return a * cm["x"] + b * cm["y"]


@case()
def iter_and_next_with_default(a, b):
    it = iter([a, b])
    first = next(it)
    second = next(it)
    third = next(it, None)
    return first + second, third is None


@case()
def range_arithmetic(a, b):
    r = range(2, 20, 3)
    return a * len(r) + b * r[2], list(r[1:3]), 8 in r, r.index(11)


@case(_list_of_three)
def list_input_mutated(items, k):
    items.append(items[0] * k)
    items[1] = items[1] + 1
    return len(items)


@case()
def isinstance_with_tuple_of_types(a, b):
    vals = [a, 3, 2.5, "s", (1,), None]
    kinds = [isinstance(v, (int, float)) for v in vals]
    return a + sum(kinds), kinds, isinstance(a, torch.Tensor)


@case()
def type_of_values_compared(a, b):
    vals = [1, 1.0, True, "x", [a], {"k": b}]
    return [type(v) is int for v in vals], [type(v).__name__ for v in vals]


@case()
def bool_and_len_of_containers(a, b):
    empty, full = [], [a]
    d = {}
    flag = bool(empty) or bool(full) and not d
    return (a if flag else b), len(full) + len("abc")


@case()
def chained_comparisons(a, b):
    n = a.shape[0]
    return (a if 0 < n <= 3 < a.shape[1] else b), 1 < 2 < 3, n == 3 != 4
