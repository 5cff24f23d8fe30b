"""Held-out-style cases (part o, typing objects): Optional, Union, Callable, TypeVar, Generic
subclasses, Literal, annotations read in the frame, typing objects from globals and
arguments, and `isinstance` with typing's aliases of abstract classes."""

# ruff: noqa: UP006, UP007, UP045 - the typing forms themselves are what these cases trace

from __future__ import annotations

import collections.abc
import dataclasses
import typing
from typing import Generic, Optional, TypeVar, Union

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case

T = TypeVar("T")
K = TypeVar("K", int, str)
Number = Union[int, float]


def _t(shape=(3,)):
    return randn(0, shape)


class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item

    def get(self) -> T:
        return self.item


@case(lambda: (_t(),))
def optional_equals_union_with_none(x):
    same = typing.Optional[int] == typing.Union[int, None]
    nested = typing.Union[int, typing.Union[str, None]]
    return x + same, len(nested.__args__), nested.__args__[-1] is type(None)


@case(lambda: (_t(),))
def pep604_union_built_in_frame(x):
    u = int | None
    v = typing.Optional[list[int]]
    return x, u == typing.Optional[int], v.__args__[0].__args__, list[int] | None == v


@case(lambda: (_t(),))
def union_args_drive_computation(x):
    u = typing.Union[torch.Tensor, int, str]
    n = len(u.__args__)
    return x * n, u.__args__[0] is torch.Tensor


@case(lambda: (_t(),))
def literal_args_read(x):
    mode = typing.Literal["sum", "mean"]
    return x.sum() if "sum" in mode.__args__ else x.mean(), mode.__args__


@case(lambda: (_t(),))
def callable_alias_args(x):
    c = typing.Callable[[int, str], float]
    abc_c = collections.abc.Callable[[int], torch.Tensor]
    return (x, c.__args__, c.__origin__ is collections.abc.Callable,
            abc_c.__args__[-1] is torch.Tensor)


@case(lambda: (_t(),))
def typevar_global_attributes(x):
    return x, T.__name__, K.__constraints__, T.__bound__, T.__covariant__


@case(lambda: (_t(),))
def global_union_alias(x):
    scale = 2 if float in Number.__args__ else 3
    return x * scale, Number.__args__


@case(lambda: (_t(),))
def generic_subclass_subscripted_and_used(x):
    IntBox = Box[int]
    b = Box(x)
    return b.get() + 1, IntBox.__args__, IntBox.__origin__ is Box


@case(lambda: (_t(),))
def generic_alias_parameters(x):
    alias = dict[str, T]
    filled = alias[torch.Tensor]
    return x, alias.__parameters__, filled.__args__, filled == dict[str, torch.Tensor]


@case(lambda: (_t(),))
def typing_list_dict_origin(x):
    lt = typing.List[int]
    dt = typing.Dict[str, typing.Tuple[int, ...]]
    return x, lt.__origin__ is list, dt.__args__[1].__args__, dt.__origin__


@case(lambda: (_t(),))
def annotations_of_function_in_frame(x):
    def scale(a: torch.Tensor, k: int = 2) -> torch.Tensor:
        return a * k

    hints = scale.__annotations__
    return scale(x), hints["k"] is int, sorted(hints)


def _annotated(a: torch.Tensor, n: Optional[int] = None) -> torch.Tensor:
    return a


@case(lambda: (_t(),))
def annotations_of_global_function(x):
    ann = _annotated.__annotations__
    return x, sorted(ann), ann["n"]


@case(lambda: (_t(),))
def isinstance_typing_abc_alias(x):
    checks = (isinstance([1], typing.List), isinstance({}, typing.Mapping),
              isinstance(x, typing.Sequence))
    return x + sum(checks), checks


@case(lambda: (_t(), typing.Optional[int]))
def typing_object_argument(x, hint):
    return x + len(hint.__args__), hint.__args__


@case(lambda: (_t(), {T: 2, K: 3}))
def typevar_keyed_dict_argument(x, table):
    return x * table[T] + table[K]


@case(lambda: (_t(),))
def get_origin_and_args(x):
    u = typing.Union[int, str]
    return x, typing.get_origin(u) is typing.Union, typing.get_args(u), \
        typing.get_origin(list[int]), typing.get_args(dict[str, int])


@case(lambda: (_t(),))
def isinstance_with_union_objects(x):
    flags = (isinstance(3, typing.Union[int, str]), isinstance(3.0, int | str),
             issubclass(list, typing.Iterable), isinstance(None, Optional[int]))
    return x + sum(flags), flags


@case(lambda: (_t(),))
def typing_cast_and_type_checking(x):
    y = typing.cast(torch.Tensor, x)
    if typing.TYPE_CHECKING:
        y = y * 100
    return y + 1


@case(lambda: (_t(),))
def typing_objects_repr_and_callable(x):
    return x, callable(typing.List), typing.Optional[int].__origin__, repr(typing.Optional[int])


class Slotted(Generic[T]):
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v


@case(lambda: (_t(),))
def generic_alias_instantiated(x):
    b = Box[int](x)
    s = Slotted[float](x * 2)
    return b.get() + s.v, b.__orig_class__ == Box[int], hasattr(s, "__orig_class__")


@case(lambda: (_t(),))
def typing_alias_of_builtin_not_instantiable(x):
    try:
        typing.List[int]()
    except TypeError as e:
        return x + 1, str(e)
    return x


@case(lambda: (_t(),))
def typing_ordereddict_alias_called(x):
    od = typing.OrderedDict[str, int](a=1, b=2)
    return x * od["b"], list(od), od.__orig_class__


@dataclasses.dataclass
class _Options:
    scale: Optional[float] = None
    names: list[str] = dataclasses.field(default_factory=list)


@case(lambda: (_t(),))
def dataclass_field_annotations_read(x):
    fields = dataclasses.fields(_Options)
    opts = _Options(scale=2.0)
    return x * opts.scale, [f.name for f in fields], fields[0].type, opts.names
