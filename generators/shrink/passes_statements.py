"""Statement passes: dead code removed (stores never read, unused definitions and imports),
compound statements lifted to their bodies, single-use variables inlined.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator

from generators.shrink.ast_paths import (
    Path,
    ScopeReads,
    enclosing_scope,
    loaded_names,
    replace,
    resolve,
    set_body,
    statement_lists,
    walk,
)
from generators.shrink.candidates import Candidate, shrink_pass
from generators.shrink.skeleton import is_protected

# ---------------------------------------------------------------- dead code


def bound_names(statement: ast.stmt) -> list[str] | None:
    """The names a statement only binds (None if it also does something we keep)."""
    if isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        names = []
        for target in targets:
            parts = target.elts if isinstance(target, ast.Tuple | ast.List) else [target]
            if not all(isinstance(p, ast.Name) for p in parts):
                return None
            names.extend(p.id for p in parts)
        return names
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [statement.name]
    return None


def is_dead(statement: ast.stmt, reads: Callable[[str], int], module_level: bool) -> bool:
    if module_level and is_protected(statement):
        return False
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        return True
    if isinstance(statement, ast.Import | ast.ImportFrom):
        return all(not alias_used(alias, reads) for alias in statement.names)
    names = bound_names(statement)
    return bool(names) and all(reads(name) == 0 for name in names)


def alias_used(alias: ast.alias, reads: Callable[[str], int]) -> bool:
    if alias.name == "torch" or alias.name == "*":
        return True
    return reads(alias.asname or alias.name.split(".")[0]) > 0


def dead_statements(tree: ast.Module) -> list[tuple[Path, str, int]]:
    """(owner path, field, index) of each dead statement, outermost first."""
    found = []
    scopes = ScopeReads(tree)
    for owner_path, field, statements in statement_lists(tree):
        if isinstance(resolve(tree, owner_path), ast.ClassDef):
            continue  # methods and class attributes are read as attributes, not names
        reads = scopes.counter(enclosing_scope(tree, owner_path))
        for index, statement in enumerate(statements):
            if is_dead(statement, reads, module_level=owner_path == ()):
                found.append((owner_path, field, index))
    return found


def remove_all_dead(tree: ast.Module) -> bool:
    """Delete dead statements until none is left (a deletion can kill what it read)."""
    changed = False
    while True:
        dead = dead_statements(tree)
        if not dead:
            return changed
        for owner_path, field, index in reversed(dead):
            owner = resolve(tree, owner_path)
            statements = getattr(owner, field)
            set_body(owner, field, statements[:index] + statements[index + 1 :])
        changed = True


def remove_one(owner_path: Path, field: str, index: int, keep_value: bool):
    def edit(tree: ast.Module) -> bool:
        owner = resolve(tree, owner_path)
        statements = getattr(owner, field)
        statement = statements[index]
        rest = statements[:index] + statements[index + 1 :]
        if keep_value:
            if not isinstance(statement, ast.Assign | ast.AugAssign):
                return False
            rest.insert(index, ast.Expr(statement.value))
        set_body(owner, field, rest)
        return True

    return edit


@shrink_pass("dead-code")
def remove_dead_code(tree: ast.Module) -> Iterator[Candidate]:
    yield Candidate((0,), remove_all_dead)
    for number, (owner_path, field, index) in enumerate(dead_statements(tree)):
        edit = remove_one(owner_path, field, index, keep_value=False)
        yield Candidate((1, number, 0), edit, resume=(1, number))
        statement = getattr(resolve(tree, owner_path), field)[index]
        if isinstance(statement, ast.Assign | ast.AugAssign) and has_call(statement.value):
            edit = remove_one(owner_path, field, index, keep_value=True)
            yield Candidate((1, number, 1), edit, resume=(1, number))


def has_call(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) for n in ast.walk(node))


# ---------------------------------------------------------------- lifting compound statements


def lifted_bodies(statement: ast.stmt) -> list[list[ast.stmt]]:
    """The statement lists that can stand in for a compound statement, simplest first."""
    if isinstance(statement, ast.If):
        return [statement.body] + ([statement.orelse] if statement.orelse else [])
    if isinstance(statement, ast.For | ast.AsyncFor):
        first = first_loop_value(statement)
        bind = [ast.Assign([copy.deepcopy(statement.target)], first)] if first else []
        return [bind + statement.body] + ([statement.body] if bind else [])
    if isinstance(statement, ast.While):
        return [statement.body]
    if isinstance(statement, ast.Try):
        handled = [h.body + statement.finalbody for h in statement.handlers]
        return [statement.body + statement.orelse + statement.finalbody] + handled
    if isinstance(statement, ast.Match):
        return [case_binding(case.pattern, statement.subject) + case.body
                for case in statement.cases]
    if isinstance(statement, ast.With | ast.AsyncWith):
        bind = [
            ast.Assign([copy.deepcopy(item.optional_vars)], item.context_expr)
            for item in statement.items
            if item.optional_vars is not None
        ]
        return [bind + statement.body]
    return []


def case_binding(pattern: ast.pattern, subject: ast.expr) -> list[ast.stmt]:
    """The assignment that binds a case pattern's captures as the match would, for a capture
    (`case x`) or a sequence of captures (`case [a, b]`, `case (a, *rest)`); else nothing
    (a lifted body that reads another pattern's captures fails and is not kept)."""
    if isinstance(pattern, ast.MatchAs) and pattern.pattern is None and pattern.name:
        return [ast.Assign([ast.Name(pattern.name, ast.Store())], copy.deepcopy(subject))]
    if not isinstance(pattern, ast.MatchSequence):
        return []
    targets: list[ast.expr] = []
    for item in pattern.patterns:
        if isinstance(item, ast.MatchAs) and item.pattern is None:
            targets.append(ast.Name(item.name or "_", ast.Store()))
        elif isinstance(item, ast.MatchStar):
            targets.append(ast.Starred(ast.Name(item.name or "_", ast.Store()), ast.Store()))
        else:
            return []
    return [ast.Assign([ast.List(targets, ast.Store())], copy.deepcopy(subject))]


def first_loop_value(loop: ast.For | ast.AsyncFor) -> ast.expr | None:
    """The first value a `for ... in range(...)` loop binds, as a constant expression."""
    it = loop.iter
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range"):
        return None
    if len(it.args) >= 2:
        return copy.deepcopy(it.args[0])
    return ast.Constant(0)


def lift(owner_path: Path, field: str, index: int, choice: int):
    def edit(tree: ast.Module) -> bool:
        owner = resolve(tree, owner_path)
        statements = getattr(owner, field)
        bodies = lifted_bodies(statements[index])
        if choice >= len(bodies):
            return False
        lifted = statements[:index] + bodies[choice] + statements[index + 1 :]
        set_body(owner, field, lifted)
        return True

    return edit


@shrink_pass("lift-compound")
def lift_compound_statements(tree: ast.Module) -> Iterator[Candidate]:
    number = 0
    for owner_path, field, statements in statement_lists(tree):
        for index, statement in enumerate(statements):
            bodies = lifted_bodies(statement)
            for choice in range(len(bodies)):
                edit = lift(owner_path, field, index, choice)
                yield Candidate((number, choice), edit, resume=(number,))
            number += 1 if bodies else 0


# ---------------------------------------------------------------- inlining variables


def single_use_assignments(tree: ast.Module) -> list[tuple[Path, str, int]]:
    """Assignments `name = expr` whose name is read exactly once in its scope and assigned
    nowhere else there, with the read later in the same statement list."""
    found = []
    scopes = ScopeReads(tree)
    for owner_path, field, statements in statement_lists(tree):
        scope = enclosing_scope(tree, owner_path)
        reads = scopes.counter(scope)
        stores = stored_names(scope)
        for index, statement in enumerate(statements):
            if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
                continue
            target = statement.targets[0]
            if not isinstance(target, ast.Name) or reads(target.id) != 1:
                continue
            if stores.get(target.id) != 1 or is_protected(statement):
                continue
            later = statements[index + 1 :]
            if any(target.id in loaded_names(s) for s in later):
                found.append((owner_path, field, index))
    return found


def stored_names(scope: ast.AST) -> dict[str, int]:
    counts: dict[str, int] = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            counts[node.id] = counts.get(node.id, 0) + 1
    return counts


def inline_variable(owner_path: Path, field: str, index: int):
    def edit(tree: ast.Module) -> bool:
        owner = resolve(tree, owner_path)
        statements = getattr(owner, field)
        assignment = statements[index]
        name = assignment.targets[0].id
        rest = statements[:index] + statements[index + 1 :]
        for statement in rest[index:]:
            for path, node in walk(statement):
                if isinstance(node, ast.Name) and node.id == name and path:
                    replace(statement, path, copy.deepcopy(assignment.value))
                    set_body(owner, field, rest)
                    return True
        return False

    return edit


@shrink_pass("inline-variables")
def inline_variables(tree: ast.Module) -> Iterator[Candidate]:
    for number, (owner_path, field, index) in enumerate(single_use_assignments(tree)):
        yield Candidate((number,), inline_variable(owner_path, field, index))
