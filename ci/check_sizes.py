"""Size budget: no source file over 800 lines, no function over 100 lines.

Run by `make lint` and by tests/test_sizes.py; prints each offender and exits 1.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("compiler", "oracle", "generators", "tests", "bench", "ci")
MAX_FILE_LINES = 800
MAX_FUNCTION_LINES = 100


def source_files(root: Path = ROOT) -> list[Path]:
    files: list[Path] = []
    for package in PACKAGES:
        files.extend(sorted((root / package).rglob("*.py")))
    return files


def violations(path: Path) -> list[str]:
    text = path.read_text()
    rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    found = []
    lines = text.count("\n") + 1
    if lines > MAX_FILE_LINES:
        found.append(f"{rel}: {lines} lines (limit {MAX_FILE_LINES})")
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append(
                    f"{rel}:{node.lineno}: function {node.name} has {length} lines"
                    f" (limit {MAX_FUNCTION_LINES})"
                )
    return found


def main() -> int:
    found = [v for path in source_files() for v in violations(path)]
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
