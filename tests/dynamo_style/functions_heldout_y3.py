"""Held-out-style cases (prefix `y_`, continued from functions_heldout_y2.py): attribute lookup's
order, data descriptors before the instance dict, AttributeError from a property reaching
`__getattr__`, and `__setattr__` overrides.
"""

from __future__ import annotations

import dataclasses

from tests.dynamo_style.functions_heldout_y2 import HasWritesDict, _two
from tests.dynamo_style.registry import case


@case(_two)
def y_data_descriptor_beats_instance_dict(a, b):
    h = HasWritesDict()
    h.field = 5
    return a, h.field, h.__dict__["field"], sorted(vars(h))


@case(_two)
def y_property_attribute_error_goes_to_getattr(a, b):
    class Lazy:
        @property
        def value(self):
            raise AttributeError("not yet")

        def __getattr__(self, name):
            return "fallback-" + name

    return a, Lazy().value, Lazy().other


@case(_two)
def y_setattr_override_doubles(a, b):
    class Doubling:
        def __setattr__(self, name, value):
            object.__setattr__(self, name, value * 2)

    d = Doubling()
    d.x = a
    d.y = 3
    return d.x + b, d.y, sorted(vars(d))


class Stamping(type):
    def __call__(cls, *args, **kwargs):
        made = super().__call__(*args, **kwargs)
        made.stamped = cls.__name__
        return made


class Stamped(metaclass=Stamping):
    def __init__(self, t):
        self.t = t


@case(_two)
def y_metaclass_call_wraps_construction(a, b):
    s = Stamped(a)
    return s.t * 2 + b, s.stamped, type(s) is Stamped


@case(_two)
def y_dataclass_order_sorted(a, b):
    @dataclasses.dataclass(order=True)
    class Version:
        major: int
        minor: int = 0

    vs = sorted([Version(2, 1), Version(1, 5), Version(2, 0)])
    return (
        a,
        [(v.major, v.minor) for v in vs],
        Version(1) < Version(1, 1),
        Version(1) == Version(1, 0),
    )


@case(_two)
def y_contains_falls_back_to_iter(a, b):
    class Three:
        def __iter__(self):
            return iter([1, 2, 3])

    return a, 2 in Three(), 5 in Three(), 5 not in Three()


@case(_two)
def y_user_mapping_as_kwargs(a, b):
    class Upper:
        def keys(self):
            return ["x", "y"]

        def __getitem__(self, k):
            return k.upper()

    def collect(**kw):
        return kw

    return a, collect(**Upper()), dict(Upper()), {**Upper()}


@case(_two)
def y_iter_as_generator_method(a, b):
    class Squares:
        def __init__(self, n):
            self.n = n

        def __iter__(self):
            for i in range(self.n):
                yield i * i

    out = a
    for s in Squares(3):
        out = out + s * b
    return out, list(Squares(4)), sum(Squares(3)), max(Squares(5))
