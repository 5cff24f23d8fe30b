"""Held-out-style cases (prefix `v_`): filled in below."""

from __future__ import annotations
