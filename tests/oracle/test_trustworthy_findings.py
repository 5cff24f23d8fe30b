"""Findings that can be trusted on any subject: recompile rules judged on calls that returned,
one finding per distinct bug, shrinks that keep the bug, and drawing around the unsupported."""

from __future__ import annotations

import textwrap

from oracle.app import buckets
from oracle.app.learning import Learner
from oracle.app.shrinking import keeps_the_bug, shrink_key
from oracle.judge.differential import Result, check
from oracle.judge.rules import RULES, RecompileRules
from oracle.judge.verdict import Verdict
from tests.oracle import planted


class RetriesFailingTraces(planted.Faithful):
    """Caches a trace only once it ran without raising: a failing call compiles every time."""

    name = "planted:retries-failures"

    def compile(self, fn):
        cached: set = set()

        def compiled(*args, **kwargs):
            key = planted._tensor_key(args, kwargs) + tuple(planted._plain(args, kwargs))
            if key not in cached:
                self.compiles += 1
            out = fn(*args, **kwargs)
            cached.add(key)
            return out

        return compiled


def _write(tmp_path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text("import torch\n\n" + textwrap.dedent(body))
    return str(path)


RAISES_TWICE = """
def program(x, n):
    if n > 2:
        raise ValueError("too big")
    return x * n

def calls():
    yield (torch.ones(2), 3), {}
    yield (torch.ones(2), 3), {}
    yield (torch.ones(2), 1), {}
    yield (torch.ones(2), 1), {}
"""


def test_a_subject_that_retries_failing_traces_is_no_recompile_breach(tmp_path):
    result = check(_write(tmp_path, "raises_twice", RAISES_TWICE), RetriesFailingTraces())
    assert result.verdict is Verdict.PASS, result.message
    assert result.compiles == [1, 2, 3, 3]


def test_r1_still_catches_a_recompile_between_calls_that_returned(tmp_path):
    result = check(_write(tmp_path, "raises_twice", RAISES_TWICE), planted.RecompileAlways())
    assert result.verdict is Verdict.RECOMPILE_EXCESS and result.detail == "R1"
    assert result.call == 3 and RULES["R1"] in result.message


def test_each_rule_is_defined_in_its_own_message():
    rules = RecompileRules({"compiles": 0})
    assert rules.observe(0, "a", {"compiles": 1}, True) is None
    breach = rules.observe(1, "b", {"compiles": 3}, True)
    assert breach.rule == "R2" and RULES["R2"] in breach.message
    limited = RecompileRules({"compiles": 0})
    for i in range(3):
        breach = limited.observe(i, i, {"compiles": i + 1, "cache_limit": 2}, True)
    assert breach.rule == "R3" and RULES["R3"] in breach.message


def test_compiles_during_raising_calls_are_excused_from_r2_and_r3():
    rules = RecompileRules({"compiles": 0})
    for i in range(5):  # five failing calls, each retried by the subject
        assert rules.observe(i, "same", {"compiles": i + 1, "cache_limit": 2}, False) is None
    assert rules.observe(5, "same", {"compiles": 6, "cache_limit": 2}, True) is None
    assert rules.observe(6, "same", {"compiles": 6, "cache_limit": 2}, True) is None


def test_the_signature_carries_the_subject_name_not_its_spec(tmp_path):
    path = _write(tmp_path, "p", "def program(x):\n    return x + 1\n\n"
                  "def calls():\n    yield (torch.ones(3),), {}\n")
    result = check(path, planted.WrongValue(), label="tests.oracle.planted:WrongValue")
    assert result.subject == "tests.oracle.planted:WrongValue"
    assert result.signature == "mismatch-value:planted:wrong-value:out"
    assert shrink_key(result) == "mismatch-value:planted:wrong-value:out:value"


def _result(verdict=Verdict.MISMATCH_VALUE, detail="out[0]", aspect="value",
            eager=("returned",), origin="") -> Result:
    return Result("p.py", "spec", verdict, detail, name="s", aspect=aspect, eager=eager,
                  origin=origin)


def test_two_bugs_on_one_output_path_have_two_keys():
    assert shrink_key(_result(aspect="value")) != shrink_key(_result(aspect="requires_grad"))
    assert shrink_key(_result(aspect="stride")) == "mismatch-value:s:out:stride"


def test_exception_findings_are_told_apart_by_origin():
    a = _result(Verdict.CRASH, "TypeError", "exception", origin="subject:pkg.proxies")
    b = _result(Verdict.CRASH, "TypeError", "exception", origin="<program>")
    assert shrink_key(a) != shrink_key(b)


def test_a_shrink_may_not_make_eager_raise_what_it_did_not():
    original = _result(eager=("returned", "returned"))
    assert keeps_the_bug(original, _result(eager=("returned",)))
    assert not keeps_the_bug(original, _result(eager=("NameError",)))
    assert not keeps_the_bug(original, _result(eager=("returned", "TypeError")))
    raising = _result(eager=("returned", "ValueError"))
    assert keeps_the_bug(raising, _result(eager=("ValueError",)))
    assert not keeps_the_bug(original, _result(aspect="dtype"))


def test_a_slipping_candidate_is_rejected_by_a_real_check(tmp_path):
    """torch.eye(2) -> torch.eye(): the candidate still mismatches, but eager now raises."""
    good = _write(tmp_path, "good", """
        def program(x):
            return x + torch.eye(2)

        def calls():
            yield (torch.ones(2, 2),), {}
        """)
    slipped = _write(tmp_path, "slipped", """
        def program(x):
            return x + torch.eye()

        def calls():
            yield (torch.ones(2, 2),), {}
        """)
    original = check(good, planted.WrongException())
    candidate = check(slipped, planted.WrongException())
    assert original.verdict is Verdict.PASS  # nothing raised: the wrong exception never shows
    broken = check(good, planted.WrongValue())
    assert broken.verdict is Verdict.MISMATCH_VALUE
    assert candidate.eager == ("TypeError",)
    assert not keeps_the_bug(broken, candidate)


def test_structure_abstracts_names_and_constants_but_not_operations():
    a = "import torch\n\ndef program(x):\n    t0 = x.view(-1) * 2\n    return t0\n"
    b = "import torch\n\ndef program(y):\n    t7 = y.view(-1) * 5\n    return t7\n"
    c = "import torch\n\ndef program(x):\n    t0 = x.reshape(-1) * 2\n    return t0\n"
    assert buckets.structure(a) == buckets.structure(b)
    assert buckets.structure(a) != buckets.structure(c)
    assert ".view" in buckets.constructs(a) and ".view" not in buckets.constructs(c)
    assert buckets.contains(buckets.constructs(a + "\nz = len([1])\n"), buckets.constructs(a))


def test_a_tensor_method_and_its_torch_function_are_one_structure():
    method = "import torch\n\ndef program(y):\n    return y.abs().sum(0)\n"
    function = "import torch\n\ndef program(x):\n    return torch.sum(torch.abs(x), 0)\n"
    numpy = "import numpy as np\nimport torch\n\ndef program(x):\n    return np.abs(x)\n"
    numpy_too = "import numpy as np\nimport torch\n\ndef program(x):\n    return torch.abs(x)\n"
    view = "import torch\n\ndef program(x):\n    return x.view(-1)\n"  # no torch.view
    assert buckets.structure(method) == buckets.structure(function)
    assert buckets.structure(numpy) != buckets.structure(numpy_too)
    assert buckets.structure(view) != buckets.structure(
        "import torch\n\ndef program(x):\n    return torch.view(x, -1)\n")


def test_a_module_with_only_forward_is_the_function_it_is():
    function = "import torch\n\ndef program(x):\n    return torch.abs(x)\n"
    module = ("import torch\n\nclass Program(torch.nn.Module):\n    def forward(self, y):\n"
              "        return torch.abs(y)\nprogram = Program()\n")
    reads_self = module.replace("torch.abs(y)", "torch.abs(y) + self.k")
    assert buckets.structure(module) == buckets.structure(function)
    assert buckets.structure(reads_self) != buckets.structure(
        function.replace("torch.abs(x)", "torch.abs(x) + k"))


def test_the_learner_learns_what_a_subject_always_declines_and_no_more():
    learner = Learner(["s"])
    for i in range(12):
        ops = frozenset({"eye", f"op{i}"})
        learner.observe("s", ops, frozenset(), "NotImplementedError: not supported")
        learner.observe("s", frozenset({f"op{i}", "add"}), frozenset(), None)
    ops, _ = learner.avoided()
    assert ops == {"eye"} and learner.version >= 1
    assert "op:eye" in learner.report()["s"]


def test_an_op_named_by_the_subject_is_learned_at_once():
    learner = Learner(["s"])
    for _ in range(2):
        learner.observe("s", frozenset({"remainder", "add"}), frozenset(),
                        "NotImplementedError: remainder is not supported yet")
    assert learner.avoided()[0] == {"remainder"}


def test_only_what_every_subject_declines_is_avoided():
    learner = Learner(["a", "b"])
    for _ in range(3):
        learner.observe("a", frozenset({"eye"}), frozenset(), "eye is not supported")
    assert learner.avoided()[0] == frozenset()


class AdapterOfAnotherPackage:
    """A user's adapter around a compiler living in another package (as one wraps thunder):
    no classify hook, and the compiler's code is neither the adapter's nor the program's."""

    name = "adapter"

    def __init__(self):
        space = {"__name__": "othercompiler.core"}
        exec(compile(_OTHER_COMPILER, "othercompiler/core.py", "exec"), space)
        self.jit = space["jit"]

    def compile(self, fn):
        return self.jit(fn)

    def stats(self, compiled):
        return {"compiles": 1}

    def reset(self):
        pass


_OTHER_COMPILER = """
def jit(fn):
    def compiled(*args, **kwargs):
        if kwargs.get("decline"):
            raise NotImplementedError("torch.eye is not yet supported")
        if kwargs.get("crash"):
            return None()  # an internal error of the compiler
        return fn(*args)
    return compiled
"""


def test_errors_of_the_compiler_an_adapter_wraps_are_the_subjects(tmp_path):
    def verdict(kwarg: str) -> Verdict:
        path = _write(tmp_path, kwarg, f"def program(x, {kwarg}=False):\n    return x + 1\n\n"
                      f"def calls():\n    yield (torch.ones(2),), {{{kwarg!r}: True}}\n")
        return check(path, AdapterOfAnotherPackage()).verdict

    assert verdict("crash") is Verdict.CRASH
    assert verdict("decline") is Verdict.UNSUPPORTED


def test_compile_is_serialised_only_while_a_campaign_runs():
    import ast
    import builtins

    from oracle.app.ast_lock import serialised_compile

    original = builtins.compile
    with serialised_compile():
        assert builtins.compile is not original
        assert isinstance(ast.parse("x = 1"), ast.Module)
    assert builtins.compile is original


class InterpretsWithItsOwnGlobals(AdapterOfAnotherPackage):
    """Runs the program's own code under globals of its own package, as an interpreting
    compiler does, and hands it a plain tuple where torch returns a named tuple."""

    def compile(self, fn):
        import types

        space = dict(fn.__globals__, __name__="othercompiler.interpreter")
        space["torch"] = _TupleTorch()
        return types.FunctionType(fn.__code__, space)


class _TupleTorch:
    def __getattr__(self, name):
        import torch

        real = getattr(torch, name)
        return (lambda *a: tuple(real(*a))) if name == "sort" else real


def test_an_error_on_a_program_line_run_by_the_subject_shows_in_the_program(tmp_path):
    path = _write(tmp_path, "sorted", "def program(x):\n    return torch.sort(x).values\n\n"
                  "def calls():\n    yield (torch.randn(3),), {}\n")
    result = check(path, InterpretsWithItsOwnGlobals())
    assert result.verdict is Verdict.MISMATCH_EXCEPTION and result.origin == "<program>"


def test_constructs_leave_out_the_frame_and_the_inputs():
    function = ("import torch\n\ndef program(xs):\n    return torch.stack(xs).sum()\n\n"
                "def calls():\n    yield ([torch.randn(2, dtype=torch.bfloat16)],), {}\n")
    module = ("import torch\n\nclass Program(torch.nn.Module):\n    def __init__(self):\n"
              "        super().__init__()\n\n    def forward(self, xs):\n"
              "        return torch.stack(xs).sum()\n\nprogram = Program()\n\n"
              "def calls():\n    yield ([torch.randn(3)],), {}\n")
    assert buckets.constructs(function) == buckets.constructs(module) == {".stack", ".sum"}


class DeclinesAtTheProgramsLine(AdapterOfAnotherPackage):
    """Raises "not yet supported" from a frame at the program's own line, under globals of its
    own, as an interpreting compiler does for an op it does not know."""

    def compile(self, fn):
        space = {"__name__": "othercompiler.interpreter"}
        code = compile("raise NotImplementedError('torch.linspace is not yet supported')",
                       fn.__code__.co_filename, "exec")
        return lambda *args: exec(code, space)


def test_a_decline_raised_at_the_programs_line_is_unsupported(tmp_path):
    path = _write(tmp_path, "declined", "def program(x):\n    return x + 1\n\n"
                  "def calls():\n    yield (torch.randn(3),), {}\n")
    assert check(path, DeclinesAtTheProgramsLine()).verdict is Verdict.UNSUPPORTED


def test_a_module_whose_hook_is_removed_counts_the_cache_limit_per_code_object(tmp_path):
    """Seven compiles on the hooked call path, then the hook goes and forward compiles twice:
    nine in all, no code object past the limit of eight (a campaign against ours flagged R3)."""
    from oracle.judge.subjects import resolve

    path = _write(tmp_path, "hooked", """
        LOG = []


        def hook(module, args):
            return None


        class Program(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self._handle = self.register_forward_pre_hook(hook)

            def forward(self, x):
                LOG.append(1)   # its length is guarded: every call compiles again
                return x * 2


        program = Program()


        def calls():
            for _ in range(7):
                yield (torch.ones(3),), {}
            program._handle.remove()
            for _ in range(2):
                yield (torch.ones(3),), {}
        """)
    result = check(path, resolve("ours"), label="ours")
    assert result.verdict is Verdict.PASS, result.message
    assert result.stats["compiles"] == 9
    assert sorted(result.stats["compiles_by_code"].values()) == [2, 7]
