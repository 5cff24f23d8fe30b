"""check.py: a finding's program with a copy of the oracle's own judging modules bundled in,
so that it runs exactly the check the campaign ran, needing only torch and the subject.

The bundle is the source of oracle.judge.repro_check and oracle.judge.differential, of every
oracle module they import (all in oracle/judge/), found by following their imports at render
time, so a module added to the judgement later travels too, and of the packages holding them.
It sits in one dunder global, `__parity_oracle__`, defined under `if __name__ == "__main__":`
like the rest of the harness: when the oracle loads the script
as a program file (a fresh module, another __name__) none of it exists, and the program's
globals are the program's alone.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import pprint

ROOTS = ("oracle.judge.repro_check", "oracle.judge.differential")
PACKAGE = "oracle"


@functools.cache
def oracle_sources(roots: tuple[str, ...] = ROOTS) -> dict[str, str]:
    """Module name -> source of `roots`, the oracle modules they import (transitively) and
    the packages holding them (`oracle`, `oracle.judge`). Once per process, as the oracle's
    code is once per process: a campaign's workers judge with the modules they imported at
    start. (Parsing while a campaign's shrinker parses too is safe: the campaign serialises
    compile(), ast_lock.py.)"""
    return _collect(roots)


def _collect(roots: tuple[str, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    waiting = list(roots)
    while waiting:
        name = waiting.pop()
        if name in found:
            continue
        found[name] = _source(name)
        waiting.extend(n for n in imported(found[name]) if n not in found)
        waiting.extend(_parents(name))  # Python imports `oracle` and `oracle.judge` on the way
    return dict(sorted(found.items()))


def _parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts))]


def imported(source: str) -> list[str]:
    """The oracle modules `source` imports: at the top, inside functions, anywhere but under
    `if TYPE_CHECKING:` (annotations only)."""
    names: list[str] = []
    for node in _runtime_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            candidates = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        names += [n for n in candidates if _is_oracle_module(n)]
    return names


def _runtime_nodes(tree: ast.AST):
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _is_oracle_module(name: str) -> bool:
    if name != PACKAGE and not name.startswith(PACKAGE + "."):
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False  # `from oracle.x import some_function`: not a module


def _source(name: str) -> str:
    spec = importlib.util.find_spec(name)
    source = spec.loader.get_source(name) if spec and spec.loader else None
    if source is None:
        raise ImportError(f"no source for {name} to bundle into check.py")
    return source


def render_check(source: str, spec: str, signature: str, timeout: float = 60.0,
                 message: str = "") -> str:
    """check.py for the program `source` failing as `signature` under the subject `spec`."""
    said = " ".join(message.split())[:300]
    head = (f"# parity check: {signature} under {spec}\n"
            f"# The oracle said: {said}\n" if said else f"# parity check: {signature}\n")
    head += ("# `python check.py` runs the oracle's own check (bundled below) on this program:\n"
             "# FAIL and exit 1 while it fails, OK and exit 0 once it passes.\n")
    bundle = pprint.pformat(oracle_sources(), width=100, sort_dicts=True)
    bottom = BOTTOM.format(bundle=bundle, spec=spec, signature=signature,
                           timeout=max(1, int(timeout)))
    return head + source.rstrip() + "\n\n\n" + bottom


BOTTOM = '''\
if __name__ == "__main__":  # noqa: E402  (nothing below runs when the oracle loads this file)
    # The oracle's judging modules, as the campaign ran them: installed ahead of any other
    # `oracle` on this machine, so the verdict below is the campaign's verdict.
    __parity_oracle__ = {bundle}

    def __parity_main__():
        try:
            import importlib.abc
            import importlib.util
            import sys

            class BundledOracle(importlib.abc.MetaPathFinder, importlib.abc.Loader):
                def find_spec(self, name, path=None, target=None):
                    if name in __parity_oracle__:
                        package = any(n.startswith(name + ".") for n in __parity_oracle__)
                        return importlib.util.spec_from_loader(
                            name, self, origin=f"<bundled {{name}}>", is_package=package)
                    return None

                def create_module(self, spec):
                    return None

                def exec_module(self, module):
                    code = compile(__parity_oracle__[module.__name__], module.__spec__.origin,
                                   "exec")
                    exec(code, module.__dict__)

            sys.meta_path.insert(0, BundledOracle())
            from oracle.judge.repro_check import main
        except BaseException as exc:
            print(f"ERROR: cannot install the bundled oracle: {{type(exc).__name__}}: {{exc}}")
            return 2
        return main(__file__, {spec!r}, {signature!r}, {timeout})

    raise SystemExit(__parity_main__())
'''
