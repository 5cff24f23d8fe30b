"""First-order mutants of a Python package, found and applied at the AST level
(`parity mutate`, oracle/app/mutation_cli.py).

Four operators, each a one-place change of one file:
  flip-compare   a comparison turned into its negation (`<` -> `>=`, `is` -> `is not`, ...)
  negate-if      an `if` statement's test negated
  drop-call      a call made as a statement (its value unused) replaced by `pass`
  off-by-one     an integer constant plus one
Sites are listed in a fixed order (file, line, column, operator) and sampled with a seeded
random, the operators taken in turn so that each gets its share; the same package and seed give
the same mutants. A mutant is applied to the text of the file (only the mutated expression or
statement is replaced), so every other line, comment and line number stays as it was.
"""

from __future__ import annotations

import ast
import random
from dataclasses import asdict, dataclass
from pathlib import Path

OPERATORS = ("flip-compare", "negate-if", "drop-call", "off-by-one")
_NEGATED = {ast.Lt: ast.GtE, ast.LtE: ast.Gt, ast.Gt: ast.LtE, ast.GtE: ast.Lt,
            ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
            ast.In: ast.NotIn, ast.NotIn: ast.In}


@dataclass(frozen=True)
class Mutant:
    file: str          # relative to the package folder
    line: int
    column: int
    end_line: int
    end_column: int
    operator: str
    original: str      # the source of the replaced expression or statement
    replacement: str

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    def describe(self) -> str:
        return f"{self.where} {self.operator}: {_one_line(self.original)} -> " \
               f"{_one_line(self.replacement)}"

    def as_dict(self) -> dict:
        return asdict(self) | {"where": self.where}

    def apply(self, text: str) -> str:
        """The file's text with this mutant in place (positions are in UTF-8 bytes, as ast's)."""
        lines = text.encode().splitlines(keepends=True)
        start = sum(len(x) for x in lines[:self.line - 1]) + self.column
        end = sum(len(x) for x in lines[:self.end_line - 1]) + self.end_column
        data = text.encode()
        return (data[:start] + self.replacement.encode() + data[end:]).decode()


def _one_line(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def sites(text: str, file: str) -> list[Mutant]:
    """Every mutant of one file's source, in source order."""
    tree = ast.parse(text)
    skipped = _skipped(tree)
    found: list[Mutant] = []
    for node in ast.walk(tree):
        if id(node) in skipped or not hasattr(node, "lineno"):
            continue
        for span, operator, replacement in _mutations(node, text):
            original = ast.get_source_segment(text, span)
            if original is not None and replacement is not None:
                found.append(Mutant(file, span.lineno, span.col_offset, span.end_lineno,
                                    span.end_col_offset, operator, original, replacement))
    found.sort(key=lambda m: (m.line, m.column, OPERATORS.index(m.operator)))
    return found


def _mutations(node: ast.AST, text: str):
    """(the node whose text is replaced, operator, its replacement) for each mutant here."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _NEGATED:
        flipped = ast.Compare(node.left, [_NEGATED[type(node.ops[0])]()], node.comparators)
        yield node, "flip-compare", f"({ast.unparse(flipped)})"
    elif isinstance(node, ast.If):
        test = ast.get_source_segment(text, node.test)
        yield node.test, "negate-if", None if test is None else f"not ({test})"
    elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        yield node, "drop-call", "pass"
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield node, "off-by-one", str(node.value + 1)


def _skipped(tree: ast.Module) -> set[int]:
    """Nodes not worth mutating: docstrings, `if TYPE_CHECKING:` blocks, `__all__` and
    `__slots__` lists, assertions (they only guard the compiler's own invariants)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        block = isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        names = isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id in ("__all__", "__slots__") for t in node.targets)
        if block or names or isinstance(node, ast.Assert):
            skipped.update(id(n) for n in ast.walk(node))
    return skipped


def package_sites(folder: Path) -> list[Mutant]:
    """Every mutant of every module of the package in `folder`."""
    found: list[Mutant] = []
    for path in sorted(folder.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        text = path.read_text()
        try:
            found += sites(text, path.relative_to(folder).as_posix())
        except SyntaxError:
            continue
    return found


def sample(found: list[Mutant], count: int, seed: int) -> list[Mutant]:
    """`count` distinct mutants, the operators in turn (one with no site left is skipped)."""
    rnd = random.Random(seed)
    by_operator = {op: [m for m in found if m.operator == op] for op in OPERATORS}
    for group in by_operator.values():
        rnd.shuffle(group)
    picked: list[Mutant] = []
    while len(picked) < count and any(by_operator.values()):
        for op in OPERATORS:
            if by_operator[op] and len(picked) < count:
                picked.append(by_operator[op].pop())
    return picked
