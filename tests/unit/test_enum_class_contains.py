"""`x in SomeEnum` asks the metaclass's `__contains__`: enum's own raises TypeError in 3.11 for a
value that is not a member, and a metaclass may define its own. Today ClassValue answers by
iterating the members (True for `Sealed.A in Sealed`, False instead of TypeError for
`"sum" in Reduction`): wrong answers, fixed once ClassValue.contains asks
compiler.values.stdlib_enum.class_contains (findings-helper-58, item 6)."""

from __future__ import annotations

import enum

import pytest
import torch

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


@pytest.mark.xfail(strict=True, reason="ClassValue.contains wiring (findings-helper-58, 6)")
@pytest.mark.parametrize("fn", [metaclass_contains, value_in_enum_class])
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_in_asks_the_metaclass(fn):
    check_same(fn, torch.ones(2), fullgraph=False)
