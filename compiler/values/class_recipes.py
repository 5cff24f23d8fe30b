"""How the rebuild makes a class of the trace anew on every call, as eager does.

A class made in the trace (a namedtuple, a class statement) is made for real once, at trace
time. When making it runs no code of the program and reads nothing that can change between
calls (constant arguments, a body that reads no variable of the enclosing function), the
steps that made it are kept as a `ClassRecipe` (with the cells its methods close over); the
rebuild of a call whose result holds the
class, an instance of it or one of its enum members runs the steps again, once per call, and
builds those from the call's own class (compiler/graph/output.py). Two calls then return
different classes, and within one call every use is the same class, as in eager.
"""

from __future__ import annotations

import builtins
import dataclasses
import enum
import types
from collections.abc import Callable
from typing import Any


@dataclasses.dataclass
class ClassRecipe:
    """Steps `(function, args, kwargs)`: the first makes the class, each next one takes it as
    its first argument and gives it back (a decorator such as `dataclasses._process_class`)."""

    steps: list[tuple[Callable, tuple, dict]]
    # The trace's cells of a class body's free variables, in order (its methods close over
    # them): the rebuild passes a real cell for each, filled once the class is made.
    cells: list = dataclasses.field(default_factory=list)

    def then(self, function: Callable, args: tuple, kwargs: dict) -> None:
        self.steps.append((function, tuple(args), dict(kwargs)))

    def __call__(self, *closure) -> type:
        (make, args, kwargs), *decorations = self.steps
        cls = make(*args, **kwargs, **({"closure": closure} if self.cells else {}))
        for function, more, named in decorations:
            cls = function(cls, *more, **named)
        return cls


def recipe(function: Callable, args, kwargs) -> ClassRecipe:
    return ClassRecipe([(function, tuple(args), dict(kwargs))])


def build_class(code: types.CodeType, f_globals: dict, name: str, bases: tuple,
                options: dict, closure: tuple = ()) -> type:
    """A class statement run again: a new body function of the same code, over the call's own
    cells, so each run makes its own methods."""
    body = types.FunctionType(code, f_globals, code.co_name, None, closure or None)
    return builtins.__build_class__(body, name, *bases, **options)


def class_statement_recipe(code: types.CodeType, f_globals: dict, name: str, bases: list,
                           options: dict, cells: list, read_by_body: set[str]
                           ) -> ClassRecipe | None:
    """None when the body itself reads a free variable: it read its value when the class was
    made, where the rebuild's cell holds the variable's last value."""
    if read_by_body & set(code.co_freevars):
        return None
    made = recipe(build_class, (code, f_globals, name, tuple(bases), dict(options)), {})
    made.cells = list(cells)
    return made


def member_expression(obj: Any, cls_expr: str) -> str | None:
    """How the rebuild names `obj`, an object of a remade class `cls_expr`: an enum member by
    its name (an instance of any other kind is rebuilt from its fields by its tracker)."""
    if isinstance(obj, enum.Enum):
        return f"{cls_expr}[{obj._name_!r}]"
    return None
