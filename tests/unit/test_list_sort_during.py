"""CPython empties a list while `list.sort` runs: a key function or `__lt__` that reads the list
sees it empty, and one that adds to it makes the sort put the sorted items back, drop what was
added and raise ValueError("list modified during sort"). A key that raises leaves the list as
it was. Each function is compared with eager, fullgraph and not."""

import pytest
import torch

from tests.differential import check_same


def key_reads_the_list(x):
    items, seen = [3, 1, 2], []
    items.sort(key=lambda v: (seen.append(len(items)), v)[1])
    return x + 1, items, seen


def key_appends(x):
    items = [3, 1, 2]
    try:
        items.sort(key=lambda v: (items.append(0), v)[1])
        outcome = "sorted"
    except ValueError as error:
        outcome = str(error)
    return x + 1, outcome, items


def key_appends_then_pops(x):
    items = [3, 1, 2]

    def key(v):
        items.append(v)
        items.pop()
        return -v

    try:
        items.sort(key=key)
        outcome = "sorted"
    except ValueError as error:
        outcome = str(error)
    return x + 1, outcome, items


def key_clears(x):
    items = [3, 1, 2]
    items.sort(key=lambda v: (items.clear(), v)[1], reverse=True)
    return x + 1, items


def key_raises(x):
    items = [3, 1, 2]

    def key(v):
        items.append(9)
        if v == 2:
            raise KeyError(v)
        return v

    try:
        items.sort(key=key)
    except KeyError as error:
        return x + 1, items, error.args
    return x, items


class Item:
    def __init__(self, v, owner):
        self.v, self.owner = v, owner

    def __lt__(self, other):
        self.owner.append(len(self.owner))
        return self.v < other.v


def lt_reads_a_list_of_lens(x):
    log = []
    items = [Item(3, log), Item(1, log), Item(2, log)]
    items.sort()
    return x + 1, [i.v for i in items], log


@pytest.mark.parametrize("fn", [key_reads_the_list, key_appends, key_appends_then_pops,
                                key_clears, key_raises, lt_reads_a_list_of_lens])
@pytest.mark.parametrize("fullgraph", [True, False])
def test_a_list_is_empty_while_it_sorts(fn, fullgraph):
    check_same(fn, torch.ones(1), fullgraph=fullgraph)
