"""Held-out-style cases written from real code's idioms:
Python builtins, containers, strings, itertools/functools/operator/collections.
"""

from __future__ import annotations
