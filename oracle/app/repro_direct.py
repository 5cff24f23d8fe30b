"""repro.py: the direct repro a compiler engineer pastes into an issue — the shrunk program, its
inputs (its own `calls()`), one compile call of the subject, and one assertion that shows
expected against actual. Nothing else: a plain Python script that exits 1 (a traceback ending
in the assertion, or the subject's own error) while the bug is present and 0 once it is fixed.

What is compared comes from the finding: the path of the oracle's message (`out[1]['h']`,
`args[0]`, `G['bn'].running_mean`) is what `run` returns on each side; a value is compared with
torch.testing.assert_close at the oracle's tolerance, requires_grad and strides directly (what
assert_close leaves out), an aliasing finding by identity, an exception by type. A program's
globals (a module with buffers) are shared by the two sides of a plain script, so a finding
about them re-loads the file for each side (`runpy`). Kinds it does not model (recompile
counts) raise ValueError, and oracle/app/reproduce.py puts the full check.py in repro.py's place.

`failure_line(repro)` says what repro.py's output shows while the bug is present (read from its
first line, which names the finding): oracle/app/reproduce.py checks it, so that a repro failing for
another reason (an import error, the program raising eagerly) does not count as reproducing.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

import torch

from oracle.judge.compare import TOLERANCES
from oracle.judge.subjects import (
    DYNAMIC_VALUES,
    KNOWN_BACKENDS,
    _is_subject,
    literal_option,
    split_options,
)

_MESSAGE = re.compile(r"^call (\d+): (.+?): ([\w ]+?)(?: \([^)]*\))? differs: "
                      r"expected (.*?), got (.*)$")
_CALL = re.compile(r"^call (\d+):")
_ALIAS = re.compile(r"^the input (.+) itself$")
_ROOT = re.compile(r"^(out|args|kwargs|[GC]\[([^\[\]]+)\])")
_STEP = re.compile(r"^(\[([^\[\]]+)\]|\.[A-Za-z_]\w*)")
_LITERAL = re.compile(r"-?\d+(\.\d*)?(e-?\d+)?|True|False|None|b?'([^'\\]|\\.)*'"
                      r'|b?"([^"\\]|\\.)*"')
_HEADER = re.compile(r"^# parity finding (\S+): exits 1 while the bug is present")
_RANDOM = re.compile(r"\b(rand\w*|dropout\w*|bernoulli\w*|multinomial|normal_|uniform_|"
                     r"exponential_|poisson|random\w*|rrelu\w*)\b", re.IGNORECASE)


@dataclass
class Target:
    """Where the oracle saw the difference: the call, what to pick on each side, and how."""

    call: int | None = None
    pick: str = "out"
    aspect: str = "value"
    alias_of: str | None = None  # for identity findings: the input the output must be


def target(message: str) -> Target:
    """Read the call, path and aspect out of an oracle message; `out` at the last call when
    the message says none (a compile failure, a timeout)."""
    text = " ".join(message.split())
    found = _MESSAGE.match(text)
    if found is None:
        call = _CALL.match(text)
        return Target(int(call.group(1)) if call else None)
    call, path, what, expected = found.group(1), found.group(2), found.group(3), found.group(4)
    aspect = what.split(" ")[0]
    alias = _ALIAS.match(expected) if aspect == "identity" else None
    source = expression(alias.group(1)) if alias else None
    return Target(int(call), expression(path) or "out", aspect, source)


def expression(path: str) -> str | None:
    """The oracle's path as Python over (out, args, kwargs, space), where `space` is the
    program's globals: the longest prefix of it that is plain indexing and attribute access."""
    root = _ROOT.match(path)
    if root is None:
        return None
    text = root.group(1)
    if root.group(2) is not None:
        if not _literal(root.group(2)):
            return None
        text = (f"space[{root.group(2)}]" if text.startswith("G") else
                f"dict(zip(space['program'].__code__.co_freevars, [c.cell_contents for c in "
                f"space['program'].__closure__]))[{root.group(2)}]")
    rest = path[root.end():]
    while (step := _STEP.match(rest)) is not None:
        if step.group(2) is not None and not _literal(step.group(2)):
            break
        text, rest = text + step.group(1), rest[step.end():]
    return text


def _literal(text: str) -> bool:
    # A regex, not ast.literal_eval: the renderer parses nothing, whatever thread it runs on.
    return _LITERAL.fullmatch(text) is not None


_MODELLED = ("mismatch-value", "mismatch-mutation", "mismatch-exception", "crash", "timeout",
             "abort")


def render(source: str, spec: str, signature: str, timeout: float = 60.0,
           message: str = "") -> str:
    """repro.py for the program `source` failing as `signature` under the subject `spec`."""
    verdict = signature.split(":", 1)[0]
    if verdict not in _MODELLED:
        raise ValueError(f"a {verdict} finding has no direct form (it counts compiles)")
    where = target(message)
    program = _program(source)
    body, inputs = _split_calls(program)
    setup, compile_expr = subject_code(spec, bool(_RANDOM.search(body)))
    catch = _catches(verdict, message)
    fresh = any(p.startswith(("space", "dict(")) for p in (where.pick, where.alias_of or ""))
    seeds = (_RANDOM.search(inputs) is not None and "generator=" not in inputs,
             _RANDOM.search(body) is not None)
    returned = (f"{where.pick} is {where.alias_of}" if where.alias_of is not None
                else "out" if catch else where.pick)
    lines = [f"# parity finding {signature}: exits 1 while the bug is present", *program]
    if not fresh and setup:
        lines += ["", *setup]
    if verdict == "timeout":
        limit = max(1, int(timeout))
        lines += ["import os, signal  # noqa: E401",
                  "signal.signal(signal.SIGALRM, lambda *_: (print('FAIL: timeout: no result "
                  f"within {limit} s', flush=True), os._exit(1)))",
                  f"signal.alarm({limit})"]
    # An in-place change is compared even where the call raises after it (in both).
    suppress = verdict == "mismatch-mutation" and not catch
    lines += ["", *_runner(where.call or 0, catch, returned, fresh, seeds, suppress)]
    indent = "    " if fresh else ""
    if fresh:
        lines += ["", "if __name__ == '__main__':",
                  "    import contextlib, runpy  # noqa: E401" if suppress else "    import runpy"]
        lines += [indent + s for s in setup]
        lines += ["    expected = run(lambda program: program)",
                  f"    actual = run(lambda program: {compile_expr})"]
    else:
        lines += ["", "expected = run(program)", f"actual = run({compile_expr})"]
    lines += [indent + line for line in _assertion(where, catch, program)]
    return "\n".join(lines) + "\n"


def failure_line(repro: str) -> str:
    """What a rendered repro.py shows while the bug is present, read from its text: the type
    of the exception its traceback ends with (AssertionError, or the subject's own error where
    that propagates), `FAIL: timeout` for a hang, "" for an abort (death by a signal)."""
    header = _HEADER.match(repro)
    signature = header.group(1) if header else ""
    verdict = signature.split(":", 1)[0]
    if verdict == "timeout":
        return "FAIL: timeout"
    if verdict == "abort":
        return ""
    if verdict == "crash" and "except Exception as exc:" not in repro:
        return re.split(r"[:@]", signature.split("@", 1)[0])[-1]
    return "AssertionError"


def _catches(verdict: str, message: str) -> bool:
    """Does the repro catch exceptions: when eager raises at the failing call, or when the
    finding is about which exception is raised. A crash where eager returned propagates: its
    traceback is the repro."""
    return verdict == "mismatch-exception" or (verdict == "crash" and " eager raised " in
                                                 f" {' '.join(message.split())}")


def _program(source: str) -> list[str]:
    """The program without its module docstring; a blank line only before a top-level
    definition."""
    text = source.strip()
    docstring = re.match(r'^("""|\'\'\')(.*?)\1\s*', text, re.DOTALL)
    if docstring:
        text = text[docstring.end():]
    lines: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if lines and re.match(r"(def|class|async def|@)\b", line):
            lines.append("")
        lines.append(line.rstrip())
    return lines


def _split_calls(program: list[str]) -> tuple[str, str]:
    """The program's text before its calls() and from there on."""
    text = "\n".join(program)
    before, found, after = text.partition("def calls(")
    return before, found + after


def _runner(call: int, catch: bool, returned: str, fresh: bool,
            seeds: tuple[bool, bool], suppress: bool = False) -> list[str]:
    """`run(fn)`: call `fn` on the inputs of calls() up to the call that differs, seeded as
    the oracle seeds them where the program or its inputs draw random numbers."""
    if fresh:
        head = ["def run(compile):  # each side loads this file anew: its own globals",
                "    space = runpy.run_path(__file__, run_name='side')",
                "    fn, inputs = compile(space['program']), space['calls']()"]
    else:
        head = ["def run(fn):", "    inputs = calls()"]
    step = ["torch.manual_seed(4321 + i)"] * seeds[0] + ["args, kwargs = next(inputs)"]
    step += ["torch.manual_seed(1234 + i)"] * seeds[1]
    if catch:
        step += ["try:", "    out = fn(*args, **kwargs)", "except Exception as exc:",
                 "    out = exc"]
    elif suppress:
        step += ["with contextlib.suppress(Exception):  # it may raise after its change",
                 "    fn(*args, **kwargs)"]
    else:
        step += ["out = fn(*args, **kwargs)"]
    if suppress and not fresh:  # a fresh-globals repro imports it beside runpy
        head.insert(1, "    import contextlib")
    if call == 0:
        body = ["    " + s.replace(" + i", "") for s in step]
    else:
        body = [f"    for i in range({call + 1}):"] + ["        " + s for s in step]
    return head + body + [f"    return {returned}"]


def _assertion(where: Target, catch: bool, program: list[str]) -> list[str]:
    shown = 'f"expected {expected!r}, got {actual!r}"'
    if catch:
        return [f"assert isinstance(actual, type(expected)), {shown}"]
    if where.alias_of is not None:
        return [f'assert actual == expected, f"`{where.pick} is {where.alias_of}`: eager '
                'says {expected}, compiled {actual}"']
    if where.aspect == "type":
        return [f"assert type(actual) is type(expected), {shown}"]
    if where.aspect == "requires_grad":
        return ["assert actual.requires_grad == expected.requires_grad, f\"expected "
                "requires_grad={expected.requires_grad}, got {actual.requires_grad}\""]
    if where.aspect == "stride":
        return ["free = lambda t: [s for s, n in zip(t.stride(), t.shape) if n > 1]",
                "assert free(actual) == free(expected), f\"expected strides "
                "{expected.stride()}, got {actual.stride()}\""]
    rtol, atol = _tolerance(program)
    return [f"torch.testing.assert_close(actual, expected, rtol={rtol:g}, atol={atol:g}, "
            "equal_nan=True,",
            '                           msg=lambda m: f"{m}\\nexpected: {expected}\\nactual:   '
            '{actual}")']


def _tolerance(program: list[str]) -> tuple[float, float]:
    """The oracle's tolerance for the widest low-precision dtype the program names; float32's
    otherwise (the default dtype)."""
    text = "\n".join(program)
    named = [d for d in TOLERANCES if str(d).removeprefix("torch.") in text]
    wide = [TOLERANCES[d] for d in named if d.itemsize <= 2]
    return max(wide) if wide else TOLERANCES[torch.float32]


def subject_code(spec: str, random: bool = True) -> tuple[list[str], str]:
    """Lines that make the subject ready, and the compile call of `program` under it;
    `random`: the program draws random numbers, which inductor must draw as eager does."""
    base, options = split_options(spec)
    head, _, tail = base.partition(":")
    if head in ("ours", "torch"):
        backend = tail or "eager"
        setup = ["import compiler"] if head == "ours" else []
        if backend in KNOWN_BACKENDS:
            argument = repr(backend)
        else:
            module, _, attr = backend.rpartition(".")
            setup.append(f"from {module} import {attr} as backend" if attr != "backend"
                         else f"from {module} import backend")
            argument = "backend"
        if head == "torch" and backend == "inductor" and random:
            setup += ["import torch._inductor.config",
                      "torch._inductor.config.fallback_random = True  # eager's random numbers"]
        call = "compiler.compile" if head == "ours" else "torch.compile"
        dynamic = "".join(f", dynamic={DYNAMIC_VALUES[v.lower()]}" for k, v in options.items()
                          if k == "dynamic" and v.lower() in DYNAMIC_VALUES)
        return setup, f"{call}(program, backend={argument}{dynamic})"
    if not re.fullmatch(r"[\w.]+", head) or not tail.isidentifier():
        raise ValueError(f"cannot write a repro for subject {spec!r}")
    try:
        found = getattr(importlib.import_module(head), tail)
    except Exception:  # not importable here: the script decides when it runs
        setup = [f"from {head} import {tail} as subject",
                 "if isinstance(subject, type) or not hasattr(subject, 'compile'):",
                 f"    subject = subject({_keywords(options)})  # a factory, as specs allow"]
        return setup, "subject.compile(program)"
    made = "" if _is_subject(found) else f"({_keywords(options)})"  # a class or a factory
    return [f"from {head} import {tail}"], f"{tail}{made}.compile(program)"


def _keywords(options: dict[str, str]) -> str:
    return ", ".join(f"{k}={literal_option(v)!r}" for k, v in options.items())
