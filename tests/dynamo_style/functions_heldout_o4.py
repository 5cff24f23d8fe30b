"""Held-out-style cases (part o4): iterating a dict, its views, an OrderedDict or a set while
the loop changes it. Values written during the loop are seen; a size change raises CPython's
RuntimeError at the next step (and again after); an OrderedDict raises on any change to its
keys; an iterator that ended stays ended."""

from __future__ import annotations

import collections

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _t(shape=(3,)):
    return randn(0, shape)


@case(lambda: (_t(),))
def items_loop_sees_value_written_ahead(x):
    d = {"a": x, "b": x * 2}
    seen = []
    for k, v in d.items():
        seen.append(v.sum())
        if k == "a":
            d["b"] = x * 10
    return seen


@case(lambda: (_t(), {"w": 1.0, "b": 2.0}))
def values_iterator_of_argument_after_write(x, params):
    it = iter(params.values())
    first = next(it)
    params["b"] = 5.0
    return x * first + next(it), params


@case(lambda: (_t(),))
def ordereddict_moved_while_iterated(x):
    od = collections.OrderedDict(a=1, b=2, c=3)
    seen = []
    try:
        for k in od:
            seen.append(k)
            if k == "a":
                od.move_to_end("a")
    except RuntimeError as e:
        seen.append(str(e))
    return x + len(seen), seen, list(od)


@case(lambda: (_t(),))
def ordereddict_key_deleted_and_readded_while_iterated(x):
    od = collections.OrderedDict(a=1, b=2, c=3)
    it = iter(od)
    next(it)
    del od["c"]
    od["c"] = 4
    try:
        return x, next(it)
    except RuntimeError as e:
        return x + 1, str(e), next(it, "ended")


@case(lambda: (_t(),))
def dict_iterator_error_is_sticky(x):
    d = {"a": 1, "b": 2}
    it = iter(d)
    next(it)
    d["c"] = 3
    errors = []
    for _ in range(2):
        try:
            next(it)
        except RuntimeError as e:
            errors.append(str(e))
        d.pop("c", None)
    return x + len(errors), errors


@case(lambda: (_t(),))
def set_grown_by_update_while_iterated(x):
    s = {1, 2}
    it = iter(s)
    next(it)
    s.update([5, 6])
    try:
        return x, next(it)
    except RuntimeError as e:
        return x + 1, str(e)


@case(lambda: (_t(),))
def set_grown_by_inplace_or_while_iterated(x):
    s = {1, 2}
    it = iter(s)
    next(it)
    s |= {9}
    try:
        return x, next(it)
    except RuntimeError as e:
        return x + 1, str(e)


@case(lambda: (_t(), {"a": 1, "b": 2}))
def list_of_dict_iterator_after_insert(x, d):
    it = iter(d)
    next(it)
    d["c"] = 0
    try:
        return x, list(it)
    except RuntimeError as e:
        return x + 1, str(e), d


@case(lambda: (_t(),))
def exhausted_dict_and_set_iterators_stay_ended(x):
    d = {"a": 1}
    s = {1}
    di, si = iter(d), iter(s)
    list(di)
    list(si)
    d["b"] = 2
    s.add(2)
    return x, next(di, "ended"), next(si, "ended"), list(di), list(si)


@case(lambda: (_t(), collections.ChainMap({"a": 1}, {"b": 2})))
def chainmap_argument_written(x, cm):
    cm["c"] = 3
    return x * cm["b"], dict(cm), cm.maps


@case(lambda: (_t(), collections.deque([1, 2, 3], maxlen=4)))
def deque_argument_rotated_and_bounded(x, dq):
    dq.rotate(1)
    dq.appendleft(0)
    dq.append(9)
    return x * dq[0] + dq[-1], list(dq), dq.maxlen


@case(lambda: (_t(), collections.defaultdict(list, {"a": [randn(1, (3,))]})))
def defaultdict_of_tensor_lists_argument(x, d):
    d["b"].append(x)
    return sum(t.sum() for v in d.values() for t in v), len(d), sorted(d)


@case(lambda: (_t(), collections.OrderedDict([("a", randn(1, (3,))), ("b", randn(2, (3,)))])))
def ordereddict_values_replaced_while_iterated(x, od):
    order = []
    for k, v in od.items():
        od[k] = v + x
        order.append(k)
    return order, od


@case(lambda: (_t(), {1, 2, 3}))
def set_argument_iterated_then_discarded(x, s):
    seen = [v for v in s]
    s.discard(2)
    return x * len(seen), seen, s
