"""Held-out-style cases (prefix `w_`, continued from functions_heldout_w.py): a module's namespace
and globals() read, iterated and written, mappingproxy views reversed and unpacked, and a
class's `__dict__` read after the trace assigned to the class.
"""

from __future__ import annotations

import math

from tests.dynamo_style.functions_heldout_w import PROXY, SMALL, _one
from tests.dynamo_style.registry import case


@case(_one)
def w_module_namespace_identity(x):
    ns = vars(math)
    return x, ns is math.__dict__, type(ns) is dict, isinstance(ns, dict)


@case(_one)
def w_globals_iteration(x):
    names = sorted(k for k in globals() if k.isupper() and k.startswith(("S", "T")))
    return x * len(names), names


@case(_one)
def w_module_namespace_write(x):
    vars(SMALL)["gamma"] = 3
    return x * SMALL.gamma


@case(_one)
def w_proxy_missing_method_raises(x):
    try:
        PROXY.setdefault("q", 1)
    except AttributeError:
        return x - 1, len(PROXY)
    return x, len(PROXY)


@case(_one)
def w_proxy_reversed_and_unpack(x):
    first, *rest = PROXY
    return x, list(reversed(PROXY)), first, rest, [*PROXY.values()]


@case(_one)
def w_proxy_in_kwargs_unpacking(x):
    def scaled(t, a, b, c):
        return t * a + b - c

    return scaled(x, **PROXY)


class Dial:
    level = 1


@case(_one, gap="a class's __dict__ view read after the trace assigned to the class")
def w_class_dict_view_after_assignment(x):
    values = Dial.__dict__.values()
    Dial.level = 5
    seen = 5 in list(values)
    Dial.level = 1
    return x, seen


@case(_one, gap="a class's __dict__ read after the trace assigned to the class")
def w_class_dict_read_after_assignment(x):
    d = Dial.__dict__
    Dial.level = 7
    read = d["level"]
    Dial.level = 1
    return x * read


@case(_one)
def w_module_namespace_write_seen_by_attribute(x):
    ns = SMALL.__dict__
    ns["alpha"] = 11
    read = SMALL.alpha
    ns["alpha"] = 2
    return x * read


COUNTER = 0


@case(_one)
def w_globals_write_then_read(x):
    g = globals()
    g["COUNTER"] = 4
    seen = COUNTER
    g["COUNTER"] = 0
    return x * seen, g["COUNTER"]


@case(_one, gap="a dunder name written into a module's namespace")
def w_globals_dunder_write_refused(x):
    g = globals()
    g["__w_marker__"] = 1
    del g["__w_marker__"]
    return x


@case(_one, gap="a namespace view read after the trace assigned a name into the namespace")
def w_module_namespace_view_after_write(x):
    values = vars(SMALL).values()
    vars(SMALL)["alpha"] = 7
    seen = 7 in list(values)
    vars(SMALL)["alpha"] = 2
    return x, seen


@case(_one)
def w_module_namespace_view_before_write(x):
    names = [k for k in vars(SMALL).keys() if not k.startswith("_")]
    vars(SMALL)["alpha"] = 2
    return x * SMALL.alpha, names
