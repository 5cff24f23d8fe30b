"""Held-out-style cases: in-place extends and updates fed by lazy iterables.

`list.extend` / `+=`, `deque.extend` / `extendleft`, `set.update` / `difference_update` and
`dict.update` store each item of a generator, `map`, `filter` or iterator before they read the
next one, so a producer that reads the container being filled sees the items stored so far,
an error part-way keeps what was stored, and a dict's or set's iterator over the container
being changed fails with CPython's RuntimeError. Containers are made in the frame, passed in
(the change is seen after the call), read from globals and closures.
"""

from __future__ import annotations

import collections

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case

HISTORY: list = [0]


def _one():
    return (randn(0, (3,)),)


@case(_one)
def t_list_extend_running_sum(x):
    sums = [0]
    sums.extend(sums[-1] + k for k in range(1, 5))
    return x * sums[-1], sums


@case(_one)
def t_list_iadd_map_reads_list(x):
    steps = [1]
    steps += map(lambda k: len(steps) * k, range(3))
    return x + len(steps), steps


@case(lambda: (randn(0, (3,)), [2, 3]))
def t_list_argument_extended_by_filter(x, seen):
    seen.extend(filter(lambda k: k not in seen and seen.append(k) is None, [3, 4, 4]))
    return x * len(seen)


@case(_one)
def t_global_list_extended_by_generator(x):
    del HISTORY[1:]  # (the same answer at each call)
    HISTORY.extend(HISTORY[-1] + 2 for _ in range(2))
    return x + HISTORY[-1], list(HISTORY)


@case(_one)
def t_closure_list_extended_by_generator(x):
    acc = [x]

    def grow(n):
        acc.extend(acc[-1] * 2 for _ in range(n))

    grow(3)
    return acc[-1], len(acc)


@case(_one)
def t_list_extend_generator_raises_part_way(x):
    out = [x]

    def items():
        yield out[-1] + 1
        yield out[-1] + 1
        raise KeyError("stop")

    try:
        out.extend(items())
    except KeyError:
        pass
    return out


@case(_one)
def t_deque_extend_bounded_reads_front(x):
    window = collections.deque([1], maxlen=3)
    window.extend(window[0] * 10 + k for k in range(4))
    return x + window[0], list(window)


@case(_one)
def t_deque_extendleft_reads_front(x):
    d = collections.deque([x])
    d.extendleft(d[0] + 1 for _ in range(3))
    return list(d)


@case(_one)
def t_set_update_sizes(x):
    s = {10}
    s.update(len(s) * k for k in (1, 2, 3))
    return x * len(s), sorted(s)


@case(_one)
def t_set_difference_update_stops_early(x):
    s = {0, 1, 2, 3}
    s.difference_update(k for k in range(4) if len(s) > 2)
    return x + len(s), sorted(s)


@case(_one)
def t_set_update_from_itself_raises(x):
    s = {1, 2}
    try:
        s.update(v * 3 for v in s)
    except RuntimeError as e:
        return x, str(e), sorted(s)
    return x + 1, sorted(s)


@case(_one)
def t_dict_update_pairs_read_length(x):
    d = {"a": x}
    d.update((f"k{len(d)}", x * len(d)) for _ in range(3))
    return d


@case(_one)
def t_dict_update_from_own_items_raises(x):
    d = {0: x}
    try:
        d.update((k + 1, v + 1) for k, v in d.items())
    except RuntimeError as e:
        return str(e), list(d)
    return d


@case(_one)
def t_dict_ior_generator_pairs(x):
    d = {0: 1}
    d |= ((len(d), len(d) * 2) for _ in range(2))
    return x * d[len(d) - 1], d


@case(_one)
def t_ordered_dict_update_generator(x):
    d = collections.OrderedDict(a=1)
    d.update((str(len(d)), len(d)) for _ in range(3))
    return x + len(d), list(d.items())


@case(lambda: (randn(0, (3,)), {"w": 1}))
def t_dict_argument_update_zip_reads_dict(x, d):
    keys = ["p", "q"]
    d.update(zip(keys, (len(d) for _ in keys)))
    return x * d["q"]


@case(_one)
def t_list_extend_tensor_rows_then_generator(x):
    rows = []
    rows.extend(torch.stack([x, x + 1]))
    rows.extend(r * len(rows) for r in list(rows))
    return torch.stack(rows)


@case(_one)
def t_set_update_islice_of_generator(x):
    import itertools
    s = {1}
    s.update(itertools.islice((len(s) * 3 for _ in range(9)), 3))
    return x + len(s), sorted(s)


@case(_one)
def t_list_extend_chain_generator_then_list(x):
    import itertools
    out = [x]
    out.extend(itertools.chain((out[-1] * 2 for _ in range(2)), [x - 1]))
    return torch.stack(out)


class _CountingSource:
    """An iterator class giving the length of the container it fills, three times."""

    def __init__(self, target):
        self.target = target
        self.left = 3

    def __iter__(self):
        return self

    def __next__(self):
        if not self.left:
            raise StopIteration
        self.left -= 1
        return len(self.target)


@case(_one)
def t_user_iterator_fills_list_and_set(x):
    lst = [0]
    lst.extend(_CountingSource(lst))
    s = {10}
    s.update(_CountingSource(s))
    return x * len(lst), lst, sorted(s)
