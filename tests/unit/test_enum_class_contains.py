"""`x in SomeEnum` asks the metaclass's `__contains__`: enum's own raises TypeError in 3.11 for a
value that is not a member, and a metaclass may define its own. ClassValue once answered by
iterating the members (True for `Sealed.A in Sealed`, False instead of TypeError for
`"sum" in Reduction`); it now asks the metaclass. A metaclass that overrides `__iter__`,
`__len__` or `__getitem__` is refused, not answered with the members."""

from __future__ import annotations

import enum

import pytest
import torch

import compiler
from tests.differential import check_same


class NeverContains(enum.EnumMeta):
    def __contains__(cls, item):
        return False


class Sealed(enum.Enum, metaclass=NeverContains):
    A = 1
    B = 2


class Reduction(enum.Enum):
    SUM = "sum"


def metaclass_contains(x):
    return x + 1, Sealed.A in Sealed, 3 in Sealed


def value_in_enum_class(x):
    try:
        found = "sum" in Reduction
    except TypeError:
        found = "raised"
    return x + 1, found, Reduction.SUM in Reduction


@pytest.mark.parametrize("fn", [metaclass_contains, value_in_enum_class])
@pytest.mark.parametrize("fullgraph", [True, False])
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_in_asks_the_metaclass(fn, fullgraph):
    check_same(fn, torch.ones(2), fullgraph=fullgraph)


class Reversed(enum.EnumMeta):
    def __iter__(cls):
        return reversed(list(super().__iter__()))

    def __len__(cls):
        return 7


class Backwards(enum.Enum, metaclass=Reversed):
    A = 1
    B = 2


def iterates_a_metaclass_override(x):
    return x + 1, [m.name for m in Backwards], len(Backwards)


def test_a_metaclass_overriding_iteration_is_not_answered_with_the_members():
    with pytest.raises(compiler.Unsupported, match="overrides it"):
        check_same(iterates_a_metaclass_override, torch.ones(2))
    check_same(iterates_a_metaclass_override, torch.ones(2), fullgraph=False)
