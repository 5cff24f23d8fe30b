"""Telling bugs apart: the normalised structure of a (shrunk) program, and its constructs.

Two findings are one bug when their shrink keys and the structures of their shrunk programs
agree. `structure` abstracts names and constants away and keeps what makes a bug: the shape
of the code, the operations called (attribute and global names) and the call sequence's form.
`constructs` is the set of operations and statement kinds a program uses; a failing program
that contains all of a shrunk finding's constructs is presumed to be that bug, one that lacks
some is shrunk in its turn, to see whether it is another.
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import re

import torch

_KEEP_NAMES = frozenset({"torch", "nn", "F", "math", "np", "functools", "itertools",
                         "collections", "operator", "program", "calls", "self", "super"})


class _Normaliser(ast.NodeTransformer):
    """Local names become n0, n1 ... in order of appearance; constants become their type."""

    def __init__(self, keep: frozenset[str]):
        self.keep = keep
        self.names: dict[str, str] = {}

    def _rename(self, name: str) -> str:
        if name in self.keep:
            return name
        return self.names.setdefault(name, f"n{len(self.names)}")

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return ast.copy_location(ast.Name(self._rename(node.id), node.ctx), node)

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.arg, node.annotation = self._rename(node.arg), None
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.name = self._rename(node.name)
        node.body = _without_docstring(node.body)
        node.returns = None
        return self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        node.name = self._rename(node.name)
        node.body = _without_docstring(node.body) or [ast.Pass()]
        return self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        """`t.abs()` is `torch.abs(t)`: a tensor method that torch also has as a function is
        written as the function (when torch is imported), so the two forms are one operation."""
        func = node.func
        if (isinstance(func, ast.Attribute) and "torch" in self.keep
                and not _names_a_library(func.value, self.keep) and _torch_has_both(func.attr)):
            torch_function = ast.Attribute(ast.Name("torch", ast.Load()), func.attr, ast.Load())
            node = ast.Call(torch_function, [func.value, *node.args], node.keywords)
        return self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, bool) or node.value is None:
            return node  # True/False/None change meaning, not just magnitude
        return ast.copy_location(ast.Name(type(node.value).__name__, ast.Load()), node)


def _names_a_library(node: ast.expr, keep: frozenset[str]) -> bool:
    """`np`, `torch.nn.functional`: a name the module imported, or an attribute path from one."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and node.id in keep


def _torch_has_both(name: str) -> bool:
    return (not name.startswith("_") and callable(getattr(torch, name, None))
            and callable(getattr(torch.Tensor, name, None)))


def _without_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[1:]
    return body


def _globals(tree: ast.Module) -> frozenset[str]:
    """Names the module binds at top level by import: library names, kept as they are."""
    names = set()
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return frozenset(names) | _KEEP_NAMES | _BUILTINS


_BUILTINS = frozenset(dir(builtins))


def structure(source: str) -> str:
    """A short digest of the normalised program (names and constants abstracted)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return hashlib.sha1(source.encode()).hexdigest()[:16]
    tree.body = _as_function(_without_docstring(tree.body))
    normal = _Normaliser(_globals(tree)).visit(tree)
    text = ast.dump(normal, annotate_fields=False, include_attributes=False)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def _as_function(body: list[ast.stmt]) -> list[ast.stmt]:
    """A program written as a module with nothing but `forward` (`class Program(nn.Module)`,
    `program = Program()`) is the function `program` its forward is, without `self`: the
    two frames hold one bug."""
    classes = [n for n in body if isinstance(n, ast.ClassDef) and n.name == "Program"]
    made = [n for n in body if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name) and n.targets[0].id == "program"
            and isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Name)
            and n.value.func.id == "Program" and not n.value.args and not n.value.keywords]
    if len(classes) != 1 or len(made) != 1:
        return body
    methods = _without_docstring(classes[0].body)
    if len(methods) != 1 or not isinstance(methods[0], ast.FunctionDef) \
            or methods[0].name != "forward" or not methods[0].args.args:
        return body
    forward = methods[0]
    if any(isinstance(n, ast.Name) and n.id == forward.args.args[0].arg
           for n in ast.walk(forward)):
        return body  # reads self: a module after all
    forward.name, forward.args.args = "program", forward.args.args[1:]
    return [forward if n is classes[0] else n for n in body if n is not made[0]]


# The frame every program has, whatever its bug: not what tells one bug from another.
_FRAME = frozenset({"FunctionDef", "ClassDef", "Return", "Assign", "Call", "Attribute",
                    "Tuple", "Import", "ImportFrom", "super()", ".__init__", ".nn",
                    ".Module"})


def constructs(source: str) -> frozenset[str]:
    """Operations called (`.view`, `torch.eye`, `len`), operators (`Is`, `Eq`, `Add`) and
    statement and expression kinds of the program itself: not of calls(), whose inputs vary
    from program to program, and not the frame every program has (a def, a class, a
    return)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return frozenset()
    library, found = _globals(tree), set()
    for top in tree.body:
        if isinstance(top, ast.FunctionDef) and top.name == "calls":
            continue
        for node in ast.walk(top):
            found.add(_construct(node, library))
    found.discard(None)
    return frozenset(found) - _FRAME


def _construct(node: ast.AST, library: frozenset[str]) -> str | None:
    if isinstance(node, ast.Attribute):
        return f".{node.attr}"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return f"{node.func.id}()" if node.func.id in library else "Call"
    if isinstance(node, ast.cmpop | ast.operator | ast.unaryop | ast.boolop):
        return type(node).__name__  # `is` and `==` are different operations
    if isinstance(node, ast.stmt | ast.expr) and not isinstance(
            node, ast.Name | ast.Constant | ast.Expr | ast.Load | ast.Store):
        return type(node).__name__
    return None


def contains(program: frozenset[str], core: frozenset[str]) -> bool:
    """Does a program with `program` constructs contain a finding's `core`?"""
    return core <= program


def one_bug(key: str, raised: bool, first: tuple[str | None, frozenset[str] | None],
            second: tuple[str | None, frozenset[str] | None],
            said: tuple[str, str] = ("", "")) -> bool:
    """Are two shrunk findings of shrink key `key` one bug? Each is (structure, constructs) of
    its shrunk program; `said` is what the subject raised in each (said_of). Equal structures
    are one bug. For an exception raised at one place (`raised`, and the key names the raising
    function: `@`) it is enough that one's constructs hold the other's (the smaller program
    raises there already), or that the subject said the same, and said something, in both: two
    programs left at different local minima of shrinking. A wrong value has no such place, and
    a larger program may hold a second bug."""
    (structure_a, core_a), (structure_b, core_b) = first, second
    if structure_a is None or core_a is None or core_b is None:
        return False
    if structure_a == structure_b:
        return True
    if not (raised and "@" in key):
        return False
    return core_a <= core_b or core_b <= core_a or (said[0] != "" and said[0] == said[1])


_LOCATION = re.compile(r"\s*\([^()]*\)\s*$")
_DIGITS = re.compile(r"\d+")


def said_of(message: str) -> str:
    """What a subject raised, from an exception verdict's message: the text after `raised `
    (else all of it), names' numbers and a trailing place in parentheses abstracted."""
    said = message.rpartition("raised ")[2]
    return _DIGITS.sub("0", _LOCATION.sub("", said))
