"""A call's arguments as the frame's locals (`L`), bound as the function's own call binds them.

The common call passes every parameter by position: a generated `___bind(x, y)` returns
`{'x': x, 'y': y}`, and positional parameters left out take the function's `__defaults__` as
they are at the call. Any other call binds through the function's signature, made again once
its defaults changed (`__defaults__` or `__kwdefaults__` reassigned, or the latter written in
place): the frame a call makes reads the defaults at that call, never at the compile.
"""

from __future__ import annotations

import functools
import inspect
import keyword
from collections.abc import Callable
from typing import Any

from compiler.pysource import GeneratedFunction

_NOT_POSITIONAL = inspect.CO_VARARGS | inspect.CO_VARKEYWORDS


class FrameBinder:
    def __init__(self, function):
        self.function = function
        code = function.__code__
        self.names = code.co_varnames[:code.co_argcount]
        self.positional = not code.co_kwonlyargcount and not code.co_flags & _NOT_POSITIONAL
        # how many positional arguments a call binds by `by_position` alone (-1: none does)
        self.arity = len(self.names) if self.positional else -1
        self._signature: inspect.Signature | None = None
        self._defaults_seen: tuple = ()

    def bind(self, args: tuple, kwargs: dict) -> dict[str, Any]:
        if not kwargs and self.positional:
            missing = len(self.names) - len(args)
            if not missing:
                return self.by_position(*args)
            defaults = self.function.__defaults__
            if defaults and 0 < missing <= len(defaults):
                return self.by_position(*args, *defaults[-missing:])
        bound = self.signature().bind(*args, **kwargs)
        bound.apply_defaults()
        return dict(bound.arguments)

    @functools.cached_property
    def by_position(self) -> Callable[..., dict[str, Any]]:
        """`___bind(x, y) -> {'x': x, 'y': y}`, written when a call first needs it. A code
        object the compiler made (a resume function) may repeat a name: the last one is
        bound, as `dict(zip(names, args))` does."""
        names = self.names
        if len(set(names)) < len(names) or not all(
                n.isidentifier() and not keyword.iskeyword(n) for n in names):
            return lambda *args: dict(zip(names, args))
        function = GeneratedFunction("___bind", ", ".join(self.names), "<parity bind>")
        function.line(f"return {{{', '.join(f'{n!r}: {n}' for n in self.names)}}}")
        return function.build()

    def signature(self) -> inspect.Signature:
        """The function's signature with the defaults it has now."""
        f = self.function
        defaults, keyword_defaults = f.__defaults__, f.__kwdefaults__
        if self._signature is None or not self._same_defaults(defaults, keyword_defaults):
            self._signature = inspect.signature(f, follow_wrapped=False)
            self._defaults_seen = (defaults, keyword_defaults,
                                   dict(keyword_defaults) if keyword_defaults else None)
        return self._signature

    def _same_defaults(self, defaults, keyword_defaults) -> bool:
        seen_defaults, seen_keyword, seen_items = self._defaults_seen
        if defaults is not seen_defaults or keyword_defaults is not seen_keyword:
            return False
        if keyword_defaults is None:
            return True
        return keyword_defaults.keys() == seen_items.keys() and all(
            keyword_defaults[name] is value for name, value in seen_items.items())
