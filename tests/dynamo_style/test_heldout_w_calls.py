"""Multi-call probes for read-only views and namespaces whose contents change between calls:
a mappingproxy global over a dict the caller changes (a value, a new key, a key removed), a
class's `__dict__` after a class attribute is rebound, a module's `__dict__` and `globals()`
after a global is rebound, and torch's OrderedSet global changed in place. Every call must
agree with eager (the guards send a changed state to a new trace)."""

from __future__ import annotations

import types

from torch.utils._ordered_set import OrderedSet

from tests.dynamo_style.calls_support import run_calls, sample

X = sample()
TABLE = {"a": 1}
PROXY = types.MappingProxyType(TABLE)
SPACE = types.ModuleType("w_space")
SPACE.k = 2
LEVEL = 1
SEEN = OrderedSet([1])


class Knobs:
    gain = 2


def _set(mapping, key, value):
    def prepare():
        if value is None:
            mapping.pop(key, None)
        else:
            mapping[key] = value

    return prepare


def _reads_proxy(x):
    return x * PROXY.get("a", 0) + PROXY.get("b", 0), list(PROXY), len(PROXY)


def test_proxy_global_follows_its_dict():
    calls = [
        (None, (X,)),
        (_set(TABLE, "a", 3), (X,)),
        (_set(TABLE, "b", 4), (X,)),
        (_set(TABLE, "a", None), (X,)),
        (None, (X,)),
    ]

    def reset():
        TABLE.clear()
        TABLE["a"] = 1

    try:
        run_calls(_reads_proxy, calls, fullgraph=True, reset_state=reset)
    finally:
        reset()


def _reads_class_dict(x):
    d = Knobs.__dict__
    return x * d["gain"], "extra" in d


def test_class_dict_follows_class_attributes():
    def rebind():
        Knobs.gain = 5

    def add():
        Knobs.extra = 1

    def reset():
        Knobs.gain = 2
        if "extra" in vars(Knobs):
            del Knobs.extra

    calls = [(None, (X,)), (rebind, (X,)), (add, (X,))]
    try:
        run_calls(_reads_class_dict, calls, fullgraph=True, reset_state=reset)
    finally:
        reset()


def _reads_module_dict(x):
    ns = vars(SPACE)
    return x * ns["k"] + ns.get("j", 0), sorted(k for k in ns if not k.startswith("_"))


def test_module_dict_follows_module_attributes():
    calls = [
        (None, (X,)),
        (lambda: setattr(SPACE, "k", 7), (X,)),
        (lambda: setattr(SPACE, "j", 1), (X,)),
        (lambda: delattr(SPACE, "j"), (X,)),
    ]

    def reset():
        SPACE.k = 2
        vars(SPACE).pop("j", None)

    try:
        run_calls(_reads_module_dict, calls, fullgraph=True, reset_state=reset)
    finally:
        reset()


def _reads_globals(x):
    g = globals()
    return x * g["LEVEL"], "MISSING_NAME" in g


def test_globals_follow_rebinding():
    calls = [
        (None, (X,)),
        (_set(globals(), "LEVEL", 4), (X,)),
        (_set(globals(), "MISSING_NAME", 1), (X,)),
        (_set(globals(), "MISSING_NAME", None), (X,)),
    ]

    def reset():
        globals()["LEVEL"] = 1
        globals().pop("MISSING_NAME", None)

    try:
        run_calls(_reads_globals, calls, fullgraph=True, reset_state=reset)
    finally:
        reset()


def _reads_ordered_set(x):
    return x * len(SEEN), list(SEEN), 2 in SEEN


def test_ordered_set_global_changed_in_place():
    calls = [
        (None, (X,)),
        (lambda: SEEN.add(2), (X,)),
        (lambda: SEEN.discard(1), (X,)),
        (lambda: SEEN.add(1), (X,)),
    ]

    def reset():
        SEEN.clear()
        SEEN.add(1)

    try:
        run_calls(_reads_ordered_set, calls, fullgraph=True, reset_state=reset)
    finally:
        reset()


def _reads_rebound_proxy(x):
    return x + VIEW["v"], list(VIEW.items())


VIEW = types.MappingProxyType({"v": 1})


def _rebind_view(table):
    def prepare():
        globals()["VIEW"] = types.MappingProxyType(table)

    return prepare


def test_proxy_global_rebound_to_other_dicts():
    first = {"v": 1}

    def reset():
        first["v"] = 1
        globals()["VIEW"] = types.MappingProxyType(first)

    calls = [
        (None, (X,)),
        (_rebind_view({"v": 2, "w": 3}), (X,)),
        (_rebind_view(first), (X,)),
        (_set(first, "v", 9), (X,)),
    ]
    try:
        run_calls(_reads_rebound_proxy, calls, fullgraph=True, reset_state=reset)
    finally:
        reset()
