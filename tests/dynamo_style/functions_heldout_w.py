"""Held-out-style cases (prefix `w_`): filled in below."""

from __future__ import annotations
