"""Held-out-style cases written from real code's idioms: dict and OrderedDict subclasses.

A model-output record (an OrderedDict subclass that is also a dataclass: items and attributes
kept in sync, indexed by name or position, `to_tuple()`), frozen mappings whose mutators raise,
subclasses overriding `__getitem__`/`__setitem__`/`__missing__`/`get`/`keys`/`__iter__`/
`__contains__` and calling the base through `super()` or unbound (`dict.__getitem__(d, k)`).
Instances are made in the frame, passed in, read from globals, mutated and returned. The
merges (`dict(d)`, `{**d}`, `d | e`, `d |= e`, `copy.copy(d)`) follow the subclass's methods
where CPython does and its storage where it does not (a plain `dict` from `dict.__or__`, a
subclass from OrderedDict's). UserDict and MappingProxyType are in functions_heldout_r2.py.
"""

from __future__ import annotations

import collections
import dataclasses

import torch

from tests.conformance.registry import randn
from tests.dynamo_style import functions_heldout_r2  # noqa: F401 - registers its cases
from tests.dynamo_style.registry import case


class Output(collections.OrderedDict):
    """Items are the fields that are not None, in field order; attribute and item writes keep
    both in sync; mutators other than item writes raise."""

    def __post_init__(self):
        names = [f.name for f in dataclasses.fields(self)]
        for name in names:
            value = getattr(self, name)
            if value is not None:
                self[name] = value

    def __delitem__(self, *args, **kwargs):
        raise RuntimeError(f"no __delitem__ on a {type(self).__name__}")

    def pop(self, *args, **kwargs):
        raise RuntimeError(f"no pop on a {type(self).__name__}")

    def update(self, *args, **kwargs):
        raise RuntimeError(f"no update on a {type(self).__name__}")

    def setdefault(self, *args, **kwargs):
        raise RuntimeError(f"no setdefault on a {type(self).__name__}")

    def __getitem__(self, k):
        if isinstance(k, str):
            return dict(self.items())[k]
        return self.to_tuple()[k]

    def __setattr__(self, name, value):
        if name in self.keys() and value is not None:
            super().__setitem__(name, value)
        super().__setattr__(name, value)

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        super().__setattr__(key, value)

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


@dataclasses.dataclass
class EncoderOut(Output):
    hidden: torch.Tensor | None = None
    pooled: torch.Tensor | None = None
    states: tuple | None = None


def _encoder_out():
    return randn(0, (3, 4)), EncoderOut(hidden=randn(1, (3, 4)), pooled=randn(2, (4,)))


def _output_state(out):
    return list(out.keys()), {k: v for k, v in vars(out).items() if v is not None}


# -- a model output made in the frame -----------------------------------------------------------

@case()
def output_made_read_by_attr_and_name(a, b):
    out = EncoderOut(hidden=a * 2, pooled=b.sum(0))
    return out.hidden + out["pooled"], len(out), "states" in out


@case()
def output_made_index_skips_none_fields(a, b):
    out = EncoderOut(hidden=a, states=(a + 1, b - 1))
    return out[0], out[1][1], out[-1][0], list(out.keys())


@case()
def output_made_to_tuple_and_slice(a, b):
    out = EncoderOut(a.relu(), b.tanh(), (a,))
    first, *rest = out.to_tuple()
    return first + rest[0], out[:2], len(rest)


@case()
def output_made_returned_whole(a, b):
    return EncoderOut(hidden=a @ b.T, pooled=a.mean(0))


@case()
def output_made_attribute_write_syncs_items(a, b):
    out = EncoderOut(hidden=a)
    out.hidden = a * 3  # a field already an item: the item follows
    out.pooled = None   # None never becomes an item
    out.extra = b       # not a field: only an attribute
    return out["hidden"], _output_state(out), out.extra


@case()
def output_made_item_write_syncs_attribute(a, b):
    out = EncoderOut(hidden=a)
    out["pooled"] = b + 1
    return out.pooled * 2, out.to_tuple(), list(out)


@case()
def output_made_views(a, b):
    out = EncoderOut(hidden=a, pooled=b)
    total = sum(v.sum() for v in out.values())
    names = [k for k, _ in out.items()]
    return total, names, dict(out)


@case()
def output_made_mutators_raise(a, b):
    out = EncoderOut(hidden=a)
    caught = []
    for attempt in (lambda: out.pop("hidden"), lambda: out.update(pooled=b),
                    lambda: out.setdefault("pooled", b)):
        try:
            attempt()
        except RuntimeError as exc:
            caught.append(str(exc))
    try:
        del out["hidden"]
    except RuntimeError:
        caught.append("del")
    return a + len(caught), caught, list(out.keys())


@case()
def output_made_loop_collects_hidden_states(a, b):
    states = ()
    h = a
    for _ in range(3):
        h = torch.tanh(h + b)
        states = states + (h,)
    out = EncoderOut(hidden=h, states=states)
    return out[-1][1], out.states[0], isinstance(out, dict), isinstance(out, EncoderOut)


# -- a model output passed in ---------------------------------------------------------------

@case(_encoder_out)
def output_input_by_name(a, out):
    return out["hidden"] + a, out["pooled"].sum()


@case(_encoder_out)
def output_input_by_position(a, out):
    return out[0] * a, out[1] + 1, out[-1].shape[0]


@case(_encoder_out)
def output_input_to_tuple(a, out):
    hidden, pooled = out.to_tuple()
    return hidden - a, pooled


@case(_encoder_out)
def output_input_iterated(a, out):
    total = a
    for key in out:
        total = total + out[key].sum()
    return total, [k for k in out], len(out), bool(out)


@case(_encoder_out)
def output_input_item_write_visible_after(a, out):
    out["states"] = (a,)
    out.hidden = out.hidden * 2
    return out.to_tuple()[0] + 1, _output_state(out)


@case(_encoder_out)
def output_input_converted(a, out):
    d = dict(out)
    merged = {**out, "extra": a}
    return d["pooled"] + merged["hidden"].sum(), list(merged)


@case(_encoder_out)
def output_input_keys_and_contains(a, out):
    flags = ["pooled" in out, "states" in out, "missing" in out.keys()]
    return a + sum(flags), flags, list(out.values())[0]


_GLOBAL_OUT = EncoderOut(hidden=torch.ones(3, 4), pooled=torch.arange(4.0))


@case()
def output_global_read(a, b):
    return a + _GLOBAL_OUT["hidden"] + _GLOBAL_OUT[1], _GLOBAL_OUT.to_tuple()[1]


# -- frozen mappings ------------------------------------------------------------------------

class FrozenMap(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._frozen = True

    def _refuse(self, *args, **kwargs):
        raise TypeError(f"{type(self).__name__} is frozen")

    __delitem__ = _refuse
    pop = _refuse
    popitem = _refuse
    setdefault = _refuse
    update = _refuse
    clear = _refuse

    def __setitem__(self, key, value):
        if getattr(self, "_frozen", False):
            raise TypeError(f"{type(self).__name__} is frozen")
        super().__setitem__(key, value)

    def __reduce__(self):  # (a copy is made frozen, from its items)
        return type(self), (dict(self),)


_FROZEN = FrozenMap({"scale": 2.0, "shift": -1.0})


def _frozen_in():
    return randn(0, (3, 4)), FrozenMap(scale=3.0, bias=0.5)


@case()
def frozen_global_copied_then_read(a, b):
    plain = dict(_FROZEN)
    plain["shift"] = 4.0
    return a * _FROZEN["scale"] + plain["shift"], sorted(plain.items()), type(plain) is dict


@case(_frozen_in)
def frozen_input_reads(a, cfg):
    return a * cfg["scale"] + cfg.get("bias", 0.0) + cfg.get("shift", 10.0), len(cfg)


@case(_frozen_in)
def frozen_input_write_refused(a, cfg):
    try:
        cfg["scale"] = 100.0
    except TypeError as exc:
        return a * cfg["scale"], str(exc)
    return a, "written"


@case()
def frozen_made_in_frame(a, b):
    cfg = FrozenMap(lr=0.5, steps=3)
    errors = 0
    for mutate in (cfg.clear, lambda: cfg.update(lr=1.0), lambda: cfg.pop("lr")):
        try:
            mutate()
        except TypeError:
            errors += 1
    return a * cfg["lr"] + errors, dict(cfg)


@case(_frozen_in)
def frozen_input_unbound_base_write(a, cfg):
    dict.__setitem__(cfg, "shift", 7.0)  # past the refusing override
    return a + cfg["shift"], sorted(cfg)


# -- overridden dunders ---------------------------------------------------------------------

class LowerKeys(dict):
    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)

    def __getitem__(self, key):
        return super().__getitem__(key.lower())

    def __contains__(self, key):
        return super().__contains__(key.lower())

    def get(self, key, default=None):
        return super().get(key.lower(), default)


def _lower_in():
    d = LowerKeys()
    d["Alpha"] = 2.0
    d["BETA"] = 3.0
    return randn(0, (3, 4)), d


@case()
def lowerkeys_made(a, b):
    d = LowerKeys()
    d["Weight"] = a
    d["BIAS"] = b
    return d["WEIGHT"] + d["bias"], "Bias" in d, list(d), d.get("NoNe", 0)


@case(_lower_in)
def lowerkeys_input_read(a, d):
    return a * d["ALPHA"] + d.get("beta"), "alpha" in d, "gamma" in d


@case(_lower_in)
def lowerkeys_input_written(a, d):
    d["Gamma"] = 4.0
    return a + d["gamma"], sorted(d.items())


class Counts(dict):
    def __missing__(self, key):
        return 0


class AutoList(dict):
    def __missing__(self, key):
        self[key] = made = []
        return made


@case()
def missing_counts_made(a, b):
    c = Counts()
    for word in ("a", "b", "a", "c", "a"):
        c[word] += 1
    return a * c["a"] + c["z"], dict(c), "z" in c


@case(lambda: (randn(0, (3, 4)), Counts(x=2)))
def missing_counts_input(a, c):
    c["y"] += 5
    return a * c["x"] + c["never"], sorted(c.items())


@case()
def missing_autolist_made(a, b):
    groups = AutoList()
    for i, t in enumerate((a, b, a * 2)):
        groups["even" if i % 2 == 0 else "odd"].append(t)
    return torch.stack(groups["even"]).sum(0), len(groups["odd"]), list(groups)


class Reversed(collections.OrderedDict):
    def __iter__(self):
        return reversed(list(super().__iter__()))

    def keys(self):
        return list(self)


@case()
def reversed_iter_made(a, b):
    d = Reversed()
    d["first"] = a
    d["second"] = b
    return list(d), [k for k in d], dict(d), list(d.values())[0]


@case(lambda: (randn(0, (3, 4)), Reversed(x=1.0, y=2.0, z=3.0)))
def reversed_iter_input(a, d):
    return a + d[next(iter(d))], list(d), {**d}


# -- base methods called unbound and through super() ----------------------------------------

class Tracking(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reads = 0

    def __getitem__(self, key):
        self.reads += 1
        return super().__getitem__(key)

    def get(self, key, default=None):
        if super().__contains__(key):
            return self[key]
        return default


def _tracking_in():
    return randn(0, (3, 4)), Tracking(w=2.0, b=1.0)


@case()
def tracking_made_counts_reads(a, b):
    t = Tracking(w=a)
    x = t["w"] + t.get("w") + t.get("zz", b)
    return x, t.reads


@case(_tracking_in)
def tracking_input_counts_reads(a, t):
    x = a * t["w"] + t.get("b") + t.get("q", 0.0)
    return x, t.reads


@case(_tracking_in)
def unbound_base_reads_skip_override(a, t):
    x = a * dict.__getitem__(t, "w") + dict.get(t, "b") + dict.get(t, "q", 3.0)
    return x, t.reads, dict.__contains__(t, "w"), dict.__len__(t), sorted(dict.keys(t))


@case()
def unbound_base_made(a, b):
    t = Tracking()
    dict.__setitem__(t, "k", a)
    collections.OrderedDict.__setitem__(od := collections.OrderedDict(), "k", b)
    return dict.__getitem__(t, "k") + t["k"] + od["k"], t.reads, list(dict.items(t))[0][0]


class Registry(collections.OrderedDict):
    pass


@case(lambda: (randn(0, (3, 4)), Registry(a=1)))
def registry_input_written_and_len(a, reg):
    reg["b"] = 2
    reg.move_to_end("a")
    del reg["a"]
    reg.version = 3
    return a * len(reg) + reg["b"], list(reg.items()), reg.version


@case(lambda: (randn(0, (3, 4)), Registry(a=1, b=2)))
def registry_input_pop_setdefault_update(a, reg):
    first = reg.pop("a")
    reg.setdefault("c", 5)
    reg.update(d=7)
    return a + first + reg["c"] + reg.get("d"), list(reg)


# -- records filled from their first field; mappings that read like objects ---------------

@dataclasses.dataclass
class Flexible(Output):
    """A record whose first field may carry all of its items (a dict or pairs)."""

    first: object = None
    second: torch.Tensor | None = None

    def __post_init__(self):
        rest_none = self.second is None
        if rest_none and isinstance(self.first, dict):
            for key, value in self.first.items():
                self[key] = value
        elif rest_none and isinstance(self.first, (list, tuple)) and self.first and all(
                isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str)
                for p in self.first):
            for key, value in self.first:
                self[key] = value
        else:
            super().__post_init__()


@case()
def record_filled_from_first_field(a, b):
    by_dict = Flexible({"first": a, "second": b})
    by_pairs = Flexible([("first", a + 1), ("second", b - 1)])
    plain = Flexible(a * 2)
    return (by_dict.to_tuple()[1], list(by_pairs.keys()), by_pairs.second, plain[0],
            len(plain), by_dict[:1][0] is by_dict["first"])


class Encoding(collections.UserDict):
    def __getattr__(self, name):
        if name == "data":  # (not set yet while a copy is made)
            raise AttributeError(name)
        try:
            return self.data[name]
        except KeyError:
            raise AttributeError(name) from None


def _encoding():
    return randn(0, (3, 4)), Encoding({"ids": 3, "mask": 0.5})


def _consume(x, ids, mask, scale=1.0):
    return x * ids * mask * scale


@case(_encoding)
def encoding_like_input_spread_into_call(a, enc):
    enc["scale"] = 2.0
    return _consume(a, **enc), enc.ids, sorted(enc), hasattr(enc, "nothing")


@case()
def output_tuple_concat_and_nesting(a, b):
    inner = EncoderOut(hidden=a, pooled=b.sum(0))
    outer = EncoderOut(hidden=inner.hidden * 2, states=(inner,))
    extended = outer.to_tuple() + (a.sum(),)
    return extended[0], extended[-1], outer[1][0]["pooled"], outer.states[0] is inner


@case(_encoder_out)
def output_input_rebuilt_by_class_and_replace(a, out):
    again = type(out)(**dict(out.items()))
    fewer = dataclasses.replace(out, pooled=None)
    return again[1] + a.sum(), list(again.keys()), list(fewer.keys()), fewer.hidden is out.hidden
