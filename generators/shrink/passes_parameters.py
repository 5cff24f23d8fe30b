"""Unused parameters dropped together with their arguments at every call site.

`program`'s call sites are the `(args, kwargs)` pairs that calls() yields, so dropping one of
its parameters drops the same position from every yielded tuple. When `program` is an instance
(`program = Model(...)`), the same holds for `Model.forward`; `__init__`'s call sites are the
calls of the class.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from generators.shrink.ast_paths import Path, loaded_names, resolve, walk
from generators.shrink.candidates import Candidate, shrink_pass
from generators.shrink.passes_calls import call_sites
from generators.shrink.skeleton import PROGRAM, yielded_calls


@dataclass(frozen=True)
class Signature:
    path: Path  # of the FunctionDef
    callee: str | None  # the name its call sites call (a class, for __init__)
    skip: int  # leading parameters its call sites do not pass (`self`)
    yielded: bool  # its call sites are calls()'s yields


def program_class(tree: ast.Module) -> str | None:
    """`Model` when the file says `program = Model(...)`."""
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call):
            targets = [t.id for t in statement.targets if isinstance(t, ast.Name)]
            if PROGRAM in targets and isinstance(statement.value.func, ast.Name):
                return statement.value.func.id
    return None


def signatures(tree: ast.Module) -> list[Signature]:
    """Functions whose call sites are all visible: plain functions by name, `__init__` by
    its class's name, and the program module's `forward` through the yields."""
    instance_of = program_class(tree)
    found = []
    for index, statement in enumerate(tree.body):
        path = (("body", index),)
        if isinstance(statement, ast.ClassDef):
            found.extend(method_signatures(statement, path, instance_of))
            continue
        for inner_path, node in nested_functions(statement, path):
            yielded = inner_path == path and node.name == PROGRAM
            found.append(Signature(inner_path, node.name, 0, yielded))
    return [s for s in found if not resolve(tree, s.path).args.posonlyargs]


def nested_functions(statement: ast.stmt, path: Path) -> Iterator[tuple[Path, ast.FunctionDef]]:
    for inner_path, node in walk(statement, path):
        if isinstance(node, ast.FunctionDef):
            yield inner_path, node


def method_signatures(cls: ast.ClassDef, path: Path, instance_of: str | None):
    for index, method in enumerate(cls.body):
        if not isinstance(method, ast.FunctionDef) or method.decorator_list:
            continue
        method_path = path + (("body", index),)
        if method.name == "__init__":
            yield Signature(method_path, cls.name, 1, False)
        elif method.name == "forward" and cls.name == instance_of:
            yield Signature(method_path, None, 1, True)


def unused_parameters(function: ast.FunctionDef, skip: int) -> list[int]:
    read = loaded_names(ast.Module(body=function.body, type_ignores=[]))
    return [i for i, a in enumerate(function.args.args) if i >= skip and a.arg not in read]


def drop_parameter(signature: Signature, index: int):
    def edit(tree: ast.Module) -> bool:
        function = resolve(tree, signature.path)
        args = function.args
        if index >= len(args.args):
            return False
        name = args.args[index].arg
        first_default = len(args.args) - len(args.defaults)
        if index >= first_default:
            del args.defaults[index - first_default]
        del args.args[index]
        position = index - signature.skip
        if signature.callee is not None:
            for _path, call in call_sites(tree, signature.callee):
                drop_call_argument(call, position, name)
        if signature.yielded:
            drop_yielded_argument(tree, position, name)
        return True

    return edit


def drop_call_argument(call: ast.Call, index: int, name: str) -> None:
    if index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args):
        del call.args[index]
    call.keywords = [k for k in call.keywords if k.arg != name]


def drop_yielded_argument(tree: ast.Module, index: int, name: str) -> None:
    for args, kwargs in yielded_calls(tree):
        if isinstance(args, ast.Tuple | ast.List) and 0 <= index < len(args.elts):
            del args.elts[index]
        if isinstance(kwargs, ast.Dict):
            pairs = [
                (k, v)
                for k, v in zip(kwargs.keys, kwargs.values, strict=True)
                if not (isinstance(k, ast.Constant) and k.value == name)
            ]
            kwargs.keys = [k for k, _ in pairs]
            kwargs.values = [v for _, v in pairs]


def unused_keyword_only(function: ast.FunctionDef) -> list[int]:
    read = loaded_names(ast.Module(body=function.body, type_ignores=[]))
    return [i for i, a in enumerate(function.args.kwonlyargs) if a.arg not in read]


def drop_keyword_only(signature: Signature, index: int):
    """`def f(x, *, scale=1.0)` -> `def f(x)`, and `scale=` dropped wherever it is passed."""
    def edit(tree: ast.Module) -> bool:
        args = resolve(tree, signature.path).args
        if index >= len(args.kwonlyargs):
            return False
        name = args.kwonlyargs[index].arg
        del args.kwonlyargs[index]
        del args.kw_defaults[index]
        if signature.callee is not None:
            for _path, call in call_sites(tree, signature.callee):
                call.keywords = [k for k in call.keywords if k.arg != name]
        if signature.yielded:
            drop_yielded_argument(tree, -1, name)  # no position: by name only
        return True

    return edit


@shrink_pass("drop-parameters")
def drop_unused_parameters(tree: ast.Module) -> Iterator[Candidate]:
    for number, signature in enumerate(signatures(tree)):
        function = resolve(tree, signature.path)
        unused = unused_parameters(function, signature.skip)
        # Highest index first, so that a drop never renumbers the ones still to try.
        for position, index in enumerate(reversed(unused)):
            yield Candidate((number, position), drop_parameter(signature, index))
        for position, index in enumerate(reversed(unused_keyword_only(function))):
            yield Candidate((number, len(unused) + position), drop_keyword_only(signature, index))
