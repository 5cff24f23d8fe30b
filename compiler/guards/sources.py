"""Sources: frozen descriptions of where a traced value came from, rendered as `L['x'].weight`.

A source renders to a Python expression over `L` (the frame's locals) and `G` (its globals);
objects that only the compiler can reach (a foreign module's globals, a closure cell) are bound
as named constants in the guard's environment.
"""

from __future__ import annotations

import dataclasses
import keyword
import math
from collections.abc import Callable
from typing import Any


class Source:
    """Base: `expr()` is evaluable in a guard or input-extraction function.

    Each kind writes itself in `render(inner)`, with the sources it is built on written by
    `inner`: `expr()` writes them as expressions too, a generated function that holds them in
    locals writes their names.
    """

    def render(self, inner: Callable[[Source], str]) -> str:
        raise NotImplementedError

    def expr(self) -> str:
        """Written once per source: sources are frozen, and a module's parameter sits many
        attributes deep, each written on the one below (guards and `hold` ask every level)."""
        try:
            return self.__dict__["_expr"]
        except KeyError:
            text = self.__dict__["_expr"] = self.render(Source.expr)
            return text

    def __str__(self) -> str:
        return self.expr()

    def constants(self) -> dict[str, Any]:
        return {}

    def is_local(self) -> bool:
        return False


@dataclasses.dataclass(frozen=True, eq=True)
class LocalSource(Source):
    name: str

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"L[{self.name!r}]"

    def is_local(self) -> bool:
        return True


@dataclasses.dataclass(frozen=True, eq=True)
class GlobalSource(Source):
    name: str

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"G[{self.name!r}]"


@dataclasses.dataclass(frozen=True, eq=True)
class ConstantSource(Source):
    """An object the compiler holds on to (a foreign globals dict, a cell, a function)."""

    label: str
    value: Any = dataclasses.field(compare=False, hash=False)

    def render(self, inner: Callable[[Source], str]) -> str:
        return self.label

    def constants(self) -> dict[str, Any]:
        return {self.label: self.value}


def dotted_name(name: str) -> bool:
    """Whether `base.name` in source code reads the attribute `name`: an ASCII identifier that
    is not a keyword. Any other name (`"x+1"`, `"class"`, a non-ASCII name, which the parser
    would normalise: `obj.\ufb01` reads `obj.fi`) is read with getattr."""
    return name.isascii() and name.isidentifier() and not keyword.iskeyword(name)


@dataclasses.dataclass(frozen=True, eq=True)
class AttrSource(Source):
    base: Source
    name: str

    def render(self, inner: Callable[[Source], str]) -> str:
        if dotted_name(self.name):
            return f"{inner(self.base)}.{self.name}"
        return f"getattr({inner(self.base)}, {self.name!r})"

    def constants(self) -> dict[str, Any]:
        return self.base.constants()

    def is_local(self) -> bool:
        return self.base.is_local()


def _literal(key: Any) -> bool:
    """Whether `repr(key)`, evaluated in a guard, gives back an equal key of the same type:
    not for a float or complex that is infinite or NaN (`inf`, `nan`: NameError, and a new
    NaN would not find the key), nor for objects whose repr names a module (`torch.float32`)."""
    kind = type(key)
    if kind in (int, bool, str, bytes, type(None)):
        return True
    if kind is float:
        return math.isfinite(key)
    if kind is complex:
        return math.isfinite(key.real) and math.isfinite(key.imag)
    if kind is tuple:
        return all(_literal(k) for k in key)
    return False


def key_text(key: Any) -> str:
    """A literal key as written, any other as the constant that holds the key itself."""
    return repr(key) if _literal(key) else f"___key_{id(key):x}"


def key_constants(key: Any) -> dict[str, Any]:
    return {} if _literal(key) else {key_text(key): key}


@dataclasses.dataclass(frozen=True, eq=True)
class ItemSource(Source):
    """`base[key]`: a literal key, or a ConstantSource for a key with no literal (a class)."""

    base: Source
    key: Any

    def render(self, inner: Callable[[Source], str]) -> str:
        key = inner(self.key) if isinstance(self.key, Source) else key_text(self.key)
        return f"{inner(self.base)}[{key}]"

    def constants(self) -> dict[str, Any]:
        if isinstance(self.key, Source):
            return {**self.base.constants(), **self.key.constants()}
        return {**self.base.constants(), **key_constants(self.key)}

    def is_local(self) -> bool:
        return self.base.is_local()


@dataclasses.dataclass(frozen=True, eq=True)
class TupleItemSource(Source):
    """`tuple.__getitem__(base, index)`: an item of a tuple subclass whose own `__getitem__`
    answers something else (a named tuple's field is the stored item, whatever `p[0]` does)."""

    base: Source
    index: int

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"___tuple_item({inner(self.base)}, {self.index!r})"

    def constants(self) -> dict[str, Any]:
        return {**self.base.constants(), "___tuple_item": tuple.__getitem__}

    def is_local(self) -> bool:
        return self.base.is_local()


def remaining_items(iterator) -> list:
    """What a list, tuple or range iterator has left, read without advancing it."""
    reduced = iterator.__reduce__()
    if len(reduced) < 3:
        return []
    _, (sequence,), position = reduced
    return list(sequence)[position:]


@dataclasses.dataclass(frozen=True, eq=True)
class RemainingItemsSource(Source):
    """The items an existing iterator has left: `___remaining(L['it'])`."""

    base: Source

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"___remaining({inner(self.base)})"

    def constants(self) -> dict[str, Any]:
        return {**self.base.constants(), "___remaining": remaining_items}

    def is_local(self) -> bool:
        return self.base.is_local()


@dataclasses.dataclass(frozen=True, eq=True)
class CellContentsSource(Source):
    """The contents of a closure cell: `<cell>.cell_contents`."""

    base: Source

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"{inner(self.base)}.cell_contents"

    def constants(self) -> dict[str, Any]:
        return self.base.constants()


@dataclasses.dataclass(frozen=True, eq=True)
class ClosureCellSource(Source):
    """Cell `index` of a function's closure: `<fn>.__closure__[i]`."""

    function: Source
    index: int

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"{inner(self.function)}.__closure__[{self.index}]"

    def constants(self) -> dict[str, Any]:
        return self.function.constants()


@dataclasses.dataclass(frozen=True, eq=True)
class DefaultArgSource(Source):
    """Default `index` of a function: `<fn>.__defaults__[i]`."""

    function: Source
    index: int
    keyword: str | None = None

    def render(self, inner: Callable[[Source], str]) -> str:
        if self.keyword is not None:
            return f"{inner(self.function)}.__kwdefaults__[{self.keyword!r}]"
        return f"{inner(self.function)}.__defaults__[{self.index}]"

    def constants(self) -> dict[str, Any]:
        return self.function.constants()


@dataclasses.dataclass(frozen=True, eq=True)
class CallSource(Source):
    """`<fn>(*args)`: what a query of global state answers now (`torch.get_num_threads()`);
    the function and its arguments are constants, and the query has no side effect."""

    function: Source
    args: tuple[Source, ...] = ()

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"{inner(self.function)}({', '.join(inner(a) for a in self.args)})"

    def constants(self) -> dict[str, Any]:
        found = dict(self.function.constants())
        for arg in self.args:
            found.update(arg.constants())
        return found


def lru_cache_misses(wrapper) -> int:
    return wrapper.cache_info().misses


@dataclasses.dataclass(frozen=True, eq=True)
class LruCacheMissesSource(Source):
    """How often a functools.lru_cache wrapper computed a result: `___lru_misses(<fn>)`."""

    base: Source

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"___lru_misses({inner(self.base)})"

    def constants(self) -> dict[str, Any]:
        return {**self.base.constants(), "___lru_misses": lru_cache_misses}


def _cache_of(wrapper) -> tuple[dict, list, int] | None:
    """The dict an lru_cache wrapper (CPython's C one) keeps its entries in, found among what
    the wrapper refers to: right before its function, after a (key, result, link type) triple
    per entry of a bounded cache. None if the layout is not that one."""
    import gc
    refs = gc.get_referents(wrapper)
    func = getattr(wrapper, "__wrapped__", None)
    at = max((i for i, r in enumerate(refs) if r is func), default=-1)
    if at < 2 or type(refs[at - 1]) is not dict or (at - 2) % 3:
        return None
    return refs[at - 1], refs, at


def lru_entry(wrapper, args: tuple, kwargs: tuple):
    """What the cache of an lru_cache wrapper holds for the call `wrapper(*args, **kwargs)`,
    read without calling it (a call would count a hit, or run the function); MISSING when it
    holds none or the cache cannot be read. The key is built as CPython's wrapper builds it."""
    found = _cache_of(wrapper)
    parameters = getattr(wrapper, "cache_parameters", None)
    if found is None or parameters is None:
        return MISSING
    cache, refs, at = found
    typed = parameters()["typed"]
    if not typed and not kwargs:
        key = args[0] if len(args) == 1 and type(args[0]) in (int, str) else tuple(args)
    else:
        key = tuple(args)
        if kwargs:
            key += (refs[at + 1], *(part for pair in kwargs for part in pair))
        if typed:
            key += tuple(type(v) for v in args) + tuple(type(v) for _, v in kwargs)
    entry = dict.get(cache, key, MISSING)
    if entry is MISSING or parameters()["maxsize"] is None:
        return entry
    for i in range(1, at - 1, 3):  # a bounded cache: the entry is a link, its result is
        if refs[i + 2] is type(entry) and refs[i] == key and type(refs[i]) is type(key):
            return refs[i + 1]  # the referent after its key
    return MISSING


@dataclasses.dataclass(frozen=True, eq=True)
class LruCacheEntrySource(Source):
    """What an lru_cache wrapper's cache holds for one call: `___lru_entry(<fn>, args,
    kwargs)`. A miss count alone comes back to the same number after a cache_clear() and as
    many other calls, whose entries may differ."""

    base: Source
    args: tuple
    kwargs: tuple  # (name, value) pairs, in the call's order

    def render(self, inner: Callable[[Source], str]) -> str:
        return (f"___lru_entry({inner(self.base)}, {key_text(self.args)}, "
                f"{key_text(self.kwargs)})")

    def constants(self) -> dict[str, Any]:
        return {**self.base.constants(), "___lru_entry": lru_entry,
                **key_constants(self.args), **key_constants(self.kwargs)}


def partial_unwraps(obj) -> bool:
    """Whether `functools.partial(obj, ...)` takes obj's function, args and keywords instead
    of obj: CPython does so for a partial (or a subclass keeping its __call__) whose instance
    dict was never made. The dict is found among the object's referents, since reading
    `obj.__dict__` would make it."""
    import functools
    import gc
    call = functools.partial.__call__
    if not isinstance(obj, functools.partial) or type(obj).__call__ is not call:
        return False
    keywords = obj.keywords
    return not any(isinstance(r, dict) and r is not keywords for r in gc.get_referents(obj))


@dataclasses.dataclass(frozen=True, eq=True)
class PartialUnwrapsSource(Source):
    """Whether a partial object would be unwrapped by another partial made of it:
    `___partial_unwraps(<obj>)` (it changes once an attribute is set on the object)."""

    base: Source

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"___partial_unwraps({inner(self.base)})"

    def constants(self) -> dict[str, Any]:
        return {**self.base.constants(), "___partial_unwraps": partial_unwraps}


MISSING = object()  # what `___dict_get` gives for a key the dict lacks


def _dict_get(mapping, key):
    return dict.get(mapping, key, MISSING)


@dataclasses.dataclass(frozen=True, eq=True)
class DictStorageItemSource(Source):
    """Key `key` of a dict subclass's own storage, past its `__getitem__`/`get`:
    `___dict_get(<obj>, key)`, MISSING when absent."""

    base: Source
    key: Any

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"___dict_get({inner(self.base)}, {key_text(self.key)})"

    def constants(self) -> dict[str, Any]:
        return {**self.base.constants(), "___dict_get": _dict_get, **key_constants(self.key)}

    def is_local(self) -> bool:
        return self.base.is_local()


def _referent(ref):
    return ref()


@dataclasses.dataclass(frozen=True, eq=True)
class WeakRefReferentSource(Source):
    """What a `weakref.ref` (exact type, guarded) points to now: `___referent(<ref>)`, None once
    the object is gone. Not local: the referent is reached through the reference, which may
    point at an object another source also reaches."""

    base: Source

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"___referent({inner(self.base)})"

    def constants(self) -> dict[str, Any]:
        return {**self.base.constants(), "___referent": _referent}


def tensor_of_array(array):
    """torch.from_numpy, without its warning for a read-only array (the trace writes none)."""
    import torch
    if array.flags.writeable:
        return torch.from_numpy(array)
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return torch.from_numpy(array)


@dataclasses.dataclass(frozen=True, eq=True)
class FromNumpySource(Source):
    """The tensor sharing an ndarray input's memory, made anew on each call:
    `___from_numpy(<array>)` (compiler/values/numpy_inputs.py)."""

    base: Source

    def render(self, inner: Callable[[Source], str]) -> str:
        return f"___from_numpy({inner(self.base)})"

    def constants(self) -> dict[str, Any]:
        return {**self.base.constants(), "___from_numpy": tensor_of_array}

    def is_local(self) -> bool:
        return self.base.is_local()
