"""What nn.Module's member listings give: `parameters()`, `named_parameters()`, `buffers()`,
`named_buffers()`, `children()`, `named_children()`, `modules()`, `named_modules()`.

Each is answered by calling the real method with the program's arguments (`recurse`,
`prefix`, `remove_duplicate`), so its order, its skipping of None entries and its removal of
shared members are nn.Module's own. The listing's names are guarded by calling the method again
(one guard covers every table of every submodule it walks and which members are shared), and
each member is reached through its path (`_modules['fc']._parameters['weight']`), so a
replaced member is read where it is now. The result is an iterator, as the generator eager
returns: a second loop over it finds nothing.
"""

from __future__ import annotations

import functools
import inspect
import types

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, CallSource, ConstantSource, ItemSource
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue
from compiler.values.iterators import SequenceIteratorValue

# listing -> (the named method that gives its members, whether the members are tensors)
LISTINGS = {
    "parameters": ("named_parameters", True), "named_parameters": ("named_parameters", True),
    "buffers": ("named_buffers", True), "named_buffers": ("named_buffers", True),
    "children": ("named_children", False), "named_children": ("named_children", False),
    "modules": ("named_modules", False), "named_modules": ("named_modules", False),
}


def member_names(module: torch.nn.Module, method: str, options: tuple) -> tuple[str, ...]:
    """The names the listing gives now, without a prefix (what its guard compares)."""
    return tuple(name for name, _ in getattr(module, method)(**dict(options)))


class MemberIteratorValue(SequenceIteratorValue):
    """The generator a listing returns: iterated in the trace, never kept after it."""

    def __init__(self, items):
        super().__init__(items, kind=types.GeneratorType)

    def reconstruct(self, plan) -> str:
        raise Unsupported("a module's member generator kept after the trace",
                          BreakReason.UNSUPPORTED_VALUE)


def _options(name: str, args: list[Value], kwargs: dict[str, Value]) -> dict:
    """The listing's arguments bound as nn.Module's signature binds them (constants only)."""
    signature = inspect.signature(getattr(torch.nn.Module, name))
    plain = [a.as_constant() for a in args]
    named = {k: v.as_constant() for k, v in kwargs.items()}
    try:
        bound = signature.bind(None, *plain, **named)
    except TypeError as exc:
        raise RaisedByProgram(TypeError(f"{name}() {exc}")) from None
    bound.apply_defaults()
    options = dict(bound.arguments)
    options.pop("self")
    if options.pop("memo", None) is not None:
        raise Unsupported("named_modules() with a memo set", BreakReason.UNSUPPORTED_CALL)
    prefix = options.get("prefix", "")
    if not isinstance(prefix, str):
        raise Unsupported(f"{name}() with a prefix that is no string",
                          BreakReason.UNSUPPORTED_CALL)
    return options


def list_members(tx, value, name: str, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """`value.<name>(*args, **kwargs)` for a module `value` (an NNModuleValue)."""
    from compiler.values.containers import TupleValue
    method, holds_tensors = LISTINGS[name]
    options = _options(name, args, kwargs)
    prefix = options.pop("prefix", "")
    if name in ("parameters", "buffers"):  # their own keywords are the named method's
        options["remove_duplicate"] = True
    frozen = tuple(sorted(options.items()))
    members = list(getattr(value.module, method)(**options))
    if holds_tensors and options.get("remove_duplicate", True):
        _check_sharing(tx, value.module, method, options, members)
    if value.source is not None:
        query = functools.partial(member_names, method=method, options=frozen)
        tx.ctx.guard(CallSource(ConstantSource(tx.ctx.label_for(query, "fn"), query),
                                (value.source,)),
                     GuardKind.EQUALS, tuple(path for path, _ in members))
    items: list[Value] = []
    for path, member in members:
        if path == "" and not holds_tensors:
            tracker = value
        else:
            tracker = _written_buffer(tx, value.module, path) if holds_tensors else None
            if tracker is None:
                source = (_tensor_source if holds_tensors else _module_source)(value, path)
                tracker = value._wrap(tx, member, source)
        if name.startswith("named_"):
            shown = prefix + ("." if prefix and path else "") + path
            items.append(TupleValue([ConstantValue(shown), tracker]))
        else:
            items.append(tracker)
    return MemberIteratorValue(items)


def _check_sharing(tx, module: torch.nn.Module, method: str, options: dict,
                   members: list) -> None:
    """The listing drops a name whose tensor an earlier name holds. A tensor the trace put in
    place (an assigned buffer, a functional_call replacement) shares with others as its tracker
    does, not as the real table's entry: a listing whose sharing that changes is refused."""
    if not tx.ctx.module_attribute_writes:
        return
    seen: set[int] = set()
    kept = []
    for path, member in getattr(module, method)(**{**options, "remove_duplicate": False}):
        written = _written_buffer(tx, module, path)
        identity = id(written) if written is not None else id(member)
        if identity not in seen:
            seen.add(identity)
            kept.append(path)
    if kept != [path for path, _ in members]:
        raise Unsupported(f"{method}() of a module whose tensors the trace replaced, shared "
                          f"otherwise than in its tables", BreakReason.UNSUPPORTED_CALL)


def _written_buffer(tx, module: torch.nn.Module, path: str) -> Value | None:
    """A buffer the trace assigned (`self.b = self.b + 1`), as it is now, else None."""
    *owners, leaf = path.split(".")
    for part in owners:
        module = module._modules[part]
    return tx.ctx.module_attribute_writes.get((id(module), leaf))


def _module_source(value, path: str):
    source = value.source
    if source is None:
        return None
    for part in path.split("."):
        source = ItemSource(AttrSource(source, "_modules"), part)
    return source


def _tensor_source(value, path: str):
    """The source of entry `path` ("fc.weight") of a parameter or buffer listing."""
    if value.source is None:
        return None
    *owners, leaf = path.split(".")
    source, module = value.source, value.module
    for part in owners:
        source = ItemSource(AttrSource(source, "_modules"), part)
        module = module._modules[part]
    table = "_parameters" if leaf in module._parameters else "_buffers"
    return ItemSource(AttrSource(source, table), leaf)
