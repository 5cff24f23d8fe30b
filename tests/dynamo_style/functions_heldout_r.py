"""Held-out-style cases (part r): written by the helper that owns this area this stop; see
the module's cases for what they cover."""

from __future__ import annotations
