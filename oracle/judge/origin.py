"""Where an exception was raised, as a short label, and whose fault it is when the subject does
not say: what lets the oracle judge third-party compilers that have no `classify` hook.

Origin. The exception chain (`__cause__`, else `__context__`, suppressed or not: a wrapper such
as BackendCompilerFailed, or a subject that translates the program's error, re-raises) is
followed to its root; the root's traceback is read from the innermost frame outward, skipping
pass-through code (torch's ordinary Python code, the standard library, the oracle's harness),
to the first frame that belongs to someone. Labels: "<program>" (the program file or
`__main__`; C++ ops leave no frame, so their errors land here too), "torch" or "python" (raised
inside torch's or the standard library's Python code that the program called),
"torch-compiler:torch._inductor" (COMPILER_STACK, and code it generated),
"package:MODULE:FUNCTION" (any other package, a subject's included), "?" (no traceback).

Blame (`blame`). The subject is at fault when the chain holds an exception type defined in the
compiler stack (BackendCompilerFailed, InternalTorchDynamoError, Unsupported, inductor's errors)
other than the PROGRAM_WRAPPERS, or when the first frame that belongs to someone is the
subject's (its declared `internal_modules`, else its class's top-level package) or the compiler
stack's; another package's frame there (numpy, a helper) is not the subject's. Then
"unsupported" if the outermost exception, or the root when the subject or compiler raised it,
is a NotImplementedError, an *Unsupported* type or says "not (yet) supported"/"unsupported";
else "internal". Otherwise the error is not the subject's own: None.

The fake-tensor rule. Shape propagation raises a program's genuine error (a matmul of
mismatched shapes) from the compiler stack (torch._subclasses, torch._meta_registrations,
torch._refs), usually wrapped in TorchRuntimeError, a RuntimeError. It is blamed on the subject
here, and that is sound because the verdict consults the category only when eager returned, or
raised a type the compiled exception is not an instance of: an error eager raises too passes on
its type, and fake propagation rejecting what eager runs is the compiler's fault.
"""

from __future__ import annotations

import re
import sys
import types
from typing import Any

COMPILER_STACK = (
    "torch._dynamo", "torch._inductor", "torch._functorch", "torch.fx", "torch._subclasses",
    "torch._meta_registrations", "torch._refs", "torch._prims", "torch._prims_common",
    "torch._decomp", "torch._higher_order_ops", "torch._guards", "torch.export", "torch._export",
    "torch.compiler", "torch.utils._sympy",
)
# Compiler-stack types that carry the program's own exception, seen while tracing it: judged by
# the frames of the error they wrap, not by their type.
PROGRAM_WRAPPERS = frozenset({"TorchRuntimeError", "UserError", "ObservedException"})
HARNESS = "oracle"
GENERATED = "torch-compiler:generated"
_DECLINES = re.compile(r"\bnot\s+(yet\s+)?supported\b|\bunsupported\b", re.IGNORECASE)
_MAX_CHAIN = 32


def origin(exc: BaseException, program: str | None = None) -> str:
    """A short label of where `exc` was raised; `program` names the program's module."""
    raised, crossed = root(exc), None
    for kind, label in _frames(raised, program, ()):
        if kind in ("torch", "python"):
            crossed = crossed or label
        elif kind != "harness":
            return crossed if kind in ("program", "interpreted") and crossed else label
    return crossed or ("?" if raised.__traceback__ is None else "python")


def blame(exc: BaseException, subject: tuple[str, ...] = (),
          program: str | None = None) -> str | None:
    """"internal" or "unsupported" when the subject (modules `subject`) is at fault, else None."""
    chain = exception_chain(exc)
    owner = next((kind for kind, _ in _frames(chain[-1], program, subject)
                  if kind in ("program", "interpreted", "subject", "compiler", "package")), None)
    if owner == "interpreted":
        return "unsupported" if _declines(chain[0]) or _declines(root(exc)) else None
    at_fault = owner in ("subject", "compiler") or any(_compiler_fault(e) for e in chain)
    if not at_fault:
        return None
    if _declines(chain[0]) or (owner in ("subject", "compiler") and _declines(root(exc))):
        return "unsupported"
    return "internal"


def subject_modules(subject: Any) -> tuple[str, ...]:
    """The subject's own code: the `internal_modules` it declares, else its class's top-level
    package.

    A declaration is taken as exact: a subject that names its modules is not also blamed for
    code elsewhere in its package (a test helper that stands in for the program, say). No
    package is inferred for a class in a program file or `__main__`: those frames are the
    program's. A subject defined inside the oracle owns its module, not the harness around it.
    """
    declared = tuple(str(m) for m in getattr(subject, "internal_modules", ()) or () if m)
    if declared:
        return declared
    module = getattr(type(subject), "__module__", None) or ""
    if not module or module == "__main__" or _is_loaded_file(module):
        return ()
    top = module.split(".")[0]
    return (module,) if top == HARNESS else (top,)


def owner_packages(compiled: Any) -> tuple[str, ...]:
    """The top-level package whose code a compiled callable is: where its function was defined
    (its globals, which functools.wraps does not copy) or its class. None for torch (its
    compiler stack is known already), the program, the harness and the standard library."""
    target = getattr(compiled, "func", compiled)  # a functools.partial
    namespace = getattr(target, "__globals__", None)
    if isinstance(namespace, dict):
        module = str(namespace.get("__name__") or "")
    else:
        module = getattr(type(target), "__module__", None) or ""
    top = module.split(".")[0]
    if (not top or top in ("torch", HARNESS, "builtins", "functools") or module == "__main__"
            or _is_loaded_file(module)):
        return ()
    return (top,)


def exception_chain(exc: BaseException) -> list[BaseException]:
    """`exc`, then what it was raised from or while handling, down to the root."""
    chain, seen = [exc], {id(exc)}
    while len(chain) < _MAX_CHAIN:
        following = chain[-1].__cause__ or chain[-1].__context__
        if following is None or id(following) in seen:
            break
        chain.append(following)
        seen.add(id(following))
    return chain


def root(exc: BaseException) -> BaseException:
    """The innermost exception of the chain that was raised (has a traceback)."""
    chain = exception_chain(exc)
    return next((e for e in reversed(chain) if e.__traceback__ is not None), chain[-1])


def _frames(exc: BaseException, program: str | None, subject: tuple[str, ...]):
    """(kind, label) of each frame of `exc`'s traceback, innermost first."""
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    program_files = _program_files() if frames else frozenset()
    for frame in reversed(frames):
        name = frame.f_globals.get("__name__")
        yield _kind(name if isinstance(name, str) else None, frame.f_code.co_filename,
                    program, subject, frame.f_code.co_qualname, program_files)


def _kind(module: str | None, filename: str, program: str | None,
          subject: tuple[str, ...], function: str = "?",
          program_files: frozenset[str] = frozenset()) -> tuple[str, str]:
    if module is None or "torchinductor" in filename or filename.startswith("<eval_with_key>"):
        return "compiler", GENERATED
    if module == program or module == "__main__" or _is_loaded_file(module):
        return "program", "<program>"
    if filename in program_files:
        # The program's own lines run by a subject under globals of its own (an interpreting
        # compiler): what they raise shows in the program, but a decline there is the
        # subject's (it raises "not yet supported" at the line it cannot run).
        return "interpreted", "<program>"
    top = module.split(".")[0]
    # A package's error is labelled down to the function that raised it: two crashes of one
    # type in different places of a compiler are two bugs.
    if _within(module, subject):
        return "subject", f"package:{module}:{function}"
    if _within(module, COMPILER_STACK):
        return "compiler", "torch-compiler:" + ".".join(module.split(".")[:2])
    if top == "torch":
        return "torch", "torch"
    if top in sys.stdlib_module_names or top == "builtins":
        return "python", "python"
    if top == HARNESS:
        return "harness", "oracle"
    return "package", f"package:{module}:{function}"


def _within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _program_files() -> frozenset[str]:
    """Files of the program modules the oracle has loaded now (modules without an import
    spec). Not cached: a worker loads and drops one program after another."""
    return frozenset(
        str(m.__file__) for m in list(sys.modules.values())
        if isinstance(m, types.ModuleType) and getattr(m, "__spec__", None) is None
        and getattr(m, "__file__", None))


def _is_loaded_file(module: str) -> bool:
    """A program file the oracle executed into a fresh module: a file, but no import spec."""
    found = sys.modules.get(module)
    return (isinstance(found, types.ModuleType) and getattr(found, "__spec__", None) is None
            and bool(getattr(found, "__file__", None)))


def _compiler_fault(exc: BaseException) -> bool:
    cls = type(exc)
    if not _within(getattr(cls, "__module__", "") or "", COMPILER_STACK):
        return False
    return not any(c.__name__ in PROGRAM_WRAPPERS for c in cls.__mro__)


def _declines(exc: BaseException) -> bool:
    if isinstance(exc, NotImplementedError):
        return True
    if any("Unsupported" in c.__name__ for c in type(exc).__mro__):
        return True
    return bool(_DECLINES.search(first_line(exc)))


def first_line(exc: BaseException) -> str:
    """The first line of the message; an exception whose __str__ raises still has a name. A
    wrapper whose first line only announces the cause (`backend='x' raised:`) gets the cause's
    line too: that is the line that tells one such failure from another."""
    try:
        text = str(exc)
    except Exception:
        return f"<unprintable {type(exc).__name__}>"
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].endswith(":"):
        return f"{lines[0]} {lines[1]}"
    return lines[0] if lines else ""
