"""Held-out-style cases (prefix `x_`): filled in below."""

from __future__ import annotations
