"""1-minimality: a reduced program is 1-minimal when deleting any single statement (the
skeleton of the program file aside) makes the failure go away.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from generators.shrink.ast_paths import resolve, set_body, statement_lists
from generators.shrink.ddmin import deletable


def deletable_statements(source: str, is_interesting: Callable[[str], bool]) -> list[str]:
    """The statements whose deletion alone still satisfies the predicate, each rendered as
    its first line; an empty list means the program is 1-minimal."""
    tree = ast.parse(source)
    found = []
    for owner_path, field, statements in statement_lists(tree):
        for index in deletable(resolve(tree, owner_path), statements):
            if isinstance(statements[index], ast.Pass) and len(statements) == 1:
                continue
            candidate = ast.parse(source)
            owner = resolve(candidate, owner_path)
            kept = getattr(owner, field)
            set_body(owner, field, kept[:index] + kept[index + 1 :])
            if is_interesting(ast.unparse(candidate)):
                found.append(ast.unparse(statements[index]).splitlines()[0])
    return found


def is_one_minimal(source: str, is_interesting: Callable[[str], bool]) -> bool:
    return not deletable_statements(source, is_interesting)
