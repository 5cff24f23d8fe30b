"""Held-out-style cases written from real code's idioms: typing objects in a trace
(annotations of functions defined in the compiled code, `list[int]`, `typing.Optional[X]`,
aliases and TypeVars), torch.utils._pytree over nested containers, and iterator corners
(unbounded itertools, `__iter__` called by name). The pytree and iterator cases are in
functions_heldout_l2.py.
"""

# ruff: noqa: UP006, UP007, UP045 - the typing module's aliases are what these cases trace
# No `from __future__ import annotations`: the annotations are evaluated in the trace.
import collections
import typing

import torch

from tests.conformance.registry import randn
from tests.dynamo_style import functions_heldout_l2  # noqa: F401 - registers its cases
from tests.dynamo_style.registry import case

T = typing.TypeVar("T")
Vector = list[float]
MaybeTensor = typing.Optional[torch.Tensor]


class Payload:
    pass


def _one():
    return (randn(0, (3, 4)),)


def _mapping():
    return randn(0, (3, 4)), {"w": randn(1, (3, 4))}


# -- subscripted builtin classes -------------------------------------------------------------

@case(_one)
def typing_builtin_generic_annotation(x):
    def inner(y: list[int], z: dict[str, torch.Tensor]) -> tuple[int, ...]:
        return tuple(y)
    return x * sum(inner([1, 2], {}))


@case(_one)
def typing_new_union_annotations(x):
    def first(y: torch.Tensor | None) -> torch.Tensor | None:
        return y
    def second(y: None | list[int] | dict[str, int]):
        return y
    return first(x) + 1, second([3])


@case(_one)
def typing_generic_alias_args_read(x):
    alias = dict[str, list[int]]
    args = alias.__args__
    return x + len(args), alias.__origin__ is dict, args[0] is str


@case(_one)
def typing_generic_alias_eq(x):
    same = list[int] == list[int]
    other = list[int] == list[float]
    return x + int(same) + 10 * int(other)


@case(_one)
def typing_generic_alias_returned(x):
    return x + 1, tuple[int, str], set[bytes]


@case(_one)
def typing_generic_alias_in_dict_key(x):
    table = {list[int]: 1, dict[str, int]: 2}
    return x * table[list[int]] + table[dict[str, int]]


@case(_one)
def typing_annotations_read_back(x):
    def inner(y: list[int], z: int | None = None) -> float:
        return 0.0
    ann = inner.__annotations__
    return x + len(ann), ann["y"] == list[int], ann["return"] is float


@case(_one)
def typing_global_alias_subscript(x):
    def scale(v: Vector) -> Vector:
        return [2 * i for i in v]
    return x * scale([1.0, 2.0])[1]


@case(_one)
def typing_alias_origin_construct(x):
    alias = list[int]
    kind = alias.__origin__
    return x + len(kind((1, 2, 3)))


@case(_one)
def typing_union_of_generic_aliases(x):
    u = list[int] | tuple[int, ...]
    return x + len(u.__args__)


# -- the typing module -----------------------------------------------------------------------

@case(_one)
def typing_list_optional_annotation(x):
    def inner(y: typing.List[Payload], z: typing.Optional[int] = None):
        return len(y)
    return x + inner([Payload(), Payload()])


@case(_one)
def typing_dict_optional_union_nested(x):
    a = typing.Dict[str, typing.Optional[torch.Tensor]]
    b = typing.List[typing.Union[torch.Tensor, None, int]]
    return x + len(a.__args__) + len(b.__args__)


@case(_one)
def typing_callable_typevar_annotation(x):
    def total(y: torch.Tensor) -> torch.Tensor:
        return torch.sum(y)
    def apply(c: typing.Callable[[T], T], y: T) -> T:
        return c(y)
    return apply(total, x)


@case(_one)
def typing_global_optional_alias(x):
    def maybe(y: MaybeTensor = None) -> MaybeTensor:
        return y
    out = maybe(x)
    return out if out is not None else x


@case(_one)
def typing_jit_annotate_dict(x):
    a = torch.jit.annotate(typing.Dict[str, typing.Optional[torch.Tensor]], {})
    a["k"] = x * 2
    return a, x + 1


@case(_one)
def typing_tuple_ellipsis_and_literal(x):
    t = typing.Tuple[int, ...]
    lit = typing.Dict[typing.Literal["a", "b"], int]
    return x + len(t.__args__) + len(lit.__args__)


@case(_one)
def typing_get_origin_args(x):
    alias = typing.Dict[str, int]
    return x + len(typing.get_args(alias)), typing.get_origin(alias) is dict


@case(_mapping)
def typing_isinstance_mapping(x, m):
    if isinstance(m, typing.Mapping):
        return x + m["w"]
    return x - 1


@case(_one)
def typing_isinstance_sequence_of_list(x):
    items = [x, x + 1]
    if isinstance(items, typing.Sequence) and not isinstance(items, typing.Mapping):
        return items[1] * 2
    return x


@case(_one)
def typing_typevar_attributes(x):
    return x + 1, T.__name__, typing.TypeVar is type(T)


@case(_one)
def typing_cast_passthrough(x):
    y = typing.cast(typing.List[int], [1, 2])
    return x + len(y)


@case(_one)
def typing_namedtuple_like_annotations(x):
    Pair = collections.namedtuple("Pair", ["a", "b"])
    def make(a: int, b: typing.Optional[torch.Tensor]) -> Pair:
        return Pair(a, b)
    p = make(2, x)
    return p.b * p.a


@case(_one)
def typing_generic_alias_called(x):
    made = list[int]((1, 2, 3))
    pairs = dict[str, int](a=1)
    return x * len(made) + pairs["a"], type(made) is list


@case(_one)
def typing_callable_ellipsis_and_any(x):
    def run(fn: typing.Callable[..., typing.Any], *args: typing.Any) -> typing.Any:
        return fn(*args)
    return run(torch.add, x, 2)


@case(_one)
def typing_typevar_bound_read(x):
    return x + 1, T.__bound__ is None, T.__constraints__, T.__covariant__


@case(_one)
def typing_alias_as_default_argument(x):
    def pick(items: list[torch.Tensor], kind: type = list[int]) -> torch.Tensor:
        return items[len(kind.__args__)]
    return pick([x, x * 2])


@case(_one)
def typing_subscript_in_comprehension(x):
    kinds = [list[k] for k in (int, float, str)]
    return x + len(kinds), kinds[1].__args__[0] is float


@case(_one)
def typing_missing_alias_attribute_raises(x):
    try:
        return typing.List[int].__metadata__
    except AttributeError as exc:
        return x + 1, str(exc)


@case(_one)
def typing_builtin_aliases_called(x):
    made = (tuple[int, ...]((1, 2)), set[int]([3]), collections.deque[int]([x], maxlen=1))
    return made[0], made[1], list(made[2])
