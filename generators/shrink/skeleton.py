"""The parts of a program file (docs/architecture.md) that a reduction must keep:
`import torch`, the `program` binding, the `calls` generator and at least one of its yields.
"""

from __future__ import annotations

import ast

PROGRAM = "program"
CALLS = "calls"


def is_protected(statement: ast.stmt) -> bool:
    """A module-level statement that no pass may delete."""
    if isinstance(statement, ast.Import):
        return any(alias.name == "torch" for alias in statement.names)
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return statement.name in (PROGRAM, CALLS)
    if isinstance(statement, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id == PROGRAM for t in statement.targets)
    return False


def features(tree: ast.Module) -> frozenset[str]:
    """Which skeleton parts the module has; a candidate must keep all the original had."""
    found = set()
    for statement in tree.body:
        if not is_protected(statement):
            continue
        if isinstance(statement, ast.Import):
            found.add("import torch")
        elif getattr(statement, "name", None) == CALLS:
            found.add(CALLS)
            if any(isinstance(n, ast.Yield | ast.YieldFrom) for n in ast.walk(statement)):
                found.add("yield")
        else:
            found.add(PROGRAM)
    return frozenset(found)


def find_function(tree: ast.Module, name: str) -> ast.FunctionDef | None:
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef) and statement.name == name:
            return statement
    return None


def yielded_calls(tree: ast.Module) -> list[tuple[ast.expr | None, ast.expr | None]]:
    """The `(args, kwargs)` expressions of every `yield (args, kwargs)` in calls();
    either is None where the yield is not written as a literal pair."""
    calls = find_function(tree, CALLS)
    if calls is None:
        return []
    pairs: list[tuple[ast.expr | None, ast.expr | None]] = []
    for node in ast.walk(calls):
        if not isinstance(node, ast.Yield):
            continue
        value = node.value
        if isinstance(value, ast.Tuple) and len(value.elts) == 2:
            pairs.append((value.elts[0], value.elts[1]))
        else:
            pairs.append((None, None))
    return pairs


def structural_yield_parts(tree: ast.Module) -> set[int]:
    """ids of the yield nodes, their pairs and the args/kwargs containers: replacing any of
    these by another expression breaks the calls() protocol, so passes leave them be."""
    calls = find_function(tree, CALLS)
    if calls is None:
        return set()
    found: set[int] = set()
    for node in ast.walk(calls):
        if isinstance(node, ast.Yield) and node.value is not None:
            found.update((id(node), id(node.value)))
            if isinstance(node.value, ast.Tuple):
                found.update(id(part) for part in node.value.elts)
    return found
