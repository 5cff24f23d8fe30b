"""Held-out-style cases (part p): builtins answered on traced values.

id() of existing objects (classes, modules, tensors of a module, arguments) and of objects
made in the frame (as dict keys and set members only), hash / str / repr / format of objects
and functions (f-strings with conversions and specs), vars(), callable(), getattr with a
default, isinstance against the builtin ABCs and numbers, sorted with a key, sum with a
start, round / divmod / abs / int / float / math on objects with dunders, torch.__version__
comparisons, torch._check with a message callable, torch.is_tensor / is_tensor_like of
non-tensors and lru_cache functions. The second half is in functions_heldout_p2.py.
"""

from __future__ import annotations

import collections
import collections.abc
import dataclasses
import functools
import numbers

import torch

from tests.dynamo_style import functions_heldout_p2  # noqa: F401 - registers its cases
from tests.dynamo_style.registry import case


class Tag:
    pass


class OtherTag:
    pass


class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        with torch.no_grad():
            self.lin.weight.fill_(0.25)
            self.lin.bias.fill_(0.5)
        self.gain = torch.full((4,), 2.0)
        self.offset = torch.full((4,), -1.0)

    def forward(self, x):
        by_id = {id(self.gain): "gain", id(self.offset): "offset"}
        picked = [by_id[id(t)] for t in (self.offset, self.gain)]
        return self.lin(x) * self.gain, picked


_SCALED = Scaled()
_WEIGHTS_BY_CLASS = {id(Tag): 2.0, id(OtherTag): -3.0}


# -- id() -------------------------------------------------------------------------------------

@case(lambda: (torch.ones(3), Tag))
def id_of_class_argument_keys_global_table(x, cls):
    return x * _WEIGHTS_BY_CLASS[id(cls)], id(cls) == id(Tag), id(cls) != id(OtherTag)


@case(lambda: (torch.randn(2, 4, generator=torch.Generator().manual_seed(3)),))
def id_of_module_tensors_in_forward(x):
    return _SCALED(x)


@case(lambda: (torch.ones(2), _SCALED))
def id_of_module_argument_against_global(x, module):
    same = id(module) == id(_SCALED)
    return (x + 1 if same else x - 1), same


def _dedupe(items):
    seen, kept = set(), []
    for item in items:
        if id(item) in seen:
            continue
        seen.add(id(item))
        kept.append(item)
    return kept


@case()
def id_dedupes_objects_made_in_frame(a, b):
    first, second = [a], [b]
    kept = _dedupe([first, second, first, second, first])
    return len(kept), sum(lst[0].sum() for lst in kept)


@case()
def id_keys_memo_of_fresh_objects(a, b):
    nodes = [{"v": a}, {"v": b}]
    nodes.append(nodes[0])
    memo = {}
    total = 0
    for node in nodes:
        key = id(node)
        if key not in memo:
            memo[key] = node["v"] * 2
        total = total + memo[key]
    return total, len(memo)


@case()
def id_of_closure_made_in_frame_as_key(a, b):
    def double(t):
        return t * 2

    def negate(t):
        return -t

    table = {id(double): double, id(negate): negate}
    order = [id(negate), id(double)]
    return [table[k](a) for k in order], id(double) == id(double)


@case(lambda: (torch.ones(3), torch.zeros(3)))
def id_of_input_tensors_compared(x, y):
    same = id(x) == id(y)
    return (x if same else x + y), same, id(x) == id(x)


# -- hash / str / repr / format ----------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Key:
    name: str
    rank: int


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __str__(self):
        return f"${self.cents // 100}.{self.cents % 100:02d}"

    def __repr__(self):
        return f"Money({self.cents})"

    def __format__(self, spec):
        if spec.endswith("c"):
            return format(self.cents, spec[:-1] + "d")
        return format(self.cents / 100, spec) if spec else str(self)


def scale_rows(t):
    return t * 3


@case()
def hash_of_frozen_dataclass_keys_dict(a, b):
    weights = {Key("a", 1): a, Key("b", 2): b}
    probe = Key("a", 1)
    return weights[probe] + 1, hash(probe) == hash(Key("a", 1)), probe in weights


@case()
def str_of_global_function_in_check(a, b):
    text = str(scale_rows)
    return scale_rows(a), "scale_rows" in text, text.startswith("<function"), \
        repr(scale_rows) == text


@case()
def fstring_of_function_and_its_name(a, b):
    label = f"{scale_rows}"
    return a + b, label.split(" ")[1], f"{scale_rows.__name__!r}", f"{scale_rows.__qualname__:>12}"


@case()
def fstring_of_object_with_all_conversions(a, b):
    m = Money(1234)
    return a - b, f"{m}", f"{m!r}", f"{m!s}", f"{m:.1f}", f"{m:>8c}", f"[{m!r:^14}]"


@case()
def fstring_of_objects_nested_in_containers(a, b):
    wallet = [Money(5), Money(250)]
    ledger = {"in": Money(100)}
    return a * 2, f"{wallet}", f"{ledger}", f"{tuple(wallet)!r}", str([wallet, ()])


@dataclasses.dataclass
class Span:
    start: int
    stop: int

    def __str__(self):
        return f"{self.start}..{self.stop}"


@case()
def fstring_dataclass_repr_and_str(a, b):
    s = Span(2, 5)
    return a[:, s.start - 2:s.stop - 2], f"{s!r}", f"{s}", repr([s]), format(s, "")


class Labelled:
    def __init__(self, inner, label):
        self.inner, self.label = inner, label

    def __str__(self):
        return f"<{self.label}: {self.inner}>"


@case()
def str_of_object_nesting_objects(a, b):
    node = Labelled(Labelled(Money(7), "leaf"), "root")
    return a + b, str(node), f"{node}".count("<")


@case()
def format_builtin_with_object_spec(a, b):
    m = Money(99950)
    return a.sum() + b.sum(), format(m, ",.2f"), format(m, "c"), format(m), "{:>10}".format(m)  # noqa: UP032


# -- vars / callable / getattr ----------------------------------------------------------------

class Config:
    dropout = 0.1

    def __init__(self, hidden, heads):
        self.hidden = hidden
        self.heads = heads


@case(lambda: (torch.ones(4), Config(8, 2)))
def vars_of_argument_read_and_sorted(x, cfg):
    fields = vars(cfg)
    return x * fields["hidden"], sorted(fields), "dropout" in fields, len(vars(cfg))


@case(lambda: (torch.ones(4), Config(8, 2)))
def vars_update_of_argument_is_visible(x, cfg):
    vars(cfg).update(heads=4, extra=1.5)
    return x * cfg.heads + cfg.extra, cfg


@case()
def vars_of_object_made_in_frame(a, b):
    cfg = Config(3, 1)
    cfg.tag = "t"
    return a * cfg.hidden, dict(vars(cfg)), list(vars(cfg).values())[-1]


@case()
def callable_of_many_kinds(a, b):
    class WithCall:
        def __call__(self):
            return 1

    kinds = [len, scale_rows, lambda: 0, Config, WithCall(), Config(1, 1), 3, "s", torch.relu,
             a, functools.partial(scale_rows)]
    return a + b, [callable(k) for k in kinds]


class Block(torch.nn.Module):
    def __init__(self, bias):
        super().__init__()
        self.proj = torch.nn.Linear(4, 4, bias=bias)
        with torch.no_grad():
            self.proj.weight.copy_(torch.arange(16.0).reshape(4, 4) / 10)


@case(lambda: (torch.ones(2, 4), Block(False)))
def getattr_with_default_on_module_and_class(x, block):
    bias = getattr(block.proj, "bias", None)
    scale = getattr(block, "scale", 1.5)
    drop = getattr(Config, "dropout", 0.0)
    missing = getattr(Config, "missing", "no")
    out = block.proj(x) * scale
    return (out if bias is None else out + bias), drop, missing


class Lazy:
    @property
    def ready(self):
        raise AttributeError("not yet")

    @property
    def size(self):
        return 3


@case()
def getattr_default_of_raising_property_and_size(a, b):
    obj = Lazy()
    return a * getattr(obj, "size", 0), getattr(obj, "ready", "pending"), hasattr(obj, "ready"), \
        hasattr(obj, "size")


@case()
def getattr_by_name_in_loop(a, b):
    cfg = Config(2, 3)
    total = a
    for name in ("hidden", "heads", "layers"):
        total = total + getattr(cfg, name, 10)
    return total


# -- isinstance of the builtin ABCs and numbers ------------------------------------------------

@case()
def isinstance_of_collection_abcs(a, b):
    values = [[1], (1,), {"k": 1}, {1}, "s", b"b", range(2), iter([1]), a, None, 3,
              collections.OrderedDict(), collections.deque(), scale_rows]
    abcs = (collections.abc.Mapping, collections.abc.Sequence, collections.abc.Iterable,
            collections.abc.Sized, collections.abc.Hashable, collections.abc.Callable,
            collections.abc.MutableSequence, collections.abc.Iterator, collections.abc.Set)
    return a + 1, [[isinstance(v, k) for k in abcs] for v in values]


@case()
def isinstance_of_numbers_tower(a, b):
    values = [1, 2.5, True, 3j, a, None, "1"]
    kinds = (numbers.Number, numbers.Integral, numbers.Real, numbers.Complex, numbers.Rational)
    return b - 1, [[isinstance(v, k) for k in kinds] for v in values]


class Bag:
    def __init__(self, *items):
        self.items = list(items)

    def __len__(self):
        return len(self.items)

    def __iter__(self):
        return iter(self.items)

    def __contains__(self, item):
        return item in self.items


@case()
def isinstance_of_abcs_by_dunders(a, b):
    bag = Bag(1, 2)
    return a * len(bag), isinstance(bag, collections.abc.Sized), \
        isinstance(bag, collections.abc.Iterable), isinstance(bag, collections.abc.Container), \
        isinstance(bag, collections.abc.Collection), isinstance(bag, collections.abc.Sequence)


@case(lambda: (torch.ones(2, 4), _SCALED))
def hash_of_existing_objects_keys_table(x, module):
    table = {hash(module): "module", hash(scale_rows): "fn", hash(Tag): "cls"}
    return module(x)[0], table[hash(_SCALED)], table.get(hash(scale_rows)), \
        hash(module) == hash(_SCALED), hash(x) == hash(x)


_MARKER = Tag()


@case(lambda: (torch.ones(3), _MARKER))
def default_repr_of_existing_object_in_message(x, marker):
    text = repr(_MARKER)
    return x + 1, text.startswith("<") and "Tag object at 0x" in text, str(marker) == repr(marker)
