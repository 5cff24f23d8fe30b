"""Addressing AST nodes by path, so that a pass can find a node in the tree it enumerated
and edit the same node in a fresh parse of the same source.

A path is a tuple of steps `(field, index)`; `index` is None for a single-node field.
Walks are pre-order in `ast.iter_fields` order, hence deterministic.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

Step = tuple[str, int | None]
Path = tuple[Step, ...]


def walk(node: ast.AST, path: Path = ()) -> Iterator[tuple[Path, ast.AST]]:
    """Every node below `node` (itself first) with its path, parents before children."""
    yield path, node
    for field, value in ast.iter_fields(node):
        if isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, ast.AST):
                    yield from walk(item, path + ((field, index),))
        elif isinstance(value, ast.AST):
            yield from walk(value, path + ((field, None),))


def resolve(tree: ast.AST, path: Path) -> ast.AST:
    node = tree
    for field, index in path:
        value = getattr(node, field)
        node = value if index is None else value[index]
    return node


def replace(tree: ast.AST, path: Path, new: ast.AST) -> None:
    """Put `new` where the node at `path` is (path must not be empty)."""
    parent = resolve(tree, path[:-1])
    field, index = path[-1]
    if index is None:
        setattr(parent, field, new)
    else:
        getattr(parent, field)[index] = new


def statement_lists(tree: ast.AST) -> Iterator[tuple[Path, str, list[ast.stmt]]]:
    """Every non-empty statement list (a body, an else branch, a finally block ...)
    as (owner's path, field name, the list), outermost first."""
    for path, node in walk(tree):
        for field, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                yield path, field, value


def expressions(tree: ast.AST) -> Iterator[tuple[Path, ast.expr]]:
    """Every expression node with its path, outermost first."""
    for path, node in walk(tree):
        if isinstance(node, ast.expr):
            yield path, node


def loaded_names(tree: ast.AST) -> dict[str, int]:
    """How many times each name is read anywhere below `tree` (all scopes together)."""
    counts: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            counts[node.id] = counts.get(node.id, 0) + 1
    return counts


def set_body(owner: ast.AST, field: str, statements: list[ast.stmt]) -> None:
    """Assign a statement list, keeping it non-empty (an empty body is a syntax error)."""
    setattr(owner, field, statements or ([ast.Pass()] if field == "body" else []))


def enclosing_scope(tree: ast.AST, path: Path) -> ast.AST:
    """The innermost function (or the module) that the node at `path` belongs to;
    a function's own body belongs to the function."""
    scope = tree
    node = tree
    for field, index in path:
        value = getattr(node, field)
        node = value if index is None else value[index]
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            scope = node
    return scope


class ScopeReads:
    """How often a name bound in a scope is read: within the function, or anywhere in the
    module for module-level names and names the function declares global or nonlocal."""

    def __init__(self, tree: ast.Module):
        self.tree = tree
        self.module = loaded_names(tree)
        self.scopes: dict[int, tuple[dict[str, int], set[str]]] = {}

    def counter(self, scope: ast.AST) -> Callable[[str], int]:
        if scope is self.tree:
            return lambda name: self.module.get(name, 0)
        if id(scope) not in self.scopes:
            shared = {
                name
                for node in ast.walk(scope)
                if isinstance(node, ast.Global | ast.Nonlocal)
                for name in node.names
            }
            self.scopes[id(scope)] = (loaded_names(scope), shared)
        local, shared = self.scopes[id(scope)]
        return lambda name: (self.module if name in shared else local).get(name, 0)
