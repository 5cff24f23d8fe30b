"""repro.py: the direct repro a compiler engineer pastes into an issue — the shrunk program, its
calls replayed eagerly and compiled, and one comparison of the place the oracle found different.

What is compared comes from the finding: the path of the oracle's message (`out[1]['h']`,
`args[0]`, `G['bn'].running_mean`) is picked on both sides and compared with
torch.testing.assert_close plus what assert_close leaves out (requires_grad; strides when the
finding is about strides); an aliasing finding compares object identity; raised exceptions are
compared by type. Kinds it does not model (recompile counts) simply do not reproduce here, and
oracle/reproduce.py then puts the full check in repro.py's place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from oracle.compare import DEFAULT_TOLERANCE, TOLERANCES
from oracle.subjects import DYNAMIC_VALUES, KNOWN_BACKENDS, literal_option, split_options

_MESSAGE = re.compile(r"^call (\d+): (.+?): ([\w ]+?)(?: \([^)]*\))? differs: "
                      r"expected (.*?), got (.*)$")
_CALL = re.compile(r"^call (\d+):")
_ALIAS = re.compile(r"^the input (.+) itself$")
_ROOT = re.compile(r"^(out|args|kwargs|[GC]\[([^\[\]]+)\])")
_STEP = re.compile(r"^(\[([^\[\]]+)\]|\.[A-Za-z_]\w*)")
_LITERAL = re.compile(r"-?\d+(\.\d*)?(e-?\d+)?|True|False|None|b?'([^'\\]|\\.)*'"
                      r'|b?"([^"\\]|\\.)*"')


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
    """The oracle's path as Python over (out, args, kwargs, space): the longest prefix of it
    that is plain indexing and attribute access."""
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
    # A regex, not ast.literal_eval: CPython 3.11's AST conversion is not thread-safe, and a
    # campaign renders repros on one thread while its shrinker parses on another.
    return _LITERAL.fullmatch(text) is not None


def render(source: str, spec: str, signature: str, timeout: float = 60.0,
           message: str = "") -> str:
    """repro.py for the program `source` failing as `signature` under the subject `spec`."""
    where = target(message)
    setup, compile_expr = subject_code(spec)
    said = " ".join(message.split())[:300]
    if where.alias_of is not None:
        fields = {"out": where.pick, "source": where.alias_of}
        helpers, prepare, compare = (part.format(**fields) for part in IDENTITY)
    else:
        stride = ('\n                f" stride={[s for s, n in zip(t.stride(), t.shape) if n > 1]}"'
                  * (where.aspect == "stride"))
        fields = {"pick": where.pick, "stride": stride, "tolerances": _tolerances()}
        helpers, prepare, compare = (part.format(**fields) for part in VALUE)
    body = MAIN.format(signature=signature, spec=spec, said=said, setup=setup,
                       compile=compile_expr, call=where.call, timeout=max(1, int(timeout)),
                       helpers=helpers, prepare=prepare, compare=compare)
    return source.rstrip() + "\n\n\n" + body


def subject_code(spec: str) -> tuple[str, str]:
    """Lines that make the subject ready, and the compile call of `program` under it."""
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
        if head == "torch" and backend == "inductor":
            setup += ["import torch._inductor.config",
                      "torch._inductor.config.fallback_random = True  # eager's random numbers"]
        call = "compiler.compile" if head == "ours" else "torch.compile"
        dynamic = "".join(f", dynamic={DYNAMIC_VALUES[v.lower()]}" for k, v in options.items()
                          if k == "dynamic" and v.lower() in DYNAMIC_VALUES)
        return _indent(setup), f"{call}(program, backend={argument}{dynamic})"
    if not re.fullmatch(r"[\w.]+", head) or not tail.isidentifier():
        raise ValueError(f"cannot write a repro for subject {spec!r}")
    setup = [f"from {head} import {tail} as subject",
             "if isinstance(subject, type) or not hasattr(subject, 'compile'):",
             f"    subject = subject({_keywords(options)})  # a factory, as specs allow"]
    return _indent(setup), "subject.compile(program)"


def _keywords(options: dict[str, str]) -> str:
    return ", ".join(f"{k}={literal_option(v)!r}" for k, v in options.items())


def _indent(lines: list[str]) -> str:
    return "".join(f"        {line}\n" for line in lines)


def _tolerances() -> str:
    """The oracle's tolerances as a dict literal, packed into lines of the repro's width."""
    lines, line = [], ""
    for dtype, (rtol, atol) in TOLERANCES.items():
        item = f"{dtype}: ({rtol:g}, {atol:g}),"
        if line and len(line) + len(item) > 80:
            lines, line = [*lines, line], ""
        line = f"{line} {item}" if line else item
    return "{" + "\n                  ".join([*lines, line]).rstrip(",") + "}"


MAIN = '''\
# ---- parity repro: {signature} under {spec}
# The oracle said: {said}
# `python repro.py` prints FAIL and exits 1 while the bug is present, 0 once it is fixed.
if __name__ == "__main__":  # noqa: E402
    import os, runpy, signal, sys  # noqa: E401

    def run(compile):  # each side loads this file afresh: its own globals and inputs
        space = runpy.run_path(__file__, run_name="parity_side")
        try:
            fn = compile(space["program"]) if compile else space["program"]
        except Exception as exc:
            return exc, (), {{}}, space
        torch.manual_seed(0)
        for i, (args, kwargs) in enumerate(space["calls"]()):
            torch.manual_seed(1 + i)
            try:
                out = fn(*args, **kwargs)
            except Exception as exc:
                out = exc
            if i == {call}:  # the call the oracle found failing
                break
            torch.manual_seed(10_000 + i)
        return out, args, kwargs, space
{helpers}
    print("torch", torch.__version__)
    signal.signal(signal.SIGALRM, lambda *_: (
        print("FAIL: timeout: no result within {timeout} s", flush=True), os._exit(1)))
    signal.alarm({timeout})
    try:
{setup}        expected = run(None)
        actual = run(lambda program: {compile})
        signal.alarm(0)
{prepare}    except BaseException as exc:
        print(f"ERROR: the repro itself failed: {{type(exc).__name__}}: {{exc}}")
        sys.exit(2)
{compare}'''

VALUE = ('''
    from torch.utils._pytree import tree_leaves

    def meta(value):  # what assert_close leaves out
        return [f"requires_grad={{t.requires_grad}}"{stride}
                for t in tree_leaves(value) if isinstance(t, torch.Tensor)]

    pick = lambda out, args, kwargs, space: {pick}  # where the oracle saw the difference
    # The oracle's tolerances (rtol, atol) by dtype: wider than assert_close's for float32.
    TOLERANCES = {tolerances}
''', '''\
        want = pick(*expected)
        rtol, atol = max([TOLERANCES.get(t.dtype, {default}) for t in tree_leaves(want)
                          if isinstance(t, torch.Tensor)] or [(1e-7, 1e-9)])
''', '''\
    try:
        got = pick(*actual)
        print(f"expected: {{want!r}} {{meta(want)}}\\nactual:   {{got!r}} {{meta(got)}}")
        if isinstance(want, Exception) or isinstance(got, Exception):
            assert isinstance(got, type(want)), "eager and compiled raised differently"
        else:
            torch.testing.assert_close(got, want, rtol=rtol, atol=atol, equal_nan=True)
            assert meta(got) == meta(want), f"expected {{meta(want)}}, got {{meta(got)}}"
    except Exception as exc:
        print("FAIL:", " ".join(f"{{type(exc).__name__}}: {{exc}}".split())[:400])
        sys.exit(1)
    print("OK: compiled agrees with eager")
''')
VALUE = tuple(part.replace("{default}", str(DEFAULT_TOLERANCE)) for part in VALUE)

IDENTITY = ('''
    def same(out, args, kwargs, space):  # is the output the input object itself?
        try:
            return {out} is {source}
        except Exception:
            return False
''', "", '''\
    print(f"expected: `{out} is {source}` is {{same(*expected)}}")
    print(f"actual:   `{out} is {source}` is {{same(*actual)}}")
    if same(*expected) and not same(*actual):
        print("FAIL: compiled returns a new object where eager returns the input itself")
        sys.exit(1)
    print("OK: compiled returns the input itself, as eager does")
''')
