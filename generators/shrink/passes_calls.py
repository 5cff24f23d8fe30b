"""Helper functions inlined at their call sites: a `return expr` helper at every site,
a longer single-use helper at its statement, parameters becoming assignments.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterator

from generators.shrink.ast_paths import Path, resolve, set_body, statement_lists, walk
from generators.shrink.candidates import Candidate, shrink_pass
from generators.shrink.skeleton import is_protected

# ---------------------------------------------------------------- inlining helpers


Location = tuple[Path, str, int]  # the statement list holding a helper's def, and its index


def helper_locations(tree: ast.Module) -> list[Location]:
    """Plain functions with positional parameters and one final return, defined at module level
    or directly in a function's body (a helper nested in the program)."""
    found = []
    owners = [((), "body", tree.body)] + [
        (path, field, statements) for path, field, statements in statement_lists(tree)
        if field == "body" and isinstance(resolve(tree, path), ast.FunctionDef)]
    for owner_path, field, statements in owners:
        for index, statement in enumerate(statements):
            if _inlinable(statement):
                found.append((owner_path, field, index))
    return found


def _inlinable(statement: ast.stmt) -> bool:
    if not isinstance(statement, ast.FunctionDef) or is_protected(statement):
        return False
    args = statement.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
        return False
    last = statement.body[-1]
    if statement.decorator_list or not (isinstance(last, ast.Return) and last.value):
        return False
    nodes = list(ast.walk(statement))
    returns = sum(isinstance(n, ast.Return) for n in nodes)
    return returns == 1 and not any(isinstance(n, ast.Yield | ast.YieldFrom) for n in nodes)


def _helper(tree: ast.Module, at: Location) -> tuple[ast.AST, ast.FunctionDef]:
    """The scope a helper is defined in (its calls are searched there), and the helper."""
    owner_path, field, index = at
    scope = resolve(tree, owner_path)
    return scope, getattr(scope, field)[index]


def _drop(tree: ast.Module, at: Location, helper: ast.FunctionDef) -> None:
    owner_path, field, _ = at
    getattr(resolve(tree, owner_path), field).remove(helper)


def bind_arguments(helper: ast.FunctionDef, call: ast.Call) -> dict[str, ast.expr] | None:
    """Parameter name -> argument expression for one call, or None if it cannot be bound."""
    params = [a.arg for a in helper.args.args]
    if len(call.args) > len(params) or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    bound = dict(zip(params, call.args, strict=False))
    for keyword in call.keywords:
        if keyword.arg not in params or keyword.arg in bound:
            return None
        bound[keyword.arg] = keyword.value
    defaults = helper.args.defaults
    for param, default in zip(params[len(params) - len(defaults) :], defaults, strict=True):
        bound.setdefault(param, default)
    return bound if len(bound) == len(params) else None


def substitute(expression: ast.expr, bound: dict[str, ast.expr]) -> ast.expr:
    class Substitute(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            if isinstance(node.ctx, ast.Load) and node.id in bound:
                return copy.deepcopy(bound[node.id])
            return node

    return Substitute().visit(copy.deepcopy(expression))


def call_sites(scope: ast.AST, name: str, prefix: Path = ()) -> list[tuple[Path, ast.Call]]:
    """Calls of `name` inside `scope`, with their paths from the tree (`prefix` is the
    scope's own path)."""
    return [
        (prefix + path, node)
        for path, node in walk(scope)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
    ]


def inline_expression(at: Location):
    """Every call of a helper whose body is `return expr` becomes `expr`, arguments put in."""

    def edit(tree: ast.Module) -> bool:
        scope, helper = _helper(tree, at)
        if len(helper.body) != 1:
            return False
        sites = call_sites(scope, helper.name, at[0])
        bindings = [bind_arguments(helper, call) for _path, call in sites]
        if not sites or any(b is None for b in bindings):
            return False
        for (path, _call), bound in reversed(list(zip(sites, bindings, strict=True))):
            parent = resolve(tree, path[:-1])
            field, slot = path[-1]
            new = substitute(helper.body[0].value, bound)
            if slot is None:
                setattr(parent, field, new)
            else:
                getattr(parent, field)[slot] = new
        _drop(tree, at, helper)
        return True

    return edit


def inline_statements(at: Location):
    """The one call of a helper, as a whole statement (`y = h(a)`, `return h(a)`, `h(a)`),
    becomes the helper's body: parameters assigned, then the body, then the result."""

    def edit(tree: ast.Module) -> bool:
        scope, helper = _helper(tree, at)
        sites = call_sites(scope, helper.name, at[0])
        if len(sites) != 1 or len(sites[0][0]) < 2:
            return False
        path, call = sites[0]
        holder_path, (field, slot) = path[:-2], path[-2]
        statement = resolve(tree, path[:-1])
        bound = bind_arguments(helper, call)
        if bound is None or slot is None or path[-1] != ("value", None):
            return False
        if not isinstance(statement, ast.Assign | ast.Return | ast.Expr):
            return False
        prologue = [
            ast.Assign([ast.Name(name, ast.Store())], copy.deepcopy(value))
            for name, value in bound.items()
            if not (isinstance(value, ast.Name) and value.id == name)
        ]
        statement.value = helper.body[-1].value
        body = prologue + copy.deepcopy(helper.body[:-1]) + [statement]
        holder = resolve(tree, holder_path)
        statements = getattr(holder, field)
        set_body(holder, field, statements[:slot] + body + statements[slot + 1 :])
        _drop(tree, at, helper)
        return True

    return edit


@shrink_pass("inline-helpers")
def inline_helpers(tree: ast.Module) -> Iterator[Candidate]:
    for number, at in enumerate(helper_locations(tree)):
        yield Candidate((number, 0), inline_expression(at), resume=(number,))
        yield Candidate((number, 1), inline_statements(at), resume=(number,))
