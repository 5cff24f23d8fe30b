"""Held-out-style cases (prefix `y_`): filled in below."""

from __future__ import annotations
