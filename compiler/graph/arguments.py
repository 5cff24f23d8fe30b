"""Turning value trackers into FX node arguments and into fake-tensor call arguments: each
value kind answers `as_fx_argument` itself (compiler/values/)."""

from __future__ import annotations

from typing import Any

from compiler.values.base import Value


def node_argument(value: Value) -> Any:
    """The argument as it appears in the FX graph: nodes for tensors, constants inline."""
    return value.as_fx_argument("node")


def fake_argument(value: Value) -> Any:
    """The argument as the fake-tensor run sees it."""
    return value.as_fx_argument("example")
