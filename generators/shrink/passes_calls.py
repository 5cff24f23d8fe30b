"""Helper functions inlined at their call sites: a `return expr` helper at every site,
a longer single-use helper at its statement, parameters becoming assignments.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterator

from generators.shrink.ast_paths import Path, resolve, set_body, walk
from generators.shrink.candidates import Candidate, shrink_pass
from generators.shrink.skeleton import is_protected

# ---------------------------------------------------------------- inlining helpers


def helper_indices(tree: ast.Module) -> list[int]:
    """Module-level plain functions with positional parameters and one final return."""
    found = []
    for index, statement in enumerate(tree.body):
        if not isinstance(statement, ast.FunctionDef) or is_protected(statement):
            continue
        args = statement.args
        if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
            continue
        last = statement.body[-1]
        if statement.decorator_list or not (isinstance(last, ast.Return) and last.value):
            continue
        nodes = list(ast.walk(statement))
        returns = sum(isinstance(n, ast.Return) for n in nodes)
        if returns == 1 and not any(isinstance(n, ast.Yield | ast.YieldFrom) for n in nodes):
            found.append(index)
    return found


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


def call_sites(tree: ast.AST, name: str) -> list[tuple[Path, ast.Call]]:
    return [
        (path, node)
        for path, node in walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
    ]


def inline_expression(index: int):
    """Every call of a helper whose body is `return expr` becomes `expr`, arguments put in."""

    def edit(tree: ast.Module) -> bool:
        helper = tree.body[index]
        if len(helper.body) != 1:
            return False
        sites = call_sites(tree, helper.name)
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
        del tree.body[index]
        return True

    return edit


def inline_statements(index: int):
    """The one call of a helper, as a whole statement (`y = h(a)`, `return h(a)`, `h(a)`),
    becomes the helper's body: parameters assigned, then the body, then the result."""

    def edit(tree: ast.Module) -> bool:
        helper = tree.body[index]
        sites = call_sites(tree, helper.name)
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
        tree.body.remove(helper)
        return True

    return edit


@shrink_pass("inline-helpers")
def inline_helpers(tree: ast.Module) -> Iterator[Candidate]:
    for number, index in enumerate(helper_indices(tree)):
        yield Candidate((number, 0), inline_expression(index), resume=(number,))
        yield Candidate((number, 1), inline_statements(index), resume=(number,))
