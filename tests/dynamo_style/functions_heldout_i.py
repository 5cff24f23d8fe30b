"""Held-out-style cases written from real code's idioms: Python objects and the standard
library (enums of every kind, user objects with `__hash__`/`__eq__` in sets and as dict keys,
`__index__`, heapq, bisect, `functools.cmp_to_key`, dict views as sets)."""

from __future__ import annotations
