"""Mixed repro-style cases: modules passed in, class state, recursion, loops with else, copies,
lookups by computed names, and the small conversions real code does between them.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import math
import operator
import sys

import torch
import torch.nn.functional as F

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


class Counter:
    made = 0

    def __init__(self):
        Counter.made += 1
        self.index = Counter.made


class WithGetattr:
    def __init__(self):
        self.known = 2

    def __getattr__(self, name):
        if name.startswith("dyn_"):
            return len(name)
        raise AttributeError(name)


class Block(torch.nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = torch.nn.Linear(width, width)
        self.scale = 0.5

    def forward(self, x):
        return F.relu(self.proj(x)) * self.scale


@dataclasses.dataclass
class Settings:
    depth: int
    names: tuple = ()

    def __post_init__(self):
        self.depth = max(self.depth, 1)


def _module_and_input():
    torch.manual_seed(0)
    return Block(4), randn(0, (3, 4))


def _dict_input():
    return {"x": randn(0, (2, 2)), "y": randn(1, (2, 2))}, randn(2, (2, 2))


@functools.lru_cache(maxsize=8)
def _cached_width(n):
    return n * 2


def _factorial(n):
    return 1 if n <= 1 else n * _factorial(n - 1)


@case()
def class_attribute_counter_written(a, b):
    before = Counter.made
    first, second = Counter(), Counter()
    return a * (second.index - first.index), Counter.made - before


@case()
def getattr_dunder_fallback(a, b):
    w = WithGetattr()
    return a * w.known + w.dyn_abc, hasattr(w, "other"), getattr(w, "dyn_x", None)


@case(_module_and_input)
def module_input_forward_and_probes(m, x):
    names = [n for n, _ in m.named_parameters()]
    return (m(x), m.training, isinstance(m.proj, torch.nn.Linear), names,
            m.proj.weight.shape, sum(p.numel() for p in m.parameters()))


@case(_module_and_input)
def module_input_children_loop(m, x):
    for child in m.children():
        x = child(x)
    return x, type(m).__name__, m.scale


@case(_dict_input)
def dict_input_mutated(d, t):
    d["z"] = d["x"] + t
    d["x"].mul_(2)
    del d["y"]
    return len(d)


@case()
def recursion_on_constants(a, b):
    return a * _factorial(4), _cached_width(3)


@case()
def for_else_and_while(a, b):
    n = 0
    while n < 5:
        n += 2
    for k in range(3):
        if k == 7:
            break
    else:
        n += 100
    return a * n


@case()
def copy_of_list_and_dict(a, b):
    items = [a, b]
    shallow = copy.copy(items)
    shallow.append(a)
    d = {"k": [1, 2]}
    deep = copy.deepcopy(d)
    deep["k"].append(3)
    return len(items), len(shallow), d, deep


@case()
def dict_fromkeys_and_zip(a, b):
    keys = ["p", "q"]
    d = dict(zip(keys, [a, b]))
    zeros = dict.fromkeys(keys, 0)
    return d["q"] * 2, zeros


@case()
def sorted_items_and_min_key(a, b):
    d = {"b": b, "a": a}
    pairs = sorted(d.items(), key=operator.itemgetter(0))
    shortest = min(["abc", "z", "de"], key=len)
    return pairs[0][1], shortest


@case()
def shape_arithmetic(a, b):
    tail = a.size()[1:]
    total = math.prod(a.shape)
    return a.reshape(-1, *tail), total, int(a.shape[0] / 2), a.shape[-1] // 2


@case()
def str_of_metadata(a, b):
    return a, str(a.shape), str(a.dtype), repr(a.device), f"{a.shape[0]:>4}|{2.5:.2f}"


@case()
def torch_tensor_from_python_values(a, b):
    c = torch.tensor([1.0, 2.0, 3.0, 4.0])
    s = torch.tensor(a.shape)
    return a * c, s, torch.tensor(3) + a.shape[0]


@case()
def getattr_by_computed_name(a, b):
    dtype = getattr(torch, "float" + "64")
    op = getattr(torch, "add" if a.dim() == 2 else "sub")
    return op(a, b).to(dtype)


@case()
def type_call_of_container(a, b):
    items = [a, b]
    again = type(items)(reversed(items))
    pair = tuple.__new__(tuple, (a,))
    return again, pair, type(()) is tuple


@case()
def hash_and_id_free_identity(a, b):
    key = (1, "x")
    table = {key: a}
    return table[(1, "x")] + b, hash(key) == hash((1, "x"))


@case()
def sys_and_platform_probes(a, b):
    if sys.version_info >= (3, 11, 0):  # noqa: UP036 - the probe is the point
        return a + 1, torch.cuda.is_available()
    return a


@case()
def methodcaller_and_attrgetter(a, b):
    upper = operator.methodcaller("upper")
    get_t = operator.attrgetter("T")
    return upper("ab"), get_t(a)


@case()
def dataclass_post_init(a, b):
    s = Settings(0, ("x",))
    return a * s.depth, s, dataclasses.astuple(s)


@case(lambda: ([randn(0, (2,)), randn(1, (2,))], randn(2, (2,))))
def list_input_inplace_items(items, t):
    items[0].add_(t)
    items.sort(key=lambda x: float(x.shape[0]))
    return torch.cat(items)


@case()
def f_string_nested_and_conversions(a, b):
    name = "w"
    text = f"{name!r}:{a.shape}:{[1, 2]}:{a.dim()!s}:{3.14159:.3}"
    return a, text


@case()
def nested_nonlocal_two_levels(a, b):
    total = a * 0

    def outer():
        def inner(t):
            nonlocal total
            total = total + t
        inner(a)
        inner(b)

    outer()
    return total


@case()
def softmax_with_dtype_and_dim(a, b):
    return F.softmax(a, dim=-1, dtype=torch.float64), torch.log_softmax(b, 1)


@case()
def torch_module_level_queries(a, b):
    return (torch.is_floating_point(a), torch.numel(b), torch.is_grad_enabled(),
            torch.get_default_dtype(), a.device.index)


@case()
def walrus_and_conditional_expression(a, b):
    if (n := a.shape[0]) > 2:
        out = a * n
    else:
        out = b
    return out if n % 2 else -out, n


@case()
def unpack_list_into_torch_call(a, b):
    parts = [a, b, a * b]
    return torch.cat(parts, 0), torch.stack((*parts, b)).shape


@case()
def string_slicing_and_ord(a, b):
    word = "tensor"
    return a * ord(word[0]) + len(word[::-1]), word[1:4], chr(97), word.index("n")


@case()
def exception_class_probes(a, b):
    try:
        raise KeyError("k")
    except LookupError as err:
        kind = type(err).__name__
        is_lookup = isinstance(err, LookupError)
    return a, kind, is_lookup, issubclass(KeyError, Exception)


@case()
def module_made_in_trace_user_subclass(a, b):
    class Doubler(torch.nn.Module):
        def forward(self, x):
            return x * 2

    return Doubler()(a) + b


@case()
def lambda_sorting_tensors_by_shape(a, b):
    ts = [a, b[:2], a[:1]]
    ts.sort(key=lambda t: t.shape[0])
    return [t.shape for t in ts], ts[0]


@case()
def list_repetition_aliases_inner_list(a, b):
    rows = [[0]] * 3
    rows[0].append(a.shape[0])
    inner = [1]
    joined = [inner] + [2]
    joined[0].append(3)
    return rows, rows[0] is rows[2], inner, a


@case(breaks=True)  # the frame raises: under fullgraph that is refused, not compiled
def dict_grown_while_iterated_raises(a, b):
    d = {"a": a}
    for key in d:
        d[key + "2"] = b
    return d


@case(breaks=True)
def set_grown_while_iterated_raises(a, b):
    s = {1, 2}
    for k in s:
        s.add(k * 10)
    return a


@case()
def dict_values_rewritten_while_iterated(a, b):
    d = {"a": a, "b": b}
    for key in d:
        d[key] = d[key] * 2
    for key, value in d.items():
        d[key] = value + 1
    return d


@case()
def missing_value_error_messages(a, b):
    texts = []
    for attempt in ([1, 2].remove, [1, 2].index, (1, 2).index):
        try:
            attempt(5)
        except ValueError as err:
            texts.append(str(err))
    return a, texts


@case()
def unhashable_keys_and_empty_max_errors(a, b):
    texts = []
    for attempt in (lambda: {}[[1]], lambda: {[1]: 2}, lambda: {1}.add({}), lambda: max([]),
                    lambda: min([], key=len), lambda: [a] + (b,)):
        try:
            attempt()
        except (TypeError, ValueError) as err:
            texts.append((type(err).__name__, str(err)))
    return a, texts


@case()
def dataclass_defined_inside_compared(a, b):
    @dataclasses.dataclass
    class Pt:
        x: int
        y: int = 0

    return Pt(1) == Pt(1, 0), Pt(1) == (1, 0), repr(Pt(2)).endswith("Pt(x=2, y=0)"), a
