"""Delta debugging over statement lists: delete chunks of statements, halving the chunk size
down to single statements, in every body, outermost body first.

Keys are (body, -chunk size, offset): after an accepted deletion the pass resumes at the same
key, where the chunk that slid into the gap is the next one to try.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from generators.shrink.ast_paths import Path, resolve, set_body, statement_lists
from generators.shrink.candidates import Candidate, shrink_pass
from generators.shrink.skeleton import is_protected


def deletable(owner: ast.AST, statements: list[ast.stmt]) -> list[int]:
    """Indices of the statements a pass may delete (all but the module's skeleton)."""
    if isinstance(owner, ast.Module):
        return [i for i, s in enumerate(statements) if not is_protected(s)]
    return list(range(len(statements)))


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


@shrink_pass("delete-statements")
def delete_statements(tree: ast.Module) -> Iterator[Candidate]:
    for body, (owner_path, field, statements) in enumerate(statement_lists(tree)):
        owner = resolve(tree, owner_path)
        indices = deletable(owner, statements)
        if field == "body" and len(indices) == len(statements) == 1:
            if isinstance(statements[0], ast.Pass):
                continue
        for size in chunk_sizes(len(indices)):
            for offset in range(0, len(indices), size):
                chunk = indices[offset : offset + size]
                yield Candidate((body, -size, offset), delete_indices(owner_path, field, chunk))
