"""The opcode registry: `@handles("OPNAME")` checks at import time that the opcode exists in
CPython 3.11, is registered once and that the handler is named after it.
"""

from __future__ import annotations

import dis
from collections.abc import Callable

HANDLERS: dict[str, Callable] = {}


def handles(*opnames: str):
    def register(fn: Callable) -> Callable:
        for name in opnames:
            if name not in dis.opmap:
                raise AssertionError(f"{fn.__name__}: {name} is not a CPython 3.11 opcode")
            if name in HANDLERS:
                raise AssertionError(f"{name} is registered twice")
            if len(opnames) == 1 and fn.__name__ != name.lower():
                raise AssertionError(f"handler of {name} must be named {name.lower()}")
            HANDLERS[name] = fn
        return fn
    return register


# Opcodes 3.11 emits that the translator does not model, each with its reason.
UNSUPPORTED_OPCODES = {
    "ASYNC_GEN_WRAP": "async generators are never traced",
    "BEFORE_ASYNC_WITH": "async with: coroutines are never traced",
    "END_ASYNC_FOR": "async for: coroutines are never traced",
    "GET_AITER": "async for: coroutines are never traced",
    "GET_ANEXT": "async for: coroutines are never traced",
    "GET_AWAITABLE": "await: coroutines are never traced",
    "CHECK_EG_MATCH": "except* (exception groups)",
    "PREP_RERAISE_STAR": "except* (exception groups)",
    "IMPORT_STAR": "from m import * only occurs at module level",
    "LOAD_NAME": "name lookups of module and class bodies",
    "STORE_NAME": "name stores of module and class bodies",
    "DELETE_NAME": "name deletes of module and class bodies",
    "LOAD_CLASSDEREF": "free variables of class bodies",
    "SETUP_ANNOTATIONS": "annotations of module and class bodies",
    "PRINT_EXPR": "interactive-mode expression printing",
    "DELETE_GLOBAL": "deleting a global",
    "DELETE_DEREF": "deleting a closure variable",
    "CACHE": "inline cache entries are skipped by dis, never executed",
}
