"""Literal passes: tensor shapes lose dimensions (`randn(8, 4)` -> `randn(4)`), ints move
towards 0 and 1 (dimensions towards 1: an empty tensor hides most bugs), floats towards 0.0
and 1.0, and `torch.tensor([...])` literals lose elements.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Iterator

from generators.shrink.ast_paths import Path, expressions, resolve, walk
from generators.shrink.candidates import Candidate, shrink_pass
from generators.shrink.measure import SHAPED_FACTORIES, shape_arguments
from generators.shrink.passes_expressions import replace_with

Number = int | float


def number_value(node: ast.expr) -> Number | None:
    """The value of a numeric literal, `-3` (a unary minus on a constant) included."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = number_value(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value if math.isfinite(node.value) else None
    return None


def number_node(value: Number) -> ast.expr:
    if value < 0:
        return ast.UnaryOp(ast.USub(), ast.Constant(-value))
    return ast.Constant(value)


def int_rank(n: int) -> tuple[int, bool]:
    return abs(n), n < 0


def float_rank(f: float) -> tuple[bool, float, bool]:
    return not f.is_integer(), abs(f), f < 0


def simpler_numbers(value: Number, is_dimension: bool) -> list[Number]:
    """Replacements for a literal, simplest first, each strictly simpler than `value`."""
    if isinstance(value, int):
        options = [1] if is_dimension else [0, 1]
        options += [int(value / 2), value - 1 if value > 0 else value + 1]
        keep = [n for n in options if int_rank(n) < int_rank(value)]
    else:
        options = [0.0, 1.0, float(math.trunc(value))]
        keep = [f for f in options if float_rank(f) < float_rank(value)]
    return list(dict.fromkeys(keep))


def is_shaped_factory(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in SHAPED_FACTORIES
    )


def dimension_ids(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if is_shaped_factory(node):
            found.update(id(d) for d in shape_arguments(node) or [])
    return found


def numeric_literals(tree: ast.Module) -> list[tuple[Path, Number, bool]]:
    """(path, value, is a tensor dimension) of each numeric literal, outermost first."""
    dims = dimension_ids(tree)
    found = []
    inside_negation: set[int] = set()
    for path, node in walk(tree):
        if id(node) in inside_negation:
            continue
        value = number_value(node)
        if value is None:
            continue
        if isinstance(node, ast.UnaryOp):
            inside_negation.add(id(node.operand))
        found.append((path, value, id(node) in dims))
    return found


@shrink_pass("shrink-numbers")
def shrink_numbers(tree: ast.Module) -> Iterator[Candidate]:
    for number, (path, value, is_dimension) in enumerate(numeric_literals(tree)):
        for choice, smaller in enumerate(simpler_numbers(value, is_dimension)):
            edit = replace_with(path, lambda _n, v=smaller: number_node(v))
            yield Candidate((number, choice), edit, resume=(number,))


def element_list(call: ast.Call) -> list[ast.expr]:
    """The list a shape pass may delete from: the dimensions of a shaped factory call
    (positional, or one tuple), or the elements of a `torch.tensor([...])` literal."""
    first = call.args[0] if len(call.args) == 1 else None
    if is_shaped_factory(call):
        if isinstance(first, ast.Tuple | ast.List):
            return first.elts
        return [] if any(isinstance(a, ast.Starred) for a in call.args) else call.args
    is_literal = isinstance(first, ast.List | ast.Tuple)
    if is_literal and isinstance(call.func, ast.Attribute) and call.func.attr == "tensor":
        return first.elts
    return []


def drop_element(path: Path, index: int):
    def edit(tree: ast.Module) -> bool:
        items = element_list(resolve(tree, path))
        if index >= len(items):
            return False
        del items[index]
        return True

    return edit


@shrink_pass("shrink-shapes")
def shrink_shapes(tree: ast.Module) -> Iterator[Candidate]:
    calls = [(p, n) for p, n in expressions(tree) if isinstance(n, ast.Call)]
    for number, (path, call) in enumerate(calls):
        for index in range(len(element_list(call))):
            yield Candidate((number, index), drop_element(path, index))
