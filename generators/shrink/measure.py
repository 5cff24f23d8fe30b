"""Sizes of a program file on its normalised form (`ast.unparse`), the measures of
shrink quality: non-blank lines, AST nodes, torch op calls and total input tensor elements.
"""

from __future__ import annotations

import ast
import math
from dataclasses import dataclass

import torch

from generators.shrink.skeleton import CALLS

# Factories whose positional int arguments (or one tuple argument) are the shape.
SHAPED_FACTORIES = frozenset({"randn", "rand", "zeros", "ones", "empty"})


@dataclass(frozen=True)
class Size:
    lines: int
    nodes: int
    torch_ops: int
    input_elements: int

    def as_dict(self) -> dict[str, int]:
        return {
            "lines": self.lines,
            "nodes": self.nodes,
            "torch_ops": self.torch_ops,
            "input_elements": self.input_elements,
        }


def normalise(source: str) -> str:
    return ast.unparse(ast.parse(source))


def measure(source: str) -> Size:
    tree = ast.parse(source)
    text = ast.unparse(tree)
    return Size(
        lines=sum(1 for line in text.splitlines() if line.strip()),
        nodes=count_nodes(tree),
        torch_ops=count_torch_ops(tree),
        input_elements=count_input_elements(tree),
    )


def count_nodes(tree: ast.AST) -> int:
    """AST nodes, not counting the shared Load/Store/Del context markers."""
    return sum(1 for node in ast.walk(tree) if not isinstance(node, ast.expr_context))


def torch_aliases(tree: ast.AST) -> set[str]:
    """Names bound to torch or one of its submodules by an import."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "torch" or alias.name.startswith("torch."):
                    names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("torch"):
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def attribute_root(node: ast.expr) -> ast.expr:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node


def count_torch_ops(tree: ast.Module) -> int:
    """Calls of torch functions and of tensor methods, outside the calls() input builder.
    Operators (`a + b`) are not counted: their operand types are unknown statically."""
    aliases = torch_aliases(tree)
    count = 0
    for statement in tree.body:
        if getattr(statement, "name", None) == CALLS:
            continue
        for node in ast.walk(statement):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            root = attribute_root(node.func)
            if isinstance(root, ast.Name) and root.id in aliases:
                count += 1
            elif hasattr(torch.Tensor, node.func.attr):
                count += 1
    return count


def count_input_elements(tree: ast.Module) -> int:
    """Elements of the tensors built inside calls() from literal shapes (each factory call
    counted once, however often it runs)."""
    total = 0
    for statement in tree.body:
        if getattr(statement, "name", None) != CALLS:
            continue
        for node in ast.walk(statement):
            if isinstance(node, ast.Call):
                total += factory_elements(node)
    return total


def factory_elements(call: ast.Call) -> int:
    if not isinstance(call.func, ast.Attribute):
        return 0
    name = call.func.attr
    if name == "tensor" and call.args:
        return sum(1 for n in ast.walk(call.args[0]) if isinstance(n, ast.Constant))
    if name not in SHAPED_FACTORIES:
        return 0
    dims = shape_arguments(call)
    if dims is None:
        return 0
    values = [d.value for d in dims if isinstance(d, ast.Constant)]
    if len(values) != len(dims) or not all(type(v) is int for v in values):
        return 0
    return math.prod(values)


def shape_arguments(call: ast.Call) -> list[ast.expr] | None:
    """The dimension expressions of a shaped factory call, or None if the shape is not
    written literally (positional dims, or a single tuple or list of dims)."""
    if len(call.args) == 1 and isinstance(call.args[0], ast.Tuple | ast.List):
        return list(call.args[0].elts)
    if any(isinstance(a, ast.Starred) for a in call.args):
        return None
    return list(call.args)
