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
    # (owner, name) -> (owner, name, final value or None if deleted, deleted before it was
    # set again); in the order the attributes took their final place in the instance dict
    attribute_writes: dict[tuple[int, str], tuple[Value, str, Value | None, bool]] = (
        dataclasses.field(default_factory=dict))
    global_writes: dict[tuple[int, str], tuple[dict, str, Value | None]] = (
        dataclasses.field(default_factory=dict))
    cell_writes: dict[int, tuple[Any, Value]] = dataclasses.field(default_factory=dict)
    # Speculations in progress (compiler/values/subgraph.py): each lists the trackers changed
    # while it runs, whether or not they existed before the frame.
    watchers: list[list[Value]] = dataclasses.field(default_factory=list)

    def recorded(self) -> bool:
        return bool(self.mutated or self.attribute_writes or self.global_writes
                    or self.cell_writes)

    def watch(self) -> list[Value]:
        watcher: list[Value] = []
        self.watchers.append(watcher)
        return watcher

    def unwatch(self, watcher: list[Value]) -> None:
        self.watchers[:] = [w for w in self.watchers if w is not watcher]

    def touch(self, value: Value) -> None:
        """`value` (a container, an object, a cell) is about to change."""
        for watcher in self.watchers:
            watcher.append(value)

    def snapshot(self) -> tuple[dict, ...]:
        return (dict(self.mutated), dict(self.attribute_writes), dict(self.global_writes),
                dict(self.cell_writes))

    def same_as(self, snapshot: tuple[dict, ...]) -> bool:
        """Whether nothing was recorded since `snapshot` was taken."""
        now = self.snapshot()
        return all(old.keys() == new.keys() and all(old[k] is new[k] for k in old)
                   for old, new in zip(snapshot, now))

    def mutate(self, container: Value) -> None:
        """A pre-existing list, dict or set is about to change: replay its final contents."""
        self.touch(container)
        if container.source is not None:
            self.mutated[id(container)] = container

    def write_attribute(self, owner: Value, name: str, value: Value | None) -> None:
        """`value` None means the attribute was deleted.

        An instance dict keeps insertion order: setting an attribute again keeps its place,
        and only one deleted and set again moves to the end. So a write keeps the entry's
        place unless the entry is a deletion; the replay then deletes it (if it is there)
        before setting it, moving it to the end as the program did."""
        key = (id(owner), name)
        earlier = self.attribute_writes.get(key)
        if earlier is None:
            self.attribute_writes[key] = (owner, name, value, False)
        elif value is None or earlier[2] is not None:
            self.attribute_writes[key] = (owner, name, value, earlier[3])
        else:
            del self.attribute_writes[key]
            self.attribute_writes[key] = (owner, name, value, True)

    def write_global(self, namespace: dict, name: str, value: Value | None) -> None:
        """A global set again keeps its place in the module's dict, as in CPython's."""
        self.global_writes[(id(namespace), name)] = (namespace, name, value)

    def write_cell(self, cell: Any, value: Value) -> None:
        self.cell_writes[id(cell)] = (cell, value)
