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
from compiler.guards.sources import AttrSource, ConstantSource
from compiler.pysource import GeneratedFunction
from compiler.values.base import Value

LITERAL_TYPES = (type(None), bool, int, str)


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


def discard_attribute(delete, obj, name: str) -> None:
    """Delete `obj.name` if it is there: replays a deletion of an attribute the frame may
    have made itself (set, then deleted)."""
    try:
        delete(obj, name)
    except AttributeError:
        pass


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
        self._building: set[int] = set()  # ids of the values being rebuilt now
        self._remade_classes: dict[int, str] = {}  # id of a class made anew -> its local
        # Made anew only where the frame returns: a class live at a graph break would reach
        # the resume function as a new object on every call, which its guards fix by identity.
        self.remakes_classes = True

    # -- naming -------------------------------------------------------------------------------
    def bind(self, obj: Any) -> str:
        remade = self._remade(obj)
        if remade is not None:
            return remade
        self._refuse_made_per_call(obj)
        return self.function.bind(obj)

    def _remade(self, obj: Any) -> str | None:
        """A class the trace made that has a recipe, made anew once per call (or an enum
        member of one, read from it): compiler/values/class_recipes.py."""
        from compiler.values.class_recipes import member_expression
        recipes, made = self.ctx.class_recipes, self.ctx.made_per_call
        if not self.remakes_classes:
            return None
        if id(obj) in recipes and made.get(id(obj)) is obj:
            if id(obj) not in self._remade_classes:
                self._refuse_written_class(obj)
                self._remake_class(obj, recipes[id(obj)])
            return self._remade_classes[id(obj)]
        kind = type(obj)
        if id(kind) in recipes and made.get(id(kind)) is kind:
            return member_expression(obj, self._remade(kind))
        return None

    def _remake_class(self, cls: type, recipe) -> None:
        """The class made anew, over this call's cells: a cell made in the trace is made
        empty first and filled once the class is (its contents may be the class itself)."""
        cells, fills = [], []
        for cell in recipe.cells:
            if (getattr(cell, "cell_source", None) is not None or cell.real_cell is not None
                    or id(cell) in self._memo):
                cells.append(self.cell(cell))
                continue
            self._held.append(cell)
            self._memo[id(cell)] = made = self.temp(f"{self.function.bind(types.CellType)}()")
            cells.append(made)
            fills.append((made, cell))
        self._remade_classes[id(cls)] = self.temp(
            f"{self.function.bind(recipe)}({''.join(c + ', ' for c in cells)})")
        for made, cell in fills:
            if cell.contents is not None:
                self.function.line(f"{made}.cell_contents = {self.expr(cell.contents)}")

    def _refuse_written_class(self, cls: type) -> None:
        """Writes to the class, or to what its body made, die with the frame: a class made
        anew would not show them."""
        effects = self.ctx.side_effects
        if (any(key[0] == id(cls) for key in self.ctx.module_attribute_writes)
                or any(owner.fixed_object() is cls
                       for owner, *_ in effects.attribute_writes.values())
                or any(self._dies_with_frame(c.source) and c.source.base.value is cls
                       for c in effects.mutated.values())):
            raise Unsupported(f"{cls!r} (a class made and written in the compiled code) leaving "
                              f"the compiled code", BreakReason.UNSUPPORTED_VALUE)

    def _refuse_made_per_call(self, obj: Any) -> None:
        """A class the trace made (or an instance, or an object its body made) is made anew
        by every eager call: handing out the trace's one object would share it between calls."""
        if self.ctx.is_made_per_call(obj):
            raise Unsupported(f"{obj!r} (a class made in the compiled code, made anew on every "
                              f"call) leaving the compiled code", BreakReason.UNSUPPORTED_VALUE)
        if type(obj) in (tuple, frozenset):
            for item in obj:
                self._refuse_made_per_call(item)

    def temp(self, text: str) -> str:
        return self.function.assign(text)

    def source_expr(self, source) -> str:
        """Read a source into a local now, before any recorded write changes it."""
        for root in source.constants().values():
            self._refuse_made_per_call(root)
        return self.function.read(source)

    # -- values -------------------------------------------------------------------------------
    def expr(self, value: Value) -> str:
        key = id(value)
        if key in self._memo:
            return self._memo[key]
        if key in self._building:  # each rebuilt object is made whole, so none can hold itself
            raise Unsupported(f"{value} is reached again while rebuilding it (a cycle of "
                              f"objects made in the trace)", BreakReason.UNSUPPORTED_VALUE)
        self._held.append(value)
        self._building.add(key)
        try:
            text = value.reconstruct(self)
        finally:
            self._building.discard(key)
        self._memo[key] = text
        return text

    def new_function(self, value) -> str:
        """A function made in the trace (a lambda, a comprehension's code) is made again,
        when the cells it closes over are real ones that the new function can share."""
        closure = value.closure(self.ctx)
        defaults = self.items(value.defaults(self.ctx))
        kwdefaults = ", ".join(f"{k!r}: {self.expr(v)}"
                               for k, v in value.kwdefaults(self.ctx).items())
        cells = ", ".join(self.cell(cell) for cell in closure)
        cells += "," if len(closure) == 1 else ""
        attributes = ", ".join(f"{k!r}: {self.expr(v)}" for k, v in value.attributes.items())
        return self.temp(f"{self.bind(_make_function)}({self.bind(value.code)}, "
                         f"{self.bind(value.f_globals)}, ({defaults}), {{{kwdefaults}}}, "
                         f"({cells}), {{{attributes}}})")

    def cell(self, cell) -> str:
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
            if key not in self._memo:  # (else made meanwhile by a class its contents hold)
                self._memo[key] = self.temp(f"{self.bind(types.CellType)}({contents})")
        return self._memo[key]

    def items(self, items: list[Value]) -> str:
        parts = [self.expr(item) for item in items]
        return ", ".join(parts) + ("," if len(parts) == 1 else "")

    def constant(self, obj: Any) -> str:
        if type(obj) in LITERAL_TYPES:
            return repr(obj)
        if isinstance(obj, collections.Counter):  # mutable: each call gets its own copy, one
            key = id(obj)  # for every tracker holding it (an alias, the result of `+=`)
            if key not in self._memo:
                self._memo[key] = self.temp(f"{self.bind(copy.copy)}({self.bind(obj)})")
            return self._memo[key]
        if type(obj) is float and math.isfinite(obj):
            return repr(obj)
        return self.bind(obj)

    def graph_output(self, value) -> str:
        index = self._output_index.get(id(value.node))
        if index is None:
            index = len(self.outputs)
            self._output_index[id(value.node)] = index
            self.outputs.append(value.node)
        return f"___out[{index}]"

    # -- side effects -------------------------------------------------------------------------
    def replay(self, side_effects) -> None:
        for container in side_effects.mutated.values():
            if not self._dies_with_frame(container.source):
                container.replay_contents(self, self.source_expr(container.source))
        for owner, name, value, deleted_first in side_effects.attribute_writes.values():
            if self.ctx.is_made_per_call(owner.fixed_object()) or self._dies_with_frame(
                    owner.source):
                continue
            target = self.expr(owner)
            store, delete = owner.attribute_writers()
            if value is None or deleted_first:
                # the trace saw it deleted; it is there now unless the frame made it
                self.writes.append(f"{self.bind(discard_attribute)}({delete}, {target}, "
                                   f"{name!r})")
            if value is not None:
                self.writes.append(f"{store}({target}, {name!r}, {self.expr(value)})")
        for namespace, name, value in side_effects.global_writes.values():
            target = "G" if namespace is self.ctx.f_globals else self.bind(namespace)
            self.writes.append(f"{target}[{name!r}] = {self.expr(value)}")
        for cell, value in side_effects.cell_writes.values():
            self.writes.append(f"{self.bind(cell)}.cell_contents = {self.expr(value)}")

    def _dies_with_frame(self, source) -> bool:
        """An object the body of a class made in the trace made (`C.items`, a list): only
        that class reaches it, and the class may not leave the frame."""
        if not (isinstance(source, AttrSource) and isinstance(source.base, ConstantSource)):
            return False
        cls = source.base.value
        return (isinstance(cls, type) and self.ctx.is_made_per_call(cls)
                and id(vars(cls).get(source.name)) in self.ctx.made_per_call)

    def build(self, result: Value):
        """The generated rebuild function, after `replay` and for the frame's `result`."""
        returned = self.expr(result)
        for write in self.writes:
            self.function.line(write)
        self.function.line(f"return {returned}")
        return self.function.build(), self.function.source()
