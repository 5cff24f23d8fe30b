"""How a campaign sorts failing programs into findings, one per distinct bug (no pool needed:
the shrinker's answers are given by hand)."""

from __future__ import annotations

from oracle.campaign import Campaign, Config
from oracle.differential import Result
from oracle.verdict import Verdict


class _Pool:
    size = 2


class _Drawer:
    replays = 0

    def __init__(self):
        self.saved = []

    def save(self, choices):
        self.saved.append(choices)


class _Shrinker:
    def __init__(self):
        self.queued = []

    def add(self, finding):
        self.queued.append(finding)

    def verify_later(self, finding):
        pass


def _campaign(tmp_path) -> Campaign:
    config = Config(["spec"], budget=60, workers=2, out=tmp_path, progress=False)
    campaign = Campaign(config, _Pool(), _Drawer())
    campaign.shrinker = _Shrinker()
    return campaign


def _program(op: str, extra: str = "") -> str:
    return (f"import torch\n\ndef program(x):\n    t0 = x.{op}()\n{extra}    return t0\n\n"
            "def calls():\n    yield (torch.ones(2),), {}\n")


def _fail(campaign: Campaign, source: str) -> None:
    result = Result("p.py", "spec", Verdict.MISMATCH_VALUE, "out", name="s", aspect="value")
    campaign.failed(result, source, ())


def test_programs_wait_for_their_keys_first_shrink_then_are_sorted(tmp_path):
    c = _campaign(tmp_path)
    _fail(c, _program("abs"))
    _fail(c, _program("abs", "    t1 = x.sin()\n"))
    _fail(c, _program("sigmoid"))
    assert len(c.findings) == 1 and next(iter(c.findings.values())).count == 3
    first = next(iter(c.findings.values()))
    c.shrunk(first, _program("abs"), {}, None)
    assert len(c.findings) == 2 and first.count == 2  # the sigmoid program is another bug
    second = next(f for f in c.findings.values() if f is not first)
    assert second.tentative and second in c.shrinker.queued
    c.shrunk(second, _program("sigmoid"), {}, None)
    assert len(c.findings) == 2 and (tmp_path / "failures" / second.slug).exists()


def test_a_tentative_finding_that_shrinks_to_a_known_one_is_merged(tmp_path):
    c = _campaign(tmp_path)
    _fail(c, _program("abs"))
    first = next(iter(c.findings.values()))
    c.shrunk(first, _program("abs", "    t2 = x.cos()\n"), {}, None)
    _fail(c, _program("abs", "    t9 = x.exp()\n"))  # lacks cos: tentative
    assert len(c.findings) == 2
    second = next(f for f in c.findings.values() if f is not first)
    c.shrunk(second, _program("abs", "    t5 = x.cos()\n"), {}, None)  # the same, renamed
    assert list(c.findings.values()) == [first] and first.count == 2 and first.merged == 1
    assert not (tmp_path / "failures" / second.slug).exists()
    assert (tmp_path / "failures" / first.slug / "more" / "1.py").exists()


def test_a_program_holding_a_shrunk_findings_constructs_counts_into_it(tmp_path):
    c = _campaign(tmp_path)
    _fail(c, _program("abs"))
    first = next(iter(c.findings.values()))
    c.shrunk(first, _program("abs"), {}, None)
    _fail(c, _program("abs", "    t3 = x.tan()\n"))
    assert list(c.findings.values()) == [first] and first.count == 2


def test_a_merged_finding_is_not_confused_with_a_new_one_under_its_slug(tmp_path):
    c = _campaign(tmp_path)
    _fail(c, _program("abs"))
    first = next(iter(c.findings.values()))
    c.shrunk(first, _program("abs", "    t2 = x.cos()\n"), {}, None)
    _fail(c, _program("abs", "    t9 = x.exp()\n"))
    second = next(f for f in c.findings.values() if f is not first)
    c.shrunk(second, _program("abs", "    t5 = x.cos()\n"), {}, None)  # merged: slug freed
    _fail(c, _program("sigmoid"))  # a new finding may take the freed slug
    third = next(f for f in c.findings.values() if f is not first)
    assert third.slug == second.slug and c.holds(third) and not c.holds(second)


def test_a_known_finding_takes_only_the_programs_its_entry_recognises(tmp_path):
    from oracle.known_issues import KnownIssue

    c = _campaign(tmp_path)
    inplace = KnownIssue("crash:s:E*", "link-inplace", message="*inplace*")
    floor = KnownIssue("crash:s:E*", "link-floor", message="*floor_divide*")
    c.config.known = [inplace, floor]

    def crash(source: str, said: str) -> None:
        result = Result("p.py", "spec", Verdict.CRASH, "E", message=said, name="s",
                        origin="subject:m")
        c.failed(result, source, ())

    crash(_program("abs"), "compiled raised E: modified by an inplace operation")
    crash(_program("abs", "    t1 = x.sin()\n"), "compiled raised E: modified by an inplace op")
    crash(_program("floor"), "compiled raised E: derivative for aten::floor_divide")
    crash(_program("abs", "    t1 = x.cos()\n"), "compiled raised E: something new")
    by_link = {f.known.link if f.known else None: f for f in c.findings.values()}
    assert set(by_link) == {"link-inplace", "link-floor", None}
    assert by_link["link-inplace"].count == 2 and by_link["link-floor"].count == 1
    assert by_link[None].count == 1 and c.shrinker.queued == [by_link[None]]  # a new bug
