"""Held-out-style cases written from real code's idioms, fourth part: a configuration class
with attribute aliases through __getattribute__/__setattr__, an output record that is an
OrderedDict dataclass, mixins with properties, class-keyed registries; and CPython's checks on
what dunders return and on how arguments bind.
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import operator
import types

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


class PretrainedConfig:
    attribute_map: dict = {}
    model_type = ""

    def __setattr__(self, key, value):
        if key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        super().__setattr__(key, value)

    def __getattribute__(self, key):
        if key != "attribute_map" and key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        return super().__getattribute__(key)

    def __init__(self, **kwargs):
        self.use_cache = kwargs.pop("use_cache", True)
        self.output_hidden_states = kwargs.pop("output_hidden_states", False)
        for key, value in kwargs.items():
            setattr(self, key, value)


class BertLikeConfig(PretrainedConfig):
    model_type = "bert"
    attribute_map = {"num_layers": "num_hidden_layers"}

    def __init__(self, hidden_size=8, num_hidden_layers=2, **kwargs):
        self.hidden_size = hidden_size
        self.num_hidden_layers = num_hidden_layers
        super().__init__(**kwargs)


@case(lambda: (randn(0, (3, 4)), BertLikeConfig(use_cache=False)))
def config_alias_read_and_write_on_input(x, cfg):
    n = cfg.num_layers
    cfg.num_layers = n + 1
    return (x * cfg.hidden_size, cfg.num_hidden_layers, getattr(cfg, "use_cache", True),
            cfg.model_type, hasattr(cfg, "foo"))


@case()
def config_alias_built_inside(a, b):
    cfg = BertLikeConfig(num_layers=5, foo=1, use_cache=False)
    return a * cfg.num_hidden_layers, cfg.foo, cfg.use_cache, sorted(cfg.__dict__)


class ModelOutput(collections.OrderedDict):
    def __post_init__(self):
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is not None:
                self[field.name] = value

    def __getitem__(self, key):
        if isinstance(key, str):
            return dict(self.items())[key]
        return self.to_tuple()[key]

    def __setattr__(self, name, value):
        if name in self.keys() and value is not None:
            super().__setitem__(name, value)
        super().__setattr__(name, value)

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


@dataclasses.dataclass
class EncoderOutput(ModelOutput):
    last_hidden_state: torch.Tensor = None
    pooler_output: torch.Tensor | None = None
    hidden_states: tuple | None = None


@case()
def ordered_dict_output_record_indexing(a, b):
    out = EncoderOutput(last_hidden_state=a, pooler_output=b.sum(0))
    return (out[0], out["pooler_output"], len(out), list(out.keys()), out.hidden_states,
            out.to_tuple()[1])


class ParamsMixin:
    @property
    def dtype(self):
        return self.weight.dtype

    def num_params(self):
        return sum(p.numel() for p in [self.weight, self.bias])


class DenseLike(ParamsMixin):
    _no_split = ["Block"]

    def __init__(self):
        self.weight = torch.ones(2, 3)
        self.bias = torch.zeros(3)


class DenseChild(DenseLike):
    def __init__(self):
        super(DenseChild, self).__init__()  # noqa: UP008 - the old spelling is the point
        self.extra = 1


@case()
def mixin_property_and_mro_class_attributes(a, b):
    layer = DenseChild()
    found = [getattr(k, "_no_split", None) for k in type(layer).__mro__]
    return (a * layer.extra, layer.dtype, layer.num_params(), found,
            callable(getattr(layer, "num_params", None)), hasattr(type(layer), "dtype"),
            isinstance(layer, (ParamsMixin, int)), type(layer).__mro__[1].__name__)


MODEL_FOR_CONFIG = {BertLikeConfig: "bert-model", PretrainedConfig: "base-model"}


@case(lambda: (randn(0, (3, 4)), BertLikeConfig()))
def registry_keyed_by_config_class(x, cfg):
    return x, MODEL_FOR_CONFIG[type(cfg)], [k.__name__ for k in MODEL_FOR_CONFIG
                                            if isinstance(cfg, k)]


@case()
def dunder_result_checks_raise_as_cpython(a, b):
    class BadBool:
        def __bool__(self):
            return 1

    class NegLen:
        def __len__(self):
            return -1

    class StrLen:
        def __len__(self):
            return "2"

    class InitReturns:
        def __init__(self):
            return 5

    class ReadOnly:
        @property
        def p(self):
            return 1

    caught = []
    for attempt in (lambda: bool(BadBool()), lambda: len(NegLen()), lambda: len(StrLen()),
                    lambda: bool(NegLen()), InitReturns):
        try:
            attempt()
            caught.append(None)
        except (TypeError, ValueError) as e:
            caught.append(type(e).__name__)
    try:
        ReadOnly().p = 2
    except AttributeError as e:
        caught.append(str(e))
    return a, caught


@case()
def positional_only_names_given_by_keyword(a, b):
    def into_kwargs(x, /, **kw):
        return x, sorted(kw)

    def strict(p, q, /, r):
        return p + q + r

    messages = []
    for call in (lambda: strict(a, b, r=1, p=4), lambda: strict(p=a, q=b, r=1),
                 lambda: strict(a, b, 1, r=1), lambda: strict(a, b, s=1)):
        try:
            call()
        except TypeError as e:
            messages.append(str(e).split(") ", 1)[1])
    return into_kwargs(a, x=b), strict(a, b, r=2), messages


def _annotated_helper(t: torch.Tensor, k: int = 2) -> torch.Tensor:
    return t * k


_annotated_helper.registry_key = "helper"


@case()
def wraps_copies_annotations_and_instance_dict(a, b):
    def logged(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            return fn(*args, **kwargs)
        return inner

    wrapped = logged(_annotated_helper)
    wrapped.__name__ = wrapped.__name__ + "_logged"
    return (wrapped(a), wrapped.__annotations__ is _annotated_helper.__annotations__,
            wrapped.registry_key, wrapped.__name__, sorted(_annotated_helper.__annotations__))


class Patchable:
    calls = 0

    def act(self, x):
        return x + 1


@case()
def method_patched_on_class_then_called_on_instance(a, b):
    original = Patchable.act
    obj = Patchable()
    before = obj.act(a)
    Patchable.act = lambda self, x: x * 10
    after = obj.act(a)
    via_class = Patchable.act(obj, b)
    Patchable.act = original
    return before, after, via_class, obj.act(b)


class Namespaced:
    def __getattribute__(self, name):
        if name.startswith("cfg_"):
            return name[4:]
        return object.__getattribute__(self, name)

    def __delattr__(self, name):
        if name == "locked":
            raise AttributeError("locked")
        object.__delattr__(self, name)

    def __getattr__(self, name):
        if name == "alias":
            return self.target
        if hasattr(super(), "__getattr__"):
            return super().__getattr__(name)
        raise AttributeError(name)


@case()
def explicit_object_slot_calls_in_hooks(a, b):
    n = Namespaced()
    n.target = 4
    n.tmp = 1
    n.locked = 2
    del n.tmp
    try:
        del n.locked
        refused = False
    except AttributeError:
        refused = True
    try:
        n.nothing
        missing = False
    except AttributeError:
        missing = True
    return a * n.alias, n.cfg_width, refused, missing, hasattr(n, "tmp"), n.locked


@dataclasses.dataclass
class InnerRecord:
    v: int = 1
    items: list = dataclasses.field(default_factory=lambda: [1, 2])


@dataclasses.dataclass
class OuterRecord:
    inner: InnerRecord
    pairs: list
    mapping: dict


@case()
def nested_dataclasses_asdict_and_astuple(a, b):
    rec = OuterRecord(InnerRecord(3), [InnerRecord(), InnerRecord(5)], {"k": InnerRecord(7)})
    as_dict = dataclasses.asdict(rec)
    as_tuple = dataclasses.astuple(rec)
    rec.inner.items.append(9)
    return a * as_dict["inner"]["v"], as_dict, as_tuple, rec.inner.items


@case()
def simple_namespace_config(a, b):
    cfg = types.SimpleNamespace(scale=2.0, shift=1, name="ns")
    cfg.extra = 3
    del cfg.name
    return (a * cfg.scale + cfg.shift + cfg.extra, vars(cfg), hasattr(cfg, "name"),
            getattr(cfg, "missing", None), cfg)


@case(lambda: (randn(0, (3, 4)), types.SimpleNamespace(scale=2.0, layers=[1, 2])))
def simple_namespace_input(x, cfg):
    cfg.layers.append(3)
    cfg.seen = True
    return x * cfg.scale + len(cfg.layers)


@case()
def nested_namespace_attribute_path(a, b):
    root = types.SimpleNamespace(enc=types.SimpleNamespace(layer=types.SimpleNamespace(w=2.0)))
    getter = operator.attrgetter("enc.layer.w")
    return a * functools.reduce(getattr, "enc.layer.w".split("."), root), getter(root)
