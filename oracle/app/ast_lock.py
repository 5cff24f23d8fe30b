"""One lock around every conversion between source, AST objects and code in this process, for
as long as a campaign runs a shrinking thread beside its drawing.

CPython 3.11 keeps the AST converter's recursion depth in state shared by all threads: two
threads that build or read AST objects at once can fail with "SystemError: AST constructor
recursion depth mismatch". `ast.parse` and `compile` of an AST both go through the builtin
`compile`, so serialising that one function is enough.
"""

from __future__ import annotations

import builtins
import contextlib
import threading

_LOCK = threading.RLock()


@contextlib.contextmanager
def serialised_compile():
    original = builtins.compile

    def compile_one_at_a_time(*args, **kwargs):
        with _LOCK:
            return original(*args, **kwargs)

    builtins.compile = compile_one_at_a_time
    try:
        yield
    finally:
        builtins.compile = original
