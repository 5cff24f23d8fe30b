"""A `types.MappingProxyType` as an operand: CPython's `p | d`, `d | p` and `p == d` act on the
mapping the proxy wraps, and `p |= d` raises. Asked by operators.py and equality.py; a proxy
tracker (mapping_proxy*.py) gives its mapping through `proxied_mapping(tx)`. (Kept apart from
the trackers so that the operators import nothing of theirs.)"""

from __future__ import annotations

from compiler.values.base import RaisedByProgram, Value


def _mapping(tx, value: Value) -> Value | None:
    give = getattr(value, "proxied_mapping", None)
    return give(tx) if give is not None else None


def proxy_operands(tx, symbol: str, a: Value, b: Value) -> tuple[Value, Value] | None:
    """For `|` and `==` (and `!=`), the operands with each proxy replaced by its mapping; None
    when neither is a proxy or the operator is another. `p |= d` raises CPython's TypeError."""
    if symbol not in ("|", "|=", "==", "!="):
        return None
    left, right = _mapping(tx, a), _mapping(tx, b)
    if left is None and right is None:
        return None
    if symbol == "|=":
        if left is not None:
            raise RaisedByProgram(
                TypeError("'|=' is not supported by mappingproxy; use '|' instead")
            )
        return None  # `d |= p`: the dict's own in-place update, reading the view
    return (a if left is None else left), (b if right is None else right)
