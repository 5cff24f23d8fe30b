"""Held-out-style cases written from real code's idioms:
control flow, exceptions, generators, context managers and graph breaks.
"""

from __future__ import annotations
