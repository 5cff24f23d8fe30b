"""The one JUnit XML writer (oracle/app/junit.py): outcomes are a closed set, written as the
elements CI tools read."""

from __future__ import annotations

from oracle.app import junit


def test_each_outcome_is_written_as_its_element(tmp_path):
    suite = junit.Suite("fuzz:ours", [
        junit.Case("a.py", "ours", seconds=0.5),
        junit.Case("b.py", "ours", junit.FAILED, "crash", "crash:ours:x", "the body"),
        junit.Case("c.py", "ours", junit.ERROR, "invalid", "no calls()"),
        junit.Case("d.py", "ours", junit.SKIPPED, "unsupported", "known: #1"),
    ])
    path = tmp_path / "junit.xml"
    junit.write(str(path), "parity", [suite])
    assert path.read_text() == (
        "<?xml version='1.0' encoding='utf-8'?>\n"
        '<testsuites name="parity"><testsuite name="fuzz:ours" tests="4" failures="1" '
        'errors="1" skipped="1"><testcase classname="ours" name="a.py" time="0.500" />'
        '<testcase classname="ours" name="b.py"><failure type="crash" '
        'message="crash:ours:x">the body</failure></testcase>'
        '<testcase classname="ours" name="c.py"><error type="invalid" message="no calls()" />'
        '</testcase><testcase classname="ours" name="d.py"><skipped message="known: #1" />'
        "</testcase></testsuite></testsuites>")
    assert [o.value for o in junit.Outcome] == ["passed", "failure", "error", "skipped"]
    assert suite.count(junit.Outcome.FAILED) == 1
