"""The project's one JUnit XML writer: `parity run --junit`, `parity gate --junit` and
`parity merge` describe their cases as Suites of Cases, and this module writes them.

A case passes, fails (`failure`), errors (`error`, the input was unusable) or is skipped; the
suite's counts are computed from its cases, never passed in.
"""

from __future__ import annotations

import enum
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field


class Outcome(enum.StrEnum):
    """How a case ended; the value of all but PASSED is the XML element that says so."""

    PASSED = "passed"
    FAILED = "failure"
    ERROR = "error"
    SKIPPED = "skipped"


PASSED, FAILED, ERROR, SKIPPED = Outcome  # the names the reports use


@dataclass
class Case:
    name: str
    classname: str
    outcome: Outcome = PASSED
    type: str = ""           # the failure or error kind (a verdict)
    message: str = ""        # one line: the attribute CI shows
    text: str = ""           # the body: the explanation, a repro path
    seconds: float | None = None


@dataclass
class Suite:
    name: str
    cases: list[Case] = field(default_factory=list)

    def count(self, outcome: Outcome) -> int:
        return sum(case.outcome == outcome for case in self.cases)


def write(path: str, name: str, suites: list[Suite]) -> None:
    root = ET.Element("testsuites", name=name)
    for suite in suites:
        node = ET.SubElement(root, "testsuite", name=suite.name, tests=str(len(suite.cases)),
                             failures=str(suite.count(FAILED)), errors=str(suite.count(ERROR)),
                             skipped=str(suite.count(SKIPPED)))
        for case in suite.cases:
            _case(node, case)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def _case(suite: ET.Element, case: Case) -> None:
    attributes = {"classname": case.classname, "name": case.name}
    if case.seconds is not None:
        attributes["time"] = f"{case.seconds:.3f}"
    node = ET.SubElement(suite, "testcase", attributes)
    if case.outcome == PASSED:
        return
    detail = {"message": case.message}
    if case.type and case.outcome != SKIPPED:
        detail = {"type": case.type, **detail}
    child = ET.SubElement(node, case.outcome.value, detail)
    if case.text:
        child.text = case.text
