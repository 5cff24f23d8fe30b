"""A finding's check.py and repro.py reproduce it in a fresh process, whatever the bug is about
(requires_grad, strides, a module buffer, aliasing, outputs assert_close cannot pair), and
pass once the bug is gone; check.py runs the bundled oracle, not whatever `oracle` is around."""

from __future__ import annotations

import runpy
import sys
import textwrap
from pathlib import Path

import pytest

from oracle.app import repro_bundle, repro_direct, reproduce
from oracle.judge import program as programs
from oracle.judge.differential import Result, check
from oracle.judge.repro_check import same_failure
from oracle.judge.verdict import Verdict
from tests.campaign import planted_repro_subjects as planted_repro
from tests.oracle import planted

ROOT = Path(__file__).resolve().parents[2]
SPEC = "tests.campaign.planted_repro_subjects:{}"
FAITHFUL = "tests.oracle.planted:Faithful"

PROGRAMS = {
    "FlipsRequiresGrad": """
        def program(x):
            return x * 2

        def calls():
            yield (torch.randn(2, 3),), {}
        """,
    "NonContiguous": """
        def program(x):
            return x + 1

        def calls():
            yield (torch.randn(2, 3),), {}
        """,
    "DropsBufferUpdates": """
        bn = torch.nn.BatchNorm1d(3)

        def program(x):
            return bn(x) * 2

        def calls():
            yield (torch.randn(4, 3),), {}
            yield (torch.randn(4, 3),), {}
        """,
    "CopiesReturnedInput": """
        def program(x, n):
            x.mul_(n)
            return x

        def calls():
            yield (torch.randn(2, 3), 2), {}
        """,
    "ReturnsAList": """
        def program(x):
            return x.relu()

        def calls():
            yield (torch.randn(2, 3),), {}
        """,
}


def _source(kind: str) -> str:
    return "import torch\n\n" + textwrap.dedent(PROGRAMS[kind]).lstrip()


def _finding(tmp_path: Path, kind: str) -> tuple[str, Result]:
    """The program and what the oracle says of it under the planted subject."""
    path = tmp_path / f"{kind}.py"
    path.write_text(_source(kind))
    result = check(str(path), getattr(planted_repro, kind)())
    assert result.verdict.is_failure, result.message
    return _source(kind), result


@pytest.fixture
def elsewhere(tmp_path_factory, monkeypatch):
    """Scripts run from a folder whose `oracle` package is broken: only the bundle works."""
    shadow = tmp_path_factory.mktemp("shadow")
    (shadow / "oracle").mkdir()
    (shadow / "oracle" / "__init__.py").write_text("raise ImportError('not the bundle')\n")
    monkeypatch.chdir(shadow)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    return shadow


# -- fresh processes: each planted bug reproduces from both scripts ---------------------------

@pytest.mark.slow
@pytest.mark.parametrize("kind", planted_repro.KINDS)
def test_both_scripts_reproduce_the_planted_bug_in_a_fresh_process(tmp_path, kind, elsewhere):
    source, result = _finding(tmp_path, kind)
    folder = tmp_path / "failures" / kind
    status = reproduce.write_repros(folder, source, SPEC.format(kind), result.signature,
                                    result.message, timeout=60)
    assert status.check.exit_code == 1, status.check
    assert status.check.last_line.startswith(f"FAIL: {result.verdict}: {result.message}")
    assert "the recorded failure" in status.check.last_line
    assert status.direct.reproduced and not status.replaced, status
    assert status.repro.exit_code == 1 and status.repro.last_line.startswith(
        repro_direct.failure_line((folder / "repro.py").read_text())), status.repro
    assert status.as_dict()["reproduced"] is True


@pytest.mark.slow
def test_a_repro_that_does_not_reproduce_is_replaced_by_the_check(tmp_path, elsewhere):
    source, result = _finding(tmp_path, "NonContiguous")
    folder = tmp_path / "failures" / "strides"
    # A message the direct repro cannot read: it leaves strides out, and the values agree.
    status = reproduce.write_repros(folder, source, SPEC.format("NonContiguous"),
                                    result.signature, "something went wrong", timeout=60)
    assert not status.direct.reproduced and status.direct.exit_code == 0, status.direct
    assert status.replaced and status.check.reproduced
    text = (folder / "repro.py").read_text()
    assert text.startswith("# parity repro: this is check.py") and "OK: " in text
    assert text.endswith((folder / "check.py").read_text())
    assert status.as_dict()["repro_is"] == "check"


@pytest.mark.slow
def test_with_the_bug_fixed_both_scripts_pass_in_a_fresh_process(tmp_path, elsewhere):
    source, result = _finding(tmp_path, "DropsBufferUpdates")
    status = reproduce.write_repros(tmp_path / "fixed", source, FAITHFUL, result.signature,
                                    result.message, timeout=60)
    assert (status.direct.exit_code, status.check.exit_code) == (0, 0), status
    assert status.check.last_line.startswith("OK: pass")
    assert not status.reproduced and not status.replaced


@pytest.mark.slow
def test_a_hang_is_a_timeout_failure_of_both_scripts(tmp_path, elsewhere):
    source = _source("ReturnsAList")
    status = reproduce.write_repros(tmp_path, source, "tests.oracle.planted:Hang",
                                    "timeout:planted:hang:timeout", "", timeout=2)
    assert status.check.exit_code == 1 and status.direct.exit_code == 1, status
    assert status.check.last_line.startswith("FAIL: timeout: no verdict within 2 s")
    assert status.direct.last_line.startswith("FAIL: timeout")


# -- in this process: the scripts pass once fixed, the bundle is the oracle's code -------------

@pytest.mark.parametrize("kind", planted_repro.KINDS)
def test_with_the_bug_fixed_both_scripts_exit_0(tmp_path, kind, capsys, monkeypatch):
    source, result = _finding(tmp_path, kind)
    folder = tmp_path / "fixed"
    reproduce.write_scripts(folder, source, FAITHFUL, result.signature, result.message, 60)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))  # the bundle's finder goes
    assert _run_here(folder / "repro.py") == 0  # a plain script: no exception, exit 0
    capsys.readouterr()
    code = _run_here(folder / "check.py")
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.startswith("torch ") and out.splitlines()[-1].startswith("OK"), out


def _run_here(path: Path) -> int | str | None:
    """The exit status of a script run as __main__ in this process."""
    try:
        runpy.run_path(str(path), run_name="__main__")
    except SystemExit as exited:
        return exited.code
    return 0


def test_the_bundle_follows_the_oracle_imports():
    bundle = repro_bundle.oracle_sources()
    judging = {"differential", "eager", "compare", "state", "signature", "program", "subjects",
               "verdict", "repro_check"}
    assert {"oracle", "oracle.judge"} | {f"oracle.judge.{m}" for m in judging} <= bundle.keys()
    assert all(name == "oracle" or name.startswith("oracle.") for name in bundle)
    assert "oracle.app.campaign" not in bundle and "oracle.app.shrinking" not in bundle
    source = ("from typing import TYPE_CHECKING\nfrom oracle.judge import eager\n"
              "if TYPE_CHECKING:\n    from oracle import campaign\n"
              "def f():\n    import oracle.judge.verdict\n"
              "    from oracle.judge.compare import compare\n")
    found = set(repro_bundle.imported(source))
    assert {"oracle.judge.eager", "oracle.judge.verdict", "oracle.judge.compare"} <= found
    assert "oracle.app.campaign" not in found and "oracle.judge.compare.compare" not in found


def test_a_program_carrying_the_bundle_is_judged_as_the_program_alone(tmp_path):
    source, result = _finding(tmp_path, "DropsBufferUpdates")
    path = tmp_path / "check.py"
    path.write_text(repro_bundle.render_check(source, SPEC.format("DropsBufferUpdates"),
                                              result.signature, 60, result.message))
    with programs.loaded(path) as loaded, programs.loaded(tmp_path / "Drops"
                                                          "BufferUpdates.py") as plain:
        names = {k for k in loaded.namespace if not k.startswith("__")}
        assert names == {k for k in plain.namespace if not k.startswith("__")}
        assert "__parity_oracle__" not in loaded.namespace
    again = check(str(path), planted_repro.DropsBufferUpdates())
    assert (again.signature, again.message) == (result.signature, result.message)
    assert check(str(path), planted.Faithful()).verdict is Verdict.PASS


def test_the_direct_repro_reads_where_the_oracle_saw_the_difference():
    where = repro_direct.target("call 2: out[1]['h']: value (1 of 12 elements) differs: "
                                "expected 1.0, got 2.0 (max abs err 1, max rel err 1)")
    assert (where.call, where.pick, where.aspect) == (2, "out[1]['h']", "value")
    where = repro_direct.target("call 0: G['bn'].running_mean: value (3 of 3 elements) "
                                "differs: expected 0.1, got 0.0")
    assert where.pick == "space['bn'].running_mean"
    where = repro_direct.target("call 1: out: identity differs: expected the input args[0] "
                                "itself, got a new object")
    assert (where.aspect, where.alias_of) == ("identity", "args[0]")
    assert repro_direct.target("compile() raised KeyError: 'x' (a.py:3)").call is None
    assert repro_direct.expression("out[<list key #0>]") == "out"


def test_a_different_failure_is_told_from_the_recorded_one():
    result = Result("p.py", "spec", Verdict.MISMATCH_VALUE, detail="out[1]['h']",
                    name="planted:x", aspect="value")
    assert same_failure(result, "mismatch-value:planted:x:out[1]['h']")
    assert same_failure(result, "mismatch-value:planted:x:out:value")
    assert not same_failure(result, "mismatch-value:planted:x:out:stride")
    assert not same_failure(result, "crash:planted:x:KeyError@compiler")
    crash = Result("p.py", "spec", Verdict.CRASH, detail="KeyError", name="planted:x")
    assert same_failure(crash, "crash:planted:x:KeyError@compiler.graph")


def test_a_subject_the_direct_form_cannot_name_gets_the_check_as_repro(tmp_path):
    source = _source("ReturnsAList")
    reproduce.write_scripts(tmp_path, source, "not a spec!:x y", "crash:s:E", "", 60)
    repro = (tmp_path / "repro.py").read_text()
    assert repro.startswith("# parity repro: this is check.py, the oracle's own check, "
                            "because no direct repro")
    assert repro.endswith((tmp_path / "check.py").read_text())


def test_a_subject_that_cannot_be_set_up_is_one_error_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    reproduce.write_scripts(tmp_path, _source("ReturnsAList"), "no_such_package.mod:Subject",
                            "crash:s:E", "", 60)
    code = _run_here(tmp_path / "check.py")
    out = capsys.readouterr().out
    assert code == 2, out
    assert out.splitlines()[-1].startswith("ERROR: ") and "no_such_package" in out
    assert "Traceback" not in out
    # The direct repro is a plain script: its import error is not the finding's failure.
    with pytest.raises(ModuleNotFoundError, match="no_such_package"):
        _run_here(tmp_path / "repro.py")
    shows = repro_direct.failure_line((tmp_path / "repro.py").read_text())
    assert shows == "E"
    traceback = ("Traceback (most recent call last):\n  File \"repro.py\", line 9\n"
                 "ModuleNotFoundError: No module named 'no_such_package'\n")
    assert reproduce._shown(traceback, shows) is None
    assert reproduce._shown(traceback.replace("ModuleNotFoundError", "mod.E"), shows)
