"""Delta debugging over statement lists: delete chunks of statements, halving the chunk size
down to single statements, in every body, outermost body first.

Keys are (body, -chunk size, offset): after an accepted deletion the pass resumes at the same
key, where the chunk that slid into the gap is the next one to try.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from generators.shrink.ast_paths import Path, loaded_names, resolve, set_body, statement_lists
from generators.shrink.candidates import Candidate, shrink_pass
from generators.shrink.skeleton import is_protected


def deletable(owner: ast.AST, statements: list[ast.stmt]) -> list[int]:
    """Indices of the statements a pass may delete (all but the module's skeleton)."""
    if isinstance(owner, ast.Module):
        return [i for i, s in enumerate(statements) if not is_protected(s)]
    return list(range(len(statements)))


def defines_a_read_name(statement: ast.stmt, read: dict[str, int]) -> bool:
    """A def, class or import whose name is still read somewhere: deleting it can only
    raise NameError, so ddmin leaves it to the dead-code pass, once its uses are gone."""
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return statement.name in read
    if isinstance(statement, ast.Import | ast.ImportFrom):
        return any((a.asname or a.name.split(".")[0]) in read for a in statement.names)
    return False


def chunk_sizes(n: int) -> list[int]:
    sizes = []
    size = n
    while size >= 1:
        if size not in sizes:
            sizes.append(size)
        size //= 2
    return sizes


def delete_indices(owner_path: Path, field: str, doomed: list[int]):
    doomed_set = frozenset(doomed)

    def edit(tree: ast.Module) -> bool:
        owner = resolve(tree, owner_path)
        statements = getattr(owner, field)
        if max(doomed_set) >= len(statements):
            return False
        kept = [s for i, s in enumerate(statements) if i not in doomed_set]
        set_body(owner, field, kept)
        return True

    return edit


def body_rank(tree: ast.Module, owner_path: Path) -> int:
    """Module body first, then the bodies inside program and calls(), where the failure
    lives, then helpers: once program stops calling a helper, dead-code removes it whole,
    so reducing its body first would be wasted work."""
    if owner_path == ():
        return 0
    return 1 if is_protected(tree.body[owner_path[0][1]]) else 2


@shrink_pass("delete-statements")
def delete_statements(tree: ast.Module) -> Iterator[Candidate]:
    read = loaded_names(tree)
    bodies = sorted(
        (body_rank(tree, owner_path), number, owner_path, field, statements)
        for number, (owner_path, field, statements) in enumerate(statement_lists(tree))
    )
    for rank, number, owner_path, field, statements in bodies:
        owner = resolve(tree, owner_path)
        indices = [
            i for i in deletable(owner, statements) if not defines_a_read_name(statements[i], read)
        ]
        if field == "body" and len(indices) == len(statements) == 1:
            if isinstance(statements[0], ast.Pass):
                continue
        for size in chunk_sizes(len(indices)):
            for offset in range(0, len(indices), size):
                chunk = indices[offset : offset + size]
                edit = delete_indices(owner_path, field, chunk)
                yield Candidate((rank, number, -size, offset), edit)
