"""After the graph: rebuild the returned value and replay side effects on real objects.

Both are generated as one Python function `___rebuild(L, G, ___out)`: first every value is
computed into a temporary (reads only), then the recorded writes run, then the return.
"""

from __future__ import annotations

import collections
import copy
import math
import types
from typing import Any

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.pysource import GeneratedFunction
from compiler.values.base import Value

LITERAL_TYPES = (type(None), bool, int, str)


def _advance(iterator, steps: int) -> None:
    for _ in range(steps):
        next(iterator)


def _make_function(code, f_globals, defaults, kwdefaults, closure, attributes):
    fn = types.FunctionType(code, f_globals, code.co_name, defaults or None, closure or None)
    fn.__kwdefaults__ = kwdefaults or None
    fn.__qualname__ = code.co_qualname
    for name, value in attributes.items():
        setattr(fn, name, value)
    return fn


def _new_object(cls, attrs):
    obj = object.__new__(cls)
    obj.__dict__.update(attrs)
    return obj


def _new_mapping(cls, base, attrs, pairs):
    """An instance of a dict or OrderedDict subclass, stored past the subclass's hooks."""
    obj = base.__new__(cls)
    for key, item in pairs:
        base.__setitem__(obj, key, item)
    obj.__dict__.update(attrs)
    return obj


class OutputPlan:
    def __init__(self, ctx):
        self.ctx = ctx
        self.outputs: list = []        # fx nodes the graph must return
        self._output_index: dict[int, int] = {}
        self.function = GeneratedFunction(
            "___rebuild", "L, G, ___out", "<parity output>",
            {"___new_object": _new_object, "___new_mapping": _new_mapping, "___torch": torch})
        self.writes: list[str] = []   # written after every read
        self._memo: dict[int, str] = {}
        self._held: list[Value] = []  # keep memoised trackers alive so ids stay unique

    # -- naming -------------------------------------------------------------------------------
    def bind(self, obj: Any) -> str:
        return self.function.bind(obj)

    def temp(self, text: str) -> str:
        return self.function.assign(text)

    def source_expr(self, source) -> str:
        """Read a source into a local now, before any recorded write changes it."""
        return self.function.read(source)

    # -- values -------------------------------------------------------------------------------
    def expr(self, value: Value) -> str:
        key = id(value)
        if key in self._memo:
            return self._memo[key]
        self._held.append(value)
        text = self._expr(value)
        self._memo[key] = text
        return text

    def _expr(self, value: Value) -> str:  # noqa: C901 - one case per kind of tracker
        from compiler.values.callables import CellValue, UserFunctionValue
        from compiler.values.constant import ConstantValue
        from compiler.values.containers import DictValue, ListValue, SetValue
        from compiler.values.iterators import SequenceIteratorValue
        from compiler.values.numpy_arrays import NdarrayValue
        from compiler.values.objects import ExceptionValue, InstanceDictValue, ObjectValue
        from compiler.values.tensor import TensorValue
        if isinstance(value, NdarrayValue):  # its tensor's data, as NumPy's array or scalar
            return self.temp(f"{self.expr(value.tensor)}.numpy()"
                             f"{'[()]' if value.scalar_type is not None else ''}")
        if isinstance(value, CellValue):  # a frame's own cell, at a graph break
            return self._cell(value)
        if isinstance(value, TensorValue):
            if value.is_input():
                return self.source_expr(value.source)
            return self._graph_output(value)
        if isinstance(value, ConstantValue):
            return self._constant(value.value)
        if value.source is not None and isinstance(value, (ListValue, DictValue, SetValue,
                                                           ObjectValue)):
            return self.source_expr(value.source)
        container = self._new_container(value)
        if container is not None:
            return container
        if isinstance(value, ObjectValue):
            if value.real is not None:
                return self.bind(value.real)
            attrs = ", ".join(f"{name!r}: {self.expr(v)}" for name, v in value.attrs.items())
            storage = getattr(value, "storage", None)  # a dict subclass's (dict_storage.py)
            if storage is not None:
                pairs = ", ".join(f"({self.expr(k)}, {self.expr(v)})"
                                  for k, v in storage.entries.values())
                return self.temp(f"___new_mapping({self.bind(value.cls)}, "
                                 f"{self.bind(value.base)}, {{{attrs}}}, [{pairs}])")
            return self.temp(f"___new_object({self.bind(value.cls)}, {{{attrs}}})")
        if isinstance(value, InstanceDictValue):
            return self.temp(f"vars({self.expr(value.owner)})")
        method = self._bound_method(value)
        if method is not None:
            return method
        if isinstance(value, SequenceIteratorValue) and value.source is not None:
            return self.source_expr(value.source)
        if isinstance(value, SequenceIteratorValue):
            rest = value.items.items if value.live else value.items
            return self.temp(f"iter([{self._items(list(rest[value.position:]))}])")
        if isinstance(value, ExceptionValue):  # a fresh exception object on each call
            exc = value.exc
            return self.temp(f"{self.bind(type(exc))}(*{self.bind(exc.args)})")
        if isinstance(value, UserFunctionValue) and value.fn is None:
            return self._new_function(value)
        if value.source is not None:
            return self.source_expr(value.source)
        if getattr(value, "made_in_trace", False):  # eager makes a new one on each call
            raise Unsupported(f"{value}, made in the trace, as an output of the compiled code",
                              BreakReason.UNSUPPORTED_VALUE)
        for attr in ("fn", "cls", "module", "real", "exc"):
            obj = getattr(value, attr, None)
            if obj is not None:
                return self.bind(obj)
        raise Unsupported(f"{value} as an output of the compiled code",
                          BreakReason.UNSUPPORTED_VALUE)

    def _new_function(self, value) -> str:
        """A function made in the trace (a lambda, a comprehension's code) is made again,
        when the cells it closes over are real ones that the new function can share."""
        closure = value.closure(self.ctx)
        defaults = self._items(value.defaults(self.ctx))
        kwdefaults = ", ".join(f"{k!r}: {self.expr(v)}"
                               for k, v in value.kwdefaults(self.ctx).items())
        cells = ", ".join(self._cell(cell) for cell in closure)
        cells += "," if len(closure) == 1 else ""
        attributes = ", ".join(f"{k!r}: {self.expr(v)}" for k, v in value.attributes.items())
        return self.temp(f"{self.bind(_make_function)}({self.bind(value.code)}, "
                         f"{self.bind(value.f_globals)}, ({defaults}), {{{kwdefaults}}}, "
                         f"({cells}), {{{attributes}}})")

    def _cell(self, cell) -> str:
        """A closure cell: the real one, or a new cell for one made in the trace (made once,
        so functions that share it still do)."""
        if getattr(cell, "cell_source", None) is not None:  # a new object on each call
            return self.source_expr(cell.cell_source)
        if cell.real_cell is not None:
            return self.bind(cell.real_cell)
        key = id(cell)
        if key not in self._memo:
            self._held.append(cell)
            contents = "" if cell.contents is None else self.expr(cell.contents)
            self._memo[key] = self.temp(f"{self.bind(types.CellType)}({contents})")
        return self._memo[key]

    def _new_container(self, value: Value) -> str | None:
        """A container made during the trace, built afresh on every call."""
        from compiler.values.containers import (
            DictValue,
            ListValue,
            NamedTupleValue,
            SetValue,
            SizeValue,
            TupleValue,
        )
        if isinstance(value, SizeValue):
            return self.temp(f"___torch.Size(({self._items(value.items)}))")
        if isinstance(value, NamedTupleValue):
            cls = self.bind(value.cls)
            if hasattr(value.cls, "_fields"):
                return self.temp(f"{cls}({self._items(value.items)})")
            return self.temp(f"{cls}(({self._items(value.items)}))")
        if isinstance(value, TupleValue):
            return self.temp(f"({self._items(value.items)})")
        if isinstance(value, ListValue):
            if value.python_type() is not list:  # a deque
                maxlen = getattr(value, "maxlen", None)
                return self.temp(f"{self.bind(value.python_type())}([{self._items(value.items)}]"
                                 f"{'' if maxlen is None else f', {maxlen}'})")
            return self.temp(f"[{self._items(value.items)}]")
        if isinstance(value, DictValue):
            pairs = ", ".join(f"{self.expr(k)}: {self.expr(v)}" for k, v in value.entries.values())
            if value.cls is dict:
                return self.temp(f"{{{pairs}}}")
            if value.default_factory is not None:
                factory = self.expr(value.default_factory)
                return self.temp(f"{self.bind(value.cls)}({factory}, {{{pairs}}})")
            return self.temp(f"{self.bind(value.cls)}({{{pairs}}})")
        if isinstance(value, SetValue):
            kind = "frozenset" if value.frozen else "set"
            return self.temp(f"{kind}([{self._items(value.ordered())}])")
        return None

    def _bound_method(self, value: Value) -> str | None:
        """Methods left on the stack at a graph break (`x.item` before its CALL)."""
        from compiler.values.callables import (
            BoundConstantMethodValue,
            BoundContainerMethodValue,
            TensorMethodValue,
            UserMethodValue,
        )
        from compiler.values.containers import DictViewValue
        if isinstance(value, TensorMethodValue):
            return self.temp(f"{self.expr(value.tensor)}.{value.name}")
        if isinstance(value, BoundContainerMethodValue):
            return self.temp(f"{self.expr(value.container)}.{value.name}")
        if isinstance(value, DictViewValue):
            return self.temp(f"{self.expr(value.mapping)}.{value.kind}()")
        if isinstance(value, BoundConstantMethodValue):
            return self.temp(f"{self.bind(value.obj)}.{value.name}")
        if isinstance(value, UserMethodValue):
            method_type = self.bind(types.MethodType)
            return self.temp(f"{method_type}({self.expr(value.function)}, "
                             f"{self.expr(value.self_value)})")
        return None

    def _items(self, items: list[Value]) -> str:
        parts = [self.expr(item) for item in items]
        return ", ".join(parts) + ("," if len(parts) == 1 else "")

    def _constant(self, obj: Any) -> str:
        if type(obj) in LITERAL_TYPES:
            return repr(obj)
        if isinstance(obj, collections.Counter):  # mutable: each call gets its own copy
            return self.temp(f"{self.bind(copy.copy)}({self.bind(obj)})")
        if type(obj) is float and math.isfinite(obj):
            return repr(obj)
        return self.bind(obj)

    def _graph_output(self, value) -> str:
        index = self._output_index.get(id(value.node))
        if index is None:
            index = len(self.outputs)
            self._output_index[id(value.node)] = index
            self.outputs.append(value.node)
        return f"___out[{index}]"

    # -- side effects -------------------------------------------------------------------------
    def replay(self, side_effects) -> None:
        from compiler.values.containers import DictValue, ListValue, SetValue
        from compiler.values.iterators import SequenceIteratorValue
        for container in side_effects.mutated.values():
            target = self.source_expr(container.source)
            if isinstance(container, ListValue):
                contents = self.temp(f"[{self._items(container.items)}]")
                self.writes.append(f"{target}[:] = {contents}")
            elif isinstance(container, DictValue):
                pairs = ", ".join(f"{self.expr(k)}: {self.expr(v)}"
                                  for k, v in container.entries.values())
                contents = self.temp(f"{{{pairs}}}")
                self.writes.append(f"{target}.clear(); {target}.update({contents})")
            elif isinstance(container, SequenceIteratorValue):
                if container.position:
                    advance = self.bind(_advance)
                    self.writes.append(f"{advance}({target}, {container.position})")
            elif isinstance(container, SetValue):
                contents = self.temp(f"[{self._items(container.ordered())}]")
                self.writes.append(f"{target}.clear(); {target}.update({contents})")
        from compiler.values.objects import ObjectValue
        for owner, name, value in side_effects.attribute_writes.values():
            target = self.expr(owner)
            # an object's write was traced through its class's hooks: store it as they did
            store, delete = (("object.__setattr__", "object.__delattr__")
                             if isinstance(owner, ObjectValue) else ("setattr", "delattr"))
            if value is None:
                self.writes.append(f"{delete}({target}, {name!r})")
            else:
                self.writes.append(f"{store}({target}, {name!r}, {self.expr(value)})")
        for namespace, name, value in side_effects.global_writes.values():
            target = "G" if namespace is self.ctx.f_globals else self.bind(namespace)
            self.writes.append(f"{target}[{name!r}] = {self.expr(value)}")
        for cell, value in side_effects.cell_writes.values():
            self.writes.append(f"{self.bind(cell)}.cell_contents = {self.expr(value)}")

    def build(self, result: Value):
        """The generated rebuild function, after `replay` and for the frame's `result`."""
        returned = self.expr(result)
        for write in self.writes:
            self.function.line(write)
        self.function.line(f"return {returned}")
        return self.function.build(), self.function.source()
