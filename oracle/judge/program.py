"""Load a program file (docs/architecture.md) into a fresh namespace, and walk its calls.

Every way a file can be broken becomes an InvalidProgram with a one-line reason. A file may
also define `DYNAMIC`, which input dims a compiled side marks dynamic before each call:
`DYNAMIC = {"x": [0], "y": [0, (1, 2, 64)]}` (parameter -> dims, or (dim, min, max)).
"""

from __future__ import annotations

import contextlib
import inspect
import itertools
import os
import sys
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import torch

_counter = itertools.count()
_code_cache: dict[tuple[str, int, int], types.CodeType] = {}


class InvalidProgram(Exception):
    """The program file is broken: it does not import, or breaks the program-file format."""


@dataclass
class Program:
    path: str
    module: types.ModuleType

    @property
    def name(self) -> str:
        return self.module.__name__

    @property
    def namespace(self) -> dict:
        return self.module.__dict__

    @property
    def program(self) -> Callable:
        return self.module.program

    def dynamic_marks(self, args: tuple, kwargs: dict) -> list[tuple]:
        """(tensor, dim, min, max) for each DYNAMIC hint that applies to this call: the named
        parameter's tensor, or each tensor of a list or tuple passed there, where it has the
        dim. A call that does not bind to `program`'s parameters gets none (it raises anyway)."""
        hints = getattr(self.module, "DYNAMIC", None)
        if not hints:
            return []
        try:
            bound = _signature(self.program).bind(*args, **kwargs).arguments
        except (TypeError, ValueError):
            return []
        marks = []
        for name, dims in hints.items():
            value = bound.get(name)
            tensors = value if isinstance(value, list | tuple) else [value]
            for tensor in tensors:
                if not hasattr(tensor, "dim"):
                    continue
                for dim, low, high in map(_dim_hint, dims):
                    if -tensor.dim() <= dim < tensor.dim():
                        marks.append((tensor, dim % tensor.dim(), low, high))
        return marks

    def calls(self) -> Iterator[tuple[tuple, dict]]:
        """The (args, kwargs) pairs of calls(), checked one at a time as they are drawn."""
        try:
            produced = self.module.calls()
            iterator = iter(produced)
        except Exception as exc:
            raise InvalidProgram(f"calls() raised {_one_line(exc)}") from None
        for index in itertools.count():
            try:
                item = next(iterator)
            except StopIteration:
                return
            except Exception as exc:
                raise InvalidProgram(f"calls() raised {_one_line(exc)} at item {index}") from None
            yield _check_call(item, index)


def _check_call(item, index: int) -> tuple[tuple, dict]:
    shape = "calls() must yield (args, kwargs) pairs"
    if not (isinstance(item, tuple) and len(item) == 2):
        raise InvalidProgram(f"{shape}; item {index} is {type(item).__name__}")
    args, kwargs = item
    if not isinstance(args, tuple | list):
        raise InvalidProgram(f"{shape}; args of item {index} is {type(args).__name__}")
    if not isinstance(kwargs, dict) or not all(isinstance(k, str) for k in kwargs):
        raise InvalidProgram(f"{shape}; kwargs of item {index} is not a dict of str keys")
    return tuple(args), kwargs


def load(path: str | os.PathLike) -> Program:
    """Execute the file as a new module, distinct from any earlier load of the same file."""
    path = str(path)
    code = _compiled(path)
    name = f"parity_program_{next(_counter)}"
    module = types.ModuleType(name)
    module.__file__ = path
    # Registered while loaded so that dataclasses, pickling and inspect can find it.
    sys.modules[name] = module
    try:
        exec(code, module.__dict__)
    except KeyboardInterrupt:
        sys.modules.pop(name, None)
        raise
    except BaseException as exc:  # SystemExit at import is a broken program too
        sys.modules.pop(name, None)
        raise InvalidProgram(f"importing {path} raised {_one_line(exc)}") from None
    _check_contract(module, path)
    return Program(path, module)


def unload(program: Program) -> None:
    sys.modules.pop(program.name, None)


@contextlib.contextmanager
def loaded(path: str | os.PathLike) -> Iterator[Program]:
    program = load(path)
    try:
        yield program
    finally:
        unload(program)


def _compiled(path: str) -> types.CodeType:
    try:
        stat = os.stat(path)
    except OSError as exc:
        raise InvalidProgram(f"cannot read {path}: {exc.strerror}") from None
    key = (path, stat.st_mtime_ns, stat.st_size)
    code = _code_cache.get(key)
    if code is None:
        try:
            source = Path(path).read_bytes()
            code = compile(source, path, "exec")
        except SyntaxError as exc:
            raise InvalidProgram(f"{path}:{exc.lineno}: syntax error: {exc.msg}") from None
        except (OSError, ValueError) as exc:
            raise InvalidProgram(f"cannot read {path}: {exc}") from None
        _code_cache[key] = code
    return code


def _check_contract(module: types.ModuleType, path: str) -> None:
    for name in ("program", "calls"):
        if not callable(getattr(module, name, None)):
            sys.modules.pop(module.__name__, None)
            what = "does not define" if not hasattr(module, name) else "has a non-callable"
            raise InvalidProgram(f"{path} {what} `{name}` (see docs/architecture.md)")
    problem = _dynamic_problem(module)
    if problem:
        sys.modules.pop(module.__name__, None)
        raise InvalidProgram(f"{path}: DYNAMIC {problem} (see corpora/README.md)")


def _dynamic_problem(module: types.ModuleType) -> str | None:
    """Why the DYNAMIC hint is malformed, or None."""
    hints = getattr(module, "DYNAMIC", None)
    if hints is None:
        return None
    if not isinstance(hints, dict):
        return f"must be a dict of parameter name -> dims, not {type(hints).__name__}"
    try:
        names = set(_signature(module.program).parameters)
    except (TypeError, ValueError):
        names = None
    for name, dims in hints.items():
        if names is not None and name not in names:
            return f"names {name!r}, which is not a parameter of program"
        if not isinstance(dims, list | tuple) or not all(_is_dim_hint(d) for d in dims):
            return f"of {name!r} must be a list of dims: ints or (dim, min, max) tuples"
    return None


def _signature(program) -> inspect.Signature:
    """The parameters a call binds to: an nn.Module's are those of its forward."""
    return inspect.signature(program.forward if isinstance(program, torch.nn.Module) else program)


def _is_dim_hint(hint) -> bool:
    if type(hint) is int:
        return True
    return (isinstance(hint, tuple) and len(hint) == 3 and type(hint[0]) is int
            and all(b is None or type(b) is int for b in hint[1:]))


def _dim_hint(hint) -> tuple[int, int | None, int | None]:
    return (hint, None, None) if type(hint) is int else hint


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__
