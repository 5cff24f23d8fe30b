"""Side effects on objects that existed before the frame ran, recorded during tracing.

They are replayed on the real objects after the graph runs: list and dict contents, object
attributes, globals and closure cells.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from compiler.values.base import Value


@dataclasses.dataclass
class SideEffects:
    mutated: dict[int, Value] = dataclasses.field(default_factory=dict)  # containers with source
    attribute_writes: dict[tuple[int, str], tuple[Value, str, Value | None]] = (
        dataclasses.field(default_factory=dict))
    global_writes: dict[tuple[int, str], tuple[dict, str, Value | None]] = (
        dataclasses.field(default_factory=dict))
    cell_writes: dict[int, tuple[Any, Value]] = dataclasses.field(default_factory=dict)

    def recorded(self) -> bool:
        return bool(self.mutated or self.attribute_writes or self.global_writes
                    or self.cell_writes)

    def mutate(self, container: Value) -> None:
        """A pre-existing list, dict or set is about to change: replay its final contents."""
        if container.source is not None:
            self.mutated[id(container)] = container

    def write_attribute(self, owner: Value, name: str, value: Value | None) -> None:
        """`value` None means the attribute was deleted."""
        self.attribute_writes.pop((id(owner), name), None)
        self.attribute_writes[(id(owner), name)] = (owner, name, value)

    def write_global(self, namespace: dict, name: str, value: Value | None) -> None:
        self.global_writes.pop((id(namespace), name), None)
        self.global_writes[(id(namespace), name)] = (namespace, name, value)

    def write_cell(self, cell: Any, value: Value) -> None:
        self.cell_writes[id(cell)] = (cell, value)
