"""Broken program files are an `invalid` verdict with a one-line reason, never a traceback."""

from __future__ import annotations

import pytest

from oracle.judge import program as programs
from oracle.judge.differential import check
from oracle.judge.verdict import Verdict
from tests.oracle.planted import Faithful

BROKEN = {
    "syntax": ("def program(x:\n", "syntax error"),
    "import": ("import no_such_module_here\n", "raised ModuleNotFoundError"),
    "no_program": ("def calls():\n    yield (), {}\n", "does not define `program`"),
    "no_calls": ("def program():\n    return 1\n", "does not define `calls`"),
    "not_pairs": ("def program(x):\n    return x\n\ndef calls():\n    yield 1\n",
                  "must yield (args, kwargs) pairs; item 0 is int"),
    "bad_kwargs": ("def program(x):\n    return x\n\ndef calls():\n    yield (1,), [2]\n",
                   "kwargs of item 0 is not a dict"),
    "calls_raises": ("def program(x):\n    return x\n\ndef calls():\n    yield (1,), {}\n"
                     "    raise KeyError('k')\n", "calls() raised KeyError: 'k' at item 1"),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_file_is_invalid_with_a_one_line_reason(tmp_path, kind):
    source, reason = BROKEN[kind]
    path = tmp_path / f"{kind}.py"
    path.write_text(source)
    result = check(str(path), Faithful())
    assert result.verdict is Verdict.INVALID
    assert reason in result.message and "\n" not in result.message


def test_a_missing_file_is_invalid(tmp_path):
    result = check(str(tmp_path / "gone.py"), Faithful())
    assert result.verdict is Verdict.INVALID and "cannot read" in result.message


def test_each_load_gets_a_fresh_namespace(tmp_path):
    path = tmp_path / "state.py"
    path.write_text("ITEMS = []\ndef program():\n    pass\ndef calls():\n    yield (), {}\n")
    first, second = programs.load(path), programs.load(path)
    first.module.ITEMS.append(1)
    assert second.module.ITEMS == [] and first.name != second.name
    programs.unload(first)
    programs.unload(second)
