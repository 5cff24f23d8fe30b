"""The largest import cycle of a package: strongly connected components of its import graph.

An edge A -> B is an `import B` / `from B import name` (or `from P import B` of a submodule B)
written anywhere in module A: at module level and, with `--module-level` left off, inside
functions too, since an in-function import still ties the two modules together (it only
defers the import to the first call). Imports under `if TYPE_CHECKING:` are left out: they
never run. The parent packages Python imports on the way (`compiler/__init__.py` for
`compiler.errors`) are not edges; a package's `__init__` counts only when named itself.

`python ci/import_cycles.py compiler generators oracle [--module-level]` prints the largest
cycle of each package, its size and its members; tests/test_import_cycles.py holds the bounds.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_names(package: str, root: Path = ROOT) -> dict[str, Path]:
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    return skipped


def _import_nodes(tree: ast.Module, module_level: bool):
    if module_level:
        # Top-level statements, and the bodies of top-level if/try (conditional imports).
        stack = list(tree.body)
        while stack:
            node = stack.pop()
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                yield node
            elif isinstance(node, (ast.If, ast.Try)):
                stack.extend(node.body + node.orelse + getattr(node, "finalbody", []))
                for handler in getattr(node, "handlers", []):
                    stack.extend(handler.body)
        return
    yield from (n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)))


def _absolute(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    if node.level == 0:
        return node.module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str, path: Path, known: dict[str, Path], module_level: bool) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    skipped = _type_checking_nodes(tree)
    targets: set[str] = set()
    for node in _import_nodes(tree, module_level):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
            continue
        base = _absolute(node, name, path.name == "__init__.py")
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            targets.add(submodule if submodule in known else base)
    return {t for t in targets if t in known and t != name}


def import_graph(package: str, module_level: bool = False, root: Path = ROOT
                 ) -> dict[str, set[str]]:
    known = module_names(package, root)
    return {name: imports_of(name, path, known, module_level) for name, path in known.items()}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative; components largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return sorted(components, key=len, reverse=True)


def largest_cycle(package: str, module_level: bool = False, root: Path = ROOT) -> list[str]:
    """The members of the largest import cycle ([] when the package has none)."""
    components = strongly_connected(import_graph(package, module_level, root))
    return components[0] if components and len(components[0]) > 1 else []


def main(argv: list[str]) -> int:
    module_level = "--module-level" in argv
    packages = [a for a in argv if not a.startswith("--")] or ["compiler", "oracle", "generators"]
    for package in packages:
        if not (ROOT / package).is_dir():
            print(f"import_cycles: no package {package!r} under {ROOT}", file=sys.stderr)
            return 2
        cycle = largest_cycle(package, module_level)
        print(f"{package}: largest cycle {len(cycle)} modules"
              + (f": {', '.join(cycle)}" if cycle else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
