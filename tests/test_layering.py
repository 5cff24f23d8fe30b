"""Imports go one way (docs/architecture.md): oracle -> compiler (public API) and generators;
generators -> neither; compiler -> neither, and never torch._dynamo or torch.compile."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "compiler": ("oracle", "generators", "torch._dynamo"),
    "generators": ("compiler", "oracle"),
    "oracle": (),
}


def imported_modules(tree: ast.AST) -> list[tuple[str, int]]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.extend((f"{node.module}.{alias.name}", node.lineno) for alias in node.names)
    return names


def calls_torch_compile(tree: ast.AST) -> list[int]:
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "compile"
        and isinstance(node.value, ast.Name)
        and node.value.id == "torch"
    ]


def layering_violations(package: str, root: Path = ROOT) -> list[str]:
    found = []
    for path in sorted((root / package).rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        rel = path.relative_to(root)
        for name, line in imported_modules(tree):
            for banned in FORBIDDEN[package]:
                if name == banned or name.startswith(banned + "."):
                    found.append(f"{rel}:{line} imports {name}")
            if package == "oracle" and name.startswith("compiler."):
                parts = name.split(".")
                if len(parts) > 2 or not hasattr(__import__("compiler"), parts[1]):
                    found.append(f"{rel}:{line} reaches past compiler's public API: {name}")
        if package == "compiler":
            found.extend(f"{rel}:{line} uses torch.compile" for line in calls_torch_compile(tree))
    return found


def test_compiler_imports_neither_harness_nor_dynamo():
    assert layering_violations("compiler") == []


def test_generators_import_neither_compiler_nor_oracle():
    assert layering_violations("generators") == []


def test_oracle_uses_only_the_public_compiler_api():
    assert layering_violations("oracle") == []


def test_a_violation_names_the_importing_file(tmp_path):
    (tmp_path / "generators").mkdir()
    (tmp_path / "generators" / "bad.py").write_text("import oracle.eager\n")
    assert layering_violations("generators", tmp_path) == [
        "generators/bad.py:1 imports oracle.eager"
    ]
