"""The compiler of an older commit, copied aside, is a subject beside today's compiler: the
bug-finding benchmark (bench/bench_old_compiler.py) runs today's generators against it."""

from __future__ import annotations

import subprocess

import pytest

from bench.bench_old_compiler import rename_imports
from bench.subjects.old_compiler import ROOT

REVISION = "d8f74ff"  # before the soundness fixes: hasattr on a list trusted getattr to raise

PROGRAM = '''import torch


def program(x, xs):
    return x + 1, hasattr(xs, "shape")


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, generator=g), [torch.randn(2, generator=g)]), {}
'''


def test_absolute_imports_and_module_strings_are_renamed():
    source = ("from compiler.values import wrap\nimport compiler\nimport compiler.config as c\n"
              "name = 'compiler.values'\nother = 'mycompiler.x'\nfrom compilers import y\n")
    renamed = rename_imports(source, "compiler_abc")
    assert "from compiler_abc.values import wrap" in renamed
    assert "import compiler_abc\n" in renamed
    assert "import compiler_abc.config as c" in renamed
    assert "'compiler_abc.values'" in renamed
    assert "'mycompiler.x'" in renamed and "from compilers import y" in renamed


def _has_revision() -> bool:
    found = subprocess.run(["git", "cat-file", "-e", f"{REVISION}^{{commit}}"], cwd=ROOT,
                           capture_output=True)
    return found.returncode == 0


@pytest.mark.slow
@pytest.mark.skipif(not _has_revision(), reason=f"commit {REVISION} is not in this clone")
def test_old_compiler_is_judged_wrong_where_todays_is_right(tmp_path, monkeypatch):
    from bench.bench_old_compiler import prepare
    from bench.subjects.old_compiler import OldCompilerSubject
    from oracle.judge.differential import check
    from oracle.judge.subjects import OursSubject
    from oracle.judge.verdict import Verdict

    monkeypatch.setenv("PARITY_OLD_COMPILER_DIR", str(tmp_path / "copies"))
    copy = prepare(REVISION)
    assert (copy / "__init__.py").is_file()
    path = tmp_path / "hasattr_list.py"
    path.write_text(PROGRAM)
    old = check(str(path), OldCompilerSubject(REVISION))
    assert old.verdict is Verdict.MISMATCH_VALUE, old.message
    assert old.signature == f"mismatch-value:ours@{REVISION}:out[1]"
    assert check(str(path), OursSubject()).verdict is Verdict.PASS
    import compiler

    assert compiler.__file__.startswith(str(ROOT / "compiler")), "today's compiler unshadowed"
