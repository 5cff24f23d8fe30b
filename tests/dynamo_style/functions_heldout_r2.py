"""Held-out-style cases, dict subclasses (part r2): merges and copies of subclasses (which
class the result is), attribute dicts, UserDict, MappingProxyType and `dict(**kwargs)`."""

from __future__ import annotations

import collections
import copy
import types

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


class Tagged(dict):
    """A dict subclass keeping dict's own merge methods."""

    tag = "tagged"


class Ordered(collections.OrderedDict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.inits = getattr(self, "inits", 0) + 1


class Shouting(dict):
    """keys()/__getitem__ overridden, __iter__ kept: dict(d) and {**d} read the storage."""

    def keys(self):
        return [k.upper() for k in super().keys()]

    def __getitem__(self, key):
        return super().__getitem__(key.lower())


def _tagged_in():
    return randn(0, (3, 4)), Tagged(x=1.0, y=2.0)


# -- merges: which class the result is ------------------------------------------------------

@case()
def or_of_dict_subclass_is_plain_dict(a, b):
    d = Tagged(x=a)
    merged = d | {"y": b}
    rmerged = {"z": a} | d
    return type(merged).__name__, type(rmerged).__name__, merged["x"] + merged["y"], list(rmerged)


@case()
def or_of_ordereddict_subclass_keeps_class(a, b):
    d = Ordered(x=a)
    merged = d | {"y": b}
    rmerged = {"z": a} | d
    return type(merged).__name__, type(rmerged).__name__, list(merged), list(rmerged)


@case(_tagged_in)
def ior_on_input_subclass(a, d):
    d |= {"z": 3.0, "x": 5.0}
    return a * d["x"] + d["z"], list(d), type(d).__name__


@case()
def ior_on_made_ordered(a, b):
    d = Ordered(p=a)
    same = d
    d |= Ordered(q=b)
    return same is d, list(d), d.inits, d["q"] + d["p"]


@case()
def star_merge_of_subclasses(a, b):
    left, right = Tagged(x=a, shared=1.0), Ordered(y=b, shared=2.0)
    merged = {**left, **right, "z": 0.5}
    return type(merged) is dict, list(merged), merged["shared"], merged["x"] + merged["z"]


@case()
def dict_of_subclass_reads_storage(a, b):
    s = Shouting(lo=a)
    return dict(s), {**s}, list(s.keys()), s["LO"] * 2


@case()
def dict_kwargs_merges(a, b):
    defaults = Tagged(lr=0.1, wd=0.0)
    cfg = dict(defaults, wd=0.01, momentum=0.9)
    again = dict(**cfg, nesterov=True)
    return a * cfg["wd"] + again["lr"], sorted(again), type(again) is dict


@case()
def update_from_subclass_with_keys_override(a, b):
    s = Shouting(k=a)
    target = {}
    target.update(s)
    return list(target), target["k"] + b


# -- copies ---------------------------------------------------------------------------------

@case(gap="copy.copy of a dict subclass instance (its __reduce_ex__ rebuild)")
def copy_of_made_subclass(a, b):
    d = Tagged(x=a)
    d.note = "n"
    c = copy.copy(d)
    c["y"] = b
    return type(c).__name__, list(d), list(c), c.note, c["x"] is d["x"]


@case(_tagged_in)
def copy_method_of_input_subclass_is_dict(a, d):
    c = d.copy()
    c["w"] = 1.0
    return type(c).__name__, sorted(c), sorted(d), a + c["x"]


@case()
def ordered_subclass_copy_method_keeps_class(a, b):
    d = Ordered(x=a, y=b)
    c = d.copy()
    c.move_to_end("x")
    return type(c).__name__, list(c), list(d), c.inits


@case()
def class_rebuild_of_subclass(a, b):
    d = Tagged(x=a)
    rebuilt = d.__class__({k: v * 2 for k, v in d.items()})
    again = type(rebuilt)(rebuilt, y=b)
    return type(again).__name__, again["x"] + again["y"], rebuilt.tag


# -- attribute dicts ------------------------------------------------------------------------

class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self[name] = value


@case()
def attrdict_made(a, b):
    cfg = AttrDict(hidden=4)
    cfg.scale = 0.5
    missing = hasattr(cfg, "nothing")
    return a * cfg.scale + cfg.hidden, missing, sorted(cfg), cfg


@case(lambda: (randn(0, (3, 4)), AttrDict(scale=2.0)))
def attrdict_input(a, cfg):
    cfg.shift = 1.0
    return a * cfg.scale + cfg["shift"], getattr(cfg, "absent", "dflt"), sorted(cfg.items())


# -- UserDict ---------------------------------------------------------------------------------

class Clamped(collections.UserDict):
    def __setitem__(self, key, value):
        super().__setitem__(key, max(0.0, min(1.0, value)))


@case()
def userdict_made(a, b):
    c = Clamped(p=2.0)
    c["q"] = -1.0
    c.update(r=0.25)
    return a * c["p"] + c["q"] + c["r"], dict(c), len(c), "q" in c


@case(lambda: (randn(0, (3, 4)), Clamped(p=0.5)))
def userdict_input(a, c):
    c["p"] = 5.0
    return a * c["p"] + c.get("zz", 0.0), c.data, list(c)


@case(gap="a class statement in the frame with a base whose metaclass is ABCMeta")
def userdict_missing(a, b):
    class Zeroed(collections.UserDict):
        def __missing__(self, key):
            return 0.0

    z = Zeroed()
    z["x"] = 1.0
    return a * z["x"] + z["y"], "y" in z, dict(z)


# -- MappingProxyType ---------------------------------------------------------------------

_TABLE = {"relu": 1.0, "gelu": 2.0}
_PROXY = types.MappingProxyType(_TABLE)


@case()
def mapping_proxy_global(a, b):
    return a * _PROXY["gelu"] + _PROXY.get("tanh", 0.5), list(_PROXY), len(_PROXY)


@case()
def mapping_proxy_made_sees_writes(a, b):
    table = {"x": 1.0}
    view = types.MappingProxyType(table)
    table["y"] = 2.0
    try:
        view["z"] = 3.0
        refused = False
    except TypeError:
        refused = True
    return a * view["y"] + view["x"], refused, dict(view), "y" in view


@case()
def mapping_proxy_of_subclass(a, b):
    view = types.MappingProxyType(Tagged(x=a))
    return view["x"] + b, view.copy().tag if hasattr(view.copy(), "tag") else "plain"


@case(lambda: (randn(0, (3, 4)), {"a": 1.0}))
def mapping_proxy_of_input_returned(a, table):
    view = types.MappingProxyType(table)
    table["b"] = 2.0  # written on the input after the call; the view sees it
    return view, a * len(view), [k for k in view], view.get("b")


@case()
def mapping_proxy_forwards_to_overrides(a, b):
    d = Shouting(lo=a)
    view = types.MappingProxyType(d)
    return view["LO"] + b, list(view.keys()), "lo" in view


# -- **kwargs -------------------------------------------------------------------------------

def _combine(x, **options):
    merged = dict({"scale": 1.0}, **options)
    return x * merged["scale"] + merged.get("shift", 0.0), sorted(merged)


@case()
def kwargs_from_subclass_star_star(a, b):
    opts = Tagged(scale=3.0, shift=0.5)
    return _combine(a, **opts), _combine(b, **Ordered(shift=2.0))


@case(_tagged_in)
def kwargs_from_input_subclass(a, d):
    def f(x=0.0, y=0.0):
        return x * 10 + y

    return a + f(**d), f(**{**d, "y": 9.0})


# -- older styles: the base called unbound in __init__, fromkeys, reversed, views -----------

class OldStyle(dict):
    def __init__(self, **kwargs):
        dict.__init__(self, **kwargs)
        dict.__setitem__(self, "made", True)

    def __getitem__(self, key):
        return dict.get(self, key, 0.0)


@case()
def unbound_init_in_subclass(a, b):
    d = OldStyle(w=2.0)
    return a * d["w"] + d["absent"], sorted(d), d["made"]


@case(gap="fromkeys bound to a dict subclass (dict.fromkeys as a classmethod of the class)")
def fromkeys_on_subclasses(a, b):
    t = Tagged.fromkeys(["p", "q"], 1.0)
    o = Ordered.fromkeys("xy")
    return type(t).__name__, sorted(t.items()), type(o).__name__, list(o), o.inits


@case(lambda: (randn(0, (3, 4)), Ordered(a=1.0, b=2.0, c=3.0)))
def reversed_and_views_of_input_ordered(a, d):
    d.move_to_end("a")
    rev = list(reversed(d))
    items = list(d.items())
    return a * d[rev[0]], rev, items, list(d.values())[-1], len(d.keys())


class Chained(dict):
    def keys(self):
        return sorted(super().keys())

    def values(self):
        return [self[k] for k in self.keys()]


@case(lambda: (randn(0, (3, 4)), Chained(b=2.0, a=1.0)))
def super_keys_inside_keys_override(a, d):
    d["c"] = 0.5
    return a * sum(d.values()), d.keys(), list(d), dict(d)


# -- equality -------------------------------------------------------------------------------

@case(lambda: (randn(0, (3, 4)), Tagged(k=1.0, j=2)))
def equality_of_subclasses(a, d):
    made = Ordered(x=1, y=2)
    flags = [d == {"j": 2, "k": 1.0}, {"k": 1.0} != d, made == collections.OrderedDict(y=2, x=1),
             made == {"y": 2, "x": 1}, Tagged(x=1, y=2) == made, d == Shouting(k=1.0)]
    return a + sum(flags), flags
