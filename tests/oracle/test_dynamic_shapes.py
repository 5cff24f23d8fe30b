"""Dynamic shapes in the suite: subject options (`torch:eager?dynamic=true`), DYNAMIC hints in
program files, rule R4 on size sweeps, and the two planted dynamic-shape bugs found and shrunk."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.app import cli
from oracle.judge.differential import check
from oracle.judge.program import InvalidProgram, load
from oracle.judge.subjects import SubjectSpecError, resolve, symbolic_guard
from oracle.judge.verdict import Verdict
from tests.oracle.planted import Faithful

PROGRAMS = Path(__file__).parent / "programs"
PLANTED = "tests.campaign.planted_subjects"


class Recording(Faithful):
    """Faithful, and keeps the options it was made with and the marks it was given."""

    name = "recording"

    def __init__(self, **options):
        super().__init__()
        self.options, self.marks = options, []

    def mark_dynamic(self, tensor, dim, min=None, max=None):  # noqa: A002
        self.marks.append((tuple(tensor.shape), dim, min, max))


def make_recording(**options) -> Recording:
    return Recording(**options)


INSTANCE = Recording()


@pytest.mark.parametrize("spec, name", [
    ("torch:inductor?dynamic=true", "torch:inductor?dynamic=true"),
    ("torch?dynamic=False", "torch:eager?dynamic=false"),
    ("torch:eager?dynamic=none", "torch:eager"),
    ("ours?dynamic=false", "ours?dynamic=false"),
    ("ours:inductor?dynamic=true", "ours:inductor?dynamic=true"),
])
def test_options_resolve_to_one_canonical_name(spec, name):
    assert resolve(spec).name == name


def test_options_reach_torch_compile_and_our_compiler():
    assert resolve("torch:eager?dynamic=true").dynamic is True
    assert resolve("ours:aot_eager?dynamic=false").dynamic is False
    assert resolve("ours").dynamic is None


def test_a_user_factory_receives_options_as_typed_keywords():
    subject = resolve(f"{__name__}:make_recording?dynamic=true&n=3&mode=fast&scale=0.5")
    assert subject.options == {"dynamic": True, "n": 3, "mode": "fast", "scale": 0.5}


@pytest.mark.parametrize("spec, says", [
    ("torch:eager?dyn=true", "unknown option 'dyn'"),
    ("ours?dynamic=maybe", "dynamic='maybe': expected true, false or none"),
    ("torch?dynamic", "bad option 'dynamic': expected name=value"),
    ("torch?dynamic=true&dynamic=false", "given twice"),
    (f"{__name__}:INSTANCE?x=1", "options need a class or factory"),
    (f"{__name__}:make_recording?x=1=2", "bad option"),
    ("nonsense?dynamic=true", "unknown subject"),
])
def test_bad_options_are_one_line_and_exit_2(spec, says, capsys):
    with pytest.raises(SubjectSpecError, match="subject"):
        resolve(spec)
    assert cli.main(["run", str(PROGRAMS / "batch_sweep.py"), "--subject", spec]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


@pytest.mark.parametrize("reason, symbolic", [
    ("0/1: 2 <= x.size()[0] <= 3  # if x.shape[0] > 3:  # prog.py:5 in program", True),
    ("L['x'].size()[0] <= 64 (got 80)", True),
    ("L['x'].size()[0] == L['y'].size()[1] (got L['x'].size()[0] = 3, L['y'].size()[1] = 4)",
     True),
    ("L['x'].size()[0] == 3 (got 4)", False),
    ("0/0: tensor 'x' size mismatch at index 0. expected 2, actual 3", False),
    ("L['x'].shape == (2, 3) (got (3, 3))", False),
    ("G['n'] == 3 (got 4)  # x.size()[0] > 2", False),
])
def test_symbolic_guard_failures_are_told_from_static_size_changes(reason, symbolic):
    assert symbolic_guard(reason) is symbolic


def test_r4_flags_a_subject_that_recompiles_every_new_size():
    result = check(str(PROGRAMS / "batch_sweep.py"), resolve(f"{PLANTED}:RecompileEverySize"))
    assert result.verdict is Verdict.RECOMPILE_EXCESS and result.detail == "R4"
    assert result.call == 3 and result.compiles == [1, 2, 3, 4, 5]
    assert "R4 (once a dimension has been compiled symbolic" in result.message
    assert "which allows 2 compiles (one static, one per dimension that changed: tensor 0 dim 0)" \
        in result.message, result.message


@pytest.mark.parametrize("spec", ["torch:aot_eager", "torch:eager"])
def test_r4_allows_a_compile_for_each_dimension_that_starts_changing(spec):
    """Dim 0 changes at call 1, dim 1 at call 2: automatic dynamic compiles once static and
    once per newly changing dim; with both dims symbolic, call 3 compiles nothing."""
    result = check(str(PROGRAMS / "sweep_two_dims.py"), resolve(spec))
    assert (result.verdict, result.compiles) == (Verdict.PASS, [1, 2, 3, 3]), result.message


@pytest.mark.parametrize("spec", ["torch:aot_eager", "torch:eager"])
def test_r4_leaves_frames_resumed_on_data_dependent_sizes_to_r3(spec):
    """Same input sizes, a masked local of 0, 1 then 3 elements: torch compiles the frame that
    resumes after the graph break three times, for sizes R4 cannot see; the entry once."""
    result = check(str(PROGRAMS / "masked_local_sizes.py"), resolve(spec))
    assert (result.verdict, result.compiles) == (Verdict.PASS, [1, 1, 1]), result.message
    assert sorted(result.stats["compiles_by_code"].values()) == [1, 3]


def test_r4_flags_a_compile_past_the_dimensions_that_changed():
    """Two dims changed in the sweep: three compiles are fair, the fourth (call 3) is not."""
    result = check(str(PROGRAMS / "sweep_two_dims.py"), resolve(f"{PLANTED}:RecompileEverySize"))
    assert result.verdict is Verdict.RECOMPILE_EXCESS and result.detail == "R4"
    assert result.call == 3 and result.compiles == [1, 2, 3, 4]
    assert ("allows 3 compiles (one static, one per dimension that changed: tensor 0 dims 0, 1)"
            in result.message), result.message


def test_r4_is_not_judged_without_a_dynamic_policy():
    """The same compiles from a subject that does not claim dynamic shapes: no rule broken."""
    result = check(str(PROGRAMS / "batch_sweep.py"), Faithful())
    assert result.verdict is Verdict.PASS and result.compiles == [1, 2, 3, 4, 5]


def test_torch_compile_keeps_r4_on_sweeps_and_across_a_branch_on_the_size():
    """Automatic dynamic: two compiles, and a third where the sweep crosses `x.shape[0] > 3`
    (a symbolic guard fails: excused); dynamic=True: one, and two across the branch."""
    expected = {("batch_sweep", "torch:eager"): [1, 2, 2, 2, 2],
                ("batch_sweep", "torch:eager?dynamic=true"): [1, 1, 1, 1, 1],
                ("sweep_across_branch", "torch:eager"): [1, 2, 3, 3, 3, 3],
                ("sweep_across_branch", "torch:eager?dynamic=true"): [1, 1, 2, 2, 2, 2]}
    for (name, spec), compiles in expected.items():
        result = check(str(PROGRAMS / f"{name}.py"), resolve(spec))
        assert (result.verdict, result.compiles) == (Verdict.PASS, compiles), result.message


def test_dynamic_hints_are_given_to_the_compiled_side_before_each_call():
    subject = Recording()
    assert check(str(PROGRAMS / "marked_sweep.py"), subject).verdict is Verdict.PASS
    lengths = (2, 5, 3, 8)
    assert subject.marks == [mark for n in lengths for mark in
                             (((2, n, 4), 1, None, None), ((2, n, 1), 1, 2, 64))]
    marked = check(str(PROGRAMS / "marked_sweep.py"), resolve("torch:eager"))
    assert marked.verdict is Verdict.PASS and marked.compiles == [1, 1, 1, 1]


@pytest.mark.parametrize("hint, says", [
    ("[0]", "must be a dict"),
    ('{"y": [0]}', "names 'y', which is not a parameter"),
    ('{"x": 0}', "must be a list of dims"),
    ('{"x": [(0, 2)]}', "must be a list of dims"),
])
def test_a_malformed_dynamic_hint_makes_the_program_invalid(tmp_path, hint, says):
    path = tmp_path / "p.py"
    path.write_text(f"DYNAMIC = {hint}\ndef program(x):\n    return x\n"
                    "def calls():\n    yield (1,), {{}}\n")
    with pytest.raises(InvalidProgram, match=says):
        load(path)


def test_hints_skip_dims_a_tensor_lacks_and_apply_to_each_tensor_of_a_list(tmp_path):
    path = tmp_path / "p.py"
    path.write_text('DYNAMIC = {"xs": [0, -1, 5]}\ndef program(xs, n):\n    return xs\n'
                    "def calls():\n    yield (), {}\n")
    import torch

    program = load(path)
    marks = program.dynamic_marks(([torch.ones(2, 3), torch.ones(4)], 1), {})
    assert [(tuple(t.shape), d) for t, d, _, _ in marks] == [((2, 3), 0), ((2, 3), 1),
                                                             ((4,), 0), ((4,), 0)]


def test_a_graph_replayed_outside_its_sizes_is_a_wrong_value():
    result = check(str(PROGRAMS / "batch_sweep.py"), resolve(f"{PLANTED}:StaleSymbolicGraph"))
    assert result.verdict is Verdict.MISMATCH_VALUE and result.call == 1
    assert result.compiles == [1, 1, 1, 1, 1]


@pytest.mark.parametrize("kind, keeps", [
    ("RecompileEverySize", "R4"),
    pytest.param("StaleSymbolicGraph", "shape", marks=pytest.mark.slow),  # traces each candidate
])
def test_each_planted_dynamic_shape_bug_is_shrunk(tmp_path, capsys, kind, keeps):
    out = tmp_path / "small.py"
    code = cli.main(["shrink", str(PROGRAMS / "batch_sweep.py"), "--subject", f"{PLANTED}:{kind}",
                     "--workers", "2", "--budget", "30s", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 1, err
    small = out.read_text()
    assert len(small.splitlines()) < len((PROGRAMS / "batch_sweep.py").read_text().splitlines())
    result = check(str(out), resolve(f"{PLANTED}:{kind}"))
    assert result.verdict.is_failure and (keeps in small or result.detail == keeps), small


def test_hints_of_a_module_program_name_the_parameters_of_forward(tmp_path):
    path = tmp_path / "p.py"
    path.write_text('import torch\nDYNAMIC = {"x": [0]}\n'
                    "class Program(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
                    "program = Program()\ndef calls():\n    yield (torch.ones(3, 2),), {}\n")
    program = load(path)
    marks = program.dynamic_marks((program.module.torch.ones(3, 2),), {})
    assert [(tuple(t.shape), d) for t, d, _, _ in marks] == [((3, 2), 0)]


def test_torch_reaching_its_recompile_limit_is_no_compile_of_its_own():
    """torch records the attempt that hits the limit (then runs eagerly): R3 must not count it."""
    result = check(str(PROGRAMS / "growing_global.py"), resolve("torch:eager"))
    assert result.verdict is Verdict.PASS, result.message
    assert max(result.compiles) == 8 and result.stats["cache_limit_hits"] >= 1


class DeclinesTwice(Faithful):
    """Compiles on every call and declines the first two (as torch does for a DYNAMIC hint on a
    dim the program specialises), then returns."""

    name = "planted:declines-twice"

    def compile(self, fn):
        def compiled(*args, **kwargs):
            self.compiles += 1
            if self.compiles <= 2:
                raise NotImplementedError("planted: not supported")
            return fn(*args, **kwargs)

        return compiled

    def classify(self, exc):
        return "unsupported" if isinstance(exc, NotImplementedError) else None


def test_the_compiles_of_declined_calls_are_not_charged_to_the_next_call():
    result = check(str(PROGRAMS / "batch_sweep.py"), DeclinesTwice())
    assert result.verdict is Verdict.UNSUPPORTED, result.message


def test_the_direct_repro_compiles_with_the_subjects_options():
    from oracle.app.repro_direct import subject_code

    assert subject_code("torch:eager?dynamic=true")[1] == (
        "torch.compile(program, backend='eager', dynamic=True)")
    assert subject_code("ours:inductor?dynamic=false")[1].endswith("dynamic=False)")
    made = str(subject_code(f"{__name__}:make_recording?dynamic=true&n=3"))
    assert "(dynamic=True, n=3)" in made  # the factory is called with the options


def test_r4_excuses_a_recompile_the_program_forces_on_every_compiler():
    """The reference (a symbolic trace of the earlier call) rejects the later size: torch's
    second compile under dynamic=True is fair; without the reference R4 would flag it."""
    from oracle.judge.size_reference import accepts

    path = str(PROGRAMS / "sweep_forced_by_split.py")
    assert accepts(path, 1, 2) is False
    assert accepts(str(PROGRAMS / "batch_sweep.py"), 2, 3) is True
    result = check(path, resolve("torch:eager?dynamic=true"))
    assert (result.verdict, result.compiles) == (Verdict.PASS, [1, 1, 2]), result.message
