"""`f(x=1, **m)` where `m` also holds "x" raises CPython's TypeError, naming the function, for
every mapping `m` can be: a dict, a dict subclass instance (passed in or made in the frame),
a UserDict. The second value silently won for any mapping but a plain dict (a wrong answer).
Compared with eager, fullgraph and not."""

import collections

import pytest
import torch

from tests.differential import check_same


class Tagged(dict):
    pass


def takes(x=0, y=0):
    return x * 10 + y


def merge(a, mapping):
    try:
        return a + takes(x=1, **mapping)
    except TypeError as error:
        return a - 1, str(error)


def merge_made_here(a):
    results = []
    for mapping in (collections.UserDict(x=2), Tagged(x=3), {"x": 4}, Tagged(y=5)):
        try:
            results.append(takes(x=1, **mapping))
        except TypeError as error:
            results.append(str(error))
    return a + 1, results


@pytest.mark.parametrize("mapping", [Tagged(x=3), {"x": 3}, Tagged(y=3), {"y": 2}],
                         ids=["subclass_duplicate", "dict_duplicate", "subclass", "dict"])
@pytest.mark.parametrize("fullgraph", [True, False])
def test_a_duplicate_keyword_from_any_mapping_raises(mapping, fullgraph):
    check_same(merge, torch.zeros(2), mapping, fullgraph=fullgraph)


@pytest.mark.parametrize("fullgraph", [True, False])
def test_mappings_made_in_the_frame(fullgraph):
    check_same(merge_made_here, torch.zeros(2), fullgraph=fullgraph)
