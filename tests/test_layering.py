"""Imports go one way (docs/architecture.md): oracle -> compiler (public API) and generators;
generators -> neither; compiler -> neither, and never torch._dynamo or torch.compile. Inside the
oracle, the judgement (oracle/judge/) imports no other part of the oracle: the application
(oracle/app/) builds on it, never the other way."""

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


def judgement_escapes(root: Path = ROOT) -> list[str]:
    """Imports of oracle modules outside oracle.judge, written in oracle/judge/."""
    found = []
    for path in sorted((root / "oracle" / "judge").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for name, line in imported_modules(tree):
            if name.split(".")[0] == "oracle" and not name.startswith("oracle.judge"):
                found.append(f"{path.relative_to(root)}:{line} imports {name}")
    return found


def test_the_judgement_imports_nothing_else_of_the_oracle():
    assert sorted((ROOT / "oracle" / "judge").glob("*.py")), "no oracle/judge/ package"
    assert judgement_escapes() == []


def test_a_judgement_escape_is_named(tmp_path):
    (tmp_path / "oracle" / "judge").mkdir(parents=True)
    (tmp_path / "oracle" / "judge" / "eager.py").write_text(
        "from oracle.judge import state\nfrom oracle.app import pool\n")
    assert judgement_escapes(tmp_path) == ["oracle/judge/eager.py:2 imports oracle.app.pool"]


def test_a_violation_names_the_importing_file(tmp_path):
    (tmp_path / "generators").mkdir()
    (tmp_path / "generators" / "bad.py").write_text("import oracle.judge.eager\n")
    assert layering_violations("generators", tmp_path) == [
        "generators/bad.py:1 imports oracle.judge.eager"
    ]
