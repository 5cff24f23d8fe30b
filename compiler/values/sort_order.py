"""The order list.sort gives trackers: constants sorted as Python sorts them, other
keys compared with `<` through the operators (registry.compare, late-bound)."""

from __future__ import annotations

import functools

from compiler.values import registry
from compiler.values.base import Value


def sorted_order(tx, keys: list[Value], reverse: bool) -> list[int]:
    """A stable sort of positions by key, comparing trackers with `<` as list.sort does."""
    if all(k.is_constant() for k in keys):
        plain = [k.as_constant() for k in keys]
        return sorted(range(len(keys)), key=plain.__getitem__, reverse=reverse)

    def order(i: int, j: int) -> int:
        if registry.compare(tx, "<", keys[i], keys[j]).bool(tx):
            return -1
        return 1 if registry.compare(tx, "<", keys[j], keys[i]).bool(tx) else 0

    if reverse:  # reverse=True keeps equal keys in their original order, like CPython
        return sorted(range(len(keys)), key=functools.cmp_to_key(lambda i, j: order(j, i)))
    return sorted(range(len(keys)), key=functools.cmp_to_key(order))
