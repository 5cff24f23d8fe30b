"""How a campaign sorts failing programs into findings, one per distinct bug (no pool needed:
the shrinker's answers are given by hand)."""

from __future__ import annotations

from oracle.app.campaign import Campaign, Config
from oracle.judge.differential import Result
from oracle.judge.verdict import Verdict


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
    from oracle.judge.known_issues import KnownIssue

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


def _two_bugs(c: Campaign, absorbed: int = 3):
    """Bug A (abs) shrunk; then programs of bug B (sigmoid) that also call abs, unused."""
    _fail(c, _program("abs"))
    first = next(iter(c.findings.values()))
    c.shrunk(first, _program("abs"), {}, None)
    for i in range(absorbed):
        _fail(c, _program("sigmoid", "    t1 = x.abs()\n" + "    t2 = x.cos()\n" * i))
    return first


def test_a_program_counted_in_by_constructs_alone_is_probed_and_split_off(tmp_path):
    c = _campaign(tmp_path)
    first = _two_bugs(c)
    assert list(c.findings.values()) == [first] and first.count == 4
    probe = c.next_probe()
    assert probe is not None and probe.probe_of is first and probe.slug == ""
    assert "t2 = x.cos()" in probe.source  # the most different from the core first
    assert first.count == 4 and len(c.findings) == 1  # counted where it was while probed
    assert c.probed(probe, _program("sigmoid"), {}, None)
    second = next(f for f in c.findings.values() if f is not first)
    assert (first.count, second.count) == (3, 1) and c.holds(second)
    assert (tmp_path / "failures" / second.slug / "shrunk.py").exists()
    assert c.probes.summary() == {"run": 1, "merged": 0, "moved": 0, "split": 1}
    # The other absorbed programs shrink to the new finding: their counts move there.
    for _ in range(2):
        probe = c.next_probe()
        assert not c.probed(probe, _program("sigmoid"), {}, None)
    assert (first.count, second.count) == (1, 3) and len(c.findings) == 2
    assert c.probes.summary() == {"run": 3, "merged": 2, "moved": 2, "split": 0 + 1}
    assert c.next_probe() is None


def test_probing_a_finding_stops_after_probes_in_a_row_come_back_to_it(tmp_path):
    c = _campaign(tmp_path)
    first = _two_bugs(c, absorbed=6)
    from oracle.app.campaign_probes import KEPT, MERGED_IN_A_ROW
    assert len(first.candidates) == KEPT
    for _ in range(MERGED_IN_A_ROW):
        probe = c.next_probe()
        assert not c.probed(probe, _program("abs"), {}, None)  # the same bug after all
    assert c.next_probe() is None and first.count == 7 and len(c.findings) == 1
    assert c.probes.summary() == {"run": MERGED_IN_A_ROW, "merged": MERGED_IN_A_ROW,
                                  "moved": 0, "split": 0}
    _fail(c, _program("sigmoid", "    t1 = x.abs()\n"))
    assert not first.candidates and first.count == 8  # no longer probed


def test_an_exception_saying_something_else_is_not_counted_in_by_constructs(tmp_path):
    c = _campaign(tmp_path)

    def crash(source: str, said: str) -> None:
        result = Result("p.py", "spec", Verdict.CRASH, "E", name="s", origin="subject:m",
                        message=f"call 0: eager returned Tensor; compiled raised E: {said} (f:3)")
        c.failed(result, source, ())

    crash(_program("abs"), "'Node0' has no attribute 'a'")
    first = next(iter(c.findings.values()))
    c.shrunk(first, _program("abs"), {}, None)
    crash(_program("abs", "    t1 = x.sin()\n"), "'Node3' has no attribute 'a'")  # as first
    assert len(c.findings) == 1 and first.count == 2
    crash(_program("abs", "    t1 = x.cos()\n"), "'set' has no attribute '__dict__'")
    assert len(c.findings) == 2 and first.count == 2  # a tentative finding: shrunk in turn


class _InProcessPool:
    """The shrinker's pool interface, checking in this process (planted subjects are cheap)."""

    size, closed, drawing = 2, False, True

    def __init__(self, spec: str):
        from oracle.judge.subjects import resolve

        self.subject = resolve(spec)

    def run(self, tasks):
        from oracle.judge.differential import check

        return [check(t.path, self.subject, t.subject) for t in tasks]


def _planted_absorbed(tmp_path, budget: float = 60):
    """Planted TwoWrongValues: abs and sigmoid each come back wrong. The abs finding is shrunk;
    then three programs returning a sigmoid that also call abs (unused) are counted into it."""
    from oracle.app.campaign_shrink import ShrinkThread
    from oracle.judge.differential import check

    spec = "tests.campaign.planted_subjects:TwoWrongValues"
    config = Config([spec], budget=budget, workers=2, out=tmp_path, progress=False,
                    verify=False, shrink_budget=30)
    pool = _InProcessPool(spec)
    c = Campaign(config, _Pool(), _Drawer())
    c.pool = pool
    shrinker = c.shrinker = ShrinkThread(c)

    def fail(source: str, n: int) -> None:
        path = tmp_path / f"p{n}.py"
        path.write_text(source)
        result = check(str(path), pool.subject, spec)
        assert result.verdict is Verdict.MISMATCH_VALUE, result.message
        c.failed(result, source, ())

    fail(_program("abs", "    t1 = x.exp()\n"), 0)
    (first,) = c.findings.values()
    shrinker._shrink(shrinker.queue.get()[2])
    assert ".abs" in first.core and ".sigmoid" not in first.core
    programs = [_program("sigmoid", f"    t1 = x.abs()\n    t2 = t1.{op}()\n")
                for op in ("exp", "cos", "sin")]
    for n, source in enumerate(programs, 1):
        fail(source, n)
    assert list(c.findings.values()) == [first] and first.count == 4  # counted in, for now
    return c, shrinker, first


def test_a_planted_bug_whose_programs_hold_another_bugs_core_is_its_own_finding(tmp_path):
    """Sigmoid's programs contain abs's shrunk constructs, yet sigmoid is reported as its own
    finding, and every program is counted once."""
    c, shrinker, first = _planted_absorbed(tmp_path)
    assert shrinker._probe()
    assert len(c.findings) == 2
    second = next(f for f in c.findings.values() if f is not first)
    assert "sigmoid(" in second.repro_source and "abs(" not in second.repro_source
    while first.candidates:
        shrinker._probe()
    assert (first.count, second.count) == (1, 3)  # every program once, where it belongs
    assert c.probes.summary() == {"run": 3, "merged": 2, "moved": 2, "split": 1}


def test_a_probe_that_gives_way_waits_again_and_goes_on_from_where_it_was(tmp_path):
    c = _campaign(tmp_path)
    first = _two_bugs(c, absorbed=1)
    probe = c.next_probe()
    partly = _program("sigmoid", "    t1 = x.abs()\n")
    c.probes.give_back(first, probe, partly)
    assert c.probes.summary()["run"] == 0 and first.count == 2
    again = c.next_probe()
    assert again.source == probe.source and again.repro_source == partly


def test_a_probe_whose_shrink_ran_out_of_budget_is_no_new_finding(tmp_path):
    """Cut short, a probe's program may still hold its finding's bug beside much else: it is
    not split off, it waits again and goes on from where it was."""
    c = _campaign(tmp_path)
    first = _two_bugs(c, absorbed=1)
    probe = c.next_probe()
    partly = _program("sigmoid", "    t1 = x.cos()\n    t2 = x.tan()\n")
    assert not c.probed(probe, partly, {"stopped": "budget"}, None)
    assert len(c.findings) == 1 and first.count == 2
    assert c.probes.summary() == {"run": 0, "merged": 0, "moved": 0, "split": 0}
    again = c.next_probe()
    assert again.repro_source == partly
    assert c.probed(again, _program("sigmoid"), {"stopped": "fixed point"}, None)
    assert len(c.findings) == 2


def test_a_comparison_core_holds_only_programs_comparing_the_same_way(tmp_path):
    """The identity bug shrinks to `A() is A()`: a program comparing with `==` does not hold
    its core (constructs name the operator), so it is not counted in unshrunk."""
    from oracle.app import buckets

    def compare(op: str) -> str:
        return (f"import torch\n\nclass A:\n    pass\n\ndef program():\n"
                f"    return A() {op} A()\n\ndef calls():\n    yield (), {{}}\n")

    core = buckets.constructs(compare("is"))
    assert not buckets.contains(buckets.constructs(compare("==")), core)
    c = _campaign(tmp_path)
    _fail(c, compare("is"))
    first = next(iter(c.findings.values()))
    c.shrunk(first, compare("is"), {}, None)
    _fail(c, compare("is") + "\nB = 1 + 2\n")
    _fail(c, compare("=="))
    assert first.count == 2 and len(c.findings) == 2


def test_after_drawing_probes_run_only_within_the_budgets_share_of_the_grace(tmp_path):
    import time

    from oracle.app.campaign_shrink import GRACE_SHARE

    c, shrinker, _ = _planted_absorbed(tmp_path, budget=200)
    c.pool.drawing = False
    c.deadline = time.monotonic() - GRACE_SHARE * c.config.budget + 1.0  # share spent
    assert not shrinker._probe() and c.probes.run == 0
    c.deadline = time.monotonic()  # drawing just stopped
    assert shrinker._probe() and c.probes.run == 1
