"""Held-out-style cases (part p, second half): sorted with a key, sum with a start, round /
divmod / abs / int / float / math on objects with dunders, torch.__version__ comparisons,
torch._check with a message callable, torch.is_tensor / is_tensor_like of non-tensors and
lru_cache functions (imported by functions_heldout_p.py)."""

from __future__ import annotations

import functools
import math
import operator

import torch

from tests.dynamo_style.registry import case


class Job:
    def __init__(self, name, priority, weight):
        self.name, self.priority, self.weight = name, priority, weight

    def __lt__(self, other):
        return self.priority < other.priority


# -- sorted / max / min with a key ------------------------------------------------------------

@case()
def sorted_objects_by_attribute_key_stable(a, b):
    jobs = [Job("x", 2, a), Job("y", 1, b), Job("z", 2, a * 2), Job("w", 0, b * 3)]
    ordered = sorted(jobs, key=lambda j: j.priority)
    return [j.name for j in ordered], ordered[0].weight + ordered[-1].weight


@case()
def sorted_objects_by_their_lt_reversed(a, b):
    jobs = [Job("x", 3, a), Job("y", 1, b), Job("z", 2, a + b)]
    ordered = sorted(jobs, reverse=True)
    return [j.name for j in ordered], ordered[1].weight


@case()
def sorted_items_by_itemgetter_and_attrgetter(a, b):
    scores = {"p": 3, "q": 9, "r": 1}
    ranked = sorted(scores.items(), key=operator.itemgetter(1), reverse=True)
    jobs = sorted([Job("m", 5, a), Job("n", 4, b)], key=operator.attrgetter("priority", "name"))
    return ranked, [j.name for j in jobs], jobs[0].weight * 2


@case()
def max_min_with_key_on_objects(a, b):
    jobs = [Job("x", 2, a), Job("y", 7, b), Job("z", 7, a - b)]
    top = max(jobs, key=lambda j: j.priority)
    low = min(jobs, key=lambda j: (j.priority, j.name))
    return top.name, low.name, top.weight + low.weight, max([], default="none")


# -- sum with a start --------------------------------------------------------------------------

class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, other):
        if isinstance(other, Vec):
            return Vec(self.x + other.x, self.y + other.y)
        return NotImplemented

    def __radd__(self, other):
        if other == 0:
            return self
        return NotImplemented

    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

    def __neg__(self):
        return Vec(-self.x, -self.y)


@case()
def sum_of_tensors_with_tensor_start(a, b):
    return sum([a, b, a * b], b), sum((t.sum() for t in (a, b)), start=torch.tensor(1.0))


@case()
def sum_of_objects_with_radd_and_start(a, b):
    vecs = [Vec(1, 2), Vec(3, 4), Vec(-1, 0)]
    plain = sum(vecs)
    started = sum(vecs, Vec(10, 10))
    return a * plain.x + b * started.y, (plain.x, plain.y), (started.x, started.y)


@case()
def sum_of_lists_with_list_start(a, b):
    chunks = [[a], [b, a], []]
    flat = sum(chunks, [])
    return len(flat), torch.stack(flat).sum(0), sum([0.5, 1.5], 2), sum(range(5), -3)


# -- round / divmod / abs / int / float / math on objects --------------------------------------

class Meters:
    def __init__(self, value):
        self.value = value

    def __round__(self, ndigits=None):
        return Meters(round(self.value, ndigits)) if ndigits is not None else round(self.value)

    def __divmod__(self, other):
        return divmod(self.value, other)

    def __rdivmod__(self, other):
        return divmod(other, self.value)

    def __abs__(self):
        return Meters(abs(self.value))

    def __int__(self):
        return int(self.value)

    def __float__(self):
        return float(self.value) * 1.0

    def __index__(self):
        return int(self.value)

    def __floor__(self):
        return math.floor(self.value)

    def __ceil__(self):
        return math.ceil(self.value)

    def __trunc__(self):
        return math.trunc(self.value)


@case()
def round_of_object_with_and_without_digits(a, b):
    m = Meters(2.71828)
    return a * round(m), round(m, 2).value, round(Meters(-1.5)), round(2.5), round(3.14159, 3)


@case()
def divmod_of_object_both_sides(a, b):
    q, r = divmod(Meters(17), 5)
    q2, r2 = divmod(40, Meters(6))
    return a * q + r, (q, r, q2, r2), divmod(-7, 2), divmod(7.5, 2)


@case()
def abs_of_objects_and_constants(a, b):
    return a * abs(Vec(3, 4)), abs(Meters(-2.5)).value, abs(-3), abs(-2.5), abs(b).sum()


@case()
def int_float_index_of_object(a, b):
    m = Meters(3.7)
    items = [10, 20, 30, 40, 50]
    return a * int(m) + float(m), items[Meters(2)], list(range(Meters(3))), hex(Meters(255)), \
        operator.index(m)


@case()
def math_floor_ceil_trunc_of_object(a, b):
    m = Meters(-2.5)
    return a + math.floor(m), math.ceil(m), math.trunc(m), math.floor(2.7), math.ceil(Meters(1.2))


# -- torch.__version__ --------------------------------------------------------------------------

@case()
def torch_version_gates_branch(a, b):
    if torch.__version__ >= "2.0":
        out = a + b
    else:
        out = a - b
    return out, torch.__version__ < "1.13", torch.__version__ > (1, 9)


@case()
def torch_version_parsed_in_frame(a, b):
    base = torch.__version__.split("+")[0]
    major, minor = (int(p) for p in base.split(".")[:2])
    return a * major + minor, (major, minor) >= (2, 0), f"torch {base}" .startswith("torch 2")


# -- torch._check with a message ---------------------------------------------------------------

_LIMIT = 2


@case()
def check_with_message_lambda_passes(a, b):
    torch._check(a.shape[0] > 2, lambda: f"need more than 2 rows, got {a.shape[0]}")
    torch._check(a.dim() == 2, lambda: "rank")
    return a + b


@case()
def check_with_message_lambda_fails(a, b):
    torch._check(a.shape[0] > 10, lambda: f"got {a.shape[0]} rows, limit {_LIMIT}")
    return a + b


@case()
def check_value_and_index_variants(a, b):
    torch._check_value(a.shape[1] == 4, lambda: "columns")
    try:
        torch._check_index(a.shape[0] < 2, lambda: "row index out of range")
    except IndexError as e:
        caught = str(e)
    return a * 2, caught


# -- torch.is_tensor / is_tensor_like ----------------------------------------------------------

class Wrapped:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return NotImplemented


@case()
def is_tensor_of_containers_and_none(a, b):
    values = [{"x": a}, [a], (a, b), None, 3, a, b[0], b.detach(), "a"]
    return a + 1, [torch.is_tensor(v) for v in values]


@case()
def is_tensor_like_of_objects(a, b):
    values = [a, Wrapped(), Wrapped, 1.0, [a], "t"]
    flags = [torch.overrides.is_tensor_like(v) for v in values]
    return (a * 2 if flags[1] else a), flags


@case(lambda: ({"input": torch.ones(2, 3)},))
def is_tensor_of_dict_argument_picks_branch(x):
    if torch.is_tensor(x):
        return x + 1
    return x["input"] * 2


# -- lru_cache functions -----------------------------------------------------------------------

@functools.lru_cache(maxsize=8)
def _table(n, scale=1.0):
    return tuple(i * scale for i in range(n))


@functools.lru_cache
def _scaled(x, factor):
    return x * factor


@case()
def lru_cache_on_constants_with_default(a, b):
    return a + sum(_table(4)), _table(3, scale=0.5), _table(4) == _table(4)


@case(gap="an lru_cache function called on a tensor: eager consults its cache by the tensor's "
          "identity (a hit returns the tensor it stored, a miss stores one); neither the lookup "
          "nor the store can be known or replayed in the trace")
def lru_cache_on_tensor_argument(a, b):
    return _scaled(a, 2) + b


# -- more: dunders that differ from the operators they resemble --------------------------------

class Clock:
    """// and % say one thing, divmod another: divmod() must run __divmod__."""

    def __init__(self, minutes):
        self.minutes = minutes

    def __floordiv__(self, other):
        return -1

    def __mod__(self, other):
        return -2

    def __divmod__(self, other):
        return divmod(self.minutes, other)


class OnlyFloorMod:
    def __floordiv__(self, other):
        return 1

    def __mod__(self, other):
        return 0


@case()
def divmod_runs_divmod_not_floordiv_and_mod(a, b):
    hours, minutes = divmod(Clock(135), 60)
    try:
        divmod(OnlyFloorMod(), 2)
        raised = "no"
    except TypeError as e:
        raised = str(e)
    return a * hours + minutes, Clock(10) // 3, Clock(10) % 3, raised


class NoRound:
    pass


@case()
def round_of_object_without_hook_raises(a, b):
    try:
        round(NoRound())
        message = "no"
    except TypeError as e:
        message = str(e)
    return a.round(), message, round(Meters(7.777), 1).value


class Packed:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x, self.y = x, y


@case()
def vars_of_slotted_object_raises(a, b):
    p = Packed(a, b)
    try:
        found = sorted(vars(p))
    except TypeError as e:
        found = str(e)
    return p.x + p.y, found


class Weird:
    def __init__(self, h):
        self.h = h

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        return isinstance(other, Weird) and other.h == self.h


@case()
def hash_slot_rules_of_user_hash(a, b):
    table = {Weird(-1): a, Weird(2 ** 70): b}
    return hash(Weird(-1)), hash(Weird(2 ** 70)) == hash(2 ** 70), table[Weird(-1)] + 1, \
        Weird(5) in {Weird(5)}


class Pipeline:
    def __call__(self, t):
        return t * 2


@case()
def callable_and_getattr_default_dispatch(a, b):
    steps = [Pipeline(), torch.tanh, "skip", None, lambda t: t - 1]
    out = a
    for step in steps:
        if callable(step):
            out = step(out)
        else:
            out = out + getattr(step, "bias", 0.5)
    return out


@case()
def sorted_with_key_tuple_and_cmp_to_key(a, b):
    words = ["pear", "fig", "apple", "kiwi", "date"]
    by_len = sorted(words, key=lambda w: (len(w), w))
    by_cmp = sorted(words, key=functools.cmp_to_key(lambda p, q: (p[-1] > q[-1]) -
                                                     (p[-1] < q[-1])))
    return a + len(by_len[0]), by_len, by_cmp, sorted({3, 1, 2}, reverse=True)


@case()
def sum_min_max_with_generators_and_start(a, b):
    rows = [a[i] for i in range(a.shape[0])]
    total = sum((r * 2 for r in rows), torch.zeros_like(rows[0]))
    widest = max((r for r in rows), key=lambda r: r.shape[0])
    return total, widest.shape, sum([], 7), min([3, 1, 2], key=lambda v: -v)


@case()
def id_membership_of_module_parameters(a, b):
    lin = _LIN
    seen = {id(p) for p in lin.parameters()}
    shared = [id(lin.weight) in seen, id(lin.bias) in seen, id(a) in seen]
    return lin(a[:, :4] if a.shape[1] > 4 else a), shared, len(seen)


_LIN = torch.nn.Linear(4, 2)
with torch.no_grad():
    _LIN.weight.fill_(0.5)
    _LIN.bias.fill_(-0.25)


@case()
def builtin_function_names_in_table(a, b):
    fns = [math.floor, round, abs, len, max]
    names = [f.__name__ for f in fns]
    return a * len(names), names, math.floor.__module__, [f(-2.5) for f in fns[:3]]


@case()
def repr_of_torch_functions_in_messages(a, b):
    ops = [torch.relu, torch.nn.functional.gelu, torch.add]
    shown = [str(op).split(" ")[:3] for op in ops]
    return ops[0](a) + ops[2](a, b), shown, f"{torch.nn.functional.gelu}".startswith("<function")


@functools.lru_cache(maxsize=16)
def _bucket_edges(n):
    return [i / n for i in range(n + 1)]


@case()
def lru_cache_returning_list_read_only(a, b):
    edges = _bucket_edges(4)
    return torch.bucketize(a.clamp(0, 1), torch.tensor(edges)), len(_bucket_edges(4)), edges[-1]


class _Shape:
    def __init__(self, dims):
        self.dims = dims


_SHAPE = _Shape(2)


@functools.lru_cache(maxsize=8)
def _pair_indices(shape, offset):
    return tuple((i, i + offset) for i in range(shape.dims))


@case()
def lru_cache_keyed_by_global_config_object(a, b):
    pairs = _pair_indices(_SHAPE, 1)
    return sum(a[i, j] for i, j in pairs) + b.sum(), pairs
