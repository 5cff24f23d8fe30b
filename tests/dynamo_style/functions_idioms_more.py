"""More repro-style idioms: deletions, starred lambdas, indexing kinds, autocast and inference
mode, cached properties and abstract classes, inputs that are lists and dicts of tensors,
module probes (named_modules, setattr on an input module), torch's runtime flags.
"""

from __future__ import annotations

import abc
import collections
import dataclasses
import enum
import functools
import math
import operator
import typing

import torch
import torch.nn.functional as F

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case

_NEW_GLOBAL_NAME = "_made_by_program"


class Stage(enum.Enum):
    FIRST = enum.auto()
    SECOND = enum.auto()


class Pair(typing.NamedTuple):
    left: torch.Tensor
    right: torch.Tensor
    weight: float = 1.0

    def total(self):
        return (self.left + self.right) * self.weight


@dataclasses.dataclass
class Bag:
    name: str
    items: list = dataclasses.field(default_factory=list)

    def add(self, item):
        self.items.append(item)
        return len(self.items)


class Lazy:
    def __init__(self, t):
        self.t = t
        self.computed = 0

    @functools.cached_property
    def doubled(self):
        self.computed += 1
        return self.t * 2


class Shape2D(abc.ABC):
    @abc.abstractmethod
    def area(self): ...

    def describe(self):
        return f"{type(self).__name__}:{self.area()}"


class Rect(Shape2D):
    def __init__(self, w, h):
        self.w, self.h = w, h

    def area(self):
        return self.w * self.h


class Base(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(x)


class Child(Base):
    def forward(self, x):
        return super().forward(x).relu() + 1


def _read_new_global():
    return _made_by_program  # noqa: F821 - made by global_statement_creates_new_name


def _tensor_list():
    return [randn(0, (2, 3)), randn(1, (2, 3)), randn(2, (2, 3))], randn(3, (2, 3))


def _tensor_dict():
    return {"q": randn(0, (2, 2)), "k": randn(1, (2, 2)), "v": randn(2, (2, 2))}, 2


def _child_and_input():
    torch.manual_seed(0)
    return Child(), randn(0, (3, 4))


@case()
def delete_local_item_and_slice(a, b):
    d = {"x": a, "y": b, "z": a + b}
    del d["y"]
    items = [1, 2, 3, 4]
    del items[0], items[-1]
    tmp = a * 2
    out = tmp + 1
    del tmp
    try:
        tmp  # noqa: B018, F821 - reading the deleted local is the point
        gone = False
    except UnboundLocalError:
        gone = True
    return sorted(d), items, out, gone


@case()
def starred_lambda_and_sum_with_start(a, b):
    total = (lambda *ts: sum(ts, torch.zeros(3, 4)))(a, b, a)
    pick = (lambda first, *rest, **kw: (len(rest), sorted(kw)))(1, 2, 3, k=4, j=5)
    return total, pick


@case()
def indexing_none_ellipsis_and_lists(a, b):
    return (a[None, :, None].shape, a[..., 0], a[:, [0, 2]], a[[0, 2]], b[1:, ::2],
            a[torch.tensor([0, 1])])


@case()
def mask_setitem_and_masked_fill(a, b):
    c = a.clone()
    c[c > 0] = 0.0
    d = b.masked_fill(b < 0, float("-inf"))
    return c, d.softmax(-1)


@case()
def autocast_disabled_region(a, b):
    with torch.autocast("cpu", enabled=False):
        y = a @ b.T
    return y, torch.is_autocast_enabled()


@case()
def inference_mode_region(a, b):
    with torch.inference_mode():
        y = a * 2
    return y.is_inference(), (a + b).is_inference()


@case()
def typed_namedtuple_method_and_default(a, b):
    p = Pair(a, b)
    q = Pair(a, b, 0.5)
    return p.total(), q.total(), p.weight, q._replace(weight=2.0).total()


@case()
def enum_auto_values_and_identity(a, b):
    stage = Stage.SECOND
    return stage.value, stage is Stage.SECOND, Stage(1).name, a * stage.value


@case()
def dataclass_default_factory_method(a, b):
    bag = Bag("t")
    bag.add(a)
    n = bag.add(b)
    other = Bag("u")
    return n, len(other.items), sum(bag.items), dataclasses.asdict(Bag("v", [1]))


@case()
def cached_property_computed_once(a, b):
    obj = Lazy(a)
    first = obj.doubled
    second = obj.doubled
    return first + second, obj.computed, "doubled" in vars(obj)


@case()
def abstract_base_class_use(a, b):
    r = Rect(2, 3)
    try:
        Shape2D()
        abstract = False
    except TypeError:
        abstract = True
    return a * r.area(), r.describe(), abstract, isinstance(r, Shape2D)


@case(_tensor_list)
def list_of_tensors_input(xs, t):
    return sum(xs), torch.cat(xs), len(xs), [x * t for x in xs[::-1]], isinstance(xs, list)


@case(_tensor_dict)
def dict_of_tensors_input(d, scale):
    keys = list(d)
    attn = (d["q"] @ d["k"].T / math.sqrt(scale)).softmax(-1) @ d["v"]
    return attn, keys, {k: v.sum() for k, v in sorted(d.items())}


@case(_child_and_input)
def super_forward_in_module_subclass(m, x):
    return m(x), type(m).__mro__[1].__name__, [name for name, _ in m.named_modules()]


@case(_child_and_input)
def setattr_on_input_module(m, x):
    m.scale = 3
    setattr(m, "tag", "done")  # noqa: B010 - setattr is the idiom tested
    return m(x) * m.scale, hasattr(m, "tag"), m.training


@case()
def runtime_flags_probes(a, b):
    return (torch.jit.is_scripting(), torch.jit.is_tracing(), torch.cuda.is_available(),
            torch.are_deterministic_algorithms_enabled(), torch.backends.cudnn.enabled,
            a + b)


@case()
def factories_with_dtype_and_device_of_input(a, b):
    z = torch.zeros(a.shape[0], dtype=a.dtype, device=a.device)
    o = torch.ones_like(b, memory_format=torch.contiguous_format)
    t = torch.tensor(3.0) * a
    return z, o.sum(), t, torch.as_tensor([1, 2]), torch.empty_like(a).fill_(2.0)


@case()
def reductions_with_tuple_dims(a, b):
    return (a.sum(dim=(0, 1), keepdim=True), a.mean((0,)), torch.amax(b, dim=(-1,)),
            a.std(0, unbiased=False), b.norm(p=2, dim=1), torch.linalg.norm(a))


@case()
def inplace_functional_on_clone(a, b):
    c = a.clone()
    F.relu(c, inplace=True)
    d = b.clone()
    d.sigmoid_()
    torch.nn.init.ones_(d[0])
    return c, d


@case()
def getattr_of_torch_functions_by_name(a, b):
    ops = ["relu", "tanh", "sigmoid"]
    return [getattr(torch, name)(a) for name in ops], getattr(F, "gelu")(b), callable(torch.add)  # noqa: B009


@case()
def tuple_and_float_comparisons(a, b):
    nan = float("nan")
    return ((1, 2) < (1, 3), (2,) > (1, 9), nan == nan, math.isinf(float("inf")),
            math.isnan(nan), max(1.5, 2), min((3, "a"), (3, "b")), a * ((1, 2) == (1, 2)))


@case()
def nested_function_default_captures_tensor(a, b):
    def shift(x, by=a.sum(0)):
        return x + by

    return shift(b), shift(b, by=1.0)


@case()
def global_statement_creates_new_name(a, b):
    global _made_by_program
    _made_by_program = a.shape[0]
    return a * _made_by_program, _read_new_global(), _NEW_GLOBAL_NAME


@case()
def collections_namedtuple_made_inside(a, b):
    Row = collections.namedtuple("Row", "x y")
    r = Row(a, 2)
    return r.x * r.y, r._fields, Row._make([b, 3]).y, isinstance(r, tuple)


@case()
def operator_getitem_and_itemgetter_on_tensors(a, b):
    first = operator.getitem(a, 0)
    pick = operator.itemgetter(1, 2)(b)
    return first, pick, operator.attrgetter("shape")(a), operator.neg(b)


@case()
def contiguous_cpu_to_device_noops(a, b):
    t = a.t().contiguous()
    return t.is_contiguous(), a.cpu() is a, a.to("cpu") is a, a.to(device="cpu", dtype=a.dtype)
