"""Held-out-style cases (prefix `u_`): filled in below."""

from __future__ import annotations
