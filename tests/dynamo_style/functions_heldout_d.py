"""Held-out-style cases written from real code's idioms:
user classes, objects, descriptors, closures, decorators and other function objects.
"""

from __future__ import annotations
