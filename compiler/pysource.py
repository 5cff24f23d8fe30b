"""Python functions the compiler writes as source: the guard check, the run (inputs read, graph
called) and the output rebuild of each cache entry, and the binding of a call's arguments.

`GeneratedFunction` keeps one naming for all of them: an object the code refers to is bound
in the function's namespace as `___k<n>` (`bind`), a computed value is held in a local
`___v<n>` (`assign`), and a source read once is held in a local, the sources it is built on
first (`hold`). Lines are indented by the blocks they are written in (`block`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from compiler.guards.sources import ConstantSource, Source

INDENT = "    "


class GeneratedFunction:
    def __init__(self, name: str, parameters: str, filename: str,
                 namespace: dict[str, Any] | None = None):
        self.name = name
        self.header = f"def {name}({parameters}):"
        self.filename = filename
        self.namespace: dict[str, Any] = dict(namespace or {})
        self.lines: list[str] = []
        self._depth = 1
        self._constants = 0
        self._locals = 0
        self._held: dict[str, str] = {}

    # -- names --------------------------------------------------------------------------------
    def bind(self, value: Any) -> str:
        """A name in the function's namespace that refers to `value`."""
        name = f"___k{self._constants}"
        self._constants += 1
        self.namespace[name] = value
        return name

    def assign(self, expr: str) -> str:
        """A new local holding `expr`, computed at this point of the function."""
        name = f"___v{self._locals}"
        self._locals += 1
        self.line(f"{name} = {expr}")
        return name

    def expr(self, source: Source) -> str:
        """`source` as one expression; the constants it names join the namespace."""
        self.namespace.update(source.constants())
        return source.expr()

    def read(self, source: Source) -> str:
        """`source` read into a new local now (before any later line changes what it reads)."""
        return self.assign(self.expr(source))

    def hold(self, source: Source) -> str:
        """`source` held in a local, read once per function: the sources it is built on are
        held first, so `L['m'].weight` and `L['m'].bias` read `L['m']` once."""
        text = source.expr()
        if text in self._held:
            return self._held[text]
        self.namespace.update(source.constants())
        if isinstance(source, ConstantSource):
            return text
        name = self.assign(source.render(self.hold))
        self._held[text] = name
        return name

    # -- lines --------------------------------------------------------------------------------
    def line(self, text: str) -> None:
        self.lines.append(INDENT * self._depth + text)

    @contextlib.contextmanager
    def block(self, header: str) -> Iterator[None]:
        """Lines written inside are the body of `header` (`try:`, `if ...:`)."""
        self.line(header)
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    def source(self) -> str:
        return "\n".join([self.header, *self.lines])

    def build(self) -> Callable:
        """Compile the function (its namespace as globals) and return it."""
        namespace = dict(self.namespace)
        exec(compile(self.source(), self.filename, "exec"), namespace)
        return namespace[self.name]
