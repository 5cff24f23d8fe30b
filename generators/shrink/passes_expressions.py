"""Expression passes: an expression replaced by one of its operands (`a + b` -> `a`,
`f(x)` -> `x`, `x.m(y)` -> `x`) or by a simple constant, arguments dropped from calls,
dtypes simplified to float32.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterator

from generators.shrink.ast_paths import Path, expressions, replace, resolve, walk
from generators.shrink.candidates import Candidate, shrink_pass
from generators.shrink.measure import SHAPED_FACTORIES, attribute_root
from generators.shrink.skeleton import structural_yield_parts

CONSTANTS = (0, 1, True, None)
DEFAULT_DTYPE = "float32"
DTYPES = frozenset(
    {
        "float64", "double", "float16", "half", "bfloat16", "int64", "long", "int32", "int",
        "int16", "short", "int8", "uint8", "bool", "complex64", "cfloat", "complex128",
        "cdouble",
    }
)  # fmt: skip


def module_names(tree: ast.Module) -> set[str]:
    """Names bound by imports: attribute chains rooted at them are modules, not values."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.asname or a.name.split(".")[0] for a in node.names)
    return names


def is_module_chain(node: ast.expr, modules: set[str]) -> bool:
    root = attribute_root(node)
    return isinstance(root, ast.Name) and root.id in modules


def replaceable(tree: ast.Module) -> list[tuple[Path, ast.expr]]:
    """Loaded, non-leaf expressions a pass may replace, outermost first."""
    modules = module_names(tree)
    structural = structural_yield_parts(tree)
    found = []
    for path, node in expressions(tree):
        if isinstance(node, ast.Name | ast.Constant | ast.Starred | ast.Slice):
            continue
        if getattr(node, "ctx", None) is not None and not isinstance(node.ctx, ast.Load):
            continue
        if path and path[-1][0] in ("func", "decorator_list", "annotation", "returns"):
            continue
        if id(node) in structural or is_module_chain(node, modules):
            continue
        found.append((path, node))
    return found


def operands(node: ast.expr, modules: set[str]) -> list[ast.expr]:
    """Direct sub-expressions that could stand in for `node`, the likeliest first."""
    if isinstance(node, ast.Call):
        parts = []
        if isinstance(node.func, ast.Attribute) and not is_module_chain(node.func.value, modules):
            parts.append(node.func.value)
        parts.extend(a for a in node.args if not isinstance(a, ast.Starred))
        return parts + [k.value for k in node.keywords]
    if isinstance(node, ast.Attribute | ast.NamedExpr | ast.Await):
        return [node.value]
    if isinstance(node, ast.BinOp):
        return [node.left, node.right]
    if isinstance(node, ast.UnaryOp):
        return [node.operand]
    if isinstance(node, ast.BoolOp):
        return list(node.values)
    if isinstance(node, ast.Compare):
        return [node.left, *node.comparators]
    if isinstance(node, ast.IfExp):
        return [node.body, node.orelse]
    if isinstance(node, ast.Subscript):
        index = [] if isinstance(node.slice, ast.Slice | ast.Tuple) else [node.slice]
        return [node.value, *index]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [e for e in node.elts if not isinstance(e, ast.Starred)]
    return []


def replace_with(path: Path, make):
    """An edit putting `make(node)` at `path`; `make` returns None when it does not apply."""

    def edit(tree: ast.Module) -> bool:
        new = make(resolve(tree, path))
        if new is None:
            return False
        replace(tree, path, new)
        return True

    return edit


def stand_ins(node: ast.expr, modules: set[str]) -> list[ast.expr]:
    """Operands, then operands of operands: `x.t().t().t()` -> `x.t()` skips a pair that
    one-level steps could only cross through a state that no longer fails."""
    direct = operands(node, modules)
    return direct + [inner for part in direct for inner in operands(part, modules)]


def nth_stand_in(choice: int, modules: set[str]):
    def make(node: ast.expr) -> ast.expr | None:
        parts = stand_ins(node, modules)
        return parts[choice] if choice < len(parts) else None

    return make


@shrink_pass("replace-with-operand")
def replace_with_operands(tree: ast.Module) -> Iterator[Candidate]:
    modules = module_names(tree)
    for number, (path, node) in enumerate(replaceable(tree)):
        for choice in range(len(stand_ins(node, modules))):
            edit = replace_with(path, nth_stand_in(choice, modules))
            yield Candidate((number, choice), edit, resume=(number,))


@shrink_pass("replace-with-constant", finishing=True)
def replace_with_constants(tree: ast.Module) -> Iterator[Candidate]:
    for number, (path, _node) in enumerate(replaceable(tree)):
        for choice, value in enumerate(CONSTANTS):
            edit = replace_with(path, lambda _n, v=value: ast.Constant(v))
            yield Candidate((number, choice), edit, resume=(number,))


# ---------------------------------------------------------------- arguments and dtypes


def local_functions(tree: ast.Module) -> set[str]:
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}


def droppable_positionals(call: ast.Call, local: set[str]) -> int:
    """How many positional arguments of `call` the argument pass may drop: none for calls of
    the file's own functions (the parameter pass keeps those aligned) or of shaped factories
    (the shape pass owns their dimensions)."""
    if isinstance(call.func, ast.Name) and call.func.id in local:
        return 0
    if isinstance(call.func, ast.Attribute) and call.func.attr in SHAPED_FACTORIES:
        return 0
    if any(isinstance(a, ast.Starred) for a in call.args):
        return 0
    return len(call.args)


def drop_argument(path: Path, field: str, index: int):
    def edit(tree: ast.Module) -> bool:
        call = resolve(tree, path)
        items = getattr(call, field)
        if index >= len(items):
            return False
        del items[index]
        return True

    return edit


@shrink_pass("drop-arguments")
def drop_arguments(tree: ast.Module) -> Iterator[Candidate]:
    """Keyword arguments first (`dim=`, `dtype=`, `generator=`), then positional ones."""
    local = local_functions(tree)
    structural = structural_yield_parts(tree)
    calls = [(p, n) for p, n in expressions(tree) if isinstance(n, ast.Call)]
    for number, (path, call) in enumerate(calls):
        if id(call) in structural:
            continue
        for index in range(len(call.keywords)):
            edit = drop_argument(path, "keywords", index)
            yield Candidate((number, 0, index), edit)
        for index in range(droppable_positionals(call, local)):
            yield Candidate((number, 1, index), drop_argument(path, "args", index))


def is_dtype(node: ast.expr, modules: set[str]) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr in DTYPES
        and isinstance(node.value, ast.Name)
        and node.value.id in modules
    )


@shrink_pass("simplify-dtypes")
def simplify_dtypes(tree: ast.Module) -> Iterator[Candidate]:
    """`torch.float64` -> `torch.float32` (after drop-arguments has tried removing it)."""
    modules = module_names(tree)
    dtypes = [(p, n) for p, n in expressions(tree) if is_dtype(n, modules)]
    for number, (path, _node) in enumerate(dtypes):

        def make(node: ast.expr) -> ast.expr:
            return ast.Attribute(copy.deepcopy(node.value), DEFAULT_DTYPE, ast.Load())

        yield Candidate((number,), replace_with(path, make))


@shrink_pass("narrow-returns")
def narrow_returns(tree: ast.Module) -> Iterator[Candidate]:
    """`return a, b, c` -> `return a`: cheap, and it cuts the data flow that keeps most
    statements alive, so dead-code can then remove whole chains at once."""
    returns = [(p, n) for p, n in walk(tree) if isinstance(n, ast.Return)]
    for number, (path, node) in enumerate(returns):
        if not isinstance(node.value, ast.Tuple):
            continue
        value_path = path + (("value", None),)
        for choice in range(len(node.value.elts)):
            edit = replace_with(
                value_path, lambda n, c=choice: n.elts[c] if c < len(n.elts) else None
            )
            yield Candidate((number, choice), edit, resume=(number + 1,))
